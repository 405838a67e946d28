/**
 * The id in a route or query parameter (`:course_id`, `?category=`): a positive whole number
 * written in plain decimal digits without a leading zero, sign, space or exponent, and no larger
 * than `Number.MAX_SAFE_INTEGER`; null for anything else ("1e2", " 7", "007", "-3", missing).
 */
export function parseIdParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^[1-9][0-9]*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
