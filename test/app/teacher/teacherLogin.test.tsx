import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeacherLoginResult } from '@/api/generated';
import { paths } from '@/config/paths';
import { accessMessages } from '@/features/access/accessMessages';
import { teacherAccessMessages as messages } from '@/features/teacher/access/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** Answers the teacher login with `reply` and records the fields of each request. */
function answerLogin(reply: () => Response) {
  const sent: FormData[] = [];
  server.use(
    http.post<never, never, TeacherLoginResult>(`${API}/teacher-login`, async ({ request }) => {
      sent.push(await request.formData());
      return reply();
    }),
  );
  return sent;
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: /email/i }), 'teacher@academy.test');
  await user.type(screen.getByLabelText(/password/i), 'secret-2');
  await user.click(screen.getByRole('button', { name: messages.loginButton }));
}

const pageAlert = async () => within(await screen.findByRole('main')).findByRole('alert');

describe('teacher login', () => {
  it('logs a teacher without the code step in at once and ends on the dashboard', async () => {
    const sent = answerLogin(() =>
      HttpResponse.json({ bool: true, msg: 'Login successful.', login_via_otp: false, teacher_id: fixtures.teacher.id }),
    );
    const { user, store, router } = renderApp({ route: paths.teacherLogin });

    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.teacherDashboard));
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: fixtures.teacher.id });
    expect(sent[0]!.get('email')).toBe('teacher@academy.test');
    expect(sent[0]!.get('password')).toBe('secret-2');
  });

  it('sends a teacher with the code step to the code check, not yet logged in', async () => {
    answerLogin(() =>
      HttpResponse.json({ bool: true, msg: 'We have sent a login code.', login_via_otp: true, teacher_id: fixtures.teacher.id }),
    );
    const { user, store, router } = renderApp({ route: paths.teacherLogin });

    await logIn(user);

    expect(await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.verifyTeacher(fixtures.teacher.id));
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it("shows the provider's message when it refuses, and keeps the values", async () => {
    const pending = 'Your teacher account is awaiting approval. You can log in once it has been approved.';
    answerLogin(() => HttpResponse.json({ bool: false, msg: pending }));
    const { user, store } = renderApp({ route: paths.teacherLogin });

    await logIn(user);

    expect(await pageAlert()).toHaveTextContent(pending);
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('teacher@academy.test');
    expect(screen.getByLabelText(/password/i)).toHaveValue('secret-2');
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it.each([
    ['no answer', () => HttpResponse.error()],
    ['a server fault', () => new HttpResponse(null, { status: 500 })],
    ['an accepted answer without a teacher id', () => HttpResponse.json({ bool: true })],
  ])('shows the general error text on %s', async (_case, reply) => {
    answerLogin(reply);
    const { user } = renderApp({ route: paths.teacherLogin });

    await logIn(user);

    expect(await pageAlert()).toHaveTextContent(messages.loginError);
  });

  it('requires both fields and sends nothing while they are empty', async () => {
    const sent = answerLogin(() => HttpResponse.json({ bool: true, teacher_id: 4 }));
    const { user } = renderApp({ route: paths.teacherLogin });

    const email = await screen.findByRole('textbox', { name: /email/i });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/password/i)).toBeRequired();
    await user.click(screen.getByRole('button', { name: messages.loginButton }));

    expect(email).toBeInvalid();
    expect(sent).toHaveLength(0);
  });

  it('tells that approval comes first, links to the application and to the forgotten password', async () => {
    renderApp({ route: paths.teacherLogin });

    expect(await screen.findByText(new RegExp(messages.approvalNotice))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(messages.applyLink) })).toHaveAttribute('href', paths.teacherRegister);
    expect(screen.getByRole('link', { name: messages.forgotPasswordLink })).toHaveAttribute('href', paths.teacherForgotPassword);
  });

  it('sends a logged-in teacher to the dashboard', async () => {
    const { router } = renderApp({ route: paths.teacherLogin, preloadedState: loggedInAs({ teacher: 4 }) });

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.teacherDashboard));
  });
});
