import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl, providerFetch } from '@/config/env';
import { bodyEncodingOf, isUploadOperation } from './operationTables';
import { keepaliveOperations, offlineQueueOperations, type BodyEncoding } from './operations';
import { withoutSecrets } from './secrets';
import { offlineSupport } from './offlineSupport';
import type { UploadArgs } from './uploadQuery';
import type { OfflineArgs } from './outboxEndpoints';

/** The upload sender (XMLHttpRequest with progress) loads with the first upload, not with the page. */
const loadUploadQuery = () => import(/* webpackChunkName: "upload" */ './uploadQuery');

/**
 * The calls that start a session of a side (its cookie): a logout still pending on the device is
 * sent before them, and one that succeeds forgets the pending logout of its side, whose cookie it replaced.
 */
const sessionStarts: Record<string, 'student' | 'teacher'> = {
  studentLogin: 'student',
  verifyStudent: 'student',
  teacherLogin: 'teacher',
  verifyTeacher: 'teacher',
};

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/** The anti-forgery token the provider set (the `XSRF-TOKEN` cookie), if any. */
export const xsrfCookie = () => readCookie(XSRF_COOKIE);

/**
 * What a change made offline resolves with (an error, so no screen takes it for the provider's
 * answer): kept in the outbox, to be sent when the connection is back. Not a 401: the session
 * expiry leaves it alone.
 */
const QUEUED = 'queued offline';
const queuedOffline = { error: { status: 'CUSTOM_ERROR', error: QUEUED } } as const satisfies { error: FetchBaseQueryError };

/** Whether a failed call (an RTK Query error, or what `unwrap()` threw) was kept in the outbox to be sent later. */
export const isQueuedOffline = (error: unknown): boolean => (error as { error?: unknown } | null | undefined)?.error === QUEUED;

/** The store whose outbox is followed (sent at start-up and on reconnecting); one per page, the latest in tests. */
let outboxFollowedBy: unknown;

/**
 * The offline support registered at start-up (offlineSupport.ts), where calls can be kept offline:
 * a browser with IndexedDB (not a server render, not plain jsdom). Its outbox side (keeping calls
 * made offline, sending them later) loads with the first such call, or after the first answer; its
 * logout side with the first login.
 */
const offlineHere = () => (typeof window !== 'undefined' && typeof indexedDB !== 'undefined' ? offlineSupport() : undefined);

type Field = string | number | boolean | Blob | null | undefined;

function fields(body: Record<string, unknown>): [string, Exclude<Field, null | undefined>][] {
  return Object.entries(body as Record<string, Field>).filter(
    (entry): entry is [string, Exclude<Field, null | undefined>] => entry[1] !== undefined && entry[1] !== null,
  );
}

/** Turns a plain body into the encoding api-spec.yaml declares for the operation. */
export function encodeBody(body: unknown, encoding: BodyEncoding | undefined): unknown {
  if (body === null || typeof body !== 'object' || body instanceof FormData || body instanceof URLSearchParams) {
    return body;
  }
  const record = body as Record<string, unknown>;
  if (encoding === 'form') {
    return new URLSearchParams(fields(record).map(([name, value]) => [name, String(value)]));
  }
  if (encoding === 'multipart') {
    const form = new FormData();
    for (const [name, value] of fields(record)) {
      if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
      else form.append(name, String(value));
    }
    return form;
  }
  return body;
}

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

let rawBaseQuery: { baseUrl: string; query: ReturnType<typeof fetchBaseQuery> } | undefined;

/** fetchBaseQuery on the API base of the page (one in a browser; each server render's own). */
function fetchQuery() {
  const baseUrl = apiBaseUrl().href;
  if (rawBaseQuery?.baseUrl !== baseUrl) {
    rawBaseQuery = {
      baseUrl,
      query: fetchBaseQuery({
        baseUrl,
        fetchFn: providerFetch,
        prepareHeaders: (headers) => {
          headers.set('Accept', 'application/json');
          return headers;
        },
      }),
    };
  }
  return rawBaseQuery.query;
}

/** The absolute URL of a call: its path relative to the configured API base. */
function absoluteUrl(args: FetchArgs): string {
  return new URL(args.url.replace(/^\//, ''), apiBaseUrl()).href;
}

/** The one call made to get an anti-forgery cookie on a page that has none yet, by API base. */
let tokenFetch: { baseUrl: string; done: Promise<void> } | undefined;

/**
 * Gets the provider's `XSRF-TOKEN` cookie before the first state-changing call of a page that has
 * none (a fresh browser, or a shell from the service worker after the browser was restarted), so
 * the first login is not refused 403 and sent again: every answer of the provider sets the cookie
 * when the request lacked it, so a HEAD of the public category list does, without a body. Once
 * per page and API base; if that answer sets no cookie (a provider of its own kind), the call goes
 * without the header as before.
 */
function ensureXsrfCookie(): Promise<void> {
  const baseUrl = apiBaseUrl().href;
  if (tokenFetch?.baseUrl !== baseUrl) {
    const done = providerFetch(new URL('category/', baseUrl), { method: 'HEAD', credentials: 'same-origin' }).then(
      () => undefined,
      () => undefined,
    );
    tokenFetch = { baseUrl, done };
  }
  return tokenFetch.done;
}

function withXsrfHeader<Args extends FetchArgs>(args: Args, token: string | undefined): Args {
  const url = absoluteUrl(args);
  if (token === undefined || !isSameOrigin(url)) return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set(XSRF_HEADER, token);
  return { ...args, headers };
}

/**
 * The base query of every endpoint: the configured API base, `Accept: application/json`, no
 * timeout, the body in the encoding the spec declares for the endpoint, and the anti-forgery
 * header on same-origin state-changing calls: a page without the `XSRF-TOKEN` cookie gets it
 * before its first state-changing call (`ensureXsrfCookie`). A provider that refuses a
 * state-changing call for a stale token sets a fresh cookie in that answer; the call is then sent
 * once more.
 * Operations marked `x-keepalive` in the spec are sent with `keepalive: true`, so a call made
 * while the page is being hidden or closed (a player saving where it stopped) still reaches the
 * provider, anti-forgery header included.
 *
 * Uploads (operations with file fields in the spec, `uploadOperations`) are the one exception to
 * fetch: they go through `sendWithProgress` (XMLHttpRequest), which reports the progress of the
 * body to the arg's `onUploadProgress` and is aborted by the mutation's `.abort()`, with the same
 * headers and the same result and error shapes, so the error classifier and the session-expiry
 * middleware see no difference.
 *
 * A change a student may make offline (operations marked `x-offline-queue`, `offlineQueueOperations`)
 * is not sent while the browser says it is offline, nor lost when its request fails on the network:
 * it is kept in the outbox (src/offline/outbox.ts, through the outbox side the app registered at
 * start-up, offlineSupport.ts; both loaded on demand) and resolves as an error that
 * `isQueuedOffline` recognises (no HTTP status: the session expiry leaves it alone), to be sent
 * when the connection is back. After the page's first answer the outbox is
 * followed: what an earlier visit left is sent, and sent again on each `online` event.
 *
 * A login or code check (`sessionStarts`) first sends any logout still pending on the device
 * (src/offline/logoutSync.ts), and once it succeeds forgets the pending logout of its side.
 *
 * Every successful answer loses `password` and `otp_digit` at any depth (`withoutSecrets`) before
 * a transform, the store, the devtools or a screen sees it: the original backend nests both in
 * every teacher and student object. Error bodies are kept: a field map may name `password`.
 */
export const baseQuery: BaseQueryFn<string | OfflineArgs, unknown, FetchBaseQueryError> = async (
  rawArgs,
  api,
  extraOptions,
) => {
  const { offlineArg, ...args }: OfflineArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  const encoded: UploadArgs = {
    ...args,
    body: encodeBody(args.body, bodyEncodingOf(api.endpoint)),
    ...(keepaliveOperations.includes(api.endpoint) ? { keepalive: true } : {}),
  };
  const send = async (call: UploadArgs) => {
    if (isUploadOperation(api.endpoint)) return (await loadUploadQuery()).sendWithProgress(absoluteUrl(call), call, api);
    const { onUploadProgress: _onlyForUploads, ...fetchArgs } = call;
    return fetchQuery()(fetchArgs, api, extraOptions);
  };
  // A change a student may make offline is kept in the outbox when there is no connection; where
  // that cannot be (no student, storage refused), the call fails as it would have.
  const offline = offlineHere();
  const keepable = offlineQueueOperations.includes(api.endpoint) && offline !== undefined;
  const keepOffline = async () =>
    offline !== undefined &&
    (await offline.loadOutbox()).keepOffline({ api, arg: offlineArg, url: absoluteUrl(encoded), args: encoded }).catch(() => false);
  if (keepable && navigator.onLine === false && (await keepOffline())) return queuedOffline;
  const changesState = !['GET', 'HEAD'].includes((encoded.method ?? 'GET').toUpperCase());
  if (changesState && typeof document !== 'undefined' && readCookie(XSRF_COOKIE) === undefined && isSameOrigin(absoluteUrl(encoded))) {
    await ensureXsrfCookie();
  }
  const startsSession = sessionStarts[api.endpoint];
  const logouts = startsSession !== undefined && offline !== undefined ? await offline.loadLogouts().catch(() => undefined) : undefined;
  await logouts?.sendLogoutsFromPage();
  // Only a state-changing call carries the token: a read needs none, and reading `document.cookie`
  // is a synchronous trip to the browser's cookie store, in the tasks that start a page's reads.
  const sentToken = changesState ? readCookie(XSRF_COOKIE) : undefined;
  let result = await send(withXsrfHeader(encoded, sentToken));
  const freshToken = changesState ? readCookie(XSRF_COOKIE) : undefined;
  if (result.error?.status === 403 && freshToken !== undefined && freshToken !== sentToken) {
    result = await send(withXsrfHeader(encoded, freshToken));
  }
  if (keepable && result.error?.status === 'FETCH_ERROR' && !api.signal.aborted && (await keepOffline())) return queuedOffline;
  if (logouts && startsSession && (result.data as { bool?: unknown } | undefined)?.bool === true) await logouts.loggedInAgain(startsSession);
  // After the page's first answer: what an earlier visit left is sent, and sent again on reconnecting.
  // (For a student only: a visitor's or a teacher's page never loads it.)
  if (outboxFollowedBy !== api.dispatch && offline !== undefined && (api.getState() as { student?: { id?: unknown } }).student?.id != null) {
    void offline.loadOutbox().then((outbox) => outbox.startOutboxSync((outboxFollowedBy = api.dispatch)), () => undefined);
  }
  return result.error === undefined ? { ...result, data: withoutSecrets(result.data) } : result;
};
