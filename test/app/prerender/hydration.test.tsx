/**
 * Every page the build prerenders hydrates without a mismatch: the markup of renderPage (what
 * scripts/prerender.ts writes into dist/pages/) is put in the document and started as the
 * browser does (startApp). Any hydration error fails: React's recoverable errors (a mismatch,
 * a boundary that had to be client-rendered) and console.error. Nodes must survive hydration:
 * a page React had to render again would swap them.
 */
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { act, screen } from '@testing-library/react';
import { api } from '@/api';
import { API_STATE_ELEMENT_ID, prerenderedPages } from '@/app/prerenderedPages';
import { renderPage } from '@/app/renderPage';
import { startApp } from '@/app/startApp';
import { PRERENDERED_ATTRIBUTE } from '@/components/layout/prerenderedMark';
import { makeStore } from '@/app/store';
import { POPULAR_COURSES_ON_HOME } from '@/features/site/home/PopularCoursesSection';
import { failEndpoint } from '../../mockEndpoint';

// Jest resolves react-dom/static to its Node build, which schedules with setImmediate (jsdom has none).
globalThis.setImmediate ??= nodeSetImmediate;

/**
 * React's development build warns when its server and client renderers have both rendered the
 * same context provider in one JavaScript realm, as here (a browser has only the client one).
 */
const sameRealmWarning = /^Detected multiple renderers concurrently rendering the same context provider/;

type StartedApp = Awaited<ReturnType<typeof startApp>>;

describe('prerendered pages', () => {
  let app: StartedApp | undefined;
  afterEach(() => {
    act(() => app?.root.unmount());
    app = undefined;
    document.body.innerHTML = '';
  });

  /** Puts `html` (and the API state it was rendered with) in the document, as the server sends it. */
  function serve(path: string, html: string, apiState?: unknown): HTMLElement {
    window.history.replaceState(null, '', path);
    const stateElement = apiState === undefined ? '' : `<script type="application/json" id="${API_STATE_ELEMENT_ID}">${JSON.stringify(apiState)}</script>`;
    document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}>${html}</div>${stateElement}`;
    // eslint-disable-next-line testing-library/no-node-access -- the container the browser would start the app in
    return document.getElementById('root') as HTMLElement;
  }

  /** Starts the app over the served page as the browser does; returns what hydration reported. */
  async function hydrate(container: HTMLElement) {
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverableErrors: unknown[] = [];
    try {
      await act(async () => {
        app = await startApp(container, { onRecoverableError: (error, info) => void recoverableErrors.push(`${String(error)}${info.componentStack ?? ''}`) });
      });
      // The footer's code loads after hydration starts, and the page's queries answer: let both settle.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      return {
        recoverableErrors,
        consoleErrors: consoleErrors.mock.calls.map((call) => String(call[0])).filter((message) => !sameRealmWarning.test(message)),
      };
    } finally {
      consoleErrors.mockRestore();
    }
  }

  it.each(prerenderedPages)('$path hydrates without a mismatch', async ({ path }) => {
    const { html } = await renderPage(path);
    expect(html).toContain('<h1');
    const container = serve(path, html);
    const heading = screen.getByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');

    expect(await hydrate(container)).toEqual({ recoverableErrors: [], consoleErrors: [] });
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByRole('contentinfo')).toBe(footer);
    // The boot script holds forms back only until then.
    expect(container).not.toHaveAttribute(PRERENDERED_ATTRIBUTE);
  });

  it('a page naming a route of another build (one that does not lead to its address) hydrates all the same', async () => {
    const { html } = await renderPage('/about');
    const rendered = /data-route="([^"]+)"/.exec(html)?.[1];
    expect(rendered).toBeDefined();
    const { html: home } = await renderPage('/');
    const homeRoute = /data-route="([^"]+)"/.exec(home)?.[1];
    expect(homeRoute).not.toBe(rendered);
    const container = serve('/about', html.replace(`data-route="${rendered}"`, `data-route="${homeRoute}"`));
    const heading = screen.getByRole('heading', { level: 1 });

    // The attribute itself differs (React warns of it in development); the screen hydrates in place.
    const { recoverableErrors, consoleErrors } = await hydrate(container);
    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors).toEqual([expect.stringMatching(/^A tree hydrated but some attributes of the server rendered HTML didn't match/)]);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it('leaves the page where the visitor scrolled it before the scripts came', async () => {
    const { html } = await renderPage('/about');
    const container = serve('/about', html);
    const scrollTo = jest.spyOn(window, 'scrollTo');
    try {
      expect(await hydrate(container)).toEqual({ recoverableErrors: [], consoleErrors: [] });
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it.each(['/contact', '/student-login'])('%s holds its forms back until the screen inside the layout has hydrated, not only the frame', async (path) => {
    const { html } = await renderPage(path);
    const container = serve(path, html);
    const heading = screen.getByRole('heading', { level: 1 });
    const screenHydratedWhenReleased: boolean[] = [];
    const removeAttribute = container.removeAttribute.bind(container);
    jest.spyOn(container, 'removeAttribute').mockImplementation((name) => {
      if (name === PRERENDERED_ATTRIBUTE) screenHydratedWhenReleased.push(Object.keys(heading).some((key) => key.startsWith('__reactFiber$')));
      removeAttribute(name);
    });

    await hydrate(container);
    expect(container).not.toHaveAttribute(PRERENDERED_ATTRIBUTE);
    expect(screenHydratedWhenReleased).toEqual([true]);
  });

  it.each([
    ['/detail/1', 'Yoruba for Beginners', 200],
    ['/detail/999999', 'Course not found', 404],
  ])('%s, rendered on the server as "%s" (status %d), hydrates without a mismatch', async (path, title, status) => {
    const id = Number(path.split('/').pop());
    if (status === 404) failEndpoint('getCourse', 404);
    const store = makeStore();
    await store.dispatch(api.endpoints.getCourse.initiate({ courseId: id }, { subscribe: false }));
    const { html, status: answered } = await renderPage(path, undefined, store);
    expect(answered).toBe(status);
    const container = serve(path, html, store.getState()[api.reducerPath]);
    const heading = screen.getByRole('heading', { level: 1, name: title });

    expect(await hydrate(container)).toEqual({ recoverableErrors: [], consoleErrors: [] });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBe(heading);
  });

  it('/, rendered on the server with its popular courses and figures, hydrates them in place', async () => {
    const store = makeStore();
    await store.dispatch(api.endpoints.listCourses.initiate({ result: POPULAR_COURSES_ON_HOME }, { subscribe: false }));
    await store.dispatch(api.endpoints.getCatalogueCounts.initiate(undefined, { subscribe: false }));
    const { html } = await renderPage('/', undefined, store);
    const container = serve('/', html, store.getState()[api.reducerPath]);
    const cards = screen.getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual(expect.arrayContaining(['Yoruba for Beginners']));
    expect(screen.queryByRole('status', { name: 'Loading courses' })).not.toBeInTheDocument();

    expect(await hydrate(container)).toEqual({ recoverableErrors: [], consoleErrors: [] });
    expect(screen.getAllByRole('heading', { level: 3 })).toEqual(cards);
    // Hydrated, not only left as the server sent them.
    expect(cards.every((card) => Object.keys(card).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
  });
});
