import { startApp } from '@/app/startApp';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const started = startApp(container);

// Offline support loads once the page has loaded and the browser is idle: none of it weighs on the first paint.
const startOffline = () =>
  void Promise.all([started, import(/* webpackChunkName: "offline" */ '@/offline/startOffline')]).then(([{ store }, offline]) => offline.startOffline(store));
const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(startOffline, { timeout: 2000 }) : setTimeout(startOffline, 1000));
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
