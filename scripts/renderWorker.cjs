/**
 * One of the threads that render the data pages for scripts/serve-dist.ts (its pool:
 * scripts/renderPool.ts): the build's render bundle in production mode (the class names the
 * browser's build makes), one page at a time (a render's origin and fetch are the bundle's while
 * it runs), off the server's own thread. The pool gives it a page only when it has answered the
 * last one, and terminates it when a render runs past its deadline. Plain CommonJS: a worker
 * thread does not get the TypeScript loader of the process that starts it.
 *
 * workerData: { renderBundle, providerUrl, callTimeoutMs }; messages in: { id, url, origin } (origin:
 * the configured public origin, never one taken from a request);
 * messages out: { ready: true } once the bundle is loaded and warmed (below), then { id, page } or { id, error }.
 */
'use strict';
const { setTimeout: delay } = require('node:timers/promises');
const { parentPort, workerData } = require('node:worker_threads');

const { renderBundle, providerUrl, callTimeoutMs } = workerData;
process.env.NODE_ENV = 'production';
const bundle = require(renderBundle);

/** The render's provider calls (GETs on the page's origin), sent to the provider itself, as a visitor. */
function providerFetch(input, init) {
  const call = new Request(input, init);
  const { pathname, search } = new URL(call.url);
  return fetch(new URL(`${pathname}${search}`, providerUrl), {
    method: call.method,
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(callTimeoutMs),
  });
}

// The pool sends one page at a time; the chain keeps it so should two ever arrive.
let queue = Promise.resolve();
parentPort.on('message', ({ id, url, origin }) => {
  queue = queue.then(async () => {
    try {
      const page = await bundle.renderDataPage(url, { origin, fetch: providerFetch });
      parentPort.postMessage({ id, page: { ...page, apiStateElementId: bundle.API_STATE_ELEMENT_ID } });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
/**
 * Before it takes pages, the thread renders each data page once with ids that match nothing (a
 * course `0`, the lists): a cold thread's first render costs about four times a warm one's (0.8 s
 * of CPU against 0.2 s here), which on a busy machine is past the page's deadline, and a thread
 * stopped at the deadline would be replaced by another cold one, again and again. While the
 * provider cannot be reached (the browser journeys start it after this server) it tries again every
 * half second; after 10 s it takes pages, warm or not. A render that fails otherwise is left.
 */
async function warmUp() {
  const until = Date.now() + 10_000;
  for (const pattern of bundle.dataPages ?? []) {
    const url = pattern.replace(/:[A-Za-z_]+/g, '0');
    for (;;) {
      let unreachable = false;
      const fetch = (input, init) =>
        providerFetch(input, init).catch((error) => {
          unreachable = true;
          throw error;
        });
      await bundle.renderDataPage(url, { origin: 'http://127.0.0.1', fetch }).catch(() => undefined);
      if (!unreachable || Date.now() > until) break;
      await delay(500);
    }
    if (Date.now() > until) break;
  }
}

warmUp().then(() => parentPort.postMessage({ ready: true }));
