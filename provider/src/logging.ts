/**
 * The provider's logs: Fastify's own logger (pino), a JSON line per request and per error, with
 * the request id (`reqId`) on every line a request writes. Nothing secret reaches them: Fastify's
 * request lines carry the method, the path (the capabilities a path or query carries masked: an
 * unsubscribe link's token, a checkout's id, a `token` or `code` parameter) and the client address
 * only, and where more of a
 * request is logged (a 500, errors.ts) pino's `redact` replaces its cookies, its authorization and
 * XSRF headers, a Set-Cookie and the body fields that carry passwords, codes and tokens.
 */
import { randomUUID } from 'node:crypto';
import { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { type ProviderConfig } from './config';

/** What stands where a secret was. */
export const redactedText = '[redacted]';

/** Body fields whose values are secrets: the spec's passwords (`format: password`), one-time codes and reset tokens. */
export const secretFields = ['password', 'current_password', 'new_password', 'otp_digit', 'code', 'token'] as const;

/** Headers whose values are secrets (sessions, the XSRF token, credentials). */
const secretHeaders = ['cookie', 'authorization', 'x-xsrf-token', 'set-cookie'];

/** The places in a log line where a request's (or an answer's) headers and body may be written. */
const headerHolders = ['req.headers', 'res.headers', 'request.headers', 'reply.headers', 'headers'];
const bodyHolders = ['req.body', 'request.body', 'body'];

export const redactedPaths = [
  ...headerHolders.flatMap((holder) => secretHeaders.map((header) => `${holder}["${header}"]`)),
  ...bodyHolders.flatMap((holder) => secretFields.map((field) => `${holder}.${field}`)),
];

/** `url` with the secrets a path or query may carry replaced: whoever reads the logs cannot use them. */
export function maskedUrl(url: string): string {
  return url
    .replace(/(\/(?:unsubscribe|checkout)\/)[^/?#]+/g, `$1${redactedText}`)
    .replace(/([?&](?:token|code|session_id)=)[^&#]*/g, `$1${redactedText}`);
}

/** A request as its log lines show it: Fastify's own fields, the URL masked. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: maskedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** Fastify's logger settings for `config.logger`: false, or pino's options with the redaction. */
export function loggerOptions(config: ProviderConfig): FastifyServerOptions['logger'] {
  if (config.logger === false) return false;
  return {
    level: config.logger.level,
    redact: { paths: redactedPaths, censor: redactedText },
    serializers: { req: requestForLog },
    ...(config.logger.stream ? { stream: config.logger.stream } : {}),
  };
}

/**
 * Request ids unique across restarts and instances (Fastify's own count from `req-1` again in each
 * process): the id a 500 answers in `X-Request-Id` finds its log lines on whichever instance.
 */
export function requestId(): string {
  return randomUUID();
}
