/**
 * Logouts the provider has not heard yet: a student (or teacher) logged out with no connection, or
 * the call failed, and the HttpOnly session cookie is still valid on the provider. Each is a record
 * in IndexedDB (`academy-logout`), kept before the logout is sent and removed once the provider has
 * answered it, so the page and the service worker both know of it, across reloads and restarts.
 * Until it is sent, the worker answers the API as to someone logged out (src/serviceWorker/worker.ts)
 * and the page treats that side as logged out (logoutFollower.ts); it is sent before anything
 * else once the connection is back.
 *
 * Like the outbox, it runs in the page and in the worker: nothing but `fetch`, `indexedDB`,
 * `navigator.locks` and `BroadcastChannel` when they exist. The page loads it on demand.
 */
import { createStore, del, promisifyRequest, set, values, type UseStore } from 'idb-keyval';

export type Side = 'student' | 'teacher';

/** The Background Sync tag under which the page asks the worker to send the pending logouts. */
export const LOGOUT_SYNC_TAG = 'academy-logout';

/** The Web Lock every sender takes: one at a time, and never beside a login the worker lets through. */
export const LOGOUT_LOCK = 'academy-logout';

/** Where a change of the pending logouts is told to the other tabs and the worker. */
const CHANNEL_NAME = 'academy-logout';

/** A logout kept until the provider answers it. */
export interface PendingLogout {
  side: Side;
  /** The logout's absolute URL (`…/student-logout/`). */
  url: string;
  /** When the logout was asked for (Date.now()). */
  made: number;
}

export interface SendOptions {
  /** The fetch to send with (the page's, or the worker's). */
  fetch: typeof fetch;
  /** The anti-forgery token to send (the `XSRF-TOKEN` cookie's value), if one can be read. */
  xsrfToken: () => Promise<string | undefined>;
}

let store: UseStore | undefined;
const logoutStore = () => (store ??= createStore('academy-logout', 'pending'));

/** Whether this context can keep a logout (a browser or worker with IndexedDB). */
export const canKeepLogouts = () => typeof indexedDB !== 'undefined';

type Listener = (pending: readonly PendingLogout[]) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function logoutChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
    (channel as { unref?: () => void } | null)?.unref?.();
    channel?.addEventListener('message', () => void listPendingLogouts().then(tell));
  }
  return channel;
}

function tell(pending: readonly PendingLogout[]) {
  for (const listener of listeners) listener(pending);
}

async function changed() {
  tell(await listPendingLogouts());
  logoutChannel()?.postMessage('changed');
}

/** Calls `listener` with the pending logouts after each change, made here or in another tab or the worker. Returns the unsubscribe function. */
export function subscribePendingLogouts(listener: Listener): () => void {
  logoutChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stops listening to the other tabs (for tests: a channel outlives its test file). */
export function closeLogoutChannel(): void {
  channel?.close();
  channel = undefined;
  listeners.clear();
}

/** The logouts not sent yet (none where IndexedDB is missing). */
export async function listPendingLogouts(): Promise<PendingLogout[]> {
  if (!canKeepLogouts()) return [];
  return values<PendingLogout>(logoutStore());
}

/** Keeps a logout until the provider answers it (one per side: a newer one replaces it). */
export async function keepPendingLogout(logout: PendingLogout): Promise<void> {
  await set(logout.side, logout, logoutStore());
  await changed();
}

/** Forgets the pending logout of `side`: sent, or its session cookie replaced by a new login. */
export async function forgetPendingLogout(side: Side): Promise<void> {
  if (!canKeepLogouts()) return;
  await del(side, logoutStore());
  await changed();
}

/** Forgets every pending logout (for tests). */
export async function clearPendingLogouts(): Promise<void> {
  if (!canKeepLogouts()) return;
  await logoutStore()('readwrite', (objectStore) => {
    objectStore.clear();
    return promisifyRequest(objectStore.transaction);
  });
  await changed();
}

/**
 * The answers after which a logout stays kept: the provider was not reached, asked to wait, failed
 * (5xx), or refused the anti-forgery token (a worker that cannot read the cookie leaves it to the page).
 * Any other answer ends it: 2xx, or a 4xx that sending again cannot change (404: a provider
 * without the logout extension has no session to end).
 */
const keptAfter = (status: number) => status === 403 || status === 408 || status === 429 || status >= 500;

function sameOrigin(url: string): boolean {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin !== undefined && new URL(url).origin === origin;
}

async function sendOnce(logout: PendingLogout, options: SendOptions, token: string | undefined): Promise<Response | null> {
  const headers = new Headers({ Accept: 'application/json' });
  if (token !== undefined && sameOrigin(logout.url)) headers.set('X-XSRF-TOKEN', token);
  try {
    return await options.fetch(logout.url, { method: 'POST', headers, credentials: 'same-origin' });
  } catch {
    return null;
  }
}

/**
 * Sends one logout with the anti-forgery token of that moment (once more with a fresh one after a
 * 403, as the base query does). Resolves whether the provider answered it for good.
 */
export async function sendLogout(logout: PendingLogout, options: SendOptions): Promise<boolean> {
  const token = await options.xsrfToken();
  let answer = await sendOnce(logout, options, token);
  if (answer?.status === 403) {
    const fresh = await options.xsrfToken();
    if (fresh !== undefined && fresh !== token) answer = await sendOnce(logout, options, fresh);
  }
  return answer !== null && !keptAfter(answer.status);
}

async function sendHeld(options: SendOptions): Promise<number> {
  let left = 0;
  for (const logout of await listPendingLogouts()) {
    if (await sendLogout(logout, options)) await forgetPendingLogout(logout.side);
    else left += 1;
  }
  return left;
}

/** Runs `work` under the logout lock (shared by every tab and the worker), where the browser has Web Locks. */
export function underLogoutLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(LOGOUT_LOCK, work) : work();
}

let sending: Promise<number> | undefined;

/**
 * Sends every pending logout, one sender at a time (in this context, and across tabs and the
 * worker under the lock); resolves with how many are still pending.
 */
export function sendPendingLogouts(options: SendOptions): Promise<number> {
  if (!canKeepLogouts()) return Promise.resolve(0);
  sending ??= (async () => {
    if ((await listPendingLogouts()).length === 0) return 0;
    return underLogoutLock(() => sendHeld(options));
  })().finally(() => (sending = undefined));
  return sending;
}
