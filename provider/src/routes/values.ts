import { badRequest } from '../errors';
import { fieldWords } from '../fieldLabels';
import { type UploadedFile } from '../media';

/** Readers for validated request values (the spec's schemas have already coerced them). */

export function id(value: unknown, label = 'id'): number {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1) throw badRequest(`The ${fieldWords(label) ?? 'address'} is not valid.`);
  return parsed;
}

export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(Array.isArray(value) ? value.join(', ') : value).trim();
}

/**
 * A name or title: trimmed, and 400 when nothing is left. api-spec.yaml says so too (`pattern: '\S'`),
 * so the schema refuses a blank one first; this keeps the rule wherever the schema is looser.
 */
export function nonBlank(value: unknown, what: string): string {
  const trimmed = text(value);
  if (!trimmed) throw badRequest(`The ${what} must not be empty.`);
  return trimmed;
}

export function optionalText(value: unknown): string | undefined {
  return value === undefined ? undefined : text(value);
}

/** Prices are stored as decimal strings; empty, absent or zero means free (null). */
export function price(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount < 0) throw badRequest('Invalid price.');
  return amount === 0 ? '0.00' : amount.toFixed(2);
}

export function file(value: unknown): UploadedFile | undefined {
  return value && typeof value === 'object' && 'path' in value ? (value as UploadedFile) : undefined;
}

/**
 * The rows a list answers of the `total` that match: `offset` rows skipped, then at most `limit`
 * (all the rest without `limit`), as SQLite's LIMIT and OFFSET.
 */
export function pageOf(query: Record<string, unknown>, total: number): { limit: number; offset: number } {
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  const limit = query.limit === undefined ? total : Number(query.limit);
  return { offset, limit: Math.max(0, Math.min(limit, total - offset)) };
}

/** The course levels of api-spec.yaml (`CourseLevel`): a CEFR level or `all`. */
export const courseLevels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'all'] as const;
export type CourseLevel = (typeof courseLevels)[number];

/** A course's level from a form: one of `courseLevels`, null for an empty one (none set). */
export function courseLevel(value: unknown): CourseLevel | null {
  const sent = text(value);
  if (sent === '') return null;
  const level = courseLevels.find((known) => known === sent);
  if (!level) throw badRequest('The level must be A1, A2, B1, B2, C1, C2 or all.');
  return level;
}

/** At most this many 'What you will learn' lines, each at most `outcomeLength` characters. */
export const mostOutcomes = 6;
export const outcomeLength = 120;

/**
 * A course's 'What you will learn' lines from a form (a JSON array of strings), trimmed, blank ones
 * left out, as the JSON stored in `courses.outcomes`; 400 when it is not such an array, has more
 * than six lines or a line longer than 120 characters.
 */
export function courseOutcomes(value: unknown): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text(value) || '[]');
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.some((line) => typeof line !== 'string')) {
    throw badRequest("The 'What you will learn' lines are not valid.");
  }
  const lines = (parsed as string[]).map((line) => line.trim()).filter(Boolean);
  if (lines.length > mostOutcomes) throw badRequest("A course has at most six 'What you will learn' lines.");
  if (lines.some((line) => [...line].length > outcomeLength)) {
    throw badRequest(`Each 'What you will learn' line must be at most ${outcomeLength} characters long.`);
  }
  return JSON.stringify(lines);
}
