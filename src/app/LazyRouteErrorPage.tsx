import { lazy, Suspense } from 'react';

/** When even the error page's code cannot be fetched (the connection dropped): a plain notice. */
function OfflineErrorPage() {
  return (
    <div role="alert" style={{ padding: 24 }}>
      <h1 style={{ fontSize: '1.5rem' }}>The page could not be loaded</h1>
      <p>Perhaps the connection dropped or the site was just updated.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

const RouteErrorPage = lazy(() =>
  import(/* webpackChunkName: "route-error" */ './RouteErrorPage').then(
    (module) => ({ default: module.RouteErrorPage }),
    () => ({ default: OfflineErrorPage }),
  ),
);

/** The route error page, loaded on the first error rather than with every page. */
export function LazyRouteErrorPage() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}
