import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type Queries } from './database';
import { isoAfter, now } from './db';
import { HttpError, messages } from './errors';

export type Role = 'student' | 'teacher';

/** Who may hold a session or a one-time code: a student, a teacher, or one of the academy's admins (admins.ts). */
export type SessionKind = Role | 'admin';

export const sessionCookieNames: Record<SessionKind, string> = {
  student: 'student_session',
  teacher: 'teacher_session',
  admin: 'admin_session',
};

/**
 * The browser a one-time code was given to (registration, a login that mails a code) holds this
 * cookie; only with it may the code be checked (see `OneTimeCodes.heldBy`).
 */
export const pendingCookieNames: Record<SessionKind, string> = {
  student: 'student_pending',
  teacher: 'teacher_pending',
  admin: 'admin_pending',
};

const dayMs = 24 * 60 * 60 * 1000;

/**
 * How long a session lasts on the provider and how its cookie is kept:
 * - `week`: 7 days, persistent cookie (students);
 * - `remembered`: 30 days, persistent cookie (a teacher's 'Remember me');
 * - `browser`: a cookie without Max-Age, which the browser drops when its session ends; 7 days at most on the provider.
 */
export type SessionLength = 'week' | 'remembered' | 'browser';

const sessionLengths: Record<SessionLength, { lifetimeMs: number; persistentCookie: boolean }> = {
  week: { lifetimeMs: 7 * dayMs, persistentCookie: true },
  remembered: { lifetimeMs: 30 * dayMs, persistentCookie: true },
  browser: { lifetimeMs: 7 * dayMs, persistentCookie: false },
};
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;
const keyLength = 32;

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** Salted scrypt hashes stored as `scrypt$N$r$p$salt$hash`. */
export class Passwords {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly cost: number) {}

  async hash(password: string): Promise<string> {
    const salt = crypto.randomBytes(16);
    const derived = await scrypt(password, salt, keyLength, { N: this.cost, r: 8, p: 1 });
    return ['scrypt', this.cost, 8, 1, salt.toString('base64'), derived.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const derived = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return crypto.timingSafeEqual(derived, expected);
  }

  /** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
  async verifyNobody(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomToken());
    await this.verify(password, await this.dummyHash);
    return false;
  }
}

/** Cookie-backed sessions, one cookie per role so a browser may hold both. */
export class Sessions {
  constructor(private readonly queries: Queries) {}

  /** Each request's sessions as first read (a guard, the handler and the viewer ask again): one query a role. */
  private readonly read = new WeakMap<FastifyRequest, Partial<Record<SessionKind, Promise<number | null>>>>();

  /**
   * Starts a session of that role for `userId`. The one the browser held for that role, if any,
   * ends on the provider first: a login in a browser someone left logged in must not leave the
   * replaced cookie valid for whoever kept a copy.
   */
  async start(request: FastifyRequest, reply: FastifyReply, role: SessionKind, userId: number, length: SessionLength = 'week'): Promise<void> {
    const { lifetimeMs, persistentCookie } = sessionLengths[length];
    const replaced = request.cookies[sessionCookieNames[role]];
    if (replaced) await this.queries.run(sql`DELETE FROM sessions WHERE token_hash = ${sha256(replaced)} AND role = ${role}`);
    delete this.read.get(request)?.[role];
    const token = randomToken();
    await this.queries.run(
      sql`INSERT INTO sessions (token_hash, role, user_id, created_at, expires_at) VALUES (${sha256(token)}, ${role}, ${userId}, ${now()}, ${isoAfter(lifetimeMs)})`,
    );
    reply.setCookie(sessionCookieNames[role], token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      ...(persistentCookie ? { maxAge: lifetimeMs / 1000 } : {}),
    });
  }

  /** The id of the logged-in user of that role, or null. */
  userId(request: FastifyRequest, role: SessionKind): Promise<number | null> {
    const read = this.read.get(request) ?? {};
    this.read.set(request, read);
    read[role] ??= this.readUserId(request, role);
    return read[role];
  }

  private async readUserId(request: FastifyRequest, role: SessionKind): Promise<number | null> {
    const token = request.cookies[sessionCookieNames[role]];
    if (!token) return null;
    const row = await this.queries.one(
      sql<{ user_id: number }>`SELECT user_id FROM sessions WHERE token_hash = ${sha256(token)} AND role = ${role} AND expires_at > ${now()}`,
    );
    return row?.user_id ?? null;
  }

  /** Ends the caller's session of that role, if any, and clears its cookie. */
  async end(request: FastifyRequest, reply: FastifyReply, role: SessionKind): Promise<void> {
    const token = request.cookies[sessionCookieNames[role]];
    if (token) await this.queries.run(sql`DELETE FROM sessions WHERE token_hash = ${sha256(token)} AND role = ${role}`);
    delete this.read.get(request)?.[role];
    reply.setCookie(sessionCookieNames[role], '', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 });
  }

  /** Ends every session of the user (`queries`: a transaction's, inside one). */
  async endAll(role: Role, userId: number, queries: Queries = this.queries): Promise<void> {
    await queries.run(sql`DELETE FROM sessions WHERE role = ${role} AND user_id = ${userId}`);
  }

  /** Ends every session of the user but the one the request carries (`queries`: a transaction's, inside one). */
  async endOthers(request: FastifyRequest, role: Role, userId: number, queries: Queries = this.queries): Promise<void> {
    const token = request.cookies[sessionCookieNames[role]] ?? '';
    await queries.run(sql`DELETE FROM sessions WHERE role = ${role} AND user_id = ${userId} AND token_hash <> ${sha256(token)}`);
  }

  /** The caller's id for that role; 401 without a session. */
  async require(request: FastifyRequest, role: Role): Promise<number> {
    const userId = await this.userId(request, role);
    if (userId === null) throw new HttpError(401, `Please log in as a ${role}.`);
    return userId;
  }

  /** 401 without a session of that role, 403 when the session belongs to someone else. */
  async requireSelf(request: FastifyRequest, role: Role, userId: number): Promise<void> {
    if ((await this.require(request, role)) !== userId) throw new HttpError(403, messages.forbidden);
  }

  /** Passes when any of the given role/id pairs is the caller; 401 when the caller holds none of those sessions. */
  async requireAnyOf(request: FastifyRequest, allowed: Partial<Record<Role, number>>): Promise<void> {
    let loggedIn = false;
    for (const [role, userId] of Object.entries(allowed) as [Role, number][]) {
      const caller = await this.userId(request, role);
      if (caller === null) continue;
      loggedIn = true;
      if (caller === userId) return;
    }
    if (!loggedIn) throw new HttpError(401, 'Please log in.');
    throw new HttpError(403, messages.forbidden);
  }
}
