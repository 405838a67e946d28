import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_CONTENT_ID = 'main-content';

/** Header, the route's screen and footer: the frame of every route. */
export function RootLayout({ children }: { children?: React.ReactNode }) {
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
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children ?? <Outlet />}
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
