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
