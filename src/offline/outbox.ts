/**
 * The outbox: changes a student made offline (operations marked `x-offline-queue` in
 * api-spec.yaml), kept in IndexedDB and sent in order once the connection is back.
 * (Being written by the offline-queue work of issue 25: these signatures are what the service
 * worker and the privacy rules rely on.)
 */

/** The Background Sync tag under which the page asks the worker to send the outbox. */
export const OUTBOX_SYNC_TAG = 'academy-outbox';

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
}

/** Sends the kept changes in order, one at a time, under a lock shared by every tab and the worker. */
export async function replayOutbox(_options: ReplayOptions): Promise<ReplayResult> {
  return { sent: 0, left: 0 };
}

/** Forgets every kept change, except those of `keepStudentId` when given (the student now logged in). */
export async function clearOutbox(_keepStudentId?: number): Promise<void> {}
