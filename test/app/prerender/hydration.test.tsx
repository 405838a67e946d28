/**
 * Every page the build prerenders hydrates without a mismatch: the markup of renderPage (what
 * scripts/prerender.ts writes into dist/pages/) is put in the document and started as the
 * browser does (startApp). Any hydration error fails: React's recoverable errors (a mismatch,
 * a boundary that had to be client-rendered) and console.error. Nodes must survive hydration:
 * a page React had to render again would swap them.
 */
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { act, screen } from '@testing-library/react';
import { prerenderedPages } from '@/app/prerenderedPages';
import { renderPage } from '@/app/renderPage';
import { PRERENDERED_ATTRIBUTE, startApp } from '@/app/startApp';

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

  it.each(prerenderedPages)('$path hydrates without a mismatch', async ({ path }) => {
    const { html } = await renderPage(path);
    expect(html).toContain('<h1');
    window.history.replaceState(null, '', path);
    document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}>${html}</div>`;
    // eslint-disable-next-line testing-library/no-node-access -- the container the browser would start the app in
    const container = document.getElementById('root') as HTMLElement;
    const heading = screen.getByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');

    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverableErrors: unknown[] = [];
    try {
      await act(async () => {
        app = await startApp(container, { onRecoverableError: (error, info) => void recoverableErrors.push(`${String(error)}${info.componentStack ?? ""}`) });
      });
      // The footer's code loads after hydration starts, and the page's queries answer: let both settle.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(recoverableErrors).toEqual([]);
      expect(consoleErrors.mock.calls.map((call) => String(call[0])).filter((message) => !sameRealmWarning.test(message))).toEqual([]);
    } finally {
      consoleErrors.mockRestore();
    }
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByRole('contentinfo')).toBe(footer);
    // The boot script holds forms back only until then.
    expect(container).not.toHaveAttribute(PRERENDERED_ATTRIBUTE);
  });
});
