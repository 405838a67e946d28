import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { visuallyHidden } from '@/components/visuallyHidden';
import { Header } from './Header';
import { LazyFooter } from './LazyFooter';
import { useNavigationFocus } from './useNavigationFocus';

export const MAIN_CONTENT_ID = 'main-content';
export const ROUTE_ANNOUNCER_ID = 'route-announcer';

/**
 * Header, the route's screen and footer: the frame of every route. After a navigation the focus
 * moves to the new screen's h1 and its title is announced in the one polite live region here.
 */
export function RootLayout({ children }: { children?: React.ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const announcement = useNavigationFocus(main);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: -10000,
          '&:focus': { left: 16, top: 16, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        Skip to main content
      </Link>
      <Header />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        ref={main}
        tabIndex={-1}
        // The landmark takes the focus only as a skip link's or a navigation's target: no ring.
        sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none', '&:focus-visible': { outline: 'none', boxShadow: 'none' } }}
      >
        {/* On a prerendered page the screen hydrates after the frame, at low priority and in short
            slices (React hydrates a Suspense boundary's server HTML later): no long task. */}
        <Suspense fallback={null}>{children ?? <Outlet />}</Suspense>
      </Box>
      <LazyFooter />
      {/* A live region without a role: screens keep their own status and alert roles to themselves. */}
      <Box id={ROUTE_ANNOUNCER_ID} aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
