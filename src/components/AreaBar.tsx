import CloseIcon from '@mui/icons-material/Close';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { BOTTOM_BAR_HEIGHT } from '@/components/layout/bottomBar';
import { visuallyHidden } from '@/components/visuallyHidden';
import type { AreaLink } from './AreaLinkBadge';
import { areaLinkCurrent } from './areaLinkCurrent';
import { AreaLinkList } from './AreaLinkList';

/** The visible name of the bar's last entry, which opens every entry of the area. */
export const MORE_LABEL = 'More';
export const CLOSE_MORE_LABEL = 'Close';

/**
 * The bar's height, kept free at the foot of the page so that it hides nothing (and told to what
 * else sits at the foot): a label takes one line, two with the user's own text spacing.
 */
const BAR_HEIGHT = 64;
const safeArea = 'env(safe-area-inset-bottom, 0px)';

const pagePadding = {
  ':root': { [BOTTOM_BAR_HEIGHT]: `calc(${BAR_HEIGHT}px + ${safeArea})` },
  body: { paddingBottom: `var(${BOTTOM_BAR_HEIGHT})` },
};

const actionSx = {
  minWidth: 0,
  // As wide as its label, the room left shared out: one-word labels fit on one line at 320 px.
  flex: '1 1 auto',
  px: 0.25,
  color: 'text.secondary',
  '& .MuiBottomNavigationAction-label': {
    fontSize: '0.75rem',
    lineHeight: 1.2,
    // With the user's own text spacing a long word breaks rather than running under its neighbour.
    hyphens: 'auto',
    overflowWrap: 'anywhere',
    textAlign: 'center',
    mt: 0.25,
  },
  '&.active, &.current': { color: 'primary.main' },
  '&.active .MuiBottomNavigationAction-label': { fontWeight: 700 },
  // Not by colour alone: a bar over the current entry.
  '&.active::before, &.current::before': {
    content: '""',
    position: 'absolute',
    top: 0,
    left: '20%',
    right: '20%',
    height: 3,
    borderRadius: '0 0 3px 3px',
    bgcolor: 'primary.main',
  },
  position: 'relative',
} as const;

function BarIcon({ link }: { link: AreaLink }) {
  const count = link.badge?.count ?? 0;
  return count > 0 ? (
    <Badge badgeContent={count} color="primary" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
      {link.icon}
    </Badge>
  ) : (
    <>{link.icon}</>
  );
}

/** An entry's label in the bar: its short one shown, its full one its name (which contains the short one). */
function BarLabel({ link }: { link: AreaLink }) {
  return (
    <>
      {link.barLabel === undefined ? (
        link.label
      ) : (
        <>
          <span aria-hidden>{link.barLabel}</span>
          <Box component="span" sx={visuallyHidden}>
            {link.label}
          </Box>
        </>
      )}
      {link.badge && link.badge.count > 0 ? (
        <Box component="span" sx={visuallyHidden}>
          {` ${link.badge.label}`}
        </Box>
      ) : null}
    </>
  );
}

/**
 * The area's navigation on a phone: a bar fixed at the foot of the window (above the iPhone's
 * home indicator) with the entries marked `inBar` (their `barLabel`, one line at 320 px) and
 * 'More', which opens a drawer with every entry (focus kept inside, Escape, the backdrop and
 * Close shut it and give the focus back to 'More'). The entry of the current page, or of a page
 * below it, is marked (`aria-current` 'page' or 'true') in both; 'More' is marked instead when
 * that entry is only in the drawer. The page keeps the bar's height free at its foot.
 */
export function AreaBar({ label, links }: { label: string; links: readonly AreaLink[] }) {
  const [open, setOpen] = useState(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const titleId = useId();
  const { pathname } = useLocation();
  const barLinks = links.filter((link) => link.inBar);
  const currentInBar = barLinks.some((link) => areaLinkCurrent(link, pathname) !== undefined);

  /** Set when the drawer is dismissed (not left through a link): 'More' takes the focus back once it has closed. */
  const refocusMore = useRef(false);

  const dismiss = () => {
    refocusMore.current = true;
    setOpen(false);
  };
  const closed = () => {
    // After the drawer's focus trap has let go; a tap on a phone may not have focused 'More' at all.
    if (refocusMore.current) moreRef.current?.focus();
    refocusMore.current = false;
  };

  return (
    <>
      <GlobalStyles styles={pagePadding} />
      <Paper
        component="nav"
        aria-label={label}
        elevation={8}
        square
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 'appBar',
          pb: safeArea,
        }}
      >
        <BottomNavigation showLabels sx={{ height: BAR_HEIGHT }}>
          {barLinks.map((link) => {
            const current = areaLinkCurrent(link, pathname);
            return (
              <BottomNavigationAction
                key={link.to}
                component={RouterLink}
                to={link.to}
                aria-current={current}
                className={current === undefined ? undefined : 'active'}
                icon={<BarIcon link={link} />}
                label={<BarLabel link={link} />}
                sx={actionSx}
              />
            );
          })}
          <BottomNavigationAction
            ref={moreRef}
            label={MORE_LABEL}
            icon={<MoreHorizIcon />}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? drawerId : undefined}
            className={currentInBar ? undefined : 'current'}
            onClick={() => setOpen(true)}
            sx={actionSx}
          />
        </BottomNavigation>
      </Paper>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={dismiss}
        id={drawerId}
        disableRestoreFocus
        slotProps={{
          transition: { onExited: closed },
          paper: {
            'aria-labelledby': titleId,
            sx: {
              pb: safeArea,
              borderTopLeftRadius: 12,
              borderTopRightRadius: 12,
            },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            pt: 1,
          }}
        >
          <Typography id={titleId} component="h2" variant="h6">
            {label}
          </Typography>
          <IconButton aria-label={CLOSE_MORE_LABEL} onClick={dismiss} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        <AreaLinkList links={links} onNavigate={() => setOpen(false)} sx={{ pt: 0 }} />
      </Drawer>
    </>
  );
}
