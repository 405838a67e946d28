/** The one wording of each kind of failed call that no screen words for itself (see `errorText`). */
export const errorMessages = {
  // Spec section 8's words for a call that got no answer (the chapter and assignment lists), used for every such call.
  network: 'No response from the server. Please try again later.',
  server: 'The server ran into a problem. Please try again in a few minutes.',
  unauthorised: 'Your session has expired. Please log in again.',
  forbidden: 'You are not allowed to do this.',
  tooManyRequests: 'Too many attempts. Please try again later.',
} as const;

/** A 429's wait in words: 'Too many attempts. Please try again in N minutes.' (N rounded up, at least 1). */
export function tooManyAttemptsText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
