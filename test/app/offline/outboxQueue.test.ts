import 'fake-indexeddb/auto';
import { act, waitFor } from '@testing-library/react';
import { api, isQueuedOffline } from '@/api';
import { RETRY_MS } from '@/offline/outboxSync';
import { makeStore } from '@/app/store';
import { listOutbox } from '@/offline/outbox';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls, recordSent } from '@test/recordCalls';
import { loggedInAs } from '@test/render';
import { changesSent, goOffline, goOnline, keptChanges, withOutboxKit } from './outboxTestKit';

withOutboxKit();

const asStudent = () => makeStore({ preloadedState: loggedInAs({ student: 7 }) });

const markDone = (id: number) => api.endpoints.updateAssignment.initiate({ id, assignmentStatusForm: { student_status: true, title: 'Write five greetings', student: 7, teacher: 4 } });
const saveProgress = (chapterId: number, position: number) =>
  api.endpoints.saveChapterProgress.initiate({ studentId: 7, chapterId, chapterProgressForm: { position, watched: false } });

describe('base query: changes made offline', () => {
  it('keeps a change made with no connection in the outbox, as it would have been sent, and resolves it as queued', async () => {
    const store = asStudent();
    const sent = recordCalls('updateAssignment');
    goOffline();

    const result = await store.dispatch(markDone(21));

    expect(isQueuedOffline(result.error)).toBe(true);
    expect(sent).toHaveLength(0);
    const [kept] = await listOutbox();
    expect(kept).toMatchObject({ endpoint: 'updateAssignment', studentId: 7, arg: { id: 21 } });
    expect(kept!.request.url).toBe('http://localhost/api/update-assignment/21/');
    expect(kept!.request.method).toBe('PUT');
    // Multipart, as api-spec.yaml declares it: the boundary is kept with the body.
    const contentType = new Headers(kept!.request.headers).get('content-type')!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body: kept!.request.body }).formData();
    expect(Object.fromEntries(form)).toEqual({ student_status: 'true', title: 'Write five greetings', student: '7', teacher: '4' });
    expect(new Headers(kept!.request.headers).get('accept')).toBe('application/json');
    // Not a session expiry: the student stays logged in.
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
  });

  it('keeps a change whose request fails on the network (the browser thought it was online)', async () => {
    const store = asStudent();
    failEndpoint('saveChapterProgress', 'network');

    const result = await store.dispatch(saveProgress(11, 42.5));

    expect(isQueuedOffline(result.error)).toBe(true);
    expect(await keptChanges()).toEqual([
      { endpoint: 'saveChapterProgress', studentId: 7, path: '/chapter-progress/7/11/', method: 'PUT', body: 'position=42.5&watched=false' },
    ]);
  });

  it('sends a change kept after a network failure again 30 seconds later while the browser says it is online', async () => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'Date'] });
    const store = asStudent();
    failEndpoint('saveChapterProgress', 'network', { once: true });
    const sent = recordSent('saveChapterProgress');
    await store.dispatch(saveProgress(11, 42.5));
    expect(await listOutbox()).toHaveLength(1);

    await act(() => jest.advanceTimersByTime(RETRY_MS));

    // The first try failed on the network; the second is the retry.
    await waitFor(() => expect(sent.map((call) => call.fields.position)).toEqual(['42.5', '42.5']));
    await waitFor(async () => expect(await listOutbox()).toEqual([]));
  });

  it('does not keep other calls, nor a change the provider answered', async () => {
    const store = asStudent();
    failEndpoint('sendMessage', 'network');
    failEndpoint('rateCourse', 500);

    const message = await store.dispatch(api.endpoints.sendMessage.initiate({ teacherId: 4, studentId: 7, messageForm: { msg_text: 'Hi', msg_from: 'student' } }));
    const rating = await store.dispatch(api.endpoints.rateCourse.initiate({ courseId: 1, ratingForm: { course: 1, student: 7, rating: 5 } }));

    expect(message.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(rating.error).toMatchObject({ status: 500 });
    expect(await listOutbox()).toEqual([]);
  });

  it('sends the kept changes in order when the connection is back, and the screens read again what they changed', async () => {
    const store = asStudent();
    // A screen showing the assignments, which 'Mark as Done' sent later must refresh.
    const reads = recordCalls('listMyAssignments');
    const subscription = store.dispatch(api.endpoints.listMyAssignments.initiate({ studentId: 7 }));
    await waitFor(() => expect(reads).toHaveLength(1));
    goOffline();
    await store.dispatch(saveProgress(11, 10));
    await store.dispatch(markDone(21));
    await store.dispatch(saveProgress(11, 30));
    await store.dispatch(api.endpoints.addFavoriteCourse.initiate({ favoriteCourseForm: { course: 2, student: 7 } }));
    const order = changesSent();
    const progress = recordSent('saveChapterProgress');

    goOnline();

    await waitFor(() => expect(order).toHaveLength(3));
    // The two saves of chapter 11 went as one, the newest, in its place after 'Mark as Done'.
    expect(order).toEqual(['PUT /api/update-assignment/21/', 'PUT /api/chapter-progress/7/11/', 'POST /api/student-add-favorite-course/']);
    await waitFor(() => expect(progress.map((call) => call.fields.position)).toEqual(['30']));
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(await listOutbox()).toEqual([]);
    subscription.unsubscribe();
  });
});
