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
 * each `online` event.
 */
export function followPendingLogouts(store: SessionStore): void {
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
  window.addEventListener('online', () => void sendLogoutsFromPage());
  const state = store.getState();
  loggedIn = { student: state.student.loggedIn, teacher: state.teacher.loggedIn };
  void check().then(async () => {
    if (navigator.onLine && (await listPendingLogouts()).length > 0) await sendLogoutsFromPage();
  });
}
