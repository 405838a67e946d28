import { type ByRoleOptions, act, screen, waitFor, within } from '@testing-library/react';
import { mockEndpoint, failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

type Role = 'visitor' | 'student' | 'teacher';

const sessions = {
  visitor: loggedInAs({}),
  student: loggedInAs({ student: 7 }),
  teacher: loggedInAs({ teacher: 4 }),
};

/** What a screen must show, found within its main region: an element by its role and accessible name, or a text. */
type Shows = (main: HTMLElement) => Promise<HTMLElement>;

const byRole = (role: string, options: ByRoleOptions & { name: string | RegExp }): Shows => (main) => within(main).findByRole(role, options);
const heading = (name: string | RegExp, level?: number) => byRole('heading', { name, level });
const link = (name: string | RegExp) => byRole('link', { name });
const button = (name: string | RegExp) => byRole('button', { name });
const field = (name: string | RegExp) => byRole('textbox', { name });
const table = (name: string | RegExp) => byRole('table', { name });
const region = (name: string | RegExp) => byRole('region', { name });
const text = (shown: string): Shows => (main) => within(main).findByText(shown);

/**
 * Every route of spec section 2.2, the role that may see it, and what its screen must show (a
 * specified text where the spec gives one): besides a title, its main control or content, so a
 * screen that shows only its title fails.
 */
const screens: [route: string, role: Role, ...shows: Shows[]][] = [
  ['/', 'visitor', heading('Benefits About Online Learning Expertise', 2)],
  ['/about', 'visitor', link('Explore Courses')],
  ['/contact', 'visitor', button('SEND MESSAGE')],
  ['/course', 'visitor', heading('Browse Courses'), heading('Pidgin Basics')],
  ['/blog', 'visitor', heading('Blog'), link('Pidgin English is a language, not broken English')],
  ['/blog/3', 'visitor', heading('Pidgin English is a language, not broken English'), link('All posts')],
  ['/detail/1', 'visitor', button('Enroll Now')],
  ['/detail/1', 'student', heading('In this course', 2)],
  ['/teacher-detail/4', 'visitor', heading('Amara Obi'), heading('Courses', 2), text('Teaches Yoruba to adults since 2012.')],
  ['/category/yoruba', 'visitor', heading('Yoruba for Beginners')],
  ['/all-courses', 'visitor', heading('Pidgin Basics')],
  ['/all-popular-courses', 'visitor', heading('Yoruba for Beginners')],
  ['/all-teachers', 'visitor', link(/Amara Obi/)],
  ['/success?session_id=cs_test_1', 'visitor', link('Go to My Courses')],
  ['/cancel', 'visitor', heading('Checkout cancelled', 1), link('Browse all courses')],
  ['/admin', 'visitor', heading('Admin', 1), field('E-mail address')],
  ['/terms_and_conditions', 'visitor', heading('Who may use the academy', 2)],
  ['/payment_policy', 'visitor', heading('Late payment', 2)],
  ['/privacy', 'visitor', heading('Children', 2)],
  ['/cookies', 'visitor', heading('Cookie Policy', 1), heading('What we store', 2)],
  ['/refund', 'visitor', heading(/Refund/, 1), heading('How refunds are paid', 2)],
  ['/intellectual_property', 'visitor', heading(/Intellectual Property/, 1), heading('What you may do', 2)],

  ['/student-login', 'visitor', link(/forgot/i)],
  ['/student-register', 'visitor', field('Username')],
  ['/student-forgot-password', 'visitor', button('Send')],
  ['/verify-student/7', 'visitor', field('Enter 6 Digit OTP')],
  ['/student-change-forgotten-password/7?token=t', 'visitor', button('Change Password')],
  ['/student-dashboard', 'student', link(/Enrolled Courses/)],
  ['/my-courses', 'student', link('Yoruba for Beginners')],
  ['/my-assignments/', 'student', button(/^Mark as Done: /)],
  ['/learn/1/11/practice', 'student', heading('Practice: Greetings', 1), button('Check')],
  ['/my-teachers', 'student', heading('My Teachers'), table('My teachers'), link('Chat with Amara Obi')],
  ['/student-lessons', 'student', heading('My lessons', 1), text('No upcoming lessons.'), heading('Add to your calendar', 2)],
  ['/messages', 'student', heading('Messages', 1), link(/^Amara Obi/)],
  ['/messages/4', 'student', heading('Amara Obi', 1), button('Send')],
  ['/profile-setting', 'student', field('Username')],
  ['/student-change-password', 'student', button('Change Password')],
  ['/favorite-courses', 'student', link('Browse all courses')],
  ['/recommended-courses', 'student', heading('Recommended Courses'), table('Recommended courses'), byRole('row', { name: /Pidgin Basics/ })],
  ['/student-start', 'student', heading('Start here'), region('Because you are interested in Yoruba')],

  ['/teacher-login', 'visitor', link('Forgot Password?')],
  ['/teacher-register', 'visitor', button('Register')],
  ['/teacher-forgot-password', 'visitor', button('Send')],
  ['/verify-teacher/4', 'visitor', field('Enter 6 Digit OTP')],
  ['/teacher-change-forgotten-password/4?token=t', 'visitor', button('Change Password')],
  ['/teacher-dashboard', 'teacher', link(/Total Courses/)],
  ['/teacher-change-password', 'teacher', heading('Change Password'), button('Change Password')],
  ['/teacher-profile-setting', 'teacher', heading('Profile Setting'), field('Full Name'), button('Update')],
  ['/teacher-courses', 'teacher', link('Yoruba for Beginners')],
  ['/add-course', 'teacher', button('Upload')],
  ['/edit-course/1', 'teacher', field('Title')],
  ['/add-chapter/1', 'teacher', button('Upload Chapter')],
  ['/edit-chapter/11', 'teacher', field('Title')],
  ['/course-chapters/1', 'teacher', heading('All Chapters (1)'), table('Chapters of the course'), button('Delete chapter Greetings')],
  ['/enrolled-students/1', 'teacher', heading('Enrolled Students List'), table('Students'), link('Ada Lovelace')],
  ['/view-student/7', 'teacher', heading('Ada Lovelace', 1), region('Enrolled in your courses'), link('Send message')],
  ['/my-students', 'teacher', heading('All of my Students'), table('Students'), link('Message Ada Lovelace')],
  ['/teacher-messages', 'teacher', heading('Messages', 1), link(/^Ada Lovelace/)],
  ['/teacher-messages/7', 'teacher', heading('Ada Lovelace', 1), button('Send')],
  ['/add-assignment/7/4', 'teacher', heading('Add Assignment'), field('Title'), button('Submit')],
  ['/show-assignment/7/4', 'teacher', heading('All Assignments (2)', 1), text('Write five greetings'), link('Add Assignment')],
  ['/teacher-lessons', 'teacher', heading('Lessons', 1), heading('Your hours', 2), button('Save hours')],
  ['/teacher-my-lessons', 'teacher', heading('My lessons', 1), text('No upcoming lessons.'), heading('Add to your calendar', 2)],
  ['/no-such-page', 'visitor', link('Back to the home page')],
];

const studentArea = ['/student-dashboard', '/my-courses', '/my-assignments/', '/my-teachers', '/messages', '/messages/4', '/profile-setting', '/student-change-password', '/favorite-courses', '/recommended-courses', '/student-start', '/student-lessons'];
const teacherArea = screens.filter(([, role]) => role === 'teacher').map(([route]) => route);
const studentGuestOnly = ['/student-login', '/student-forgot-password', '/verify-student/7', '/student-change-forgotten-password/7'];
const teacherGuestOnly = ['/teacher-login', '/teacher-forgot-password', '/verify-teacher/4', '/teacher-change-forgotten-password/4'];

/** Where the guards send someone who may not see a route. */
const redirects: (readonly [route: string, role: Role, to: string])[] = [
  ...studentArea.flatMap((route) => [[route, 'visitor', '/student-login'] as const, [route, 'teacher', '/student-login'] as const]),
  ...teacherArea.flatMap((route) => [[route, 'visitor', '/teacher-login'] as const, [route, 'student', '/teacher-login'] as const]),
  ...studentGuestOnly.map((route) => [route, 'student', '/student-dashboard'] as const),
  ...teacherGuestOnly.map((route) => [route, 'teacher', '/teacher-dashboard'] as const),
  // The spec's /course of sample cards: the real catalogue instead.
  ['/course', 'visitor', '/all-courses'],
];

const roles: Role[] = ['visitor', 'student', 'teacher'];

/**
 * Opens each route in turn in one render of the whole app for `role`, as the app's links do (the
 * router navigates), and runs `check` there; a failure names the route. One render a role instead
 * of one a route: mounting the app and its providers was most of each check's cost.
 */
async function visitEach(role: Role, visits: string[], check: (route: string, router: ReturnType<typeof renderApp>['router']) => Promise<void>) {
  const { router } = renderApp({ route: '/no-such-page', preloadedState: sessions[role] });
  await screen.findByRole('link', { name: 'Back to the home page' });
  for (const route of visits) {
    await act(() => router.navigate(route));
    try {
      await check(route, router);
    } catch (error) {
      throw new Error(`${route} for a ${role}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

describe('what each route shows', () => {
  it.each(roles)('every route a %s may see shows its screen', async (role) => {
    const shown = new Map(screens.filter(([, may]) => may === role).map(([route, , ...shows]) => [route, shows]));
    await visitEach(role, [...shown.keys()], async (route) => {
      const main = await screen.findByRole('main');
      for (const find of shown.get(route) ?? []) expect(await find(main)).toBeInTheDocument();
      expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    });
  });
});

describe('route guards', () => {
  it.each(roles)('every route a %s may not see sends them where the spec says', async (role) => {
    const sentTo = new Map(redirects.filter(([, who]) => who === role).map(([route, , to]) => [route, to]));
    await visitEach(role, [...sentTo.keys()], async (route, router) => {
      await waitFor(() => expect(router.state.location.pathname).toBe(sentTo.get(route)));
    });
  });
});

describe('logout routes', () => {
  it.each([
    ['/student-logout', 'student', 'studentLogout', '/student-login'],
    ['/teacher-logout', 'teacher', 'teacherLogout', '/teacher-login'],
  ] as const)('%s ends the %s session on the provider (%s), logs out here and opens %s', async (route, side, endpoint, expected) => {
    const ended: string[] = [];
    mockEndpoint(endpoint, () => {
      ended.push(side);
      return { bool: true, msg: 'You have been logged out.' };
    });
    const { router, store } = renderApp({ route, preloadedState: sessions[side] });
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    expect(ended).toEqual([side]);
    expect(store.getState()[side]).toEqual({ loggedIn: false, id: null });
  });

  it('logs out here even when the provider cannot be reached', async () => {
    failEndpoint('studentLogout', 'network');
    const { router, store } = renderApp({ route: '/student-logout', preloadedState: sessions.student });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-login'));
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
  });

  it('keeps the other side logged in when one side logs out', async () => {
    const { router, store } = renderApp({ route: '/student-logout', preloadedState: loggedInAs({ student: 7, teacher: 4 }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-login'));
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
  });
});
