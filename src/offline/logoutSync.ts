/**
 * The page's side of the pending logouts (src/offline/pendingLogout.ts), loaded on demand: a logout
 * is kept on the device before it is sent, and stays kept until the provider answers it; a kept
 * one is sent before a login (the base query), at start-up and on the `online` event
 * (logoutFollower.ts; the outbox's replay and the worker's Background Sync send it too).
 */
import { xsrfCookie } from '@/api';
import { apiBaseUrl, providerFetch } from '@/config/env';
import {
  canKeepLogouts,
  forgetPendingLogout,
  keepPendingLogout,
  LOGOUT_SYNC_TAG,
  type PendingLogout,
  sendLogout,
  sendPendingLogouts,
  type Side,
} from './pendingLogout';

const fromPage = { fetch: providerFetch, xsrfToken: async () => xsrfCookie() };

/** The logout's absolute URL (the operations `studentLogout` and `teacherLogout` of api-spec.yaml). */
const logoutUrl = (side: Side) => new URL(`${side}-logout/`, apiBaseUrl()).href;

/** A logout about to be sent, and whether it is kept on the device until the provider answers. */
export interface Logout {
  logout: PendingLogout;
  kept: boolean;
}

/**
 * Keeps `side`'s logout on the device, before anything of the session is cleared here: from now
 * on the worker answers the API as to someone logged out until the provider has ended the session.
 * Where nothing can be kept (no IndexedDB, storage refused), the logout is only sent.
 */
export async function keepLogout(side: Side): Promise<Logout> {
  const logout: PendingLogout = { side, url: logoutUrl(side), made: Date.now() };
  if (!canKeepLogouts()) return { logout, kept: false };
  return keepPendingLogout(logout).then(
    () => ({ logout, kept: true }),
    () => ({ logout, kept: false }),
  );
}

/** Asks the service worker to send the pending logouts when the connection is back, where the browser has Background Sync. */
function askForBackgroundSync() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(LOGOUT_SYNC_TAG))
    .catch(() => undefined);
}

/** Ends the session on the provider now if it can; a kept logout that could not go waits for the next occasion. */
export async function endSessionOnProvider({ logout, kept }: Logout): Promise<void> {
  if (!kept) {
    await sendLogout(logout, fromPage);
    return;
  }
  const left = await sendPendingLogouts(fromPage).catch(() => 1);
  if (left > 0) askForBackgroundSync();
}

/** Sends the pending logouts from this page; resolves with how many are still pending. */
export function sendLogoutsFromPage(): Promise<number> {
  return sendPendingLogouts(fromPage).catch(() => 1);
}

/**
 * A login (or code check) of `side` succeeded: its answer replaced that side's session cookie, so a
 * logout still pending would end the new session, not the old one. It is forgotten.
 */
export function loggedInAgain(side: Side): Promise<void> {
  return forgetPendingLogout(side).catch(() => undefined);
}
