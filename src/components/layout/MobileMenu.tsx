import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router-dom';
import { ApplyAsTeacherButton } from './ApplyAsTeacherButton';
import { mainNavigation } from './navigation';
import { SocialLinks } from './SocialLinks';

/** The header's menu on narrow windows: a drawer from the right. Loaded on the first tap of 'Open menu'. */
export function MobileMenu({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} id={id}>
      <Box component="nav" aria-label="Mobile" sx={{ width: 260, p: 2 }}>
        <List>
          {mainNavigation.map((item) => (
            <ListItemButton key={item.label} component={NavLink} to={item.to} end onClick={onClose}>
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
  );
}
