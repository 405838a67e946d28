import type { BaseQueryApi, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query/react';

/** How much of an upload's body has been sent. `total` is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/** The arguments of a call whose body is an upload: a fetch call plus who follows its progress. */
export interface UploadArgs extends FetchArgs {
  onUploadProgress?: (progress: UploadProgress) => void;
}

type Result = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const separator = line.indexOf(':');
    if (separator > 0) headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  return headers;
}

function withParams(url: string, params: FetchArgs['params']): string {
  if (!params) return url;
  const query = new URLSearchParams(
    Object.entries(params as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Sends one call with XMLHttpRequest, the only browser API that reports how much of a request
 * body has gone out: `onUploadProgress` hears every `upload.onprogress`, and aborting RTK Query's
 * signal (the mutation trigger's `.abort()`) aborts the request. Headers are sent as given (plus
 * `Accept: application/json` when missing), and the result has fetchBaseQuery's shape: `data`
 * parsed from JSON (null for an empty body) for a 2xx answer, else `{ status, data }`;
 * `PARSING_ERROR` for a body that is not JSON; `FETCH_ERROR` when no answer arrives.
 *
 * @param url the absolute URL of the call.
 */
export function sendWithProgress(url: string, args: UploadArgs, api: Pick<BaseQueryApi, 'signal'>): Promise<Result> {
  const { method = 'GET', body, onUploadProgress } = args;
  const target = withParams(url, args.params);
  const headers = new Headers(args.headers as HeadersInit | undefined);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const meta: FetchBaseQueryMeta = { request: new Request(target, { method, headers }) };

  return new Promise<Result>((resolve) => {
    const failed = (error: string) => resolve({ error: { status: 'FETCH_ERROR', error }, meta });
    if (api.signal.aborted) {
      failed('AbortError: The upload was cancelled.');
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => {
      xhr.abort();
      failed('AbortError: The upload was cancelled.');
    };
    api.signal.addEventListener('abort', abort, { once: true });
    const settle = (result: Result) => {
      api.signal.removeEventListener('abort', abort);
      resolve(result);
    };

    xhr.open(method, target);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) => onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    }
    xhr.onerror = () => settle({ error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, meta });
    xhr.onload = () => {
      const text = xhr.responseText;
      const status = xhr.status;
      const noBody = status === 204 || status === 205 || status === 304;
      meta.response = new Response(noBody ? null : text, { status, statusText: xhr.statusText, headers: responseHeaders(xhr.getAllResponseHeaders()) });
      let data: unknown;
      try {
        data = text.length ? JSON.parse(text) : null;
      } catch (error) {
        settle({ error: { status: 'PARSING_ERROR', originalStatus: status, data: text, error: String(error) }, meta });
        return;
      }
      settle(status >= 200 && status < 300 ? { data, meta } : { error: { status, data }, meta });
    };
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
