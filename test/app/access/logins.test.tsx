import { act, screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import { theme } from '@/app/theme';
import type { RootState } from '@/app/store';
import { paths } from '@/config/paths';
import { accessMessages } from '@/features/access/accessMessages';
import { studentAccessMessages } from '@/features/student/access/messages';
import { teacherAccessMessages } from '@/features/teacher/access/messages';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

type User = ReturnType<typeof renderApp>['user'];

/** A way the login can go wrong, and the text the page then shows. */
interface FailureCase {
  case: string;
  arrange: () => void;
  shown: string;
}

/** Fills a field as a password manager does: one paste rather than a render per typed key. */
async function enter(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

/**
 * Logs in on a login page, looking in the page alone: role queries over the whole app (header,
 * footer) are slow in jsdom.
 */
async function logInWith(user: User, { email, password }: { email: string; password: string }, loginButton: string) {
  const page = within(await screen.findByRole('main'));
  await enter(user, await page.findByRole('textbox', { name: /email/i }), email);
  await enter(user, page.getByLabelText(/password/i), password);
  await user.click(page.getByRole('button', { name: loginButton }));
}

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
    dashboard: paths.studentDashboard,
    dashboardHeading: 'Dashboard',
    endpoint: 'studentLogin',
    account: 7,
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    credentials: { email: 'student@academy.test', password: 'secret-1' },
    messages: studentAccessMessages,
    /** Spec section 8: a refused student login always gets the same text. */
    refusal: { msg: 'Invalid email or password.', shown: studentAccessMessages.loginFailed },
    failures: [
      {
        case: 'an accepted answer without a student id',
        arrange: () => mockEndpoint('studentLogin', { status: 200, body: { bool: true } }),
        shown: studentAccessMessages.loginFailed,
      },
      {
        case: 'a 401',
        arrange: () => failEndpoint('studentLogin', 401, { msg: 'Unauthorized' }),
        shown: studentAccessMessages.loginFailed,
      },
      { case: 'a server fault', arrange: () => failEndpoint('studentLogin', 500), shown: errorMessages.server },
      { case: 'no answer', arrange: () => failEndpoint('studentLogin', 'network'), shown: errorMessages.network },
      ...tooManyAttempts('studentLogin'),
    ],
    forgotPassword: paths.studentForgotPassword,
  },
  {
    side: 'teacher',
    login: paths.teacherLogin,
    dashboard: paths.teacherDashboard,
    dashboardHeading: 'Teacher Dashboard',
    endpoint: 'teacherLogin',
    account: 4,
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    credentials: { email: 'teacher@academy.test', password: 'secret-2' },
    messages: teacherAccessMessages,
    /** Spec section 8: a refused teacher login shows the provider's msg. */
    refusal: {
      msg: 'Your teacher account is awaiting approval. You can log in once it has been approved.',
      shown: 'Your teacher account is awaiting approval. You can log in once it has been approved.',
    },
    failures: [
      {
        case: 'an accepted answer without a teacher id',
        arrange: () => mockEndpoint('teacherLogin', { status: 200, body: { bool: true } }),
        shown: teacherAccessMessages.loginError,
      },
      { case: 'a server fault', arrange: () => failEndpoint('teacherLogin', 500), shown: teacherAccessMessages.loginError },
      { case: 'no answer', arrange: () => failEndpoint('teacherLogin', 'network'), shown: teacherAccessMessages.loginError },
      ...tooManyAttempts('teacherLogin'),
    ],
    forgotPassword: paths.teacherForgotPassword,
  },
] as const;

describe.each(sides)('$side login', (side) => {
  const { messages } = side;

  const logIn = (user: User) => logInWith(user, side.credentials, messages.loginButton);

  /** The failure line on the page (toasts are alerts too, outside the main region). */
  const pageAlert = async () => within(await screen.findByRole('main')).findByRole('alert');

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
    const { user, store } = renderApp({ route: side.login });

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
    const { user, store } = renderApp({ route: side.login });

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
    const { user } = renderApp({ route: side.login });

    const email = await screen.findByRole('textbox', { name: /email/i });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/password/i)).toBeRequired();
    await user.click(screen.getByRole('button', { name: messages.loginButton }));

    expect(email).toBeInvalid();
    expect(calls).toHaveLength(0);
  });

  it('takes an e-mail address only with a domain, as every form of the app does (a@b is not sent)', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = renderApp({ route: side.login });

    await logInWith(user, { email: 'a@b', password: 'secret-1' }, messages.loginButton);

    const email = screen.getByRole('textbox', { name: /email/i });
    expect(email).toHaveAccessibleDescription(accessMessages.emailInvalid);
    expect(email).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('links to the forgotten-password page', async () => {
    renderApp({ route: side.login });

    expect(await screen.findByRole('link', { name: messages.forgotPasswordLink })).toHaveAttribute('href', side.forgotPassword);
  });

  it('sends a logged-in account from the login page to the dashboard', async () => {
    const { router } = renderApp({ route: side.login, preloadedState: side.session });

    expect(await screen.findByRole('heading', { level: 1, name: side.dashboardHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.dashboard);
  });
});

describe('student login', () => {
  const messages = studentAccessMessages;

  const logIn = (user: User) => logInWith(user, { email: 'student@academy.test', password: 'secret-1' }, messages.loginButton);

  it('returns to the page the student was sent away from', async () => {
    const { user, router } = renderApp({ route: paths.myCourses });

    expect(await screen.findByRole('heading', { level: 1, name: messages.loginTitle })).toBeInTheDocument();
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
    const { user, store } = renderApp({ route: paths.studentLogin });

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    expect(screen.getByRole('link', { name: messages.enterCodeLink })).toHaveAttribute('href', paths.verifyStudent(7));
    expect(store.getState().student.loggedIn).toBe(false);
  });

  it('links to the registration page', async () => {
    renderApp({ route: paths.studentLogin });

    expect(await screen.findByRole('link', { name: messages.registerLink })).toHaveAttribute('href', paths.studentRegister);
  });
});

describe('teacher login', () => {
  const messages = teacherAccessMessages;

  it('sends a teacher with the code step to the code check, not yet logged in', async () => {
    mockEndpoint('teacherLogin', { status: 200, body: { bool: true, msg: 'We have sent a login code.', login_via_otp: true, teacher_id: 4 } });
    const { user, store, router } = renderApp({ route: paths.teacherLogin });

    await logInWith(user, { email: 'teacher@academy.test', password: 'secret-2' }, messages.loginButton);

    expect(await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.verifyTeacher(4));
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it("shows the provider's notice for an unverified account with a way to the code check", async () => {
    const notice = 'Please verify your account with the code we sent to your e-mail.';
    mockEndpoint('teacherLogin', { status: 200, body: { bool: false, msg: notice, teacher_id: 4 } });
    const { user, store } = renderApp({ route: paths.teacherLogin });

    await logInWith(user, { email: 'teacher@academy.test', password: 'secret-22' }, messages.loginButton);

    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    expect(screen.getByRole('link', { name: messages.enterCodeLink })).toHaveAttribute('href', paths.verifyTeacher(4));
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it('tells that approval comes first and links to the application', async () => {
    renderApp({ route: paths.teacherLogin });

    expect(await screen.findByText(new RegExp(messages.approvalNotice))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(messages.applyLink) })).toHaveAttribute('href', paths.teacherRegister);
  });
});
