/** Keys the original backend nests in every teacher and student object, which no screen may hold. */
const secretKeys = new Set(['password', 'otp_digit']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Whether `value` holds `password` or `otp_digit` at any depth: a walk that copies nothing. */
function holdsSecrets(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsSecrets);
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    if (secretKeys.has(key) || holdsSecrets(value[key])) return true;
  }
  return false;
}

/**
 * A provider answer without `password` and `otp_digit` at any depth (the original backend sends
 * both inside every teacher and student object, course lists included). Values without them are
 * returned as they are, with nothing copied (most answers: a long list is walked once, not
 * rebuilt); files and other non-plain objects are left alone.
 */
export function withoutSecrets<T>(value: T): T {
  return holdsSecrets(value) ? stripped(value) : value;
}

/** `value`, which holds secrets, rebuilt without them; what holds none inside it is kept as it is. */
function stripped<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutSecrets(item)) as T;
  if (!isPlainObject(value)) return value;
  const kept = Object.entries(value).filter(([key]) => !secretKeys.has(key));
  return Object.fromEntries(kept.map(([key, item]) => [key, withoutSecrets(item)])) as T;
}
