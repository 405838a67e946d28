import { parseIdParam } from '@/config/routeParams';

/** Who is logged in on one side (student or teacher): the flag and the id, nothing else. */
export interface SessionState {
  loggedIn: boolean;
  id: number | null;
}

export const loggedOutSession: SessionState = { loggedIn: false, id: null };

/**
 * Reads a stored flag/id pair. Anything but the flag `true` with a positive whole-number id
 * (a missing, edited or half-written pair) counts as logged out.
 */
export function sessionFromStorage(flag: string | null, id: string | null): SessionState {
  const storedId = parseIdParam(id);
  return flag === 'true' && storedId !== null ? { loggedIn: true, id: storedId } : loggedOutSession;
}
