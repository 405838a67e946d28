import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { makeStore, type RootState } from '@/app/store';

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

/**
 * Renders the whole app (every route, header and footer) at `route`, with a fresh store.
 * Returns the user-event instance, the store and the memory router.
 */
export function renderApp({ route = '/', preloadedState, ...options }: RenderAppOptions = {}) {
  const store = makeStore({ preloadedState });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <CacheProvider value={testEmotionCache}>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>,
    options,
  );
  return { ...result, user, store, router };
}

/** Renders one component inside the app's providers and a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', preloadedState, ...options }: RenderAppOptions = {}) {
  const store = makeStore({ preloadedState });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <CacheProvider value={testEmotionCache}>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>,
    options,
  );
  return { ...result, user, store, router };
}
