/**
 * Going offline and back in the app suites, and the outbox between tests. jsdom is always online
 * and has no IndexedDB: a suite that uses this kit imports 'fake-indexeddb/auto' first.
 */
import { act } from '@testing-library/react';
import { cancelRetry } from '@/offline/outboxSync';
import { clearOutbox, closeOutboxChannel, listOutbox } from '@/offline/outbox';
import { server } from '@test/server';

let online = true;

/** `navigator.onLine` as the test sets it, the outbox emptied after each test. Call once at the top of a suite. */
export function withOutboxKit(): void {
  beforeAll(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  });
  afterEach(async () => {
    online = true;
    cancelRetry();
    await clearOutbox();
  });
  afterAll(() => closeOutboxChannel());
}

/** The browser loses its connection (`navigator.onLine` false, the `offline` event). */
export function goOffline(): void {
  act(() => {
    online = false;
    window.dispatchEvent(new Event('offline'));
  });
}

/** The connection is back (`navigator.onLine` true, the `online` event: the page sends the outbox). */
export function goOnline(): void {
  act(() => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });
}

/** What the outbox keeps, in order: endpoint and the request's path (below the API base), method and body. */
export async function keptChanges() {
  return (await listOutbox()).map(({ endpoint, studentId, request }) => ({
    endpoint,
    studentId,
    path: new URL(request.url).pathname.replace(/^\/api/, ''),
    method: request.method,
    body: request.body,
  }));
}

/** The changes (every call but reads) the page sends to the mocked provider from now on, in order: `PUT /api/update-assignment/21/`. */
export function changesSent(): string[] {
  const sent: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') sent.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  afterEachOnce(() => server.events.removeListener('request:start', listener));
  return sent;
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
function afterEachOnce(cleanup: () => void) {
  cleanups.push(cleanup);
}
