/**
 * The outbox: changes a student made offline (operations marked `x-offline-queue` in
 * api-spec.yaml), kept in IndexedDB and sent in order once the connection is back.
 *
 * It runs in the page and in the service worker (Background Sync), so it uses nothing but
 * `fetch`, `indexedDB`, `navigator.locks` and `BroadcastChannel` when they exist: no DOM, no
 * store, no cookie. The page loads it on demand (`import()`), never with the first download.
 */
import { createStore, promisifyRequest, values, type UseStore } from 'idb-keyval';

/** The Background Sync tag under which the page asks the worker to send the outbox. */
export const OUTBOX_SYNC_TAG = 'academy-outbox';

/** The Web Lock every tab and the worker take to send the outbox: one sender at a time. */
export const OUTBOX_LOCK = 'academy-outbox';

/** Where a change to the outbox is told to the other tabs and the worker. */
const CHANNEL_NAME = 'academy-outbox';

/** A call as it will be sent: the anti-forgery header is added when it is sent, never kept. */
export interface PreparedRequest {
  /** Absolute. */
  url: string;
  method: string;
  /** Content-Type (with a multipart boundary, when there is one) and Accept. */
  headers: [name: string, value: string][];
  /** The encoded body as text (form-encoded, or multipart without files), or null. */
  body: string | null;
}

/** A change kept in the outbox. */
export interface OutboxEntry {
  /** Its place in the order of sending (the IndexedDB key): the order the changes were made in. */
  seq: number;
  /** The student who made it; their changes are forgotten when their session ends. */
  studentId: number;
  /** The endpoint (operationId) it calls. */
  endpoint: string;
  /** The endpoint's argument, for the screens (pending changes) and the cache tags it invalidates. */
  arg: unknown;
  request: PreparedRequest;
  /** When it was made (Date.now()). */
  made: number;
}

/** A change as the base query hands it to the outbox. */
export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>;

/** What changed in the outbox: its entries now, and the changes that left it (sent or refused). */
export interface OutboxChange {
  entries: readonly OutboxEntry[];
  /** The changes that left it in a replay, answered (sent or refused), in order. */
  done: readonly Pick<OutboxEntry, 'endpoint' | 'arg'>[];
}

export interface ReplayOptions {
  /** The fetch to send with (the page's, or the worker's). */
  fetch: typeof fetch;
  /** The anti-forgery token to send (the `XSRF-TOKEN` cookie's value), if one can be read. */
  xsrfToken: () => Promise<string | undefined>;
}

export interface ReplayResult {
  sent: number;
  /** Changes still kept (the connection failed again before they went). */
  left: number;
  /** Changes the provider refused (a 4xx or a 5xx that retrying cannot mend), or of a student whose session ended (401). */
  dropped: number;
}

let store: UseStore | undefined;
/** The outbox's own database, apart from any other (idb-keyval's `createStore`), opened on first use. */
const outboxStore = () => (store ??= createStore('academy-outbox', 'changes'));

/**
 * How a new change replaces a kept one: progress saves of the same chapter (same URL) keep only
 * the newest position, and `watched` once sent true stays true (the provider never unsets it).
 */
const coalescing: Record<string, (older: OutboxEntry, newer: NewOutboxEntry) => NewOutboxEntry | null> = {
  saveChapterProgress: (older, newer) => {
    if (older.endpoint !== newer.endpoint || older.request.url !== newer.request.url || older.studentId !== newer.studentId) return null;
    const olderWatched = new URLSearchParams(older.request.body ?? '').get('watched') === 'true';
    const body = new URLSearchParams(newer.request.body ?? '');
    if (!olderWatched || body.get('watched') === 'true') return newer;
    body.set('watched', 'true');
    const arg = newer.arg as { chapterProgressForm?: Record<string, unknown> };
    return {
      ...newer,
      arg: { ...arg, chapterProgressForm: { ...arg.chapterProgressForm, watched: true } },
      request: { ...newer.request, body: body.toString() },
    };
  },
};

/** The kept changes, in the order they will be sent. */
export function listOutbox(): Promise<OutboxEntry[]> {
  return values<OutboxEntry>(outboxStore());
}

type Listener = (change: OutboxChange) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function outboxChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
    // Node's channel (under Jest) would otherwise keep the process alive; browsers have no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
    channel?.addEventListener('message', (event: MessageEvent<Pick<OutboxChange, 'done'>>) => {
      // Another tab or the worker changed the outbox: read what it holds now.
      void listOutbox().then((entries) => tell({ entries, done: event.data.done }));
    });
  }
  return channel;
}

function tell(change: OutboxChange) {
  for (const listener of listeners) listener(change);
}

/** Tells this context's listeners (at once) and the other tabs and the worker (by their channel). */
async function changed(done: OutboxChange['done']) {
  const entries = await listOutbox();
  tell({ entries, done });
  outboxChannel()?.postMessage({ done });
}

/**
 * Calls `listener` with each change of the outbox, made here (before the change's promise settles)
 * or in another tab or the worker. Returns the unsubscribe function.
 */
export function subscribeOutbox(listener: Listener): () => void {
  outboxChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stops listening to the other tabs (for tests: a channel outlives its test file). */
export function closeOutboxChannel(): void {
  channel?.close();
  channel = undefined;
  listeners.clear();
}

/**
 * Keeps a change, after every kept one (coalesced with an older one where `coalescing` says so), in
 * one transaction: two tabs keeping changes at once still get distinct places in the order.
 */
export async function enqueueChange(entry: NewOutboxEntry): Promise<void> {
  const coalesce = coalescing[entry.endpoint];
  await outboxStore()('readwrite', (objectStore) => {
    let last = 0;
    let kept = entry;
    const cursorRequest = objectStore.openCursor();
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (cursor === null) {
        objectStore.put({ ...kept, seq: last + 1 } satisfies OutboxEntry, last + 1);
        return;
      }
      last = Math.max(last, Number(cursor.key));
      const merged = coalesce?.(cursor.value as OutboxEntry, kept) ?? null;
      if (merged !== null) {
        kept = merged;
        cursor.delete();
      }
      cursor.continue();
    };
    return promisifyRequest(objectStore.transaction);
  });
  await changed([]);
}

/** Deletes the entries `drop` picks, in one transaction; resolves with how many went. */
function deleteWhere(drop: (entry: OutboxEntry) => boolean): Promise<number> {
  return outboxStore()('readwrite', (objectStore) => {
    let count = 0;
    const cursorRequest = objectStore.openCursor();
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (cursor === null) return;
      if (drop(cursor.value as OutboxEntry)) {
        cursor.delete();
        count += 1;
      }
      cursor.continue();
    };
    return promisifyRequest(objectStore.transaction).then(() => count);
  });
}

/** Forgets every kept change, except those of `keepStudentId` when given (the student now logged in). */
export async function clearOutbox(keepStudentId?: number): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const count = await deleteWhere((entry) => entry.studentId !== keepStudentId);
  if (count > 0) await changed([]);
}

/** The answers after which a change is kept and the replay stops: the provider was not reached, or asked to wait. */
const notReached = new Set([408, 429, 502, 503, 504]);

function sameOrigin(url: string): boolean {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin !== undefined && new URL(url).origin === origin;
}

/** Sends one kept change with the current anti-forgery token; null when no answer came. */
async function sendOnce(entry: OutboxEntry, options: ReplayOptions, token: string | undefined): Promise<Response | null> {
  const headers = new Headers(entry.request.headers);
  if (token !== undefined && sameOrigin(entry.request.url)) headers.set('X-XSRF-TOKEN', token);
  try {
    return await options.fetch(entry.request.url, {
      method: entry.request.method,
      headers,
      body: entry.request.body,
      credentials: 'same-origin',
    });
  } catch {
    return null;
  }
}

/** Sends a kept change; a 403 answered with a fresh anti-forgery token is sent once more, as the base query does. */
async function send(entry: OutboxEntry, options: ReplayOptions): Promise<Response | null> {
  const token = await options.xsrfToken();
  const answer = await sendOnce(entry, options, token);
  if (answer?.status !== 403) return answer;
  const fresh = await options.xsrfToken();
  return fresh !== undefined && fresh !== token ? sendOnce(entry, options, fresh) : answer;
}

async function replayHeld(options: ReplayOptions): Promise<ReplayResult> {
  let sent = 0;
  let dropped = 0;
  const done: Pick<OutboxEntry, 'endpoint' | 'arg'>[] = [];
  for (;;) {
    // Read again each time: a tab may have kept (or coalesced) a change meanwhile.
    const [next] = await listOutbox();
    // The browser knows it is offline (it went so while the replay was starting): keep the rest for 'online'.
    if (next === undefined || navigator.onLine === false) break;
    const answer = await send(next, options);
    if (answer === null || notReached.has(answer.status)) break;
    if (answer.status === 401) {
      // The student's session is over: what they left here is theirs alone, and goes.
      const gone = await deleteWhere((entry) => entry.studentId === next.studentId);
      dropped += gone;
    } else {
      await deleteWhere((entry) => entry.seq === next.seq);
      if (answer.ok) sent += 1;
      else dropped += 1;
    }
    done.push({ endpoint: next.endpoint, arg: next.arg });
  }
  const left = (await listOutbox()).length;
  if (done.length > 0) await changed(done);
  return { sent, left, dropped };
}

/**
 * Sends the kept changes in order, one at a time, under a lock shared by every tab and the worker
 * (`navigator.locks`, where the browser has it). A change leaves the outbox once answered: sent
 * (2xx), or refused (any other 4xx, a 500: sending it again cannot succeed); a 401 forgets every
 * change of that student. No answer (the network), or 408, 429, 502, 503 or 504 (the provider not
 * reached, or asking to wait), stops the replay and keeps that change and the ones after it, as
 * does a browser that says it is offline.
 */
export async function replayOutbox(options: ReplayOptions): Promise<ReplayResult> {
  if (typeof indexedDB === 'undefined') return { sent: 0, left: 0, dropped: 0 };
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(OUTBOX_LOCK, () => replayHeld(options)) : replayHeld(options);
}
