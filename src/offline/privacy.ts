import type { AppStore } from '@/app/store';
import { forgetDraftsOtherThan } from '@/components/forms/drafts';
import { isCacheOf, isStudentCache } from './cacheNames';
import { clearOutbox } from './outbox';
import type { Viewer } from './workerMessages';
import { tellWorker, viewerOf } from './workerViewer';

/**
 * Removes what the device keeps of every student but `keepStudentId` (of all of them when null):
 * their pages and reads, their saved chapters and their queued changes.
 */
export async function forgetStudentsOtherThan(keepStudentId: number | null): Promise<void> {
  const names = typeof caches === 'undefined' ? [] : await caches.keys();
  const theirs = names.filter((name) => isStudentCache(name) && (keepStudentId === null || !isCacheOf(name, keepStudentId)));
  await Promise.all([...theirs.map((name) => caches.delete(name)), clearOutbox(keepStudentId ?? undefined)]);
}

/**
 * What the device keeps of a student is theirs alone. From the start and at every change of who
 * uses the app (a login, a logout, a 401 that ends a session, another tab's login), the service
 * worker is told first, so that nothing it is fetching for a student who left goes back in; then
 * every student's copies but those of the student now logged in are removed (and every draft but
 * those of the people logged in, at once). Working from the
 * store's state, not its actions, it also clears what a session that ended while the app was
 * closed (or before this module loaded) left behind.
 */
export function guardStudentCopies(store: Pick<AppStore, 'getState' | 'subscribe'>): void {
  let told: Viewer | null = null;
  let work = Promise.resolve();
  const check = () => {
    const viewer = viewerOf(store.getState());
    if (told !== null && told.studentId === viewer.studentId && told.teacherId === viewer.teacherId) return;
    const studentChanged = told === null || told.studentId !== viewer.studentId;
    told = viewer;
    // Drafts being written (answers, messages) are only those of the people logged in now.
    forgetDraftsOtherThan(viewer);
    work = work
      .then(async () => {
        await tellWorker({ type: 'viewer', ...viewer });
        if (studentChanged) await forgetStudentsOtherThan(viewer.studentId);
      })
      .catch((error: unknown) => console.error('Could not remove the copies of a student who left this device', error));
  };
  check();
  store.subscribe(check);
}
