/**
 * The service worker (built by workbox-webpack-plugin's InjectManifest into dist/sw.js; the page
 * registers it in src/offline/registerWorker.ts). It precaches the build's scripts and the shell,
 * answers the student area with that shell from the precache (no network: the pages open as fast
 * on a bad connection, and always with the scripts of the same build), keeps what
 * src/serviceWorker/cacheRules.ts says, answers saved chapters' media from the cache
 * (ranges included), and sends the outbox on Background Sync. While a logout is pending (kept on
 * the device, not yet answered by the provider), it sends it before any call to the API, and until
 * it has gone answers the API as to someone logged out. It never takes over on its own: a new
 * version waits until the page's 'Reload' asks it to.
 */
import { createStore, get, set } from 'idb-keyval';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { imageCache, isRuntimeCache, isSavedChaptersCache } from '@/offline/cacheNames';
import { OUTBOX_SYNC_TAG, replayOutbox } from '@/offline/outbox';
import {
  forgetPendingLogout,
  listPendingLogouts,
  LOGOUT_SYNC_TAG,
  sendPendingLogouts,
  subscribePendingLogouts,
  underLogoutLock,
} from '@/offline/pendingLogout';
import { isWorkerMessage, nobody, type Viewer, type WorkerMessage } from '@/offline/workerMessages';
import { handlingOf, isOutdatedRuntimeCache, mayKeepIn, whileLogoutPending, type WhileLoggingOut } from './cacheRules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** A read or page slower than this is answered from the cache, if it holds a copy (a bad connection). */
const NETWORK_TIMEOUT_SECONDS = 4;
const SHELL_URL = '/index.html';
/** The anti-forgery cookie the provider sets (src/api/baseQuery.ts sends it back as a header). */
const XSRF_COOKIE = 'XSRF-TOKEN';
/** The API base as src/config/env.ts reads it (that module also serves the page and the server render). */
const site = { origin: self.location.origin, apiBase: process.env.API_BASE || '/api' };

// --- A logout not sent yet (src/offline/pendingLogout.ts): its session may still be alive on the
// provider. This listener comes before Workbox's, so it answers the API first while one is pending.

/** How many logouts are pending, as last read; null until the first read from IndexedDB. */
let pendingLogouts: number | null = null;
const logoutsRead = listPendingLogouts().then(
  (pending) => void (pendingLogouts = pending.length),
  () => void (pendingLogouts = 0),
);
subscribePendingLogouts((pending) => {
  pendingLogouts = pending.length;
});

self.addEventListener('fetch', (event: FetchEvent) => {
  if (pendingLogouts === 0) return;
  const rule = whileLogoutPending(event.request, site);
  if (rule === null) return;
  event.respondWith(answerWhileLoggingOut(event, rule));
});

/** Sends the pending logouts from the worker; resolves with how many are left. */
function sendLogouts(): Promise<number> {
  return sendPendingLogouts({ fetch: self.fetch.bind(self), xsrfToken: readXsrfToken }).catch(() => 1);
}

/** What the provider answers a call that needs a session, without asking it. */
const loggedOutAnswer = () =>
  new Response(JSON.stringify({ msg: 'Please log in.' }), { status: 401, headers: { 'Content-Type': 'application/json' } });

async function answerWhileLoggingOut(event: FetchEvent, rule: WhileLoggingOut): Promise<Response> {
  const { request } = event;
  if (rule.kind === 'logout') return fetch(request);
  await logoutsRead;
  // Before anything else: the logouts, now that the page has a call to make.
  if (pendingLogouts === 0 || (await sendLogouts()) === 0) return answerAsEver(event, request);
  switch (rule.kind) {
    case 'login':
      // Not held back by a logout the provider will not take: the login replaces the cookie, and
      // once it succeeds the old logout would end the new session, so it is forgotten (under the
      // lock every sender takes, so none sends it meanwhile).
      return underLogoutLock(async () => {
        const answer = await fetch(request);
        const body = (await answer.clone().json().catch(() => null)) as { bool?: unknown } | null;
        if (answer.ok && body?.bool === true) await forgetPendingLogout(rule.side);
        return answer;
      });
    case 'public-read':
      return answerAsEver(event, new Request(request, { credentials: 'omit' }));
    default:
      return loggedOutAnswer();
  }
}

/** A call as the worker answers it with no logout pending: by the rules below, or the network. */
function answerAsEver(event: FetchEvent, request: Request): Promise<Response> {
  return handlingOf(request, viewer, site) === null ? fetch(request) : answer({ request, event, url: new URL(request.url) });
}

precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// --- Who uses the app: told by the page, remembered in IndexedDB for a restarted worker.

const viewerStore = createStore('academy-worker', 'viewer');
let viewer: Viewer = nobody;
/** Counts the page's messages: a stored viewer read before the latest one is stale. */
let viewerMessages = 0;
let viewerLoaded = loadViewer();

async function loadViewer(): Promise<void> {
  const before = viewerMessages;
  const stored = await get<Viewer>('viewer', viewerStore).catch(() => undefined);
  if (viewerMessages === before) viewer = stored ?? nobody;
}

/** Takes the page's word for who uses the app, and drops the copies that are no longer theirs. */
async function rememberViewer(next: Viewer): Promise<void> {
  viewer = next;
  viewerMessages += 1;
  await Promise.all([set('viewer', next, viewerStore), dropCopiesNotOfViewer()]);
}

async function dropCopiesNotOfViewer(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !mayKeepIn(name, viewer)).map((name) => caches.delete(name)));
}

// --- Strategies

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const networkFirstByCache = new Map<string, NetworkFirst>();

/**
 * Network first into `cacheName`, which takes the answer only if it still belongs to the viewer
 * when it arrives; a copy that went in as the viewer changed is dropped with its cache.
 */
function networkFirstInto(cacheName: string): NetworkFirst {
  let strategy = networkFirstByCache.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        okOnly,
        {
          cacheWillUpdate: async ({ response }) => (mayKeepIn(cacheName, viewer) ? response : null),
          cacheDidUpdate: async () => {
            if (!mayKeepIn(cacheName, viewer)) await caches.delete(cacheName);
          },
        },
      ],
    });
    networkFirstByCache.set(cacheName, strategy);
  }
  return strategy;
}

const images = new CacheFirst({
  cacheName: imageCache,
  plugins: [okOnly, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
});

let shellHandler: ReturnType<typeof createHandlerBoundToURL> | undefined;
const shell = (options: { request: Request; event: ExtendableEvent; url: URL }) => {
  shellHandler ??= createHandlerBoundToURL(SHELL_URL);
  return shellHandler(options);
};

/** A saved chapter's video or captions (saved whole, under their absolute URL), else nothing. */
async function savedChapterMedia(url: string): Promise<Response | undefined> {
  for (const name of (await caches.keys()).filter(isSavedChaptersCache)) {
    const response = await (await caches.open(name)).match(url);
    if (response) return response;
  }
  return undefined;
}

/** The network's answer to `request`, or a rejection once `seconds` have passed without one. */
const fetchWithin = (request: Request, seconds: number) => fetch(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(seconds * 1000)]) });

/** How the worker answers a request its rules handle (`handlingOf`). */
async function answer({ request, event, url }: { request: Request; event: ExtendableEvent; url: URL }): Promise<Response> {
  // The shell is the same for everyone: no need to wait for who uses the app.
  if (handlingOf(request, viewer, site)?.kind === 'shell') return shell({ request, event, url });
  await viewerLoaded;
  const handling = handlingOf(request, viewer, site);
  switch (handling?.kind) {
    case 'shell':
      return shell({ request, event, url });
    case 'studentPage':
      if (viewer.studentId === null || pendingLogouts !== 0) return shell({ request, event, url });
      try {
        const page = await fetchWithin(request, NETWORK_TIMEOUT_SECONDS);
        // The server answers these routes with the page or the shell; anything else is a fault in front of it.
        return page.ok ? page : await shell({ request, event, url });
      } catch {
        return shell({ request, event, url });
      }
    case 'page':
      try {
        return handling.cacheName ? await networkFirstInto(handling.cacheName).handle({ request, event }) : await fetch(request);
      } catch {
        return shell({ request, event, url });
      }
    case 'read':
      return handling.cacheName ? networkFirstInto(handling.cacheName).handle({ request, event }) : fetch(request);
    case 'image':
      return images.handle({ request, event });
    case 'media': {
      const saved = await savedChapterMedia(request.url);
      if (!saved) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
    }
    default:
      return fetch(request);
  }
}

registerRoute(({ request }) => handlingOf(request, viewer, site) !== null, answer);

// --- Lifecycle

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message: unknown = event.data;
  if (!isWorkerMessage(message)) return;
  handleMessage(message, event);
});

function handleMessage(message: WorkerMessage, event: ExtendableMessageEvent) {
  if (message.type === 'SKIP_WAITING') void self.skipWaiting();
  else event.waitUntil(rememberViewer({ studentId: message.studentId, teacherId: message.teacherId }));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // A waiting worker was not told of logins and logouts since it started: read them now.
      viewerLoaded = loadViewer();
      pendingLogouts = (await listPendingLogouts().catch(() => [])).length;
      await self.clients.claim();
      const names = await caches.keys();
      await Promise.all(names.filter(isOutdatedRuntimeCache).map((name) => caches.delete(name)));
      await forgetPagesOfOldBuilds(names.filter((name) => isRuntimeCache(name) && !isOutdatedRuntimeCache(name)));
    })(),
  );
});

/**
 * Kept pages load the scripts of the build they came from, which this worker's precache no longer
 * holds: offline they would open blank. Drop them; offline the shell of this build stands in.
 */
async function forgetPagesOfOldBuilds(names: string[]): Promise<void> {
  for (const name of names.filter((cacheName) => cacheName !== imageCache && !isSavedChaptersCache(cacheName))) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response?.headers.get('content-type')?.startsWith('text/html')) await cache.delete(request);
    }
  }
}

// --- Background Sync: the outbox's changes, once the connection is back.

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === LOGOUT_SYNC_TAG) {
    event.waitUntil(
      sendLogouts().then((left) => {
        // A rejection asks the browser to fire the sync again later.
        if (left > 0) throw new Error(`${left} logouts not sent yet`);
      }),
    );
    return;
  }
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    // A logout still pending goes before the changes.
    sendLogouts()
      .then(() => replayOutbox({ fetch: self.fetch.bind(self), xsrfToken: readXsrfToken }))
      .then(({ left }) => {
        if (left > 0) throw new Error(`${left} queued changes not sent yet`);
      }),
  );
}) as EventListener);

async function readXsrfToken(): Promise<string | undefined> {
  if (!('cookieStore' in self)) return undefined;
  return (await self.cookieStore.get(XSRF_COOKIE))?.value ?? undefined;
}
