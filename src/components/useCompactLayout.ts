import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext } from 'react';

const belowMd = (theme: Theme) => theme.breakpoints.down('md');

/**
 * Whether a server render lays the areas out for a narrow window: a student's page rendered with
 * their session (decision 0041) follows what the browser last said (compactLayoutCookie.ts), so
 * that a phone is not sent the wide layout and hydration meets the same markup.
 */
export const ServerCompactLayout = createContext(false);

/**
 * Whether the window is narrower than the theme's `md` breakpoint (a phone, or a small tablet
 * upright): the areas show their lists as cards and their menu as a bottom bar there. Read on
 * the first render, so a phone never paints the wide layout first; on the server, the request's
 * word for it (`ServerCompactLayout`); false where the browser cannot tell (jsdom without a `matchMedia`).
 */
export function useCompactLayout(): boolean {
  return useMediaQuery(belowMd, { noSsr: true, defaultMatches: useContext(ServerCompactLayout) });
}
