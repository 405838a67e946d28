/**
 * The hand-over of the reads the shell started before the app's code arrived (src/app/earlyReads.ts):
 * each is taken once, by the same GET while fresh; a failed, refused or stale one is asked again;
 * and priming the first screen's queries on them asks the provider for nothing more.
 */
import { api } from '@/api';
import { earlyReadsByRoute, type StartedRead } from '@/app/earlyReadRoutes';
import { EARLY_READ_MAX_AGE_MS, primeEarlyReads, takeEarlyRead } from '@/app/earlyReads';
import { makeStore } from '@/app/store';
import { EARLY_READS_GLOBAL, setEarlyReadSource } from '@/config/env';
import { readSessions } from '@/features/session/sessionPersistence';
import { sessionsSynced } from '@/features/session/sessionSlices';
import { API } from '@test/handlers/endpoint';
import { server } from '@test/server';

/** Every request that reached the (mocked) provider, by URL. */
function providerRequests() {
  const urls: string[] = [];
  const listener = ({ request }: { request: Request }) => void urls.push(request.url);
  server.events.on('request:start', listener);
  return { urls, stop: () => server.events.removeListener('request:start', listener) };
}

const globalReads = () => window as unknown as Record<string, Record<string, StartedRead> | undefined>;

afterEach(() => {
  delete globalReads()[EARLY_READS_GLOBAL];
  setEarlyReadSource(null);
});

describe('taking an early read', () => {
  const url = `${API}/student/7`;
  const answer = () => Promise.resolve(Response.json({ id: 7, full_name: 'Ada Lovelace' }));

  it('gives the early answer to the same GET once; the next one is the caller’s to send', async () => {
    const reads = { [url]: { at: Date.now(), response: answer() } };
    const early = takeEarlyRead(new Request(url), reads);
    await expect(early?.then((response) => response.json())).resolves.toEqual({ id: 7, full_name: 'Ada Lovelace' });
    expect(takeEarlyRead(new Request(url), reads)).toBeNull();
  });

  it('leaves other requests alone: another URL, or a change', () => {
    const reads = { [url]: { at: Date.now(), response: answer() } };
    expect(takeEarlyRead(new Request(`${API}/student/8`), reads)).toBeNull();
    expect(takeEarlyRead(new Request(url, { method: 'POST', body: '{}' }), reads)).toBeNull();
    expect(Object.keys(reads)).toEqual([url]);
  });

  it('never gives a stale answer, and forgets it', () => {
    const at = Date.now();
    const reads = { [url]: { at, response: answer() } };
    expect(takeEarlyRead(new Request(url), reads, at + EARLY_READ_MAX_AGE_MS + 1)).toBeNull();
    expect(reads).toEqual({});
  });

  it('asks again when the early read failed or was refused', async () => {
    const requests = providerRequests();
    const reads = {
      [url]: { at: Date.now(), response: Promise.reject(new TypeError('Failed to fetch')) },
      [`${API}/student/dashboard/7`]: { at: Date.now(), response: Promise.resolve(new Response('busy', { status: 503 })) },
    };
    const again = await takeEarlyRead(new Request(url), reads);
    const dashboard = await takeEarlyRead(new Request(`${API}/student/dashboard/7`), reads);
    requests.stop();
    expect(again?.status).toBe(200);
    expect(dashboard?.status).toBe(200);
    expect(requests.urls).toEqual([url, `${API}/student/dashboard/7`]);
  });
});

describe('priming a student’s first screen', () => {
  /** What the shell's script does: the screen's reads, sent now. */
  function startReads(pattern: string) {
    const started: Record<string, StartedRead> = {};
    for (const read of earlyReadsByRoute[pattern] ?? []) {
      const url = `${API}/${read.path.replace('{studentId}', '7')}`;
      started[url] = { at: Date.now(), response: fetch(url) };
    }
    globalReads()[EARLY_READS_GLOBAL] = started;
    return Object.keys(started);
  }

  function loggedInStore() {
    localStorage.setItem('studentLoginStatus', 'true');
    localStorage.setItem('studentId', '7');
    const store = makeStore();
    store.dispatch(sessionsSynced(readSessions()));
    return store;
  }

  it.each(Object.keys(earlyReadsByRoute))('%s: the queries are answered by the early reads, each read once', async (pattern) => {
    const store = loggedInStore();
    const requests = providerRequests();
    const urls = startReads(pattern);
    const early = primeEarlyReads(store, pattern, Promise.resolve());
    await early.ready;
    requests.stop();

    // Each URL went to the provider once (the shell's read), and each query holds its answer:
    // so the paths of earlyReadsByRoute are the endpoints' own.
    expect(requests.urls.sort()).toEqual([...urls].sort());
    for (const { endpoint } of earlyReadsByRoute[pattern] ?? []) {
      const entry = (api.endpoints[endpoint] as typeof api.endpoints.getStudent).select({ studentId: 7 })(store.getState() as never);
      expect(entry.isSuccess).toBe(true);
    }
    expect(globalReads()[EARLY_READS_GLOBAL]).toEqual({});

    // A screen reading the same again afterwards asks the provider.
    const again = providerRequests();
    await store.dispatch(api.endpoints.listStudentProgress.initiate({ studentId: 7 }, { forceRefetch: true }));
    again.stop();
    expect(again.urls).toEqual([`${API}/student-progress/7`]);
    early.release();
  });

  it('on the dashboard, reads the course of ‘Continue learning’ as soon as the progress is in', async () => {
    const store = loggedInStore();
    startReads('/student-dashboard');
    const progress = [
      { course: 2, chapters_total: 3, chapters_watched: 1, last_chapter: 21, last_position: 5, updated_at: '2026-11-01T10:00:00Z' },
      { course: 1, chapters_total: 1, chapters_watched: 0, last_chapter: 11, last_position: 40, updated_at: '2026-11-20T10:00:00Z' },
      { course: 3, chapters_total: 2, chapters_watched: 0, last_chapter: null, last_position: 0, updated_at: null },
    ];
    globalReads()[EARLY_READS_GLOBAL]![`${API}/student-progress/7`] = { at: Date.now(), response: Promise.resolve(Response.json(progress)) };
    const requests = providerRequests();
    const early = primeEarlyReads(store, '/student-dashboard', Promise.resolve());
    await early.ready;
    requests.stop();
    expect(requests.urls).toEqual([`${API}/course/1`]);
    expect(api.endpoints.getCourse.select({ courseId: 1 })(store.getState() as never).isSuccess).toBe(true);
    early.release();
  });

  it('lets the first render go soon after the screen’s code when the reads hang', async () => {
    const store = loggedInStore();
    const hanging: Record<string, StartedRead> = {};
    for (const read of earlyReadsByRoute['/my-courses'] ?? []) {
      hanging[`${API}/${read.path.replace('{studentId}', '7')}`] = { at: Date.now(), response: new Promise<Response>(() => {}) };
    }
    globalReads()[EARLY_READS_GLOBAL] = hanging;
    let codeLoaded!: () => void;
    const codeReady = new Promise<void>((resolve) => {
      codeLoaded = resolve;
    });
    let ready = false;
    const early = primeEarlyReads(store, '/my-courses', codeReady, 20);
    void early.ready.then(() => {
      ready = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready).toBe(false);
    codeLoaded();
    await early.ready;
    expect(ready).toBe(true);
  });

  it('primes nothing for a visitor', async () => {
    const store = makeStore();
    const requests = providerRequests();
    startReads('/student-dashboard');
    const before = requests.urls.length;
    await primeEarlyReads(store, '/student-dashboard', Promise.resolve()).ready;
    requests.stop();
    expect(requests.urls).toHaveLength(before);
    expect(api.endpoints.getStudent.select({ studentId: 7 })(store.getState() as never).isUninitialized).toBe(true);
  });
});
