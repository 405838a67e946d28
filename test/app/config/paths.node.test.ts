import { matchRoutes, type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PATH, dataPages, prerenderedPages } from '@/app/prerenderedPages';
import { routes } from '@/app/routes';
import { paths, patterns } from '@/config/paths';

/** Every path the route tree mounts, in tree order. */
function mounted(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path === undefined ? [] : [route.path]), ...mounted(route.children ?? [])]);
}

/** The pattern of the screen an address opens (the query left aside). */
function screenOf(address: string) {
  const leaf = matchRoutes(routes, new URL(address, 'http://localhost').pathname)?.at(-1);
  return { pattern: leaf?.route.path, params: { ...leaf?.params } };
}

/** The builders that open another key's screen (with a query). */
const screenKey: Partial<Record<keyof typeof paths, keyof typeof patterns>> = {
  myAssignmentsWithStatus: 'myAssignments',
  studentGoals: 'studentStart',
};

/** Arguments with a space, so that an unencoded value would not come back from the address. */
const sampleArguments = ['17', 'a b'];

describe('paths.ts is the one source of the route patterns', () => {
  it('routes.tsx mounts every pattern of paths.ts, each once, and no other path', () => {
    expect(mounted(routes).sort()).toEqual(Object.values(patterns).sort());
  });

  it.each(Object.entries(paths))('paths.%s opens its own screen with the values it was given', (key, path) => {
    const args = typeof path === 'string' ? [] : sampleArguments.slice(0, path.length);
    const address = typeof path === 'string' ? path : (path as (...values: string[]) => string)(...args);
    const { pattern, params } = screenOf(address);
    expect(pattern).toBe(patterns[screenKey[key as keyof typeof paths] ?? (key as keyof typeof patterns)]);
    // A query builder passes its second value in the query, not in the path.
    const inPath = key in screenKey ? args.slice(0, Object.keys(params).length) : args;
    expect(Object.values(params)).toEqual(inPath);
  });

  it('the prerendered and server-rendered pages are routes of the app', () => {
    for (const { path } of prerenderedPages) {
      // The blog's posts are prerendered one page each, on the one post pattern.
      const pattern = path === NOT_FOUND_PATH ? patterns.notFound : path.startsWith(`${patterns.blog}/`) ? patterns.blogPost : path;
      expect(screenOf(path).pattern).toBe(pattern);
    }
    expect(Object.values(patterns)).toEqual(expect.arrayContaining(dataPages));
  });
});
