import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

const belowMd = (theme: Theme) => theme.breakpoints.down('md');

/**
 * Whether the window is narrower than the theme's `md` breakpoint (a phone, or a small tablet
 * upright): the areas show their lists as cards and their menu as a bottom bar there. Read on
 * the first render (the areas are never server-rendered), so a phone never paints the wide
 * layout first; false where the browser cannot tell (jsdom without a `matchMedia`).
 */
export function useCompactLayout(): boolean {
  return useMediaQuery(belowMd, { noSsr: true });
}
