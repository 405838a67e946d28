import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Suspense, useRef } from 'react';
import { type Location, Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { visuallyHidden } from '@/components/visuallyHidden';
import { OfflineBanner } from '@/offline/OfflineBanner';
import { Header } from './Header';
import { LazyFooter } from './LazyFooter';
import { ScreenHydrated } from './prerenderedMark';
import { useNavigationFocus } from './useNavigationFocus';

export const MAIN_CONTENT_ID = 'main-content';
/**
 * The main landmark's attribute naming the route the page was rendered with (its id in the route
 * tree): a rendered page's start finds that route's branch from it (src/app/resolveLazyRoutes.ts).
 */
export const RENDERED_ROUTE_ATTRIBUTE = 'data-route';
export const ROUTE_ANNOUNCER_ID = 'route-announcer';

/**
 * Sends the skip link to the screen's h1 rather than the top of the main landmark: in the student
 * and teacher areas the area's menu (its own navigation landmark) comes first inside main, and a
 * skip link landing before nine links would skip nothing. Without an h1 (or before the app runs)
 * the link goes to the landmark, as its address says.
 */
function skipToHeading(event: React.MouseEvent<HTMLAnchorElement>, main: HTMLElement | null) {
  const heading = main?.querySelector('h1');
  if (!heading) return;
  event.preventDefault();
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * Where a page's scroll position is kept: per history entry, as React Router does, except for a
 * page loaded afresh (typed, bookmarked, opened from outside), whose entry has no key yet
 * ('default' for every such load): per address, so it never takes the place another fresh load had.
 */
function scrollPositionKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * Header, the route's screen and footer: the frame of every route. After a navigation the focus
 * moves to the new screen's h1; the one polite live region here names the screen only when the
 * focus could not say it (see `useNavigationFocus`). `header` replaces the logged-out `Header`:
 * the app passes one that knows who is logged in; `newsletter` is the footer's sign-up form, which
 * the app passes in too (features call the provider, shared code does not).
 */
export function RootLayout({ header, newsletter, children }: { header?: React.ReactNode; newsletter?: React.ReactNode; children?: React.ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const announcement = useNavigationFocus(main);
  const routeId = useMatches().at(-1)?.id;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => skipToHeading(event, main.current)}
        sx={{
          position: 'absolute',
          left: -10000,
          '&:focus': { left: 16, top: 16, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        Skip to main content
      </Link>
      {header ?? <Header />}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        {...{ [RENDERED_ROUTE_ATTRIBUTE]: routeId }}
        ref={main}
        tabIndex={-1}
        // The landmark takes the focus only as a skip link's or a navigation's target: no ring.
        sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none', '&:focus-visible': { outline: 'none', boxShadow: 'none' } }}
      >
        {/* On a prerendered page the screen hydrates after the frame, at low priority and in short
            slices (React hydrates a Suspense boundary's server HTML later): no long task. */}
        <Suspense fallback={null}>
          {children ?? <Outlet />}
          <ScreenHydrated main={main} />
        </Suspense>
      </Box>
      <LazyFooter newsletter={newsletter} />
      <OfflineBanner />
      {/* A live region without a role: screens keep their own status and alert roles to themselves. */}
      <Box id={ROUTE_ANNOUNCER_ID} aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
      </Box>
      <ScrollRestoration getKey={scrollPositionKey} />
    </Box>
  );
}
