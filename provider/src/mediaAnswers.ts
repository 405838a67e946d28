import { type IncomingHttpHeaders } from 'node:http';
import { HttpError } from './errors';
import { type StoredObject } from './mediaStorage';

/**
 * What to answer a request for a stored object, by its validators and the request's conditional
 * and range headers, as @fastify/send answered files before media went through a store (its
 * rules ported here so that a bucket's objects are answered exactly as files are):
 *
 * - `If-Match` / `If-Unmodified-Since` failing: 412; `If-None-Match` (or, without it,
 *   `If-Modified-Since`) holding: 304, unless the request says `Cache-Control: no-cache`.
 * - One satisfiable byte range: 206 with `Content-Range`; several ranges are merged where they touch,
 *   and more than one left answers the whole object; none satisfiable: 416 with `bytes *\/size`.
 * - `If-Range` naming another version (an ETag it does not contain, a date before the object's):
 *   the whole object.
 */
export type MediaAnswer =
  | { status: 200 | 206; headers: Record<string, string>; range?: { start: number; end: number } }
  | { status: 304; headers: Record<string, string> };

export function mediaAnswer(requestHeaders: IncomingHttpHeaders, object: StoredObject): MediaAnswer {
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Last-Modified': object.lastModified.toUTCString(),
    ETag: object.etag,
  };
  const conditional =
    requestHeaders['if-match'] ||
    requestHeaders['if-unmodified-since'] ||
    requestHeaders['if-none-match'] ||
    requestHeaders['if-modified-since'];
  if (conditional) {
    if (preconditionFails(requestHeaders, headers)) throw new HttpError(412, 'Precondition Failed');
    if (notModified(requestHeaders, headers)) return { status: 304, headers };
  }
  const rangeHeader = requestHeaders.range;
  if (rangeHeader !== undefined && /^ *bytes=/.test(rangeHeader) && rangeFresh(requestHeaders, headers)) {
    const ranges = parseBytesRange(object.size, rangeHeader);
    if (ranges.length === 0) {
      throw new HttpError(416, 'Range not satisfiable.', {}, { 'Content-Range': `bytes */${object.size}` });
    }
    if (ranges.length === 1) {
      const [range] = ranges as [{ start: number; end: number }];
      return {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`, 'Content-Length': String(range.end - range.start + 1) },
        range: { start: range.start, end: range.end },
      };
    }
  }
  return { status: 200, headers: { ...headers, 'Content-Length': String(object.size) } };
}

/** Calls `match` on each entry of a comma-separated list until it answers true. */
function someToken(list: string, match: (token: string) => boolean): boolean {
  return list
    .split(',')
    .map((token) => token.trim())
    .some((token) => token !== '' && match(token));
}

function preconditionFails(request: IncomingHttpHeaders, headers: Record<string, string>): boolean {
  const ifMatch = request['if-match'];
  if (ifMatch && ifMatch !== '*' && !someToken(ifMatch, (token) => token === headers.ETag || `W/${token}` === headers.ETag)) {
    return true;
  }
  const ifUnmodifiedSince = request['if-unmodified-since'];
  if (ifUnmodifiedSince !== undefined) {
    const since = Date.parse(ifUnmodifiedSince);
    const modified = Date.parse(headers['Last-Modified'] as string);
    if (!Number.isNaN(since) && (Number.isNaN(modified) || modified > since)) return true;
  }
  return false;
}

function notModified(request: IncomingHttpHeaders, headers: Record<string, string>): boolean {
  // An end-to-end reload (RFC 9111 5.2.1.4) is answered in full.
  if (request['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = request['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === '*') return true;
    const etag = headers.ETag as string;
    return someToken(ifNoneMatch, (token) => token === etag || (etag.length > token.length && `W/${token}` === etag));
  }
  const ifModifiedSince = request['if-modified-since'];
  return ifModifiedSince !== undefined && Date.parse(headers['Last-Modified'] as string) <= Date.parse(ifModifiedSince);
}

function rangeFresh(request: IncomingHttpHeaders, headers: Record<string, string>): boolean {
  const ifRange = request['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return ifRange.includes(headers.ETag as string);
  const since = Date.parse(ifRange);
  if (Number.isNaN(since)) return false;
  const modified = Date.parse(headers['Last-Modified'] as string);
  return Number.isNaN(modified) || modified <= since;
}

/**
 * The ranges of a `bytes=` header over `size` bytes, by @fastify/send's own walk of the header
 * (range-parser's rules, kept step for step so odd headers are answered as before): `a-b`, `a-`
 * and `-n`, the end cut to the size, invalid ones dropped, and several merged where they overlap
 * or touch, in the order asked.
 */
export function parseBytesRange(size: number, header: string): { start: number; end: number }[] {
  const values = header.slice(header.indexOf('=') + 1);
  const ranges: { start: number; end: number; index: number }[] = [];
  let commaIdx = values.indexOf(',');
  let dashIdx = values.indexOf('-');
  let prevIdx = -1;
  for (;;) {
    if (commaIdx === -1) commaIdx = values.length;
    let start = parseInt(values.slice(prevIdx + 1, dashIdx), 10);
    let end = parseInt(values.slice(dashIdx + 1, commaIdx), 10);
    if (Number.isNaN(start)) {
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end) || end > size - 1) {
      end = size - 1;
    }
    if (!Number.isNaN(start) && !Number.isNaN(end) && start > -1 && start <= end) {
      ranges.push({ start, end, index: ranges.length });
    }
    if (commaIdx === values.length) break;
    prevIdx = commaIdx++;
    dashIdx = values.indexOf('-', commaIdx);
    commaIdx = values.indexOf(',', commaIdx);
  }
  if (ranges.length < 2) return ranges;
  const merged: typeof ranges = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (!last || range.start > last.end + 1) merged.push({ ...range });
    else {
      last.end = Math.max(last.end, range.end);
      last.index = Math.min(last.index, range.index);
    }
  }
  return merged.sort((a, b) => a.index - b.index);
}
