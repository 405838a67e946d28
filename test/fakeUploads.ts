/**
 * A stand-in for XMLHttpRequest, for suites that need an upload to stop half-way: msw answers
 * XHR uploads too, but reports their progress only once, at 100%, when it answers. With
 * `useFakeUploads()` each upload waits until the suite moves it on:
 *
 *     const uploads = useFakeUploads();   // in a describe
 *     …  // the screen starts an upload
 *     const upload = await uploads.next();
 *     upload.progress(50, 100);           // the screen shows 50%
 *     upload.respond(201, { id: 9 });     // or: the screen's Cancel aborts it (upload.aborted)
 */
import { waitFor } from '@testing-library/react';

type Listener = ((event: ProgressEvent) => void) | null;

export class FakeUploadRequest {
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload: { onprogress: Listener } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  private responseHeaders = '';

  constructor(private readonly sent: FakeUploadRequest[]) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
  }

  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }

  /** The browser has sent `loaded` of `total` bytes of the body. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }

  /** The provider answers (a JSON body unless `body` is a string). */
  respond(status: number, body?: unknown): void {
    this.status = status;
    this.statusText = String(status);
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = typeof body === 'string' ? 'content-type: text/html' : 'content-type: application/json';
    this.onload?.({} as ProgressEvent);
  }

  /** No answer arrives (network failure). */
  fail(): void {
    this.onerror?.({} as ProgressEvent);
  }

  /** The fields of the multipart body as sent. */
  fields(): Record<string, FormDataEntryValue> {
    return Object.fromEntries((this.body as FormData).entries());
  }
}

/**
 * Call at the top of a `describe`: in each of its tests, XMLHttpRequest (which the app uses for
 * uploads only) is the fake; `next()` waits for the screen's next upload.
 */
export function useFakeUploads() {
  const sent: FakeUploadRequest[] = [];
  let taken = 0;
  let original: typeof XMLHttpRequest;
  beforeEach(() => {
    sent.length = 0;
    taken = 0;
    original = window.XMLHttpRequest;
    window.XMLHttpRequest = function FakeXMLHttpRequest() {
      return new FakeUploadRequest(sent);
    } as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    window.XMLHttpRequest = original;
  });
  return {
    sent,
    /** The next upload the screen sends (waits for it). */
    async next(): Promise<FakeUploadRequest> {
      await waitFor(() => expect(sent.length).toBeGreaterThan(taken));
      taken += 1;
      return sent[taken - 1]!;
    },
  };
}
