/**
 * What the device keeps of a student goes with them (src/offline/privacy.ts): a logout or a 401
 * removes it all, another student's login removes what was not theirs; the worker hears of the
 * new viewer first.
 */
import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { api } from '@/api';
import { makeStore } from '@/app/store';
import { studentLoggedIn, studentLoggedOut, teacherLoggedIn, teacherLoggedOut } from '@/features/session/sessionSlices';
import { imageCache, publicCache, savedChaptersCache, studentCache } from '@/offline/cacheNames';
import { clearOutbox, closeOutboxChannel, enqueueChange, listOutbox } from '@/offline/outbox';
import { guardStudentCopies } from '@/offline/privacy';
import { type InstalledCacheStorage, installFakeCacheStorage } from '@test/fakes/cacheStorage';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs } from '@test/render';

const keptEverywhere = [publicCache, imageCache, studentCache(7), savedChaptersCache(7), studentCache(8), savedChaptersCache(8)];
const sharedOnly = [publicCache, imageCache];

async function keepCopies() {
  for (const name of keptEverywhere) await (await caches.open(name)).put('http://localhost/kept', new Response('kept'));
}

const queueChangeOf = (studentId: number) =>
  enqueueChange({
    studentId,
    endpoint: 'saveChapterProgress',
    arg: { chapter: 1 },
    request: {
      url: `http://localhost/api/chapter-progress/${studentId}/1/`,
      method: 'PUT',
      headers: [['Content-Type', 'application/x-www-form-urlencoded']],
      body: 'position=30',
    },
    made: Date.now(),
  });

const queuedStudents = async () => (await listOutbox()).map((entry) => entry.studentId);
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A store watched by the guard, as the app's is once it has loaded. */
function guardedStore(preloadedState = loggedInAs({ student: 7 })) {
  const store = makeStore({ preloadedState });
  guardStudentCopies(store);
  return store;
}

let storage: InstalledCacheStorage;
let postMessage: jest.Mock;
beforeEach(async () => {
  storage = installFakeCacheStorage();
  postMessage = jest.fn();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ installing: null, waiting: null, active: { postMessage } }) },
  });
  await keepCopies();
  await queueChangeOf(7);
  await queueChangeOf(8);
});
afterEach(async () => {
  storage.restore();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  await clearOutbox();
});
afterAll(() => closeOutboxChannel());

describe("a student's copies on the device", () => {
  it('are only those of the student logged in, from the start', async () => {
    guardedStore();

    await waitFor(async () => expect(await caches.keys()).toEqual([publicCache, imageCache, studentCache(7), savedChaptersCache(7)]));
    expect(await queuedStudents()).toEqual([7]);
    expect(postMessage).toHaveBeenCalledWith({ type: 'viewer', studentId: 7, teacherId: null });
  });

  it("go, every student's, when the student logs out", async () => {
    const store = guardedStore();

    store.dispatch(studentLoggedOut());

    await waitFor(async () => expect(await caches.keys()).toEqual(sharedOnly));
    expect(await queuedStudents()).toEqual([]);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'viewer', studentId: null, teacherId: null });
  });

  it("go when the provider says the student's session has ended (a 401)", async () => {
    failEndpoint('getStudentDashboard', 401, { msg: 'Please log in.' });
    const store = guardedStore();

    await store.dispatch(api.endpoints.getStudentDashboard.initiate({ studentId: 7 }));

    expect(store.getState().student.loggedIn).toBe(false);
    await waitFor(async () => expect(await caches.keys()).toEqual(sharedOnly));
    expect(await queuedStudents()).toEqual([]);
  });

  it("go when another student logs in, whose own stay", async () => {
    const store = guardedStore();
    await waitFor(async () => expect(await caches.keys()).toHaveLength(4));
    await keepCopies();
    await queueChangeOf(8);

    store.dispatch(studentLoggedIn({ id: 8 }));

    await waitFor(async () => expect(await caches.keys()).toEqual([publicCache, imageCache, studentCache(8), savedChaptersCache(8)]));
    expect(await queuedStudents()).toEqual([8]);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'viewer', studentId: 8, teacherId: null });
  });

  it('stay when a teacher logs in or out; the worker is told (it keeps nothing from the API for a teacher)', async () => {
    const store = guardedStore();
    await waitFor(async () => expect(await caches.keys()).toHaveLength(4));

    store.dispatch(teacherLoggedIn({ id: 3 }));
    await waitFor(() => expect(postMessage).toHaveBeenLastCalledWith({ type: 'viewer', studentId: 7, teacherId: 3 }));
    store.dispatch(teacherLoggedOut());
    await waitFor(() => expect(postMessage).toHaveBeenLastCalledWith({ type: 'viewer', studentId: 7, teacherId: null }));
    await settled();

    expect(await caches.keys()).toEqual([publicCache, imageCache, studentCache(7), savedChaptersCache(7)]);
    expect(await queuedStudents()).toEqual([7]);
  });
});

describe('drafts on the device', () => {
  const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:')).sort();

  it('are only those of the people logged in: a 401, a logout or another login removes the others at once', async () => {
    localStorage.setItem('draft:student:7:assignment:21', 'Mi pueblo');
    localStorage.setItem('draft:student:8:assignment:30', 'Hola');
    localStorage.setItem('draft:teacher:4:conversation:4-7', 'Well done');
    const store = guardedStore(loggedInAs({ student: 7, teacher: 4 }));
    expect(drafts()).toEqual(['draft:student:7:assignment:21', 'draft:teacher:4:conversation:4-7']);

    store.dispatch(studentLoggedOut());
    expect(drafts()).toEqual(['draft:teacher:4:conversation:4-7']);
    localStorage.setItem('draft:student:8:assignment:30', 'Hola');
    store.dispatch(studentLoggedIn({ id: 8 }));
    store.dispatch(teacherLoggedOut());
    expect(drafts()).toEqual(['draft:student:8:assignment:30']);
    await settled();
  });
});
