import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AreaLinkBadge, type AreaLink } from './AreaLinkBadge';
import { areaLinkCurrent } from './areaLinkCurrent';

/**
 * Every entry of an area as a list of links with their icons and counts: the md+ column and the
 * phone's 'More' drawer. The entry of the current page, or of a page below it, is bold, tinted
 * and marked with a bar, not by colour alone, and has `aria-current` ('page', or 'true' below it).
 */
export function AreaLinkList({ links, onNavigate, sx }: { links: readonly AreaLink[]; onNavigate?: () => void; sx?: SxProps<Theme> }) {
  const { pathname } = useLocation();
  return (
    <List sx={sx}>
      {links.map((link) => {
        const current = areaLinkCurrent(link, pathname);
        return (
          <ListItem key={link.to} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={link.to}
              aria-current={current}
              className={current === undefined ? undefined : 'active'}
              onClick={onNavigate}
              sx={{
                borderRadius: 1,
                borderLeft: '4px solid transparent',
                '&.active': { bgcolor: 'action.selected', color: 'primary.main', borderColor: 'primary.main' },
                '&.active .MuiListItemText-primary': { fontWeight: 700 },
                '&.active .MuiListItemIcon-root': { color: 'primary.main' },
              }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{link.icon}</ListItemIcon>
              <ListItemText primary={link.label} />
              {link.badge && link.badge.count > 0 ? <AreaLinkBadge {...link.badge} /> : null}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
