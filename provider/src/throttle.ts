import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { type SharedStore } from './sharedStore';

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

/**
 * The provider's keys in a shared store it may share with others; the throttles' and the upload
 * slots' own tags follow. (Here, not in sharedStore.ts: the render server imports `networkOf`
 * from this file, and need not load the Redis client.)
 */
export const sharedKeyPrefix = 'academy:';

/** At most this many keys are remembered in memory; the least recently counted are forgotten first. */
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
   * this attempt back (a `signup` count stays: each account made counts). Never fails: a store
   * that does not answer only costs the give-back.
   */
  succeeded(): Promise<void>;
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

/** One key of an attempt, with its rule. */
interface Counted {
  name: string;
  rule: ThrottleRule;
  /** What a success gives back: one attempt (an address), all of them (an account), or nothing (sign-ups). */
  giveBack: 'one' | 'all' | 'none';
}

/**
 * The doubling waits over the counts of one key: the milliseconds `entry` must still wait at `now`
 * (0: none). The same rule runs in Redis (`attemptScript`).
 */
function waitOf(rule: ThrottleRule, entry: Entry, now: number): number {
  if (entry.count < rule.free) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (entry.count - rule.free));
  return Math.max(0, entry.last + delay - now);
}

/** The counts in this process's memory, at most `maxEntries` keys (least recently counted forgotten first). */
class MemoryCounts {
  private readonly entries = new Map<string, Entry>();

  /** Counts an attempt on every key unless one must still wait; answers that wait (0: counted). Synchronous, so atomic. */
  attempt(keys: Counted[], now: number): number {
    const longest = this.waitFor(keys, now);
    if (longest > 0) return longest;
    for (const key of keys) {
      const entry = this.current(key, now);
      this.entries.delete(key.name);
      this.entries.set(key.name, { count: entry.count + 1, last: now });
    }
    while (this.entries.size > maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return 0;
  }

  waitFor(keys: Counted[], now: number): number {
    return Math.max(0, ...keys.map((key) => waitOf(key.rule, this.current(key, now), now)));
  }

  giveBack(keys: Counted[]): void {
    for (const key of keys) {
      const entry = this.entries.get(key.name);
      if (!entry || key.giveBack === 'none') continue;
      if (key.giveBack === 'one') entry.count = Math.max(0, entry.count - 1);
      else this.entries.delete(key.name);
    }
  }

  private current({ name, rule }: Counted, now: number): Entry {
    const entry = this.entries.get(name);
    if (!entry || now - entry.last > rule.forgetAfterMs) return { count: 0, last: 0 };
    return entry;
  }
}

// The same steps in Redis, one script per step so that each runs atomically over all its keys.
// KEYS: the keys' names; ARGV: now, then free, firstDelayMs, maxDelayMs, forgetAfterMs of each key.
// A key is a hash {count, last}, expiring forgetAfterMs (and a second) after its last attempt.
const readCounts = `
local now = tonumber(ARGV[1])
local longest, counts = 0, {}
for i, key in ipairs(KEYS) do
  local free, first, max, forget = tonumber(ARGV[i * 4 - 2]), tonumber(ARGV[i * 4 - 1]), tonumber(ARGV[i * 4]), tonumber(ARGV[i * 4 + 1])
  local state = redis.call('HMGET', key, 'count', 'last')
  local count, last = tonumber(state[1]) or 0, tonumber(state[2]) or 0
  if now - last > forget then count, last = 0, 0 end
  counts[i] = count
  if count >= free then
    local wait = last + math.min(max, first * 2 ^ (count - free)) - now
    if wait > longest then longest = wait end
  end
end
`;
const attemptScript = `${readCounts}
if longest > 0 then return math.ceil(longest) end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 'count', counts[i] + 1, 'last', now)
  redis.call('PEXPIRE', key, tonumber(ARGV[i * 4 + 1]) + 1000)
end
return 0
`;
const waitScript = `${readCounts}
return math.ceil(longest)
`;
// KEYS: the keys' names; ARGV: 'one' or 'all' for each.
const giveBackScript = `
for i, key in ipairs(KEYS) do
  if ARGV[i] == 'all' then
    redis.call('DEL', key)
  else
    local count = tonumber(redis.call('HGET', key, 'count'))
    if count and count > 0 then redis.call('HSET', key, 'count', count - 1) end
  end
end
return 0
`;

/**
 * Attempt counters with growing waits. An attempt is counted *before* the password or code is
 * checked, so a burst of parallel requests cannot slip more guesses in than the rule allows, and a
 * refused attempt costs no password hash: a flood gets fast 429 answers instead of holding the CPU.
 * The counts live in this process's memory, or, given a shared store (`REDIS_URL`), in Redis,
 * where every instance of the provider sees them; while that store does not answer, in memory
 * (sharedStore.ts). Each step is atomic over all its keys in either place.
 */
export class Throttle {
  private readonly memory = new MemoryCounts();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly shared: SharedStore | null = null,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt on every key, after refusing it (429) while any key must still wait;
   * a refused attempt is not counted.
   */
  async attempt(keys: ThrottleKey[]): Promise<Attempt> {
    const now = this.clock();
    const counted = keys.map((key) => this.counted(key));
    let wait: number;
    let shared = false;
    if (this.shared) {
      const answer = await this.shared.run(attemptScript, names(counted), [now, ...rules(counted)], () =>
        this.memory.attempt(counted, now),
      );
      wait = Number(answer.value);
      shared = answer.shared;
    } else {
      wait = this.memory.attempt(counted, now);
    }
    if (wait > 0) throw tooManyRequests(Math.ceil(wait / 1000));
    return {
      succeeded: async () => {
        const given = counted.filter((key) => key.giveBack !== 'none');
        // Given back where it was counted (Redis may have gone or come back since).
        if (shared && this.shared) {
          await this.shared.runQuietly(giveBackScript, names(given), given.map((key) => key.giveBack));
        } else {
          this.memory.giveBack(given);
        }
      },
    };
  }

  /** Milliseconds the longest-waiting of `keys` must still wait (0: none must). */
  async waitFor(keys: ThrottleKey[]): Promise<number> {
    const now = this.clock();
    const counted = keys.map((key) => this.counted(key));
    if (!this.shared) return this.memory.waitFor(counted, now);
    const answer = await this.shared.run(waitScript, names(counted), [now, ...rules(counted)], () =>
      this.memory.waitFor(counted, now),
    );
    return Number(answer.value);
  }

  private counted({ family, id }: ThrottleKey): Counted {
    return {
      name: `${sharedKeyPrefix}{throttle}:${family}:${id}`,
      rule: this.limits[family],
      giveBack: family === 'signup' ? 'none' : family === 'address' ? 'one' : 'all',
    };
  }
}

const names = (keys: Counted[]) => keys.map((key) => key.name);
const rules = (keys: Counted[]) =>
  keys.flatMap(({ rule }) => [rule.free, rule.firstDelayMs, rule.maxDelayMs, rule.forgetAfterMs]);

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
  'adminLogin',
  'verifyAdmin',
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
    const wait = await throttle.waitFor(
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
