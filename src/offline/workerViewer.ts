import type { RootState } from '@/app/store';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';
import type { Viewer, WorkerMessage } from './workerMessages';

/** Who uses the app, by the store's sessions. */
export function viewerOf(state: RootState): Viewer {
  return { studentId: selectStudentId(state), teacherId: selectTeacherId(state) };
}

/**
 * Posts `message` to the service worker, whichever of its versions exist (the one in charge, one
 * waiting to take over, one installing): each remembers the viewer. Nothing without a worker.
 */
export async function tellWorker(message: WorkerMessage): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  for (const worker of [registration?.installing, registration?.waiting, registration?.active]) worker?.postMessage(message);
}
