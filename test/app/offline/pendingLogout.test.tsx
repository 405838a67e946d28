/**
 * A logout the provider did not hear (no connection, a failure) is kept on the device and sent
 * first once it can be (src/offline/pendingLogout.ts, logoutSync.ts, logoutFollower.ts): until
 * then that side stays logged out here, and a new login sends it first without being held back.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '@/app/store';
import { followPendingLogouts } from '@/offline/logoutFollower';
import { clearPendingLogouts, closeLogoutChannel, keepPendingLogout, listPendingLogouts } from '@/offline/pendingLogout';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';
import { changesSent, goOffline, goOnline, withOutboxKit } from './outboxTestKit';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

withOutboxKit();
afterEach(() => clearPendingLogouts());
afterAll(() => closeLogoutChannel());

const pendingSides = async () => (await listPendingLogouts()).map(({ side, url }) => ({ side, url }));

const sides = [
  { side: 'student', logout: '/student-logout', endpoint: 'studentLogout', login: 'Student Login', session: loggedInAs({ student: 7 }) },
  { side: 'teacher', logout: '/teacher-logout', endpoint: 'teacherLogout', login: 'Teacher Login', session: loggedInAs({ teacher: 4 }) },
] as const;

describe.each(sides)('a $side logout that cannot reach the provider', ({ side, logout, endpoint, login, session }) => {
  it('is kept on the device, and sent first when the connection is back (then forgotten)', async () => {
    failEndpoint(endpoint, 'network');
    const { router, store } = renderApp({ route: logout, preloadedState: session });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${side}-login`));
    expect(await screen.findByRole('heading', { level: 1, name: login })).toBeInTheDocument();
    expect(store.getState()[side]).toEqual({ loggedIn: false, id: null });
    expect(await pendingSides()).toEqual([{ side, url: `http://localhost/api/${side}-logout/` }]);

    // Still offline when the page starts following the pending logouts: nothing is sent yet.
    goOffline();
    const ended: string[] = [];
    mockEndpoint(endpoint, () => {
      ended.push(side);
      return { bool: true, msg: 'You have been logged out.' };
    });
    const sent = changesSent();
    followPendingLogouts(store);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toEqual([]);

    goOnline();

    await waitFor(() => expect(ended).toEqual([side]));
    expect(sent[0]).toBe(`POST /api/${side}-logout/`);
    await waitFor(async () => expect(await pendingSides()).toEqual([]));
  });
});

describe('a kept logout whose first try fails with the browser online (a connection back in stages)', () => {
  it('is tried again a few seconds later, until the provider has it', async () => {
    await keepPendingLogout({ side: 'student', url: 'http://localhost/api/student-logout/', made: Date.now() });
    const ended: string[] = [];
    mockEndpoint('studentLogout', () => {
      ended.push('student');
      return { bool: true, msg: 'You have been logged out.' };
    });
    failEndpoint('studentLogout', 'network', { once: true });

    followPendingLogouts(makeStore());
    await waitFor(async () => expect(await pendingSides()).toEqual([]), { timeout: 6000 });
    expect(ended).toEqual(['student']);
  });
});

describe('until the pending logout is sent', () => {
  it('setting the two storage keys again does not reopen the student area', async () => {
    await keepPendingLogout({ side: 'student', url: 'http://localhost/api/student-logout/', made: Date.now() });
    goOffline();
    // The keys set by hand: the store starts with the student logged in.
    const { router, store } = renderApp({ route: '/my-courses', preloadedState: loggedInAs({ student: 7 }) });
    followPendingLogouts(store);

    expect(await screen.findByRole('heading', { level: 1, name: 'Student Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student-login');
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
    expect(await pendingSides()).toHaveLength(1);
  });
});

describe('a new login on the device', () => {
  async function logIn(user: ReturnType<typeof renderApp>['user']) {
    const page = within(await screen.findByRole('main'));
    await user.click(await page.findByRole('textbox', { name: /email/i }));
    await user.paste('student@academy.test');
    await user.click(page.getByLabelText(/password/i));
    await user.paste('secret-1');
    await user.click(page.getByRole('button', { name: 'Login' }));
  }

  it('sends the pending logout first, and the new student stays logged in', async () => {
    await keepPendingLogout({ side: 'student', url: 'http://localhost/api/student-logout/', made: Date.now() });
    const sent = changesSent();
    const { user, router, store } = renderApp({ route: '/student-login' });
    followPendingLogouts(store);

    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/student-dashboard'));
    expect(sent.slice(0, 2)).toEqual(['POST /api/student-logout/', 'POST /api/student-login']);
    expect(await pendingSides()).toEqual([]);
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
  });

  it('is not held back by a logout the provider will not take, which it then forgets (its cookie is replaced)', async () => {
    await keepPendingLogout({ side: 'student', url: 'http://localhost/api/student-logout/', made: Date.now() });
    failEndpoint('studentLogout', 500);
    const { user, router, store } = renderApp({ route: '/student-login' });
    followPendingLogouts(store);

    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/student-dashboard'));
    // Kept, it would end the new session when finally sent.
    expect(await pendingSides()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
  });
});
