/**
 * The one set of rules every form checks before it sends: an e-mail address and a new password
 * (the longest text api-spec.yaml accepts in each field is generated: `maxLengths` from @/api).
 * Each form keeps its own wording of the problem.
 */

/**
 * An e-mail address as a careful product takes one: something, an @, and a domain of at least
 * two dot-separated labels (`name@example.com`). `a@b`, `a@.b` and `a@b.` are refused before
 * they are sent, as the provider (`format: email`) would refuse them.
 */
const emailShape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `text` (spaces around it aside) is an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return emailShape.test(text.trim());
}

/** The shortest new password the provider accepts (`minLength: 8` on api-spec.yaml's new-password fields). */
export const minPasswordLength = 8;

/** Whether a new password is long enough. The provider trims passwords, so spaces around one do not count. */
export function isLongEnoughPassword(password: string): boolean {
  return password.trim().length >= minPasswordLength;
}
