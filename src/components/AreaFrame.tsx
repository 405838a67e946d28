import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { AreaBar } from './AreaBar';
import type { AreaLink } from './AreaLinkBadge';
import { AreaLinkList } from './AreaLinkList';
import { COMPACT_LAYOUT_COOKIE } from './compactLayoutCookie';
import { useCompactLayout } from './useCompactLayout';

export type { AreaLink } from './AreaLinkBadge';

/** The column of links beside the screen on md+ screens. */
function AreaColumn({ label, links }: { label: string; links: readonly AreaLink[] }) {
  return (
    <Paper
      component="nav"
      aria-label={label}
      variant="outlined"
      sx={{ ml: 3, mt: 4, flex: '0 0 240px', position: 'sticky', top: 88 }}
    >
      <AreaLinkList links={links} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: 1 }} />
    </Paper>
  );
}

/**
 * The frame of a logged-in area. On md+ screens its navigation is a column beside the route's
 * screen. Below `md` (a phone) it is a bar fixed at the foot of the window with the entries
 * marked `inBar` and 'More', which opens all the entries in a drawer (`AreaBar`), so the screen
 * starts at the top. The current page is marked
 * (`aria-current="page"`, bold or tinted, with a bar), not by colour alone.
 */
export function AreaFrame({ label, links, children }: { label: string; links: readonly AreaLink[]; children?: ReactNode }) {
  const compact = useCompactLayout();
  useEffect(() => {
    document.cookie = `${COMPACT_LAYOUT_COOKIE}=${compact ? 1 : 0}; path=/; max-age=31536000; samesite=lax`;
  }, [compact]);
  if (compact) {
    return (
      <>
        <Box sx={{ minWidth: 0 }}>{children ?? <Outlet />}</Box>
        <AreaBar label={label} links={links} />
      </>
    );
  }
  return (
    <Container disableGutters sx={{ display: 'flex', flexDirection: 'row', alignItems: 'flex-start' }}>
      <AreaColumn label={label} links={links} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children ?? <Outlet />}</Box>
    </Container>
  );
}
