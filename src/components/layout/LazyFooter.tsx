import Box from '@mui/material/Box';
import { lazy, memo, Suspense, type ReactNode } from 'react';

const Footer = lazy(async () => ({ default: (await import(/* webpackChunkName: "footer" */ './Footer')).Footer }));

/**
 * The footer, loaded after the page's first paint: it is below the fold (the main region is at
 * least a window high). A prerendered page keeps the footer's HTML until its code arrives and then
 * hydrates it; memo keeps the layout's re-renders from reaching the boundary before that.
 * `newsletter` is the sign-up form the app passes in (see `Footer`).
 */
export const LazyFooter = memo(function LazyFooter({ newsletter }: { newsletter?: ReactNode }) {
  return (
    <Suspense fallback={<Box aria-hidden="true" sx={{ bgcolor: '#0e2a24', mt: 8, minHeight: 480 }} />}>
      <Footer newsletter={newsletter} />
    </Suspense>
  );
});
