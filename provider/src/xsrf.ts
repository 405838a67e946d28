import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from './auth';
import { HttpError, messages } from './errors';

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
    /** 'form-field': the route checks the token from its form body instead of the header. */
    xsrf?: 'form-field';
  }
}

/**
 * Double-submit protection: every answer lacking the cookie sets a readable `XSRF-TOKEN`,
 * and every state-changing call under /api must echo it in `X-XSRF-TOKEN`.
 */
export function installXsrfProtection(app: FastifyInstance, protectedPrefix = '/api/'): void {
  app.decorateRequest('xsrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[xsrfCookieName];
    request.xsrfToken = cookie || randomToken();
    if (!cookie) {
      reply.setCookie(xsrfCookieName, request.xsrfToken, { path: '/', sameSite: 'lax', httpOnly: false });
    }
    const guarded =
      stateChangingMethods.has(request.method) &&
      request.url.startsWith(protectedPrefix) &&
      request.routeOptions.url !== undefined &&
      request.routeOptions.config.xsrf !== 'form-field';
    if (guarded && !hasValidToken(request, request.headers[xsrfHeaderName])) {
      throw new HttpError(403, messages.xsrf);
    }
  });
}

/** True when `sent` (header or form field) equals the browser's XSRF cookie. */
export function hasValidToken(request: FastifyRequest, sent: unknown): boolean {
  const cookie = request.cookies[xsrfCookieName];
  return Boolean(cookie) && typeof sent === 'string' && safeEqual(sent, cookie as string);
}
