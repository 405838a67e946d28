/**
 * Text lengths as the provider counts them (api-spec.yaml's `maxLength`, checked by JSON Schema in
 * characters, i.e. code points, not UTF-16 units), and the one wording of a text that is too long.
 * Every form checks its limits with these before it sends, and counts down near a limit.
 */

/** A text's length in characters (code points): an emoji counts once, as the provider counts it. */
export function textLength(text: string): number {
  return Array.from(text).length;
}

/** From this share of its limit on, a field shows its counter ('180 / 200'). */
export const COUNTER_FROM = 0.8;

const count = (value: number) => value.toLocaleString('en-GB');
const characters = (value: number) => `${count(value)} ${value === 1 ? 'character' : 'characters'}`;

/** The texts of a limited field, the same in every form. */
export const lengthMessages = {
  /** Under the field when it holds more than it may: said before sending, nothing is sent. */
  tooLong: (limit: number) => `Too long: at most ${characters(limit)}.`,
  /** The counter beside the hint once the limit is near: '180 / 200'. */
  counter: (length: number, limit: number) => `${count(length)} / ${count(limit)}`,
  /** Announced (politely) when the text reaches its limit. */
  limitReached: (limit: number) => `Limit reached: ${characters(limit)}.`,
  /** Announced (politely) while the text is over its limit. */
  over: (by: number) => `${characters(by)} too many.`,
} as const;

/** Whether `text` is longer than `limit`. */
export function isTooLong(text: string, limit: number): boolean {
  return textLength(text) > limit;
}

/**
 * The fields of `values` longer than their limit, each with `lengthMessages.tooLong`: for a
 * form's check before sending. Fields without a limit, or whose value is not text, are left alone.
 */
export function lengthProblems<Field extends string>(
  values: Partial<Record<Field, unknown>>,
  limits: Partial<Record<Field, number>>,
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const [name, limit] of Object.entries(limits) as [Field, number | undefined][]) {
    const value = values[name];
    if (limit !== undefined && typeof value === 'string' && isTooLong(value, limit)) problems[name] = lengthMessages.tooLong(limit);
  }
  return problems;
}
