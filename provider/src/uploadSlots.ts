import { type FastifyReply, type FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { networkOf } from './throttle';

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

/**
 * Counts the uploads in flight per client address (IPv6 by /64, as the brute-force limits count),
 * in memory: several instances need a shared count with the same rule.
 */
export class UploadSlots {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly perAddress = concurrentUploadsPerAddress) {}

  /**
   * Takes a slot for the request's address until its answer is sent or its connection closes;
   * 429 `{msg, retry_after}` with `Retry-After` when the address has all its slots in use.
   */
  take(request: FastifyRequest, reply: FastifyReply): void {
    const address = networkOf(request.ip);
    const used = this.inFlight.get(address) ?? 0;
    if (used >= this.perAddress) {
      throw new HttpError(
        429,
        uploadSlotTexts.busy,
        { retry_after: uploadSlotRetryAfterSeconds },
        { 'Retry-After': String(uploadSlotRetryAfterSeconds) },
      );
    }
    this.inFlight.set(address, used + 1);
    // 'close' follows 'finish', and comes alone when the connection drops before the answer.
    reply.raw.once('close', () => {
      const left = (this.inFlight.get(address) ?? 1) - 1;
      if (left > 0) this.inFlight.set(address, left);
      else this.inFlight.delete(address);
    });
  }

  /** Uploads in flight from the address (for tests and logs). */
  count(ip: string): number {
    return this.inFlight.get(networkOf(ip)) ?? 0;
  }
}
