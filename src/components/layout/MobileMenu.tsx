import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, type RefObject, useId } from 'react';
import { NavLink } from 'react-router-dom';
import { ApplyAsTeacherButton } from './ApplyAsTeacherButton';
import { mainNavigation, type SignedIn } from './navigation';
import { SocialLinks } from './SocialLinks';

/** The drawer's visible heading, which names its dialog. */
export const MOBILE_MENU_TITLE = 'Menu';
export const CLOSE_MOBILE_MENU = 'Close menu';

/**
 * The header's menu on narrow windows: a drawer from the right, a modal dialog named by its
 * visible 'Menu' heading, with a Close button (Escape and the backdrop close it too). Closing it
 * without following a link gives the focus back to the toggle that opened it. Loaded on the first
 * tap of 'Open menu'. Logged in, the account's entries come first, and the header's entries
 * follow the header's (a logged-in side's dashboard, no 'APPLY AS A TEACHER' for a teacher).
 */
export function MobileMenu({
  id,
  open,
  onClose,
  toggleRef,
  signedIn,
  accountEntries,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The 'Open menu' button, which takes the focus back when the menu is dismissed. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  signedIn: SignedIn;
  /** The account's entries (the app's), shown above the header's. */
  accountEntries?: ReactNode;
}) {
  const titleId = useId();
  const dismiss = () => {
    onClose();
    // MUI's Modal gives the focus back to what had it before, which a tap on a phone may not have focused.
    toggleRef.current?.focus();
  };
  return (
    <Drawer anchor="right" open={open} onClose={dismiss} id={id} slotProps={{ paper: { 'aria-labelledby': titleId } }}>
      <Box sx={{ width: 260, p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 2 }}>
          <Typography id={titleId} component="h2" variant="h6">
            {MOBILE_MENU_TITLE}
          </Typography>
          <IconButton aria-label={CLOSE_MOBILE_MENU} onClick={dismiss} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        {accountEntries}
        <Box component="nav" aria-label="Mobile">
          <List>
            {mainNavigation(signedIn).map((item) => (
              <ListItemButton key={item.label} component={NavLink} to={item.to} end onClick={onClose}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
          {signedIn.teacher ? null : <ApplyAsTeacherButton fullWidth />}
          <Box sx={{ mt: 2 }}>
            <SocialLinks color="primary" />
          </Box>
        </Box>
      </Box>
    </Drawer>
  );
}
