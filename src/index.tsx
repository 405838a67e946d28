import { stopAnimationTicks } from '@/app/animationTicks';
import { nextTask } from '@/app/nextTask';

/**
 * The app's modules run in a few tasks instead of one: each `import()` below is `eager` (its
 * modules stay in the entry's chunks, no request of its own; `webpackExports` keeps tree shaking
 * as a static import would) and only runs them, with the main thread given back in between. Run
 * at once they made one task of 1.5 s at 4× CPU; each step here takes 40–90 ms at 4× CPU
 * (docs/performance.md, "Where the main thread's time goes"): React DOM, MUI's styling modules,
 * the theme made with them, RTK Query's modules, the empty API, its endpoints and their
 * enhancements, MUI's Box, Button, then the routes with the layout and the other MUI components
 * they use, and the app's start.
 */
async function boot(container: HTMLElement) {
  const steps = [
    () => import(/* webpackMode: "eager", webpackExports: ["hydrateRoot", "createRoot"] */ 'react-dom/client'),
    () => import(/* webpackMode: "eager", webpackExports: ["createTheme"] */ '@mui/material/styles'),
    () => import(/* webpackMode: "eager", webpackExports: ["theme"] */ '@/app/theme'),
    () => import(/* webpackMode: "eager", webpackExports: ["buildCreateApi", "coreModule", "reactHooksModule"] */ '@reduxjs/toolkit/query/react'),
    () => import(/* webpackMode: "eager", webpackExports: ["baseApi"] */ '@/api/baseApi'),
    () => import(/* webpackMode: "eager", webpackExports: ["api"] */ '@/api'),
    () => import(/* webpackMode: "eager", webpackExports: ["default"] */ '@mui/material/Box'),
    () => import(/* webpackMode: "eager", webpackExports: ["default"] */ '@mui/material/Button'),
    () => import(/* webpackMode: "eager", webpackExports: ["routes"] */ '@/app/routes'),
  ];
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const { startApp } = await import(/* webpackMode: "eager" */ '@/app/startApp');
  return startApp(container);
}

stopAnimationTicks();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const started = boot(container);

// Offline support loads once the page has loaded and the browser is idle: none of it weighs on the first paint.
const startOffline = () =>
  void Promise.all([started, import(/* webpackChunkName: "offline" */ '@/offline/startOffline')]).then(([{ store }, offline]) => offline.startOffline(store));
const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(startOffline, { timeout: 2000 }) : setTimeout(startOffline, 1000));
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
