import type { FromState } from './guards';

/**
 * Where someone goes after logging in: the page a guard sent them from (router state
 * `{ from }`) when it is a path of this app, else `fallback`. Anything that is not a plain
 * same-app path (`//host`, `/\host`, a full URL) falls back, so the state cannot send the
 * browser elsewhere.
 */
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : fallback;
}
