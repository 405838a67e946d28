import crypto from 'node:crypto';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { type SharedStore } from './sharedStore';
import { networkOf, sharedKeyPrefix } from './throttle';

/**
 * How many uploads (requests of an operation with file fields) one client address may have in
 * flight at once: a browser sends one or two (a voice note while a file is on its way), so four
 * leaves room for a second tab without letting held connections pile bodies up in `tmp/`.
 */
export const concurrentUploadsPerAddress = 4;
/** The `Retry-After` of a refused upload, in seconds: about as long as one upload takes. */
export const uploadSlotRetryAfterSeconds = 10;

export const uploadSlotTexts = {
  busy: 'Too many uploads at once from your address. Please wait for one to finish, then try again.',
} as const;

// A slot per upload, in a sorted set per address scored by when the slot is stale: a slot its
// instance never released (a crash) stops counting by itself. KEYS: the address's set; ARGV: now,
// the cap, the slot's stale time, its id, the set's expiry.
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;
const releaseScript = `redis.call('ZREM', KEYS[1], ARGV[1]) return 0`;

/**
 * Counts the uploads in flight per client address (IPv6 by /64, as the brute-force limits count):
 * in this process's memory, or, given a shared store (`REDIS_URL`), in Redis, where the uploads
 * of every instance count (in memory while it does not answer: sharedStore.ts). A slot in Redis
 * that was never released (its instance stopped) stops counting after `staleAfterMs`.
 */
export class UploadSlots {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly perAddress = concurrentUploadsPerAddress,
    private readonly shared: SharedStore | null = null,
    /** The age past which a slot left in the shared store no longer counts (an upload's longest life). */
    private readonly staleAfterMs = 15 * 60 * 1000,
  ) {}

  /**
   * Takes a slot for the request's address until its answer is sent or its connection closes;
   * 429 `{msg, retry_after}` with `Retry-After` when the address has all its slots in use.
   */
  async take(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const address = networkOf(request.ip);
    // 'close' follows 'finish', and comes alone when the connection drops before the answer (even
    // while the slot is being taken: it is released once taken).
    let closed = false;
    let release: (() => Promise<void>) | null = null;
    reply.raw.once('close', () => {
      closed = true;
      if (release) void release();
    });
    const taken = await this.takeFor(address);
    if (!taken) {
      throw new HttpError(
        429,
        uploadSlotTexts.busy,
        { retry_after: uploadSlotRetryAfterSeconds },
        { 'Retry-After': String(uploadSlotRetryAfterSeconds) },
      );
    }
    release = taken;
    if (closed) await release();
  }

  /** Uploads in flight from the address in this process's memory (for tests and logs). */
  count(ip: string): number {
    return this.inFlight.get(networkOf(ip)) ?? 0;
  }

  /** A slot of `address` with the function that gives it back, or null when all are in use. */
  private async takeFor(address: string): Promise<(() => Promise<void>) | null> {
    if (this.shared) {
      const key = `${sharedKeyPrefix}{uploads}:${address}`;
      const slot = crypto.randomUUID();
      const now = Date.now();
      const answer = await this.shared.run(
        takeScript,
        [key],
        [now, this.perAddress, now + this.staleAfterMs, slot, this.staleAfterMs],
        () => this.takeInMemory(address),
      );
      if (!answer.shared) return answer.value;
      if (Number(answer.value) !== 1) return null;
      const shared = this.shared;
      return () => shared.runQuietly(releaseScript, [key], [slot]);
    }
    return this.takeInMemory(address);
  }

  private takeInMemory(address: string): (() => Promise<void>) | null {
    const used = this.inFlight.get(address) ?? 0;
    if (used >= this.perAddress) return null;
    this.inFlight.set(address, used + 1);
    return async () => {
      const left = (this.inFlight.get(address) ?? 1) - 1;
      if (left > 0) this.inFlight.set(address, left);
      else this.inFlight.delete(address);
    };
  }
}
