import { screen, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import type { RootState } from '@/app/store';
import { theme } from '@/app/theme';
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

const refusal = 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.';

/** What differs between the two code checks. The mocked provider accepts any code. */
const sides = [
  {
    side: 'student',
    account: 7,
    /** The code check of student 7, as the registration and the login link to it. */
    page: paths.verifyStudent(7),
    pageWithoutId: '/verify-student/abc',
    endpoint: 'verifyStudent',
    dashboard: paths.studentDashboard,
    dashboardHeading: 'Dashboard',
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    messages: studentAccessMessages,
    waysForward: [
      [studentAccessMessages.loginLink, paths.studentLogin],
      [studentAccessMessages.registerLink, paths.studentRegister],
    ],
  },
  {
    side: 'teacher',
    account: 4,
    page: paths.verifyTeacher(4),
    pageWithoutId: '/verify-teacher/abc',
    endpoint: 'verifyTeacher',
    dashboard: paths.teacherDashboard,
    dashboardHeading: 'Teacher Dashboard',
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    messages: teacherAccessMessages,
    waysForward: [[teacherAccessMessages.loginAgainLink, paths.teacherLogin]],
  },
] as const;

async function enterCode(user: User, code: string) {
  await user.type(await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel }), code);
  await user.click(screen.getByRole('button', { name: accessMessages.verifyButton }));
}

describe.each(sides)('$side code check', (side) => {
  const { messages } = side;

  it('sends the code, logs the account in and opens the dashboard', async () => {
    const calls = recordCalls(side.endpoint);
    const { user, store, router } = renderApp({ route: side.page });

    await enterCode(user, '731604');

    expect(await screen.findByRole('heading', { level: 1, name: side.dashboardHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.dashboard);
    expect(side.sessionOf(store.getState())).toEqual({ loggedIn: true, id: side.account });
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]!.params)).toEqual([String(side.account)]);
    expect(await sentFields(calls[0]!.request)).toEqual({ otp_digit: '731604' });
  });

  it("shows the provider's message in red when it refuses the code, and keeps the code", async () => {
    mockEndpoint(side.endpoint, { status: 200, body: { bool: false, msg: refusal } });
    const { user, store } = renderApp({ route: side.page });

    await enterCode(user, '111111');

    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: accessMessages.codeFieldLabel })).toHaveValue('111111');
    expect(side.sessionOf(store.getState()).loggedIn).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    failEndpoint(side.endpoint, 'network');
    const { user } = renderApp({ route: side.page });

    await enterCode(user, '731604');

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.network);
  });

  it('expects six digits on a numeric keypad and sends nothing else', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = renderApp({ route: side.page });

    const field = await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await enterCode(user, '1234');

    expect(field).toBeInvalid();
    expect(calls).toHaveLength(0);
  });

  it('offers a way forward when the code has expired', async () => {
    renderApp({ route: side.page });

    expect(await screen.findByText(messages.codeExpiredHelp)).toBeInTheDocument();
    for (const [name, href] of side.waysForward) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('says when the link names no account', async () => {
    renderApp({ route: side.pageWithoutId });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidAccountLink);
    expect(screen.queryByRole('textbox', { name: accessMessages.codeFieldLabel })).not.toBeInTheDocument();
  });

  it('sends a logged-in account to the dashboard', async () => {
    const { router } = renderApp({ route: side.page, preloadedState: side.session });

    expect(await screen.findByRole('heading', { level: 1, name: side.dashboardHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.dashboard);
  });
});
