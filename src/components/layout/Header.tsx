import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { academy } from '@/content/academy';
import { paths } from '@/config/paths';
import { ApplyAsTeacherButton } from './ApplyAsTeacherButton';
import { mainNavigation, type SignedIn, signedOut } from './navigation';
import { SocialLinks } from './SocialLinks';

const MOBILE_MENU_ID = 'mobile-menu';

const loadMobileMenu = () => import(/* webpackChunkName: "menu" */ './MobileMenu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/**
 * What the header shows of the people logged in. The app composes it (shared code reads no
 * session): without it, the header is the logged-out one of spec section 2.1.
 */
export interface HeaderAccount {
  signedIn: SignedIn;
  /** The account button, in the toolbar before the phone menu's toggle. */
  control: ReactNode;
  /** The account entries of the phone menu; `onNavigate` closes it. Rendered only with the menu. */
  drawerEntries: (onNavigate: () => void) => ReactNode;
}

/**
 * The site header of every route (spec section 2.1). Logged in, it shows the account button;
 * 'Teacher' and 'Students' lead to a logged-in side's dashboard, and 'APPLY AS A TEACHER' is
 * left out for a logged-in teacher. The entries show in a row from `lg` (1200 px): with 'APPLY AS A
 * TEACHER' and the account button they need about 1,100 px. Below, the phone menu holds them.
 */
export function Header({ account }: { account?: HeaderAccount }) {
  const signedIn = account?.signedIn ?? signedOut;
  const [menuOpen, setMenuOpen] = useState(false);
  /** The drawer (and MUI's Modal under it) loads on the first tap, not with the page. */
  const [menuWanted, setMenuWanted] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  return (
    <AppBar position="sticky" color="inherit" elevation={1} component="header">
      <Toolbar sx={{ gap: 2 }}>
        <Typography
          component={RouterLink}
          to={paths.home}
          variant="h6"
          // Wraps rather than pushing the account button and the menu off a narrow screen.
          sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', flexShrink: 1, minWidth: 0 }}
        >
          {academy.name}
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, flexGrow: 1 }}>
          {mainNavigation(signedIn).map((item) => (
            <Button
              key={item.label}
              component={NavLink}
              to={item.to}
              end
              sx={{ color: 'text.primary', whiteSpace: 'nowrap', '&.active': { color: 'primary.main', textDecoration: 'underline' } }}
            >
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: 1 }}>
          <SocialLinks color="primary" />
          {signedIn.teacher ? null : <ApplyAsTeacherButton />}
        </Box>
        <Box sx={{ flexGrow: 1, display: { xs: 'block', lg: 'none' } }} />
        {account?.control}
        <IconButton
          ref={menuToggle}
          sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
          aria-label="Open menu"
          aria-controls={MOBILE_MENU_ID}
          aria-expanded={menuOpen}
          // Fetched as the finger or pointer comes down, shown on the click.
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            toggleRef={menuToggle}
            signedIn={signedIn}
            accountEntries={account?.drawerEntries(() => setMenuOpen(false))}
          />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
