import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy modules of the routes that match `pathname` into the route objects, so that the
 * router starts initialized and renders the screen on its first pass: hydrating a prerendered
 * page needs the same tree the HTML was rendered from, not the loading fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
