import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { DocumentTitleSink } from '@/components/documentTitle';
import { PageStatusSink } from '@/components/pageStatus';
import { AppProviders } from './providers';
import { routes } from './routes';
import { type AppStore, makeStore } from './store';

export interface RenderedPage {
  /** The markup of the app (what goes inside `#root`). */
  html: string;
  /** The document title the screen asked for, if any. */
  title: string | null;
  /** The HTTP status the screen asked for: 404 when its address names nothing, else 200. */
  status: number;
}

/**
 * Renders the app at `url` as a visitor with nothing loaded sees it first: no session, no
 * provider data (those sections as their skeletons), every lazy screen and component resolved.
 * `wrap` puts providers around the app (the build's Emotion cache); `store` is the state to render
 * (a server render's, holding the page's data). CssBaseline is left out: the page's document
 * carries its rules (src/app/prerender.tsx). Used by the build's prerender step, by the server
 * render of the data pages and by the hydration suite, which hydrates exactly this markup.
 */
export async function renderPage(
  url: string,
  wrap: (app: ReactElement) => ReactElement = (app) => app,
  store: AppStore = makeStore(),
): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status} ${context.headers.get('Location') ?? ''}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  let title: string | null = null;
  let status = 200;
  const app = wrap(
    <DocumentTitleSink
      value={(screenTitle) => {
        title = screenTitle;
      }}
    >
      <PageStatusSink
        value={(screenStatus) => {
          status = screenStatus;
        }}
      >
        <AppProviders store={store} baseStyles={false}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PageStatusSink>
    </DocumentTitleSink>,
  );
  const errors: unknown[] = [];
  // One piece of HTML: no boundary outlined into a <template> and revealed by an inline script.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) });
  if (errors.length > 0) throw new Error(`Prerendering ${url} failed: ${String(errors[0])}`, { cause: errors[0] });
  const html = await new Response(prelude).text();
  // React's server renderer leaves the contexts of its last task set (the router's location…);
  // an empty render puts them back, for a client render in the same realm (the hydration suite).
  await prerender(null);
  return { html, title, status };
}
