import { accessMessages } from '@/features/access/accessMessages';

/**
 * What a failed call means for the person using the screen:
 * - `network`: no answer reached the browser (offline, server down, request aborted);
 * - `server`: the provider answered with a 5xx;
 * - `refused`: the provider answered (a 4xx, or a 2xx the app could not read), with its `msg` when it gave one.
 */
export type RequestFailure = { kind: 'network' } | { kind: 'server' } | { kind: 'refused'; msg: string | null };

/** The provider's `msg` in an answer body, when it is a non-blank string. */
export function providerMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('msg' in body)) return null;
  const { msg } = body;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : null;
}

/** Classifies what an RTK Query mutation's `unwrap()` threw (or any other thrown value). */
export function describeRequestFailure(error: unknown): RequestFailure {
  if (typeof error !== 'object' || error === null || !('status' in error)) return { kind: 'refused', msg: null };
  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return { kind: 'network' };
  const httpStatus = status === 'PARSING_ERROR' && 'originalStatus' in error ? error.originalStatus : status;
  if (typeof httpStatus === 'number' && httpStatus >= 500) return { kind: 'server' };
  return { kind: 'refused', msg: 'data' in error ? providerMessage(error.data) : null };
}

/**
 * The text to show for a failed call: an honest line for network and server faults, otherwise
 * the provider's `msg`, or `whenRefused` when it gave none.
 */
export function failureMessage<Fallback extends string | null>(failure: RequestFailure, whenRefused: Fallback): string | Fallback {
  if (failure.kind === 'network') return accessMessages.networkError;
  if (failure.kind === 'server') return accessMessages.serverError;
  return failure.msg ?? whenRefused;
}
