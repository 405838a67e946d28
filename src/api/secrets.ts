/** Keys the original backend nests in every teacher and student object, which no screen may hold. */
const secretKeys = new Set(['password', 'otp_digit']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A provider answer without `password` and `otp_digit` at any depth (the original backend sends
 * both inside every teacher and student object, course lists included). Values without them are
 * returned as they are; files and other non-plain objects are left alone.
 */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => withoutSecrets(item));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (secretKeys.has(key)) {
      changed = true;
      continue;
    }
    const cleaned = withoutSecrets(item);
    if (cleaned !== item) changed = true;
    entries.push([key, cleaned]);
  }
  return changed ? (Object.fromEntries(entries) as T) : value;
}
