import { CacheProvider } from '@emotion/react';
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { apiStateRestored } from '@/api';
import { PRERENDERED_ATTRIBUTE } from '@/components/layout/prerenderedMark';
import { MAIN_CONTENT_ID, RENDERED_ROUTE_ATTRIBUTE } from '@/components/layout/RootLayout';
import { EARLY_READS_GLOBAL } from '@/config/env';
import { readSessions, syncSessionsAcrossTabs } from '@/features/session/sessionPersistence';
import { sessionsSynced } from '@/features/session/sessionSlices';
import { loggedOutSession } from '@/features/session/sessionState';
import { createEmotionCache, documentHasBaseStyles } from './emotionCache';
import { nextTask } from './nextTask';
import { API_STATE_ELEMENT_ID } from './prerenderedPages';
import { AppProviders } from './providers';
import { resolveLazyRoutes } from './resolveLazyRoutes';
import { routes } from './routes';
import { makeStore } from './store';

/** On a page rendered for a student, `#root` names them (scripts/pageDocument.ts). */
const STUDENT_ATTRIBUTE = 'data-student';

/**
 * Removes the prerendered mark of a page that has no layout's main landmark (where the layout
 * renders, its screen removes it once hydrated: `ScreenHydrated`). Wraps the app (a sibling would
 * shift React's `useId`s away from the server's).
 */
function HydratedMark({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    if (!container.querySelector(`#${MAIN_CONTENT_ID}`)) container.removeAttribute(PRERENDERED_ATTRIBUTE);
  }, [container]);
  return children;
}

/**
 * Starts the app in `container`. A prerendered or server-rendered page is hydrated: the screen's
 * code is loaded first, and the screens read the state the page was rendered with (no session; no
 * data, or the API state the server sent in `#api-state`) while they hydrate, then the real one (a logged-in student on /student-login then goes on to the
 * dashboard). Any other page (the shell) is rendered. The sessions are read from localStorage
 * before the first render, so the guards never see a logged-in visitor as logged out. When the
 * shell has started the screen's reads (a student opening their area), the first render waits
 * for its code and those reads (startEarlyReads in earlyReads.ts).
 * Both start in a transition: React then works in slices of a few milliseconds and lets the
 * browser paint and answer input in between, instead of holding a phone's main thread for the
 * whole first render.
 */
export async function startApp(container: HTMLElement, options: Pick<RootOptions, 'onRecoverableError'> = {}) {
  const store = makeStore();
  const sessions = readSessions();
  const renderedFor = container.getAttribute(STUDENT_ATTRIBUTE);
  const notTheirs =
    renderedFor !== null && !(await import(/* webpackChunkName: "student" */ './studentPageCheck')).keepsStudentPage(container, sessions.student);
  const apiState = !notTheirs && document.getElementById(API_STATE_ELEMENT_ID)?.textContent;
  if (apiState) store.dispatch(apiStateRestored(JSON.parse(apiState)));
  // The store and the page's state (118–182 ms at 4× CPU with what follows) get a task of their own.
  await nextTask();
  // A student's page was rendered with their session alone (a teacher logged in beside them
  // appears once it has hydrated), any other with none.
  if (renderedFor !== null) store.dispatch(sessionsSynced({ student: sessions.student, teacher: loggedOutSession }));
  /** What the page was rendered with: the session, if any, and no data or the data the server sent with it. */
  const serverState = store.getState();
  store.dispatch(sessionsSynced(sessions));
  persistStore(store);
  syncSessionsAcrossTabs(store.dispatch);
  const cache = createEmotionCache();
  const baseStyles = !documentHasBaseStyles();
  await nextTask();

  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    const renderedRoute = container.querySelector(`#${MAIN_CONTENT_ID}`)?.getAttribute(RENDERED_ROUTE_ATTRIBUTE);
    await resolveLazyRoutes(routes, window.location.pathname, renderedRoute);
    // The screen's modules ran as their chunks arrived; the router (about 150 ms at 4× CPU) and the
    // hydration's start each get a task of their own.
    await nextTask();
    // `hydrationData`: the page came from the server, so the browser has placed its scroll (where the
    // visitor scrolled it before the scripts came, or restored on a reload). Without it the router
    // scrolled back to the top when the app started.
    const router = createBrowserRouter(routes, { hydrationData: {} });
    await nextTask();
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(
        container,
        <CacheProvider value={cache}>
          <AppProviders store={store} serverState={serverState} baseStyles={baseStyles}>
            <HydratedMark container={container}>
              <RouterProvider router={router} />
            </HydratedMark>
          </AppProviders>
        </CacheProvider>,
        options,
      );
    });
    return { store, router, root };
  }
  // The shell's script started this screen's reads (a student opening their area): render once
  // they and the screen's code are there (startEarlyReads).
  const early =
    EARLY_READS_GLOBAL in window
      ? await import(/* webpackChunkName: "early-reads" */ './earlyReads').then((module) => module.startEarlyReads(store, routes)).catch(() => null)
      : null;
  const router = createBrowserRouter(routes);
  const root = createRoot(container, options);
  early?.release();
  startTransition(() => {
    root.render(
      <CacheProvider value={cache}>
        <AppProviders store={store} baseStyles={baseStyles}>
          <RouterProvider router={router} />
        </AppProviders>
      </CacheProvider>,
    );
  });
  return { store, router, root };
}
