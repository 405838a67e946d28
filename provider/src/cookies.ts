import { type FastifyInstance, type FastifyReply } from 'fastify';

/*
 * Minimal cookie support. @fastify/cookie 11 loads the ESM-only `cookie` package through a
 * dynamic import(), which Jest's CommonJS runtime on Node 20 cannot run; the provider's needs
 * (read a few cookies, set a few) fit in this file.
 */

export interface CookieOptions {
  path?: string;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  /** Seconds. */
  maxAge?: number;
  secure?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    setCookie(name: string, value: string, options?: CookieOptions): FastifyReply;
  }
}

const pendingCookies = Symbol('pendingCookies');
type WithPending = { [pendingCookies]?: string[] };

export function installCookies(app: FastifyInstance): void {
  app.decorateRequest('cookies', null as never);
  app.decorateReply(
    'setCookie',
    function (this: FastifyReply, name: string, value: string, options: CookieOptions = {}) {
      const reply = this as FastifyReply & WithPending;
      // Secure whenever the browser came over HTTPS (X-Forwarded-Proto counts behind a trusted proxy).
      const secure = options.secure ?? this.request.protocol === 'https';
      (reply[pendingCookies] ??= []).push(serializeCookie(name, value, { ...options, secure }));
      return this;
    },
  );
  app.addHook('onRequest', async (request) => {
    request.cookies = parseCookieHeader(request.headers.cookie);
  });
  // Written at the last moment so that error answers keep cookies set before the error.
  app.addHook('onSend', async (_request, reply, payload) => {
    const cookies = (reply as WithPending)[pendingCookies];
    if (cookies?.length) {
      const existing = reply.getHeader('set-cookie');
      const previous = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      reply.header('set-cookie', [...previous, ...cookies]);
    }
    return payload;
  });
}

export function parseCookieHeader(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = Object.create(null);
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator < 1) continue;
    const name = part.slice(0, separator).trim();
    if (name in cookies) continue;
    cookies[name] = safeDecode(
      part
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return cookies;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const attributes = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) attributes.push(`Max-Age=${Math.floor(options.maxAge)}`);
  attributes.push(`Path=${options.path ?? '/'}`);
  if (options.httpOnly) attributes.push('HttpOnly');
  if (options.secure) attributes.push('Secure');
  attributes.push(`SameSite=${capitalize(options.sameSite ?? 'lax')}`);
  return attributes.join('; ');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
