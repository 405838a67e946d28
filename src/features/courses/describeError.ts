import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { messages } from './messages';

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function serverMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('msg' in data)) return null;
  const { msg } = data as { msg: unknown };
  return typeof msg === 'string' && msg.trim() !== '' ? msg : null;
}

/**
 * What to tell the user about a failed call: the server's `msg` when it gives one, otherwise
 * a text for the kind of failure (no response, 401, 403, 5xx), otherwise `fallback`.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!isFetchBaseQueryError(error)) return fallback;
  const msg = serverMessage(error.data);
  if (msg !== null) return msg;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return messages.noResponse;
  if (error.status === 401) return messages.unauthorised;
  if (error.status === 403) return messages.forbidden;
  if (typeof error.status === 'number' && error.status >= 500) return messages.serverError;
  return fallback;
}

/** Whether a failed call was answered with 404. */
export function isNotFound(error: unknown): boolean {
  return isFetchBaseQueryError(error) && error.status === 404;
}
