import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { visuallyHidden } from '@/components/visuallyHidden';

export interface AreaLink {
  label: string;
  to: string;
  /** A decorative icon, shown beside the label in the desktop column. */
  icon: ReactNode;
  /** A count shown beside the label when above 0 (e.g. unread messages); `label` is what it means, read with the link. */
  badge?: { count: number; label: string };
}

function LinkBadge({ count, label }: { count: number; label: string }) {
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{
          ml: 1,
          minWidth: 22,
          height: 22,
          px: 0.75,
          borderRadius: 11,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 700,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {count}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </>
  );
}

/**
 * The frame of a logged-in area: its navigation as a column beside the route's screen on md+
 * screens, as a wrapping row of links above it on phones. The current page is marked
 * (`aria-current="page"`, bold, tinted and with a bar), not by colour alone.
 */
export function AreaFrame({ label, links, children }: { label: string; links: readonly AreaLink[]; children?: ReactNode }) {
  return (
    <Container
      disableGutters
      sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'flex-start' } }}
    >
      <Paper
        component="nav"
        aria-label={label}
        variant="outlined"
        sx={{
          mx: { xs: 2, sm: 3 },
          mt: { xs: 2, md: 4 },
          mr: { md: 0 },
          flex: { md: '0 0 240px' },
          position: { md: 'sticky' },
          top: { md: 88 },
        }}
      >
        <List
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', md: 'column' },
            flexWrap: { xs: 'wrap', md: 'nowrap' },
            gap: 0.5,
            p: 1,
          }}
        >
          {links.map((link) => (
            <ListItem key={link.to} disablePadding sx={{ width: { xs: 'auto', md: '100%' } }}>
              <ListItemButton
                component={NavLink}
                to={link.to}
                end
                sx={{
                  borderRadius: 1,
                  px: { xs: 1.5, md: 2 },
                  py: { xs: 0.5, md: 1 },
                  borderLeft: { md: '4px solid transparent' },
                  borderBottom: { xs: '3px solid transparent', md: 'none' },
                  '&.active': {
                    bgcolor: 'action.selected',
                    color: 'primary.main',
                    borderColor: 'primary.main',
                  },
                  '&.active .MuiListItemText-primary': { fontWeight: 700 },
                  '&.active .MuiListItemIcon-root': { color: 'primary.main' },
                }}
              >
                <ListItemIcon sx={{ display: { xs: 'none', md: 'inline-flex' }, minWidth: 36 }}>{link.icon}</ListItemIcon>
                <ListItemText primary={link.label} />
                {link.badge && link.badge.count > 0 ? <LinkBadge {...link.badge} /> : null}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children ?? <Outlet />}</Box>
    </Container>
  );
}
