/**
 * The thread that renders the data pages for scripts/serve-dist.ts: the build's render bundle in
 * production mode (the class names the browser's build makes), one page at a time (a render's
 * origin and fetch are the bundle's while it runs), off the server's own thread. Plain CommonJS:
 * a worker thread does not get the TypeScript loader of the process that starts it.
 *
 * workerData: { renderBundle, providerUrl, callTimeoutMs }; messages in: { id, url, origin } (origin:
 * the configured public origin, never one taken from a request);
 * messages out: { id, page } or { id, error }.
 */
'use strict';
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
