/** The one wording of each kind of failed call that no screen words for itself (see `errorText`). */
export const errorMessages = {
  // Spec section 8's words for a call that got no answer (the chapter and assignment lists), used for every such call.
  network: 'No response from the server. Please try again later.',
  server: 'The server ran into a problem. Please try again in a few minutes.',
  unauthorised: 'Your session has expired. Please log in again.',
  forbidden: 'You are not allowed to do this.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  /** A malformed e-mail address, in the forms' words and in place of a provider's schema message. */
  invalidEmail: 'Please enter a valid e-mail address, like name@example.com.',
  /** In place of a provider's message written for developers (a field name, a type) about no field the app knows. */
  unclear: 'Something you entered was not accepted. Please check the form and try again.',
} as const;

/** A 429's wait in words: 'Too many attempts. Please try again in N minutes.' (N rounded up, at least 1). */
export function tooManyAttemptsText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * The words for what a request schema refused in a field (`label`: 'full name', 'e-mail
 * address'), said instead of the schema's own text (`body/email must match format "email"`).
 */
export const fieldProblemText = {
  required: (label: string) => `Please fill in the ${label}.`,
  tooLong: (label: string, limit: number) => `The ${label} must be at most ${limit} characters long.`,
  tooShort: (label: string, limit: number) => `The ${label} must be at least ${limit} characters long.`,
  invalid: (label: string) => `Please check the ${label}.`,
} as const;
