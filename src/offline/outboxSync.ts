/**
 * The page's side of the outbox (outbox.ts), which the app lends the base query at start-up
 * (`registerOfflineSupport`, src/api/offlineSupport.ts) and the base query loads on demand: keeps
 * a call made offline, asks the worker for Background Sync, sends the outbox from the page at
 * start-up and on the `online` event, and refreshes what the sent changes touched (their cache tags).
 */
import { refreshSentChanges, xsrfCookie, type OfflineCall, type OutboxSide } from '@/api';
import { providerFetch } from '@/config/env';
import { enqueueChange, OUTBOX_SYNC_TAG, replayOutbox, subscribeOutbox, type ReplayResult } from './outbox';
import { showSentAfter, startPendingChanges } from './pendingChanges';
import { sendPendingLogouts } from './pendingLogout';

type Dispatch = Parameters<OutboxSide['startOutboxSync']>[0];

/** The store whose cache the sent changes refresh (the app's one; in tests, the latest). */
let target: Dispatch | null = null;
let started = false;

/** Asks the service worker to send the outbox when the connection is back, where the browser has Background Sync. */
function askForBackgroundSync() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

/** How long the page waits to send again what is left while the browser says it is online (a failing network, a busy provider). */
export const RETRY_MS = 30_000;
let retry: ReturnType<typeof setTimeout> | undefined;

/** Tries again in RETRY_MS while the browser says it is online (offline, the `online` event will). */
function retryLater() {
  if (retry !== undefined || !navigator.onLine) return;
  retry = setTimeout(() => {
    retry = undefined;
    void replayFromPage();
  }, RETRY_MS);
}

/** Forgets a planned retry (for tests). */
export function cancelRetry(): void {
  clearTimeout(retry);
  retry = undefined;
}

/** Sends the outbox from this page (with the page's fetch and anti-forgery cookie), after any logout still pending. */
export async function replayFromPage(): Promise<ReplayResult> {
  await sendPendingLogouts({ fetch: providerFetch, xsrfToken: async () => xsrfCookie() }).catch(() => undefined);
  const result = await replayOutbox({ fetch: providerFetch, xsrfToken: async () => xsrfCookie() });
  if (result.left > 0) retryLater();
  return result;
}

/**
 * Follows the outbox for `dispatch`'s store: once per page, sends what a previous visit left (when
 * online) and sends again on each `online` event; every change that leaves the outbox (here, in
 * another tab, or in the worker) invalidates the cache tags its mutation invalidates, and the
 * screens show it as kept until those reads are answered again.
 */
export function startOutboxSync(dispatch: Dispatch): void {
  target = dispatch;
  if (started) return;
  started = true;
  subscribeOutbox(({ done }) => {
    if (done.length > 0 && target) showSentAfter(refreshSentChanges(target, done));
  });
  window.addEventListener('online', () => void replayFromPage());
  if (navigator.onLine) void replayFromPage();
}

/** A body the base query leaves to fetchBaseQuery to encode as JSON: a plain object or array. */
function isPlainBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  return Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype;
}

/**
 * Keeps a call that could not be sent (offline) in the outbox, the request as it would have gone
 * (absolute URL, method, Content-Type and Accept, the encoded body as text: a JSON operation's as JSON), for the student logged
 * in, and asks for it to be sent when the connection is back. Resolves false, keeping nothing, when
 * no student is logged in. The screens' mirror of the outbox shows it before this resolves.
 */
export async function keepOffline({ api, arg, url, args }: OfflineCall): Promise<boolean> {
  startOutboxSync(api.dispatch);
  const studentId = (api.getState() as { student?: { id?: number | null } }).student?.id;
  if (typeof studentId !== 'number') return false;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/json');
  // A JSON operation's body is still a plain object here (fetchBaseQuery encodes it when it sends).
  const json = isPlainBody(args.body);
  if (json) headers.set('Content-Type', 'application/json');
  const body = json ? JSON.stringify(args.body) : ((args.body ?? null) as BodyInit | null);
  const request = new Request(url, { method: args.method ?? 'GET', headers, body });
  const text = request.body === null ? null : await request.text();
  await startPendingChanges();
  await enqueueChange({
    studentId,
    endpoint: api.endpoint,
    arg,
    request: { url, method: request.method, headers: [...request.headers], body: text },
    made: Date.now(),
  });
  askForBackgroundSync();
  // The browser thinks it is online: the network failed this once.
  retryLater();
  return true;
}
