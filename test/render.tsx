import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, waitFor, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { type AppStore, makeStore, type RootState } from '@/app/store';
import type { EndpointName } from './handlers/endpoint';

/**
 * Emotion's cache for the suites: the app's styles without the rules whose selector uses `:has()`
 * (MUI's color-scheme and native-select custom properties, nothing a test can observe). jsdom
 * matches every rule against an element on each `getComputedStyle`, which Testing Library calls
 * for every element it names, and nwsapi runs a whole-document query for each `:has()`: those few
 * rules cost a fifth of a whole-app suite's time.
 */
const testEmotionCache = createCache({
  key: 'css',
  stylisPlugins: [
    (element) => {
      if (element.type === 'rule' && Array.isArray(element.props)) element.props = element.props.filter((selector) => !selector.includes(':has('));
    },
  ],
});

export interface RenderAppOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the app opens at. */
  route?: string;
  preloadedState?: Partial<RootState>;
}

/** Session state for a logged-in student and/or teacher, for `preloadedState`. */
export function loggedInAs({ student, teacher }: { student?: number; teacher?: number }): Partial<RootState> {
  return {
    student: student === undefined ? { loggedIn: false, id: null } : { loggedIn: true, id: student },
    teacher: teacher === undefined ? { loggedIn: false, id: null } : { loggedIn: true, id: teacher },
  };
}

/** Renders `routeTree` at `route` inside the app's providers, with a fresh store and a memory router. */
function renderRoutes(routeTree: RouteObject[], { route = '/', preloadedState, ...options }: RenderAppOptions) {
  const store = makeStore({ preloadedState });
  const router = createMemoryRouter(routeTree, { initialEntries: [route] });
  const user = userEvent.setup({ delay: null });
  const app: ReactNode = (
    <CacheProvider value={testEmotionCache}>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>
  );
  return { ...render(app, options), user, store, router };
}

/**
 * Renders the whole app (every route, header and footer) at `route`, with a fresh store.
 * Returns the user-event instance, the store and the memory router.
 */
export function renderApp(options: RenderAppOptions = {}) {
  return renderRoutes(routes, options);
}

/** Where a screen rendered by `renderRoute` sent the reader: any path outside its pattern. */
function ElsewhereProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{pathname + search}</output>;
}

/**
 * Renders one screen, `page`, on its route `pattern` at `route` (the pattern itself by default)
 * inside the app's providers, without the header, the footer, the area's menu or the guards:
 * the way to test what a screen does. Any other address renders only an output labelled
 * 'Current address' naming it, so a test sees where the screen sent the reader.
 * Keep `renderApp` for what needs the whole app: routes, layout, guards and navigation.
 */
export function renderRoute(pattern: string, page: ReactElement, { route = pattern, ...options }: RenderAppOptions = {}) {
  return renderRoutes(
    [
      { path: pattern, element: page },
      { path: '*', element: <ElsewhereProbe /> },
    ],
    { route, ...options },
  );
}

/**
 * Fills `field` with `text` as a paste or a password manager does: a click, then one input. For
 * the fields whose typing is not what a test checks; `user.type` for those whose typing is.
 */
export async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

/** Renders one component inside the app's providers and a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, options: RenderAppOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/**
 * Waits until every call the app made to `endpoint` has its answer (or failure) in the store, so a
 * test can assert what the screen made of it, including that it shows nothing.
 */
export async function answered(store: AppStore, endpoint: EndpointName): Promise<void> {
  await waitFor(() => {
    const calls = Object.values(store.getState().api.queries).filter((query) => query?.endpointName === endpoint);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((query) => query?.status).filter((status) => status !== 'fulfilled' && status !== 'rejected')).toEqual([]);
  });
}
