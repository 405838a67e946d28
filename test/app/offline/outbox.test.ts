import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import {
  clearOutbox,
  closeOutboxChannel,
  enqueueChange,
  listOutbox,
  OUTBOX_LOCK,
  replayOutbox,
  subscribeOutbox,
  type NewOutboxEntry,
  type OutboxChange,
  type ReplayOptions,
} from '@/offline/outbox';

const API = 'http://localhost/api';

/** A kept change as the base query makes it (form-encoded). */
function change(endpoint: string, path: string, fields: Record<string, string>, studentId = 7): NewOutboxEntry {
  return {
    studentId,
    endpoint,
    arg: { path, ...fields },
    request: {
      url: `${API}${path}`,
      method: endpoint === 'rateCourse' ? 'POST' : 'PUT',
      headers: [
        ['accept', 'application/json'],
        ['content-type', 'application/x-www-form-urlencoded;charset=UTF-8'],
      ],
      body: new URLSearchParams(fields).toString(),
    },
    made: Date.now(),
  };
}

const progress = (chapter: number, position: number, watched: boolean, studentId = 7) =>
  change('saveChapterProgress', `/chapter-progress/${studentId}/${chapter}/`, { position: String(position), watched: String(watched) }, studentId);
const markDone = (id: number, studentId = 7) => change('updateAssignment', `/update-assignment/${id}/`, { student_status: 'true' }, studentId);
const rate = (course: number) => change('rateCourse', `/course-rating/${course}`, { course: String(course), rating: '5' });

interface Sent {
  url: string;
  method: string;
  body: string;
  token: string | null;
  contentType: string | null;
}

/**
 * A fetch that answers each call with the next status of `statuses` (then 200), 'network' for no
 * answer, and keeps what was sent.
 */
function fakeProvider(statuses: (number | 'network')[] = []) {
  const sent: Sent[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const status = statuses.shift() ?? 200;
    if (status === 'network') throw new TypeError('Failed to fetch');
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: String(init?.body ?? ''),
      token: headers.get('X-XSRF-TOKEN'),
      contentType: headers.get('Content-Type'),
    });
    return new Response(status === 204 ? null : '{}', { status });
  });
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

const options = (provider: ReturnType<typeof fakeProvider>, token: () => string | undefined = () => 'token-1'): ReplayOptions => ({
  fetch: provider.fetch,
  xsrfToken: async () => token(),
});

const paths = (sent: Sent[]) => sent.map((call) => new URL(call.url).pathname.replace('/api', ''));

afterEach(() => clearOutbox());
afterAll(() => closeOutboxChannel());

describe('the outbox', () => {
  it('sends the kept changes in the order they were made, with their encoding and the anti-forgery header, and empties', async () => {
    await enqueueChange(markDone(3));
    await enqueueChange(progress(11, 42, false));
    await enqueueChange(rate(1));
    const provider = fakeProvider();

    const result = await replayOutbox(options(provider));

    expect(paths(provider.sent)).toEqual(['/update-assignment/3/', '/chapter-progress/7/11/', '/course-rating/1']);
    expect(provider.sent.map((call) => call.method)).toEqual(['PUT', 'PUT', 'POST']);
    expect(provider.sent[1]).toMatchObject({
      body: 'position=42&watched=false',
      token: 'token-1',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(result).toEqual({ sent: 3, left: 0, dropped: 0 });
    expect(await listOutbox()).toEqual([]);
  });

  it('keeps only the newest progress save of a chapter, in the newest place, and a chapter once watched stays watched', async () => {
    await enqueueChange(progress(11, 10, false));
    await enqueueChange(progress(12, 5, false));
    await enqueueChange(progress(11, 90, true));
    await enqueueChange(markDone(3));
    await enqueueChange(progress(11, 20, false));

    const kept = await listOutbox();

    expect(kept.map((entry) => entry.endpoint)).toEqual(['saveChapterProgress', 'updateAssignment', 'saveChapterProgress']);
    expect(kept.map((entry) => entry.request.body)).toEqual(['position=5&watched=false', 'student_status=true', 'position=20&watched=true']);
    expect(kept[2]!.arg).toMatchObject({ position: '20' });
  });

  it('stops at a network failure, keeps that change and the ones after it, and sends them on the next replay', async () => {
    await enqueueChange(markDone(3));
    await enqueueChange(markDone(4));
    await enqueueChange(markDone(5));
    const offline = fakeProvider([200, 'network']);

    expect(await replayOutbox(options(offline))).toEqual({ sent: 1, left: 2, dropped: 0 });
    expect(paths(offline.sent)).toEqual(['/update-assignment/3/']);

    const online = fakeProvider();
    expect(await replayOutbox(options(online))).toEqual({ sent: 2, left: 0, dropped: 0 });
    expect(paths(online.sent)).toEqual(['/update-assignment/4/', '/update-assignment/5/']);
  });

  it('keeps a change the provider could not take now (503, 429) and stops there', async () => {
    await enqueueChange(markDone(3));
    await enqueueChange(markDone(4));

    expect(await replayOutbox(options(fakeProvider([503])))).toEqual({ sent: 0, left: 2, dropped: 0 });
    expect(await replayOutbox(options(fakeProvider([429])))).toEqual({ sent: 0, left: 2, dropped: 0 });
  });

  it('drops a change the provider refuses (a 4xx: sending it again cannot succeed) and goes on', async () => {
    await enqueueChange(rate(1));
    await enqueueChange(markDone(3));
    const provider = fakeProvider([400]);

    expect(await replayOutbox(options(provider))).toEqual({ sent: 1, left: 0, dropped: 1 });
    expect(paths(provider.sent)).toEqual(['/course-rating/1', '/update-assignment/3/']);
  });

  it("forgets every change of a student whose session has ended (401), and sends another student's", async () => {
    await enqueueChange(markDone(3, 7));
    await enqueueChange(markDone(8, 9));
    await enqueueChange(markDone(4, 7));
    const provider = fakeProvider([401]);

    expect(await replayOutbox(options(provider))).toEqual({ sent: 1, left: 0, dropped: 2 });
    expect(paths(provider.sent)).toEqual(['/update-assignment/3/', '/update-assignment/8/']);
  });

  it('sends a change once more with a fresh anti-forgery token after a 403, and only then drops it', async () => {
    await enqueueChange(markDone(3));
    await enqueueChange(markDone(4));
    let token = 'stale';
    const inner = fakeProvider([403, 200, 403]);
    // The provider sets a fresh token with its first 403 (as it does in a cookie).
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await inner.fetch(input, init);
      if (answer.status === 403 && token === 'stale') token = 'fresh';
      return answer;
    }) as typeof globalThis.fetch;

    const result = await replayOutbox({ fetch, xsrfToken: async () => token });

    // Assignment 3: refused with the stale token, sent with the fresh one. Assignment 4: refused with the fresh token (no fresher one): dropped.
    expect(inner.sent.map((call) => [new URL(call.url).pathname, call.token])).toEqual([
      ['/api/update-assignment/3/', 'stale'],
      ['/api/update-assignment/3/', 'fresh'],
      ['/api/update-assignment/4/', 'fresh'],
    ]);
    expect(result).toEqual({ sent: 1, left: 0, dropped: 1 });
  });

  it('sends under the lock every tab and the worker share, so two replays at once send each change once', async () => {
    const requested: string[] = [];
    let queue = Promise.resolve();
    const locks = {
      request: jest.fn((name: string, callback: () => Promise<unknown>) => {
        requested.push(name);
        const run = queue.then(callback);
        queue = run.then(() => undefined, () => undefined);
        return run;
      }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      await enqueueChange(markDone(3));
      await enqueueChange(markDone(4));
      const provider = fakeProvider();

      const [first, second] = await Promise.all([replayOutbox(options(provider)), replayOutbox(options(provider))]);

      expect(requested).toEqual([OUTBOX_LOCK, OUTBOX_LOCK]);
      expect(paths(provider.sent)).toEqual(['/update-assignment/3/', '/update-assignment/4/']);
      expect([first, second]).toEqual([
        { sent: 2, left: 0, dropped: 0 },
        { sent: 0, left: 0, dropped: 0 },
      ]);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it("forgets every change but those of the student now logged in (another student's login), or all of them (logout)", async () => {
    await enqueueChange(markDone(3, 7));
    await enqueueChange(markDone(8, 9));

    await clearOutbox(9);
    expect((await listOutbox()).map((entry) => entry.studentId)).toEqual([9]);

    await clearOutbox();
    expect(await listOutbox()).toEqual([]);
  });

  it('tells its listeners of a change made here at once, and of one made in another tab or the worker through their channel', async () => {
    const changes: OutboxChange[] = [];
    const unsubscribe = subscribeOutbox((change) => changes.push(change));
    try {
      await enqueueChange(markDone(3));
      expect(changes.map((change) => change.entries.map((entry) => entry.endpoint))).toEqual([['updateAssignment']]);

      // The worker sent it (Background Sync) and says so on the channel.
      await replayOutbox(options(fakeProvider()));
      changes.length = 0;
      await enqueueChange(markDone(4));
      changes.length = 0;
      const worker = new BroadcastChannel('academy-outbox');
      worker.postMessage({ done: [{ endpoint: 'updateAssignment', arg: { id: 4 } }] });
      worker.close();

      await waitFor(() => expect(changes).toHaveLength(1));
      expect(changes[0]!.done).toEqual([{ endpoint: 'updateAssignment', arg: { id: 4 } }]);
      expect(changes[0]!.entries.map((entry) => entry.request.url)).toEqual([`${API}/update-assignment/4/`]);
    } finally {
      unsubscribe();
    }
  });
});
