import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { academy } from '@/content/academy';
import { paths } from '@/config/paths';
import { applyAsTeacher, mainNavigation } from './navigation';
import { SocialLinks } from './SocialLinks';

const MOBILE_MENU_ID = 'mobile-menu';

function ApplyAsTeacherButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const external = applyAsTeacher.external
    ? { href: applyAsTeacher.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: applyAsTeacher.href };
  return (
    <Button variant="contained" color="secondary" fullWidth={fullWidth} {...external}>
      APPLY AS A TEACHER
    </Button>
  );
}

/** The site header of every route (spec section 2.1). */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <AppBar position="sticky" color="inherit" elevation={1} component="header">
      <Toolbar sx={{ gap: 2 }}>
        <Typography
          component={RouterLink}
          to={paths.home}
          variant="h6"
          sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', flexShrink: 0 }}
        >
          {academy.name}
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, flexGrow: 1 }}>
          {mainNavigation.map((item) => (
            <Button
              key={item.label}
              component={NavLink}
              to={item.to}
              end
              sx={{ color: 'text.primary', '&.active': { color: 'primary.main', textDecoration: 'underline' } }}
            >
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
          <SocialLinks color="primary" />
          <ApplyAsTeacherButton />
        </Box>
        <Box sx={{ flexGrow: 1, display: { xs: 'block', md: 'none' } }} />
        <IconButton
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          aria-label="Open menu"
          aria-controls={MOBILE_MENU_ID}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)} id={MOBILE_MENU_ID}>
        <Box component="nav" aria-label="Mobile" sx={{ width: 260, p: 2 }}>
          <List>
            {mainNavigation.map((item) => (
              <ListItemButton key={item.label} component={NavLink} to={item.to} end onClick={() => setMenuOpen(false)}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
          <ApplyAsTeacherButton fullWidth />
          <Box sx={{ mt: 2 }}>
            <SocialLinks color="primary" />
          </Box>
        </Box>
      </Drawer>
    </AppBar>
  );
}
