import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { BoolMsg } from '@/api/generated';
import { theme } from '@/app/theme';
import { paths } from '@/config/paths';
import { passwordResetMessages } from '@/features/access/accessMessages';
import { API } from '@test/handlers';
import { renderApp } from '@test/render';
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

describe('student forgotten password', () => {
  async function askForLink(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByRole('textbox', { name: /email/i }), 'ada@academy.test');
    await user.click(screen.getByRole('button', { name: passwordResetMessages.forgotButton }));
  }

  it("sends the e-mail address and shows the provider's message in green", async () => {
    const sent = answer('/student-forgot-password/', () => HttpResponse.json({ bool: true, msg: 'A reset link has been sent.' }));
    const { user } = renderApp({ route: paths.studentForgotPassword });

    await askForLink(user);

    const line = await resultLine('status');
    expect(line).toHaveTextContent('A reset link has been sent.');
    expect(line).toHaveStyle({ color: theme.palette.success.main });
    expect(sent[0]!.get('email')).toBe('ada@academy.test');
  });

  it("shows the provider's message in red when it says no", async () => {
    answer('/student-forgot-password/', () => HttpResponse.json({ bool: false, msg: 'No account uses this address.' }));
    const { user } = renderApp({ route: paths.studentForgotPassword });

    await askForLink(user);

    const line = await resultLine('alert');
    expect(line).toHaveTextContent('No account uses this address.');
    expect(line).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('ada@academy.test');
  });

  it.each([
    ['a server fault', () => new HttpResponse(null, { status: 500 }), errorMessages.server],
    ['no answer', () => HttpResponse.error(), errorMessages.network],
  ])('says clearly when the call meets %s', async (_case, reply, text) => {
    answer('/student-forgot-password/', reply);
    const { user } = renderApp({ route: paths.studentForgotPassword });

    await askForLink(user);

    expect(await resultLine('alert')).toHaveTextContent(text);
  });
});

describe('student change of a forgotten password', () => {
  const resetPage = `${paths.studentChangeForgottenPassword(7)}?token=reset-token-1`;

  async function choosePassword(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText(new RegExp(passwordResetMessages.newPasswordLabel)), 'new-secret');
    await user.click(screen.getByRole('button', { name: passwordResetMessages.changeButton }));
  }

  it('sends the new password with the link token and offers the login page', async () => {
    const sent = answer('/student-change-password/7/', () => HttpResponse.json({ bool: true, msg: 'Your password has been changed.' }));
    const { user } = renderApp({ route: resetPage });

    await choosePassword(user);

    const line = await resultLine('status');
    expect(line).toHaveTextContent('Your password has been changed.');
    expect(line).toHaveStyle({ color: theme.palette.success.main });
    expect(screen.getByRole('link', { name: passwordResetMessages.loginWithNewPassword })).toHaveAttribute('href', paths.studentLogin);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('password')).toBe('new-secret');
    expect(sent[0]!.get('token')).toBe('reset-token-1');
  });

  it("shows the provider's refusal in red and offers a new link", async () => {
    const refusal = 'This password reset link is invalid or has expired. Please ask for a new one.';
    answer('/student-change-password/7/', () => HttpResponse.json({ bool: false, msg: refusal }, { status: 400 }));
    const { user } = renderApp({ route: resetPage });

    await choosePassword(user);

    const line = await resultLine('alert');
    expect(line).toHaveTextContent(refusal);
    expect(line).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('link', { name: passwordResetMessages.requestNewLink })).toHaveAttribute('href', paths.studentForgotPassword);
    expect(screen.getByLabelText(new RegExp(passwordResetMessages.newPasswordLabel))).toHaveValue('new-secret');
  });

  it('asks for the mailed link when the page is opened without its token', async () => {
    renderApp({ route: paths.studentChangeForgottenPassword(7) });

    expect(await resultLine('alert')).toHaveTextContent(passwordResetMessages.missingResetToken);
    expect(screen.getByRole('link', { name: passwordResetMessages.requestNewLink })).toHaveAttribute('href', paths.studentForgotPassword);
    expect(screen.queryByRole('button', { name: passwordResetMessages.changeButton })).not.toBeInTheDocument();
  });
});
