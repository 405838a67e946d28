import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { BoolMsg } from '@/api/generated';
import { theme } from '@/app/theme';
import { paths } from '@/config/paths';
import { passwordResetMessages } from '@/features/access/accessMessages';
import { teacherAccessMessages as messages } from '@/features/teacher/access/messages';
import { API } from '@test/handlers';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** Answers `path` with `reply` and records the fields of each request. */
function answer(path: string, reply: () => Response) {
  const sent: FormData[] = [];
  server.use(
    http.post<never, never, BoolMsg>(`${API}${path}`, async ({ request }) => {
      sent.push(await request.formData());
      return reply();
    }),
  );
  return sent;
}

/** The result line under the form: a status when it reports success, an alert when not. */
const resultLine = async (role: 'status' | 'alert') => within(await screen.findByRole('main')).findByRole(role);

describe('teacher forgotten password', () => {
  async function askForLink(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'amara@academy.test');
    await user.click(screen.getByRole('button', { name: passwordResetMessages.forgotButton }));
  }

  it("sends the e-mail address and shows the provider's message in green", async () => {
    const sent = answer('/teacher-forgot-password/', () => HttpResponse.json({ bool: true, msg: 'A reset link has been sent.' }));
    const { user } = renderApp({ route: paths.teacherForgotPassword });

    await askForLink(user);

    const line = await resultLine('status');
    expect(line).toHaveTextContent('A reset link has been sent.');
    expect(line).toHaveStyle({ color: theme.palette.success.main });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('email')).toBe('amara@academy.test');
  });

  it("shows the provider's message in red when it says no, and keeps the address", async () => {
    answer('/teacher-forgot-password/', () => HttpResponse.json({ bool: false, msg: 'No account uses this address.' }));
    const { user } = renderApp({ route: paths.teacherForgotPassword });

    await askForLink(user);

    const line = await resultLine('alert');
    expect(line).toHaveTextContent('No account uses this address.');
    expect(line).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('amara@academy.test');
  });

  it.each([
    ['a server fault', () => new HttpResponse(null, { status: 500 }), errorMessages.server],
    ['no answer', () => HttpResponse.error(), errorMessages.network],
  ])('says clearly when the call meets %s', async (_case, reply, text) => {
    answer('/teacher-forgot-password/', reply);
    const { user } = renderApp({ route: paths.teacherForgotPassword });

    await askForLink(user);

    expect(await resultLine('alert')).toHaveTextContent(text);
  });

  it('links back to the teacher login', async () => {
    renderApp({ route: paths.teacherForgotPassword });

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: messages.loginLink })).toHaveAttribute('href', paths.teacherLogin);
  });
});

describe('teacher change of a forgotten password', () => {
  const resetPage = `${paths.teacherChangeForgottenPassword(4)}?token=reset-token-4`;

  async function choosePassword(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText(new RegExp(passwordResetMessages.newPasswordLabel)), 'new-secret');
    await user.click(screen.getByRole('button', { name: passwordResetMessages.changeButton }));
  }

  it('sends the new password with the link token and offers the teacher login', async () => {
    const sent = answer('/teacher-change-password/4/', () => HttpResponse.json({ bool: true, msg: 'Your password has been changed.' }));
    const { user } = renderApp({ route: resetPage });

    await choosePassword(user);

    const line = await resultLine('status');
    expect(line).toHaveTextContent('Your password has been changed.');
    expect(line).toHaveStyle({ color: theme.palette.success.main });
    expect(screen.getByRole('link', { name: passwordResetMessages.loginWithNewPassword })).toHaveAttribute('href', paths.teacherLogin);
    expect(screen.getByRole('button', { name: passwordResetMessages.changeButton })).toBeDisabled();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('password')).toBe('new-secret');
    expect(sent[0]!.get('token')).toBe('reset-token-4');
  });

  it("shows the provider's refusal in red and offers a new link", async () => {
    const refusal = 'This password reset link is invalid or has expired. Please ask for a new one.';
    answer('/teacher-change-password/4/', () => HttpResponse.json({ bool: false, msg: refusal }, { status: 400 }));
    const { user } = renderApp({ route: resetPage });

    await choosePassword(user);

    const line = await resultLine('alert');
    expect(line).toHaveTextContent(refusal);
    expect(line).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('link', { name: passwordResetMessages.requestNewLink })).toHaveAttribute('href', paths.teacherForgotPassword);
    expect(screen.getByLabelText(new RegExp(passwordResetMessages.newPasswordLabel))).toHaveValue('new-secret');
  });

  it('says clearly when the server cannot be reached', async () => {
    answer('/teacher-change-password/4/', () => HttpResponse.error());
    const { user } = renderApp({ route: resetPage });

    await choosePassword(user);

    expect(await resultLine('alert')).toHaveTextContent(errorMessages.network);
  });

  it.each([
    ['without its token', paths.teacherChangeForgottenPassword(4)],
    ['with an id that names no account', `${paths.teacherChangeForgottenPassword('four')}?token=reset-token-4`],
  ])('asks for the mailed link when the page is opened %s', async (_case, route) => {
    renderApp({ route });

    expect(await resultLine('alert')).toHaveTextContent(passwordResetMessages.missingResetToken);
    expect(screen.getByRole('link', { name: passwordResetMessages.requestNewLink })).toHaveAttribute('href', paths.teacherForgotPassword);
    expect(screen.queryByRole('button', { name: passwordResetMessages.changeButton })).not.toBeInTheDocument();
  });

  it('sends a logged-in teacher to the dashboard', async () => {
    const { router } = renderApp({ route: resetPage, preloadedState: loggedInAs({ teacher: 4 }) });

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.teacherDashboard));
  });
});
