/**
 * The page's side of the outbox (loaded on demand by the base query): keeps a call made offline,
 * asks the worker for Background Sync, sends the outbox from the page at start-up and on the
 * `online` event, and refreshes what the sent changes touched (their cache tags).
 */
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { api, tagsInvalidatedBy, xsrfCookie } from '@/api';
import { providerFetch } from '@/config/env';
import { enqueueChange, OUTBOX_SYNC_TAG, replayOutbox, subscribeOutbox, type ReplayResult } from './outbox';
import { startPendingChanges } from './pendingChanges';

type Dispatch = (action: ReturnType<typeof api.util.invalidateTags>) => unknown;

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

/** Sends the outbox from this page (with the page's fetch and anti-forgery cookie). */
export function replayFromPage(): Promise<ReplayResult> {
  return replayOutbox({ fetch: providerFetch, xsrfToken: async () => xsrfCookie() });
}

/**
 * Follows the outbox for `dispatch`'s store: once per page, sends what a previous visit left (when
 * online) and sends again on each `online` event; every change that leaves the outbox (here, in
 * another tab, or in the worker) invalidates the cache tags its mutation invalidates.
 */
export function startOutboxSync(dispatch: Dispatch): void {
  target = dispatch;
  if (started) return;
  started = true;
  subscribeOutbox(({ done }) => {
    if (done.length > 0) target?.(api.util.invalidateTags(tagsInvalidatedBy(done)));
  });
  window.addEventListener('online', () => void replayFromPage());
  if (navigator.onLine) void replayFromPage();
}

export interface OfflineCall {
  endpoint: string;
  studentId: number;
  /** The endpoint's argument (kept for the screens and the cache tags). */
  arg: unknown;
  /** The absolute URL. */
  url: string;
  /** The call as the base query prepared it: method, headers, encoded body. */
  args: FetchArgs;
}

/**
 * Keeps a call that could not be sent (offline) in the outbox, the request as it would have gone
 * (absolute URL, method, Content-Type and Accept, the encoded body as text), and asks for it to be
 * sent when the connection is back. The screens' mirror of the outbox shows it before this resolves.
 */
export async function keepOffline({ endpoint, studentId, arg, url, args }: OfflineCall): Promise<void> {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/json');
  const request = new Request(url, { method: args.method ?? 'GET', headers, body: (args.body ?? null) as BodyInit | null });
  const body = request.body === null ? null : await request.text();
  await startPendingChanges();
  await enqueueChange({
    studentId,
    endpoint,
    arg,
    request: { url, method: request.method, headers: [...request.headers], body },
    made: Date.now(),
  });
  askForBackgroundSync();
}
