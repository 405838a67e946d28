import { screen, waitFor } from '@testing-library/react';
import { theme } from '@/app/theme';
import { paths, patterns } from '@/config/paths';
import { StudentChangeForgottenPasswordPage } from '@/features/student/access/StudentChangeForgottenPasswordPage';
import { StudentForgotPasswordPage } from '@/features/student/access/StudentForgotPasswordPage';
import { TeacherChangeForgottenPasswordPage } from '@/features/teacher/access/TeacherChangeForgottenPasswordPage';
import { TeacherForgotPasswordPage } from '@/features/teacher/access/TeacherForgotPasswordPage';
import type { Failure } from '@test/handlers/endpoint';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

type User = ReturnType<typeof renderApp>['user'];

/** The result line under the form: a status when it reports success, an alert when not. */
const resultLine = (role: 'status' | 'alert') => screen.findByRole(role);

const networkFault = 'No response from the server. Please try again later.';

const faults: [string, Failure, string][] = [
  ['a server fault', 500, 'The server ran into a problem. Please try again in a few minutes.'],
  ['no answer', 'network', networkFault],
];

/** What differs between the two password resets. */
const sides = [
  {
    side: 'student',
    forgotPassword: paths.studentForgotPassword,
    renderForgot: () => renderRoute(patterns.studentForgotPassword, <StudentForgotPasswordPage />),
    renderReset: (route: string) => renderRoute(patterns.studentChangeForgottenPassword, <StudentChangeForgottenPasswordPage />, { route }),
    forgotEndpoint: 'studentForgotPassword',
    email: 'ada@academy.test',
    /** The page the mailed reset link of student 7 opens. */
    resetPage: `${paths.studentChangeForgottenPassword(7)}?token=reset-token-1`,
    token: 'reset-token-1',
    resetPagesWithoutLink: [
      ['without its token', paths.studentChangeForgottenPassword(7)],
      ['with an id that names no account', `${paths.studentChangeForgottenPassword('seven')}?token=reset-token-1`],
    ],
    changeEndpoint: 'changeStudentForgottenPassword',
    account: '7',
    login: paths.studentLogin,
    dashboard: paths.studentDashboard,
    session: loggedInAs({ student: 7 }),
  },
  {
    side: 'teacher',
    forgotPassword: paths.teacherForgotPassword,
    renderForgot: () => renderRoute(patterns.teacherForgotPassword, <TeacherForgotPasswordPage />),
    renderReset: (route: string) => renderRoute(patterns.teacherChangeForgottenPassword, <TeacherChangeForgottenPasswordPage />, { route }),
    forgotEndpoint: 'teacherForgotPassword',
    email: 'amara@academy.test',
    resetPage: `${paths.teacherChangeForgottenPassword(4)}?token=reset-token-4`,
    token: 'reset-token-4',
    resetPagesWithoutLink: [
      ['without its token', paths.teacherChangeForgottenPassword(4)],
      ['with an id that names no account', `${paths.teacherChangeForgottenPassword('four')}?token=reset-token-4`],
    ],
    changeEndpoint: 'changeTeacherForgottenPassword',
    account: '4',
    login: paths.teacherLogin,
    dashboard: paths.teacherDashboard,
    session: loggedInAs({ teacher: 4 }),
  },
] as const;

describe.each(sides)('$side forgotten password', (side) => {
  async function askForLink(user: User) {
    await user.click(await screen.findByRole('textbox', { name: /email/i }));
    await user.paste(side.email);
    await user.click(screen.getByRole('button', { name: 'Send' }));
  }

  it("sends the e-mail address and shows the provider's message in green", async () => {
    mockEndpoint(side.forgotEndpoint, { status: 200, body: { bool: true, msg: 'A reset link has been sent.' } });
    const calls = recordCalls(side.forgotEndpoint);
    const { user } = side.renderForgot();

    await askForLink(user);

    const line = await resultLine('status');
    expect(line).toHaveTextContent('A reset link has been sent.');
    expect(line).toHaveStyle({ color: theme.palette.success.main });
    expect(calls).toHaveLength(1);
    expect(await sentFields(calls[0]!.request)).toEqual({ email: side.email });
  });

  it("shows the provider's message in red when it says no, and keeps the address", async () => {
    mockEndpoint(side.forgotEndpoint, { status: 200, body: { bool: false, msg: 'No account uses this address.' } });
    const { user } = side.renderForgot();

    await askForLink(user);

    const line = await resultLine('alert');
    expect(line).toHaveTextContent('No account uses this address.');
    expect(line).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue(side.email);
  });

  it.each(faults)('says clearly when the call meets %s', async (_case, kind, text) => {
    failEndpoint(side.forgotEndpoint, kind);
    const { user } = side.renderForgot();

    await askForLink(user);

    expect(await resultLine('alert')).toHaveTextContent(text);
  });

  it('links back to the login', async () => {
    side.renderForgot();

    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', side.login);
  });
});

describe.each(sides)('$side change of a forgotten password', (side) => {
  async function choosePassword(user: User) {
    await user.click(await screen.findByLabelText(/New password/));
    await user.paste('new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('sends the new password with the link token and offers the login page', async () => {
    mockEndpoint(side.changeEndpoint, { status: 200, body: { bool: true, msg: 'Your password has been changed.' } });
    const calls = recordCalls(side.changeEndpoint);
    const { user } = side.renderReset(side.resetPage);

    await choosePassword(user);

    const line = await resultLine('status');
    expect(line).toHaveTextContent('Your password has been changed.');
    expect(line).toHaveStyle({ color: theme.palette.success.main });
    expect(screen.getByRole('link', { name: 'Log in with your new password' })).toHaveAttribute('href', side.login);
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]!.params)).toEqual([side.account]);
    expect(await sentFields(calls[0]!.request)).toEqual({ password: 'new-secret', token: side.token });
  });

  it('says under the field that a new password needs 8 characters, and sends nothing shorter', async () => {
    const calls = recordCalls(side.changeEndpoint);
    const { user } = side.renderReset(side.resetPage);
    const field = await screen.findByLabelText(/New password/);
    expect(field).toHaveAccessibleDescription('At least 8 characters.');

    await user.click(field);
    await user.paste('seven77');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(field).toHaveAccessibleDescription('The password must be at least 8 characters long.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("shows the provider's refusal in red and offers a new link", async () => {
    const refusal = 'This password reset link is invalid or has expired. Please ask for a new one.';
    mockEndpoint(side.changeEndpoint, { status: 400, body: { bool: false, msg: refusal } });
    const { user } = side.renderReset(side.resetPage);

    await choosePassword(user);

    const line = await resultLine('alert');
    expect(line).toHaveTextContent(refusal);
    expect(line).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', side.forgotPassword);
    expect(screen.getByLabelText(/New password/)).toHaveValue('new-secret');
  });

  it('says clearly when the server cannot be reached', async () => {
    failEndpoint(side.changeEndpoint, 'network');
    const { user } = side.renderReset(side.resetPage);

    await choosePassword(user);

    expect(await resultLine('alert')).toHaveTextContent(networkFault);
  });

  it.each(side.resetPagesWithoutLink)('asks for the mailed link when the page is opened %s', async (_case, route) => {
    side.renderReset(route);

    expect(await resultLine('alert')).toHaveTextContent('Please open this page with the link from your password reset e-mail.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', side.forgotPassword);
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('sends a logged-in account to the dashboard', async () => {
    const { router } = renderApp({ route: side.resetPage, preloadedState: side.session });

    await waitFor(() => expect(router.state.location.pathname).toBe(side.dashboard));
  });
});
