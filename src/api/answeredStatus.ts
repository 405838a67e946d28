/**
 * The HTTP status a failed call was answered with (an RTK Query error, or what `unwrap()` threw):
 * its `status`, or for an answer that was not JSON (`PARSING_ERROR`) its `originalStatus`; null
 * when no answer came (network, timeout) or the failure is no HTTP answer at all.
 */
export function answeredStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error;
  if (status === 'PARSING_ERROR') return 'originalStatus' in error && typeof error.originalStatus === 'number' ? error.originalStatus : null;
  return typeof status === 'number' ? status : null;
}

/**
 * Whether a failed call was answered 401: the check the session-expiry middleware makes on every
 * rejected call, kept apart from the error classifier so the first download carries only this.
 */
export function isUnauthorised(error: unknown): boolean {
  return answeredStatus(error) === 401;
}
