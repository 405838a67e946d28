/**
 * One of the threads that render the data pages for scripts/serve-dist.ts, run by piscina (the
 * pool: scripts/renderPool.ts): the build's render bundle in production mode (the class names the
 * browser's build makes), one page at a time (a render's origin and fetch are the bundle's while
 * it runs), off the server's own thread. Plain CommonJS: a worker thread does not get the
 * TypeScript loader of the process that starts it.
 *
 * workerData: { renderBundle, providerUrls, callTimeoutMs } (providerUrls: the provider's instances,
 * which its calls go to in turn, as the render server's own; a GET refused by one goes to the next). It exports a promise of its handler:
 * piscina gives the thread pages only once that has settled, so the warm-up below comes first.
 * A task: null (the pool starts the thread: answered null), or { id, url, origin, startBy, studentSession } (origin: the configured public origin, never one taken
 * from a request; startBy: the Date.now() after which it is too late to start; studentSession: for a
 * student's page, their `student_session` cookie, sent with the render's calls to the provider and
 * nowhere else, decision 0041; compact: that page laid out for a narrow window). The handler posts
 * { started: id } to the pool as it starts a render, and answers { page, ms } (the page with the
 * provider calls its render made), { error } when the render failed, or { late: true } when it was
 * picked up too late to be rendered in time.
 */
'use strict';
const { createHash } = require('node:crypto');
const { setTimeout: delay } = require('node:timers/promises');
const { performance } = require('node:perf_hooks');
const { parentPort, threadId, workerData } = require('node:worker_threads');

const { renderBundle, providerUrls, callTimeoutMs } = workerData;
process.env.NODE_ENV = 'production';
const bundle = require(renderBundle);

/** The instance the next call goes to: each in turn, the threads starting on different ones. */
let turn = threadId % providerUrls.length;

/** Whether a call failed because its connection was refused (as connectionRefused in serve-dist.ts). */
function refused(error, depth = 0) {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (error.code === 'ECONNREFUSED') return true;
  if (Array.isArray(error.errors) && error.errors.length > 0 && error.errors.every((each) => refused(each, depth + 1))) return true;
  return refused(error.cause, depth + 1);
}

/**
 * The render's provider calls (GETs on the page's origin), sent to the provider itself, as a
 * visitor, or with a student's session cookie for their page: to its instances in turn, a GET or
 * HEAD refused by one to the next.
 */
async function providerFetch(input, init, studentSession) {
  const call = new Request(input, init);
  const { pathname, search } = new URL(call.url);
  const signal = AbortSignal.timeout(callTimeoutMs);
  for (let tried = 1; ; tried += 1) {
    const providerUrl = providerUrls[turn];
    turn = (turn + 1) % providerUrls.length;
    try {
      const headers = studentSession ? { accept: 'application/json', cookie: `student_session=${studentSession}` } : { accept: 'application/json' };
      return await fetch(new URL(`${pathname}${search}`, providerUrl), { method: call.method, headers, signal });
    } catch (error) {
      if (tried >= providerUrls.length || (call.method !== 'GET' && call.method !== 'HEAD') || !refused(error)) throw error;
    }
  }
}

/**
 * providerFetch, noting each call (path, status, ETag, a digest of the body) for the render
 * server's cache (scripts/renderCache.ts, which digests the same way), which checks them again
 * before it sends the page again.
 */
function recordingFetch(calls, studentSession) {
  return async (input, init) => {
    const answer = await providerFetch(input, init, studentSession);
    const { pathname, search } = new URL(new Request(input, init).url);
    const body = new Uint8Array(await answer.clone().arrayBuffer());
    calls.push({ path: `${pathname}${search}`, status: answer.status, etag: answer.headers.get('etag'), digest: createHash('sha256').update(body).digest('base64url') });
    return answer;
  };
}

async function renderPage(task) {
  if (task === null) return null; // the pool starting the thread
  const { id, url, origin, startBy, studentSession, compact } = task;
  if (Date.now() > startBy) return { late: true };
  parentPort.postMessage({ started: id });
  const started = performance.now();
  try {
    const calls = [];
    const render = { origin, fetch: recordingFetch(calls, studentSession) };
    const page = studentSession ? await bundle.renderStudentPage(url, render, compact === true) : await bundle.renderDataPage(url, render);
    return { page: { ...page, apiStateElementId: bundle.API_STATE_ELEMENT_ID, calls }, ms: performance.now() - started };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Before it takes pages, the thread renders each data page once with ids that match nothing (a
 * course `0`, the lists, a student's pages as student `1` without a session): a cold thread's first render costs about four times a warm one's (0.8 s
 * of CPU against 0.2 s here), which on a busy machine is past the page's deadline, and a thread
 * stopped at the deadline would be replaced by another cold one, again and again. While the
 * provider cannot be reached (the browser journeys start it after this server) it tries again every
 * half second; after 10 s it takes pages, warm or not. A render that fails otherwise is left.
 */
async function warmUp() {
  // Node loads fetch (undici) on its first use: a few hundred ms on a busy machine, taken here.
  new Request('http://127.0.0.1/');
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
  // A student's pages, as student 1 without a session: the provider refuses their calls, the
  // session ends and the area sends the visitor to the login (which the static router only warns
  // of, quietened here), and their code has run once all the same.
  const { warn, error } = console;
  console.warn = console.error = () => undefined;
  try {
    for (const url of bundle.studentPages ?? []) {
      await bundle.renderDataPage(url, { origin: 'http://127.0.0.1', fetch: providerFetch }, { id: 1, compact: false }).catch(() => undefined);
    }
  } finally {
    Object.assign(console, { warn, error });
  }
}

module.exports = warmUp().then(() => renderPage);
