import { screen, waitFor } from '@testing-library/react';
import type { RootState } from '@/app/store';
import { theme } from '@/app/theme';
import { paths, patterns } from '@/config/paths';
import { VerifyStudentPage } from '@/features/student/access/VerifyStudentPage';
import { VerifyTeacherPage } from '@/features/teacher/access/VerifyTeacherPage';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint, reply } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

type User = ReturnType<typeof renderApp>['user'];

const refusal = 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.';

/** What differs between the two code checks. The mocked provider accepts any code. */
const sides = [
  {
    side: 'student',
    account: 7,
    /** The code check of student 7, as the registration and the login link to it. */
    page: paths.verifyStudent(7),
    pageWithoutId: '/verify-student/abc',
    renderPage: (route: string = paths.verifyStudent(7)) => renderRoute(patterns.verifyStudent, <VerifyStudentPage />, { route }),
    endpoint: 'verifyStudent',
    resendEndpoint: 'resendStudentCode',
    dashboard: paths.studentDashboard,
    dashboardHeading: 'Dashboard',
    /** A new student goes on to 'What will you learn?' on Start here (issue 39). */
    afterCode: `${paths.studentStart}?step=goals`,
    afterCodeHeading: 'What will you learn?',
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    codeExpiredHelp: 'Code expired or not received? Log in with your e-mail and password and we will send you a new code, or register again.',
    invalidAccountLink: 'This link does not name an account. Please log in or register again.',
    waysForward: [
      ['Log in', '/student-login'],
      ['Create a student account', '/student-register'],
    ],
  },
  {
    side: 'teacher',
    account: 4,
    page: paths.verifyTeacher(4),
    pageWithoutId: '/verify-teacher/abc',
    renderPage: (route: string = paths.verifyTeacher(4)) => renderRoute(patterns.verifyTeacher, <VerifyTeacherPage />, { route }),
    endpoint: 'verifyTeacher',
    resendEndpoint: 'resendTeacherCode',
    dashboard: paths.teacherDashboard,
    dashboardHeading: 'Teacher Dashboard',
    afterCode: paths.teacherDashboard,
    afterCodeHeading: 'Teacher Dashboard',
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    codeExpiredHelp: 'Code expired or not received? Log in again: when your account asks for a code, we send a new one.',
    invalidAccountLink: 'This link does not name an account. Please log in again.',
    waysForward: [['Log in again', '/teacher-login']],
  },
] as const;

/** The spec's title of the one field of the code check. */
const codeField = 'Enter 6 Digit OTP';

async function enterCode(user: User, code: string) {
  await user.type(await screen.findByRole('textbox', { name: codeField }), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe.each(sides)('$side code check', (side) => {
  it('sends the code, logs the account in and opens the next screen (the teacher dashboard, the student\'s first step)', async () => {
    const calls = recordCalls(side.endpoint);
    const { user, store, router } = renderApp({ route: side.page });

    await enterCode(user, '731604');

    expect(await screen.findByRole('heading', { level: 1, name: side.afterCodeHeading })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(side.afterCode);
    expect(side.sessionOf(store.getState())).toEqual({ loggedIn: true, id: side.account });
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]!.params)).toEqual([String(side.account)]);
    expect(await sentFields(calls[0]!.request)).toEqual({ otp_digit: '731604' });
  });

  it("shows the provider's message in red when it refuses the code, and keeps the code", async () => {
    mockEndpoint(side.endpoint, { status: 200, body: { bool: false, msg: refusal } });
    const { user, store } = side.renderPage();

    await enterCode(user, '111111');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: codeField })).toHaveValue('111111');
    expect(side.sessionOf(store.getState()).loggedIn).toBe(false);
  });

  it("offers 'Send a new code' once the code is no longer valid, and says in green that a new one was sent", async () => {
    mockEndpoint(side.endpoint, { status: 200, body: { bool: false, msg: 'This code is no longer valid. Please ask for a new code.' } });
    const calls = recordCalls(side.resendEndpoint);
    const { user } = side.renderPage();

    await enterCode(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is no longer valid. Please ask for a new code.');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a new code to your e-mail.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]!.params)).toEqual([String(side.account)]);
    // The new code goes into an empty field.
    expect(screen.getByRole('textbox', { name: codeField })).toHaveValue('');
  });

  it("says when to try again after too many 'Send a new code'", async () => {
    mockEndpoint(side.resendEndpoint, () =>
      reply({ status: 429, body: { bool: false, msg: 'Too many attempts. Please try again in 1 minute.', retry_after: 30 } }),
    );
    const { user } = side.renderPage();

    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 1 minute.');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it("hides 'Send a new code' when the provider does not offer it (404)", async () => {
    failEndpoint(side.resendEndpoint, 404, { msg: 'Route not found.' });
    const { user } = side.renderPage();

    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it("words refusals written for developers (a DRF field map, a type name, a provider's own name for the field), never showing a field name", async () => {
    const { user } = side.renderPage();
    await user.type(await screen.findByRole('textbox', { name: codeField }), '000000');

    // One after the other on one page, each shown text differing from the one before it.
    for (const [body, shown] of [
      [{ otp_digit: ['Ensure this value is greater than or equal to 100000.'] }, 'Please check the code.'],
      [{ pin_value: ['A valid integer is required.'] }, 'Something you entered was not accepted. Please check the form and try again.'],
      [{ msg: 'The otp digit must be at least 100000.' }, 'Please check the code.'],
    ] as const) {
      mockEndpoint(side.endpoint, { status: 400, body: body as never }, { once: true });
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(shown));
      expect(screen.getByRole('alert').textContent).not.toMatch(/otp|digit|pin|_|integer|Ensure/i);
    }
  });

  it('says so when the server cannot be reached', async () => {
    failEndpoint(side.endpoint, 'network');
    const { user } = side.renderPage();

    await enterCode(user, '731604');

    expect(await screen.findByRole('alert')).toHaveTextContent('No response from the server. Please try again later.');
  });

  it('expects six digits on a numeric keypad and sends nothing else', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = side.renderPage();

    const field = await screen.findByRole('textbox', { name: codeField });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await enterCode(user, '1234');

    expect(field).toBeInvalid();
    expect(calls).toHaveLength(0);
  });

  it('offers a way forward when the code has expired', async () => {
    side.renderPage();

    expect(await screen.findByText(side.codeExpiredHelp)).toBeInTheDocument();
    for (const [name, href] of side.waysForward) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('says when the link names no account', async () => {
    side.renderPage(side.pageWithoutId);

    expect(await screen.findByRole('alert')).toHaveTextContent(side.invalidAccountLink);
    expect(screen.queryByRole('textbox', { name: codeField })).not.toBeInTheDocument();
  });

  it('sends a logged-in account to the dashboard', async () => {
    const { router } = renderApp({ route: side.page, preloadedState: side.session });

    expect(await screen.findByRole('heading', { level: 1, name: side.dashboardHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.dashboard);
  });
});
