import { studentLoggedOut, teacherLoggedOut } from '@/features/session/sessionSlices';
import { sendLogoutsFromPage } from './logoutSync';
import { listPendingLogouts, type PendingLogout, type Side, subscribePendingLogouts } from './pendingLogout';

type SessionStore = {
  getState: () => Record<Side, { loggedIn: boolean }>;
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: ReturnType<typeof studentLoggedOut | typeof teacherLoggedOut>) => unknown;
};

/**
 * While a logout of a side is pending, that side is logged out here whatever the storage says
 * (its two keys set by hand, another tab): from the start, whenever a side turns logged in (read
 * again from IndexedDB then: a login here or in another tab has forgotten its side's logout before
 * it logs in), and whenever the pending logouts change. They are sent now when online, and on
 * each `online` event; one that could not go while the browser says it is online (a connection
 * that comes back in stages, a provider that failed) is tried again after 2, 4, 8… seconds, at most
 * a minute apart, until the provider has it.
 */
export function followPendingLogouts(store: SessionStore): void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  const send = (nextDelayMs = 2000) => {
    clearTimeout(retry);
    void sendLogoutsFromPage().then((left) => {
      if (left > 0 && navigator.onLine) retry = setTimeout(() => send(Math.min(nextDelayMs * 2, 60_000)), nextDelayMs);
    });
  };
  const holdLoggedOut = (pending: readonly PendingLogout[]) => {
    const state = store.getState();
    for (const { side } of pending) {
      if (state[side].loggedIn) store.dispatch(side === 'student' ? studentLoggedOut() : teacherLoggedOut());
    }
  };
  let work = Promise.resolve();
  const check = () => {
    work = work.then(() => listPendingLogouts().then(holdLoggedOut)).catch(() => undefined);
    return work;
  };
  let loggedIn = { student: false, teacher: false };
  store.subscribe(() => {
    const state = store.getState();
    const turnedIn = (!loggedIn.student && state.student.loggedIn) || (!loggedIn.teacher && state.teacher.loggedIn);
    loggedIn = { student: state.student.loggedIn, teacher: state.teacher.loggedIn };
    if (turnedIn) void check();
  });
  subscribePendingLogouts(holdLoggedOut);
  window.addEventListener('online', () => send());
  const state = store.getState();
  loggedIn = { student: state.student.loggedIn, teacher: state.teacher.loggedIn };
  void check().then(async () => {
    if (navigator.onLine && (await listPendingLogouts()).length > 0) send();
  });
}
