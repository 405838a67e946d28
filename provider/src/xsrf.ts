import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from './auth';
import { HttpError, messages } from './errors';
import { isCrossOrigin } from './origins';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'x-xsrf-token';
/** Hidden form field carrying the token on the provider's own HTML forms (checkout). */
export const xsrfFieldName = 'xsrf_token';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The XSRF token of this browser: its cookie, or the one this answer sets. */
    xsrfToken: string;
  }
  interface FastifyContextConfig {
    /**
     * 'form-field': the route checks the token from its form body instead of the header;
     * 'signature': no token, the route checks a signature of its body (`signedBody` in router.ts).
     */
    xsrf?: 'form-field' | 'signature';
  }
}

/**
 * Cross-site request protection for every state-changing route (POST, PUT, PATCH, DELETE):
 * - a browser's request from a page of another origin is refused (`isCrossOrigin`: its `Origin`
 *   is neither the provider's own nor one of `appOrigins`, or `Sec-Fetch-Site: cross-site`);
 * - double submit: every answer lacking the cookie sets a readable `XSRF-TOKEN`, and the call
 *   must echo it in `X-XSRF-TOKEN` (routes with `config.xsrf: 'form-field'` check a form field).
 * Which requests are guarded is decided from the route Fastify matched, never from the raw URL,
 * whose spellings (`/%61pi/...`) route the same way.
 */
export function installXsrfProtection(app: FastifyInstance, appOrigins: readonly string[]): void {
  app.decorateRequest('xsrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[xsrfCookieName];
    request.xsrfToken = cookie || randomToken();
    if (!cookie) {
      reply.setCookie(xsrfCookieName, request.xsrfToken, { path: '/', sameSite: 'lax', httpOnly: false });
    }
    // Unknown routes answer 404 whatever their method; every known one is guarded.
    if (!stateChangingMethods.has(request.method) || request.routeOptions.url === undefined) return;
    if (isCrossOrigin(request, appOrigins)) throw new HttpError(403, messages.crossOrigin);
    if (request.routeOptions.config.xsrf !== undefined) return;
    if (!hasValidToken(request, request.headers[xsrfHeaderName])) throw new HttpError(403, messages.xsrf);
  });
}

/** True when `sent` (header or form field) equals the browser's XSRF cookie. */
export function hasValidToken(request: FastifyRequest, sent: unknown): boolean {
  const cookie = request.cookies[xsrfCookieName];
  return Boolean(cookie) && typeof sent === 'string' && safeEqual(sent, cookie as string);
}
