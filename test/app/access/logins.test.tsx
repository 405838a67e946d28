import { act, screen, waitFor, within } from '@testing-library/react';
import { theme } from '@/app/theme';
import type { RootState } from '@/app/store';
import { paths, patterns } from '@/config/paths';
import { StudentLoginPage } from '@/features/student/access/StudentLoginPage';
import { TeacherLoginPage } from '@/features/teacher/access/TeacherLoginPage';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { enter, loggedInAs, renderApp, renderRoute } from '@test/render';

type User = ReturnType<typeof renderApp>['user'];

/** A way the login can go wrong, and the text the page then shows. */
interface FailureCase {
  case: string;
  arrange: () => void;
  shown: string;
}

/** Logs in on a login page (the whole app's or the page alone), looking in its main region if it has one. */
async function logInWith(user: User, { email, password }: { email: string; password: string }) {
  const page = within(screen.queryByRole('main') ?? document.body);
  await enter(user, await page.findByRole('textbox', { name: /email/i }), email);
  await enter(user, page.getByLabelText(/password/i), password);
  await user.click(page.getByRole('button', { name: 'Login' }));
}

const studentLoginFailed = 'Oops! It looks like your email or password is incorrect. Please try again.';
const teacherLoginError = 'It Looks like there is an error somewhere, please try again';

/** The provider makes the account or the address wait (429): the page says so and when to try again. */
function tooManyAttempts(endpoint: 'studentLogin' | 'teacherLogin'): FailureCase[] {
  const msg = 'Too many attempts. Please try again in 2 minutes.';
  return [
    {
      case: "a 429 with the provider's msg",
      arrange: () => mockEndpoint(endpoint, { status: 429, body: { bool: false, msg, retry_after: 120 } }),
      shown: msg,
    },
    {
      case: 'a 429 with only retry_after',
      arrange: () => mockEndpoint(endpoint, { status: 429, body: { retry_after: 61 } }),
      shown: msg,
    },
  ];
}

/**
 * What differs between the two logins. The mocked provider accepts any credentials for its first
 * student (7) and teacher (4); the teacher logs in without the code step.
 */
const sides = [
  {
    side: 'student',
    login: paths.studentLogin,
    renderPage: (options?: { preloadedState?: Partial<RootState> }) => renderRoute(patterns.studentLogin, <StudentLoginPage />, options),
    dashboard: paths.studentDashboard,
    dashboardHeading: 'Dashboard',
    endpoint: 'studentLogin',
    account: 7,
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    credentials: { email: 'student@academy.test', password: 'secret-1' },
    forgotPasswordLink: 'Forgot password?',
    /** Spec section 8: a refused student login always gets the same text. */
    refusal: { msg: 'Invalid email or password.', shown: studentLoginFailed },
    failures: [
      {
        case: 'an accepted answer without a student id',
        arrange: () => mockEndpoint('studentLogin', { status: 200, body: { bool: true } }),
        shown: studentLoginFailed,
      },
      {
        case: 'a 401',
        arrange: () => failEndpoint('studentLogin', 401, { msg: 'Unauthorized' }),
        shown: studentLoginFailed,
      },
      { case: 'a server fault', arrange: () => failEndpoint('studentLogin', 500), shown: 'The server ran into a problem. Please try again in a few minutes.' },
      { case: 'no answer', arrange: () => failEndpoint('studentLogin', 'network'), shown: 'No response from the server. Please try again later.' },
      ...tooManyAttempts('studentLogin'),
    ],
    forgotPassword: paths.studentForgotPassword,
  },
  {
    side: 'teacher',
    login: paths.teacherLogin,
    renderPage: (options?: { preloadedState?: Partial<RootState> }) => renderRoute(patterns.teacherLogin, <TeacherLoginPage />, options),
    dashboard: paths.teacherDashboard,
    dashboardHeading: 'Teacher Dashboard',
    endpoint: 'teacherLogin',
    account: 4,
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    credentials: { email: 'teacher@academy.test', password: 'secret-2' },
    forgotPasswordLink: 'Forgot Password?',
    /** Spec section 8: a refused teacher login shows the provider's msg. */
    refusal: {
      msg: 'Your teacher account is awaiting approval. You can log in once it has been approved.',
      shown: 'Your teacher account is awaiting approval. You can log in once it has been approved.',
    },
    failures: [
      {
        case: 'an accepted answer without a teacher id',
        arrange: () => mockEndpoint('teacherLogin', { status: 200, body: { bool: true } }),
        shown: teacherLoginError,
      },
      { case: 'a server fault', arrange: () => failEndpoint('teacherLogin', 500), shown: teacherLoginError },
      { case: 'no answer', arrange: () => failEndpoint('teacherLogin', 'network'), shown: teacherLoginError },
      ...tooManyAttempts('teacherLogin'),
    ],
    forgotPassword: paths.teacherForgotPassword,
  },
] as const;

describe.each(sides)('$side login', (side) => {
  const logIn = (user: User) => logInWith(user, side.credentials);

  /** The failure line on the page. */
  const pageAlert = () => screen.findByRole('alert');

  it('sends the e-mail and password, stores the session and opens the dashboard', async () => {
    const calls = recordCalls(side.endpoint);
    const { user, store, router } = renderApp({ route: side.login });

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: side.dashboardHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.dashboard);
    expect(side.sessionOf(store.getState())).toEqual({ loggedIn: true, id: side.account });
    expect(calls).toHaveLength(1);
    expect(await sentFields(calls[0]!.request)).toEqual(side.credentials);
  });

  it('shows the specified text in red when the provider refuses the credentials, and keeps the values', async () => {
    mockEndpoint(side.endpoint, { status: 200, body: { bool: false, msg: side.refusal.msg } });
    const { user, store } = side.renderPage();

    await logIn(user);

    const alert = await pageAlert();
    expect(alert).toHaveTextContent(side.refusal.shown);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue(side.credentials.email);
    expect(screen.getByLabelText(/password/i)).toHaveValue(side.credentials.password);
    expect(side.sessionOf(store.getState()).loggedIn).toBe(false);
  });

  it.each<FailureCase>(side.failures)('says what went wrong on $case, in red, and keeps the values', async ({ arrange, shown }) => {
    arrange();
    const { user, store } = side.renderPage();

    await logIn(user);

    const alert = await pageAlert();
    expect(alert).toHaveTextContent(shown);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue(side.credentials.email);
    expect(screen.getByLabelText(/password/i)).toHaveValue(side.credentials.password);
    expect(side.sessionOf(store.getState()).loggedIn).toBe(false);
  });

  it('requires both fields and sends nothing while they are empty', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = side.renderPage();

    const email = await screen.findByRole('textbox', { name: /email/i });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/password/i)).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(email).toBeInvalid();
    expect(calls).toHaveLength(0);
  });

  it('takes an e-mail address only with a domain, as every form of the app does (a@b is not sent)', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = side.renderPage();

    await logInWith(user, { email: 'a@b', password: 'secret-1' });

    const email = screen.getByRole('textbox', { name: /email/i });
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.com.');
    expect(email).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('links to the forgotten-password page', async () => {
    side.renderPage();

    expect(await screen.findByRole('link', { name: side.forgotPasswordLink })).toHaveAttribute('href', side.forgotPassword);
  });

  it('sends a logged-in account from the login page to the dashboard', async () => {
    const { router } = renderApp({ route: side.login, preloadedState: side.session });

    expect(await screen.findByRole('heading', { level: 1, name: side.dashboardHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.dashboard);
  });
});

describe('student login', () => {
  const logIn = (user: User) => logInWith(user, { email: 'student@academy.test', password: 'secret-1' });

  it('returns to the page the student was sent away from', async () => {
    const { user, router } = renderApp({ route: paths.myCourses });

    expect(await screen.findByRole('heading', { level: 1, name: 'Student Login' })).toBeInTheDocument();
    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.myCourses));
  });

  it('ignores a return address that leaves the app', async () => {
    const { user, router } = renderApp({ route: paths.home });
    await act(() => router.navigate(paths.studentLogin, { state: { from: '//elsewhere.test/steal' } }));

    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.studentDashboard));
  });

  it("shows the provider's notice for an unverified account with a way to the code check", async () => {
    const notice = 'Please verify your account with the code we sent to your e-mail.';
    mockEndpoint('studentLogin', { status: 200, body: { bool: false, msg: notice, student_id: 7 } });
    const { user, store } = renderRoute(patterns.studentLogin, <StudentLoginPage />);

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    expect(screen.getByRole('link', { name: 'Enter the code from your e-mail' })).toHaveAttribute('href', '/verify-student/7');
    expect(store.getState().student.loggedIn).toBe(false);
  });

  it('links to the registration page', async () => {
    renderRoute(patterns.studentLogin, <StudentLoginPage />);

    expect(await screen.findByRole('link', { name: 'Create a student account' })).toHaveAttribute('href', '/student-register');
  });
});

describe('teacher login', () => {
  it('sends a teacher with the code step to the code check, not yet logged in', async () => {
    mockEndpoint('teacherLogin', { status: 200, body: { bool: true, msg: 'We have sent a login code.', login_via_otp: true, teacher_id: 4 } });
    const { user, store } = renderRoute(patterns.teacherLogin, <TeacherLoginPage />);

    await logInWith(user, { email: 'teacher@academy.test', password: 'secret-2' });

    // The code check itself: access/verify.test.tsx.
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/verify-teacher/4');
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it("shows the provider's notice for an unverified account with a way to the code check", async () => {
    const notice = 'Please verify your account with the code we sent to your e-mail.';
    mockEndpoint('teacherLogin', { status: 200, body: { bool: false, msg: notice, teacher_id: 4 } });
    const { user, store } = renderRoute(patterns.teacherLogin, <TeacherLoginPage />);

    await logInWith(user, { email: 'teacher@academy.test', password: 'secret-22' });

    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    expect(screen.getByRole('link', { name: 'Enter the code from your e-mail' })).toHaveAttribute('href', '/verify-teacher/4');
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it('tells that approval comes first and links to the application', async () => {
    renderRoute(patterns.teacherLogin, <TeacherLoginPage />);

    expect(await screen.findByText(/Teachers can log in only after their application has been approved\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Apply as a teacher/ })).toHaveAttribute('href', '/teacher-register');
  });
});
