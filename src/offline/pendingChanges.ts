import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxEntry } from './outbox';

/** A change kept in the outbox, as the screens see it. */
export type PendingChange = Pick<OutboxEntry, 'seq' | 'endpoint' | 'arg' | 'studentId' | 'made'>;

const none: readonly PendingChange[] = [];
let snapshot: readonly PendingChange[] = none;
const listeners = new Set<() => void>();
let started: Promise<void> | null = null;
/** Settles once the reads that the changes just sent touched have been answered again (set by the outbox sync). */
let sentRefreshed: Promise<unknown> = Promise.resolve();
/** Counts the outbox's changes, so that a change shown late never hides a newer one. */
let lastChange = 0;

/**
 * Keeps the changes that have just left the outbox on the screens until `refreshed` settles:
 * until then the screens' data is the read from before they were sent, and would flicker back.
 */
export function showSentAfter(refreshed: Promise<unknown>): void {
  sentRefreshed = refreshed;
}

function show(entries: readonly OutboxEntry[]) {
  snapshot = entries.length === 0 ? none : entries.map(({ seq, endpoint, arg, studentId, made }) => ({ seq, endpoint, arg, studentId, made }));
  for (const listener of listeners) listener();
}

/**
 * Mirrors the outbox (IndexedDB) for the screens: read once the first screen asks, then kept
 * current by every change (this tab's, before the change's call resolves; another tab's or the
 * worker's, through their channel). The outbox module loads on demand, not with the page.
 */
function start(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  started ??= import(/* webpackChunkName: "outbox" */ './outbox')
    .then(async ({ listOutbox, subscribeOutbox }) => {
      subscribeOutbox(({ entries, done }) => {
        const change = (lastChange += 1);
        if (done.length === 0) return show(entries);
        // Every listener hears the change at once: by the next microtask the sync has said what to wait for.
        void Promise.resolve()
          .then(() => sentRefreshed)
          .catch(() => undefined)
          .then(() => {
            if (change === lastChange) show(entries);
          });
      });
      show(await listOutbox());
    })
    .catch(() => undefined);
  return started;
}

function subscribe(listener: () => void) {
  void start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Starts the mirror; resolves once it follows the outbox. The base query waits for it before it
 * keeps a change, so the screens see the change when its call resolves.
 */
export function startPendingChanges(): Promise<void> {
  return start();
}

const ignore = () => () => undefined;

/**
 * The changes `studentId` made offline and the outbox still keeps, oldest first; none (and the
 * outbox is not even loaded) when no student is logged in.
 */
export function usePendingChanges(studentId: number | null): readonly PendingChange[] {
  const changes = useSyncExternalStore(studentId === null ? ignore : subscribe, () => snapshot, () => none);
  return useMemo(() => (studentId === null ? none : changes.filter((change) => change.studentId === studentId)), [changes, studentId]);
}

/**
 * The newest change of `studentId` to `endpoint` kept in the outbox (made offline, not sent yet)
 * whose argument `match` accepts, or undefined: what a screen shows as done, with 'will be sent
 * when you are back online', also after a reload offline.
 */
export function usePendingChange<Arg>(studentId: number | null, endpoint: string, match: (arg: Arg) => boolean): PendingChange | undefined {
  return usePendingChanges(studentId).findLast((change) => change.endpoint === endpoint && match(change.arg as Arg));
}
