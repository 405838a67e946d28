import { createHash } from 'node:crypto';
import { type FastifyInstance } from 'fastify';

/**
 * Conditional answers (extension): an operation whose api-spec.yaml answers include a `304`
 * (the route's `conditional` config, set by router.ts) gets a weak `ETag` on its 200 answer and
 * `Cache-Control: private, no-cache`, so a browser keeps the answer and revalidates it with
 * `If-None-Match`; a request naming the current ETag is answered 304 without a body.
 *
 * - The handler runs whole first: the session and the owner are checked as always, so a 401 or
 *   403 stays one whatever `If-None-Match` says, and a 304 tells the caller only that their own
 *   answer is unchanged. Only the bytes sent are saved, not the query.
 * - The ETag is a hash of the JSON as serialised, taken in an instance `onSend` hook, which
 *   Fastify runs before route-level ones such as @fastify/compress's (compression.ts): the
 *   plain, gzip and brotli forms of one answer share it. That makes it a weak validator
 *   (`W/"…"`, RFC 9110 8.8.1: the same content, not the same bytes), and If-None-Match is compared
 *   weakly, as RFC 9110 13.1.2 asks.
 * - `HEAD` (Fastify's route beside each GET) is answered the same way, without a body.
 */
export function installConditionalAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.conditional || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = weakETag(payload);
    reply.header('ETag', etag);
    reply.header('Cache-Control', 'private, no-cache');
    if (!noneMatchHolds(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('Content-Type');
    reply.removeHeader('Content-Length');
    // A HEAD request's route (made by Fastify from the GET) sends no body but measures the one it
    // is given for Content-Length, which a 304 may carry (RFC 9110 8.6): it needs the payload.
    return request.method === 'HEAD' ? payload : null;
  });
}

/** `W/"…"`: 96 bits of the SHA-256 of the serialised answer, in base64url (16 characters). */
export function weakETag(payload: string | Buffer): string {
  return `W/"${createHash('sha256').update(payload).digest().subarray(0, 12).toString('base64url')}"`;
}

/** Whether `If-None-Match` (absent, `*` or a list of entity tags) names `etag`, compared weakly. */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === wanted);
}
