/** Who uses the app on this device: the student and the teacher logged in, if any. */
export interface Viewer {
  studentId: number | null;
  teacherId: number | null;
}

export const nobody: Viewer = { studentId: null, teacherId: null };

/** What the page tells the service worker (src/serviceWorker/worker.ts) through `postMessage`. */
export type WorkerMessage =
  /** Who uses the app now: the worker keeps a student's copies only while that student is logged in. */
  | ({ type: 'viewer' } & Viewer)
  /** Take over now (workbox-window's `messageSkipWaiting` sends this when the reader chooses 'Reload'). */
  | { type: 'SKIP_WAITING' };

const isId = (value: unknown) => value === null || (typeof value === 'number' && Number.isInteger(value));

export function isWorkerMessage(data: unknown): data is WorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type === 'SKIP_WAITING') return true;
  return message.type === 'viewer' && isId(message.studentId) && isId(message.teacherId);
}
