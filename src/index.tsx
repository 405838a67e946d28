import { nextTask } from '@/app/nextTask';

/**
 * The app's modules run in a few tasks instead of one: each `import()` below is `eager` (its
 * modules stay in the entry's chunks, no request of its own; `webpackExports` keeps tree shaking
 * as a static import would) and only runs them, the heaviest
 * first, with the main thread given back in between. Run at once they made one task of 1.5 s at
 * 4× CPU (React DOM, the theme, the API layer with its hundred endpoints, then the router, the store
 * and the screens' shared code; docs/performance.md, "Where the main thread's time goes").
 */
async function boot(container: HTMLElement) {
  await import(/* webpackMode: "eager", webpackExports: ["hydrateRoot", "createRoot"] */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["theme"] */ '@/app/theme');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["generatedApi"] */ '@/api/generated');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["api"] */ '@/api');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["createBrowserRouter"] */ 'react-router-dom');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["routes"] */ '@/app/routes');
  await nextTask();
  const { startApp } = await import(/* webpackMode: "eager", webpackExports: ["startApp"] */ '@/app/startApp');
  return startApp(container);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const started = boot(container);

// Offline support loads once the page has loaded and the browser is idle: none of it weighs on the first paint.
const startOffline = () =>
  void Promise.all([started, import(/* webpackChunkName: "offline" */ '@/offline/startOffline')]).then(([{ store }, offline]) => offline.startOffline(store));
const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(startOffline, { timeout: 2000 }) : setTimeout(startOffline, 1000));
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
