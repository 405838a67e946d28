import { type FastifyRequest } from 'fastify';

/** `scheme://host[:port]` of a URL, normalised (default ports dropped, lower case), or null. */
export function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The provider's own origin as the browser addressed it: the scheme and `Host` of the request
 * (`X-Forwarded-Proto` / `X-Forwarded-Host` only when the trust-proxy option is set, through
 * Fastify's `request.protocol` and `request.host`). Behind the dev server's or the e2e runner's
 * proxy, which keep `Host`, that is the app's origin.
 */
export function ownOrigin(request: FastifyRequest): string | null {
  return originOf(`${request.protocol}://${request.host}`);
}

/** The `Origin` header of a request, when it names a real origin (not absent, not `null`). */
export function requestOrigin(request: FastifyRequest): string | null {
  const header = request.headers.origin;
  return typeof header === 'string' ? originOf(header) : null;
}

/** True when `origin` is the provider's own (as addressed by this request) or one of `appOrigins`. */
export function isAllowedOrigin(request: FastifyRequest, origin: string, appOrigins: readonly string[]): boolean {
  return origin === ownOrigin(request) || appOrigins.some((allowed) => originOf(allowed) === origin);
}

/**
 * Whether a browser sent the request from a page of another site: an `Origin` header that is
 * neither the provider's own nor an app origin (`null` included), or, without one,
 * `Sec-Fetch-Site: cross-site`. Clients that send neither (curl, tests, server-to-server) pass;
 * the XSRF token still guards them.
 */
export function isCrossOrigin(request: FastifyRequest, appOrigins: readonly string[]): boolean {
  const header = request.headers.origin;
  if (header !== undefined) {
    const origin = requestOrigin(request);
    return origin === null || !isAllowedOrigin(request, origin, appOrigins);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}
