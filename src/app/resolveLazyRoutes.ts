import { matchPath, matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * The branch of the route whose id in `routes` is `routeId` (React Router's ids: the route's
 * position at each level, `0-0-12`), if that route's path matches `pathname`; else null.
 */
function branchOf(routes: RouteObject[], routeId: string, pathname: string): RouteObject[] | null {
  const branch: RouteObject[] = [];
  let level: RouteObject[] | undefined = routes;
  for (const position of routeId.split('-')) {
    const route: RouteObject | undefined = level?.[Number(position)];
    if (route === undefined || !/^\d+$/.test(position)) return null;
    branch.push(route);
    level = route.children;
  }
  const path = branch.at(-1)?.path;
  return path !== undefined && matchPath({ path, end: true }, pathname) ? branch : null;
}

/**
 * Loads the lazy modules of the routes that match `pathname` into the route objects, so that the
 * router starts initialized and renders the screen on its first pass: hydrating a prerendered
 * page needs the same tree the HTML was rendered from, not the loading fallback. A rendered page
 * names its route (`renderedRouteId`, from RootLayout's `data-route`): its branch is taken by
 * position, without matching the whole tree (React Router flattens, ranks and compiles all its
 * routes to match one, and its router does so again when it starts). A page of another build,
 * whose named route does not lead to `pathname`, is matched as any other.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string, renderedRouteId?: string | null): Promise<void> {
  const branch =
    (renderedRouteId ? branchOf(routes, renderedRouteId, pathname) : null) ?? (matchRoutes(routes, pathname) ?? []).map(({ route }) => route);
  await Promise.all(
    branch.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
