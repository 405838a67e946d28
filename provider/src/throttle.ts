import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * How many attempts a key gets before it must wait, and how the waits grow: after `free`
 * attempts each further one waits `firstDelayMs` after the previous, doubling each time up
 * to `maxDelayMs`. A key left alone for `forgetAfterMs` starts again from zero.
 */
export interface ThrottleRule {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** The families of keys the provider throttles. */
export interface ThrottleLimits {
  /** Every credential call (logins, code checks, reset mails) of one client address, shared. */
  address: ThrottleRule;
  /** Logins of one e-mail address (known or not, so the answers tell nothing about it). */
  login: ThrottleRule;
  /** Code checks of one account id. */
  code: ThrottleRule;
  /** Reset mails asked for one e-mail address. */
  resetMail: ThrottleRule;
  /** Registrations naming one e-mail address (taken or not: the answers tell little about it). */
  registration: ThrottleRule;
  /** Registrations from one client address; accounts made are not given back (sign-up floods). */
  signup: ThrottleRule;
  /** Newsletter sign-ups and contact messages naming one e-mail address (each sends a mail). */
  mailing: ThrottleRule;
}

const minute = 60 * 1000;
const hour = 60 * minute;

export const defaultThrottleLimits: ThrottleLimits = {
  // Generous: many people may share an address (NAT, a school); successes are given back.
  address: { free: 50, firstDelayMs: 30 * 1000, maxDelayMs: 15 * minute, forgetAfterMs: hour },
  login: { free: 5, firstDelayMs: 30 * 1000, maxDelayMs: 15 * minute, forgetAfterMs: hour },
  // A code is burnt after five wrong guesses anyway; this bounds guesses across codes.
  code: { free: 10, firstDelayMs: 30 * 1000, maxDelayMs: 15 * minute, forgetAfterMs: hour },
  resetMail: { free: 3, firstDelayMs: 5 * minute, maxDelayMs: hour, forgetAfterMs: hour },
  registration: { free: 5, firstDelayMs: 30 * 1000, maxDelayMs: 15 * minute, forgetAfterMs: hour },
  // Room for a class signing up together behind one school address.
  signup: { free: 30, firstDelayMs: 30 * 1000, maxDelayMs: 15 * minute, forgetAfterMs: hour },
  mailing: { free: 3, firstDelayMs: 5 * minute, maxDelayMs: hour, forgetAfterMs: hour },
};

/** At most this many keys are remembered; the least recently used are forgotten first. */
const maxEntries = 100_000;

interface Entry {
  count: number;
  last: number;
}

export interface ThrottleKey {
  family: keyof ThrottleLimits;
  id: string;
}

/** A counted attempt: tell the throttle when it succeeded, so honest users are not slowed. */
export interface Attempt {
  /**
   * The credentials or the code were right: the account's count starts again, the address gets
   * this attempt back (a `signup` count stays: each account made counts).
   */
  succeeded(): void;
}

/** 429 `{msg, retry_after}` with `Retry-After`: "<reason> Please try again in N minutes." (the app's wording too). */
export function tooManyRequests(retryAfterSeconds: number, reason = 'Too many attempts.'): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    `${reason} Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * In-memory attempt counters with growing waits. An attempt is counted *before* the password
 * or code is checked, so a burst of parallel requests cannot slip more guesses in than the
 * rule allows, and a refused attempt costs no password hash: a flood gets fast 429 answers
 * instead of holding the CPU. One process only: a provider running several instances needs a
 * shared store (e.g. Redis) with the same rules.
 */
export class Throttle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt on every key, after refusing it (429) while any key must still wait;
   * a refused attempt is not counted.
   */
  attempt(keys: ThrottleKey[]): Attempt {
    const now = this.clock();
    const waits = keys.map((key) => this.waitMs(key, now));
    const longest = Math.max(0, ...waits);
    if (longest > 0) throw tooManyRequests(Math.ceil(longest / 1000));
    for (const key of keys) {
      const entry = this.current(key, now);
      this.store(key, { count: entry.count + 1, last: now });
    }
    return {
      succeeded: () => {
        for (const key of keys) {
          const name = this.name(key);
          const entry = this.entries.get(name);
          if (!entry || key.family === 'signup') continue;
          if (key.family === 'address') entry.count = Math.max(0, entry.count - 1);
          else this.entries.delete(name);
        }
      },
    };
  }

  /** Milliseconds the longest-waiting of `keys` must still wait (0: none must). */
  waitFor(keys: ThrottleKey[]): number {
    const now = this.clock();
    return Math.max(0, ...keys.map((key) => this.waitMs(key, now)));
  }

  private waitMs(key: ThrottleKey, now: number): number {
    const rule = this.limits[key.family];
    const { count, last } = this.current(key, now);
    if (count < rule.free) return 0;
    const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (count - rule.free));
    return Math.max(0, last + delay - now);
  }

  private current(key: ThrottleKey, now: number): Entry {
    const entry = this.entries.get(this.name(key));
    if (!entry || now - entry.last > this.limits[key.family].forgetAfterMs) return { count: 0, last: 0 };
    return entry;
  }

  private store(key: ThrottleKey, entry: Entry): void {
    const name = this.name(key);
    this.entries.delete(name);
    this.entries.set(name, entry);
    while (this.entries.size > maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  private name({ family, id }: ThrottleKey): string {
    return `${family}\u0000${id}`;
  }
}

/**
 * The caller's address as a throttle key: IPv4 (also when IPv4-mapped), or the /64 network of
 * an IPv6 address, which one subscriber usually holds whole. `request.ip` is the socket's
 * peer, or the client named by `X-Forwarded-For` when the trust-proxy option is set.
 */
export function addressKey(request: FastifyRequest): ThrottleKey {
  return { family: 'address', id: networkOf(request.ip) };
}

export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The operations whose calls count against the limits (the handlers name their account keys). */
export const throttledOperations = new Set([
  'studentLogin',
  'teacherLogin',
  'verifyStudent',
  'verifyTeacher',
  'resendStudentCode',
  'resendTeacherCode',
  'studentForgotPassword',
  'teacherForgotPassword',
  'registerStudent',
  'registerTeacher',
  'changeStudentPassword',
  'changeTeacherPassword',
  'startStudentEmailChange',
  'startTeacherEmailChange',
  'confirmStudentEmailChange',
  'confirmTeacherEmailChange',
  'subscribeNewsletter',
  'sendContactMessage',
]);

/** Registrations also wait, before their body is read, while the address has made too many accounts. */
const signupOperations = new Set(['registerStudent', 'registerTeacher']);

/** The caller's address as a key of the `signup` family. */
export function signupKey(request: FastifyRequest): ThrottleKey {
  return { family: 'signup', id: networkOf(request.ip) };
}

/**
 * Refuses a throttled operation from an address that must wait before its body is read or
 * validated, so a flood from one address costs a header parse and a short answer each, not a
 * multipart parse and a schema check: honest callers of other routes keep the event loop.
 */
export function installThrottleGate(app: FastifyInstance, throttle: Throttle): void {
  app.addHook('onRequest', async (request, reply) => {
    const operationId = request.routeOptions.config?.operationId;
    if (!operationId || !throttledOperations.has(operationId)) return;
    const wait = throttle.waitFor(
      signupOperations.has(operationId) ? [addressKey(request), signupKey(request)] : [addressKey(request)],
    );
    if (wait > 0) {
      // Closing the connection makes a flooding client open a new one for each further try.
      const refusal = tooManyRequests(Math.ceil(wait / 1000));
      return reply
        .code(429)
        .headers({ ...refusal.headers, Connection: 'close' })
        .send({ ...(request.routeOptions.config.answersBool ? { bool: false } : {}), ...refusal.extra, msg: refusal.message });
    }
  });
}
