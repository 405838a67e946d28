import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { StudentLoginResult } from '@/api/generated';
import { theme } from '@/app/theme';
import { paths } from '@/config/paths';
import { studentAccessMessages as messages } from '@/features/student/access/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** Answers the login call with `reply` and records the fields of each request. */
function answerLogin(reply: () => Response) {
  const sent: FormData[] = [];
  server.use(
    http.post<never, never, StudentLoginResult>(`${API}/student-login`, async ({ request }) => {
      sent.push(await request.formData());
      return reply();
    }),
  );
  return sent;
}

async function logIn(user: ReturnType<typeof renderApp>['user'], email = 'student@academy.test', password = 'secret-1') {
  await user.type(await screen.findByRole('textbox', { name: /email/i }), email);
  await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: messages.loginButton }));
}

describe('student login', () => {
  it('sends the e-mail and password, stores the session and opens the dashboard', async () => {
    const sent = answerLogin(() => HttpResponse.json({ bool: true, student_id: fixtures.student.id }));
    const { user, store } = renderApp({ route: paths.studentLogin });

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(store.getState().student).toEqual({ loggedIn: true, id: fixtures.student.id });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('email')).toBe('student@academy.test');
    expect(sent[0]!.get('password')).toBe('secret-1');
  });

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

  it.each([
    ['the provider refuses the credentials', () => HttpResponse.json({ bool: false, msg: 'Invalid email or password.' })],
    ['the answer has no student id', () => HttpResponse.json({ bool: true })],
    ['the provider answers 401', () => HttpResponse.json({ msg: 'Unauthorized' } as never, { status: 401 })],
  ])('shows the wrong-credentials text when %s, in red, and keeps the values', async (_case, reply) => {
    answerLogin(reply);
    const { user, store } = renderApp({ route: paths.studentLogin });

    await logIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginFailed);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('student@academy.test');
    expect(screen.getByLabelText(/password/i)).toHaveValue('secret-1');
    expect(store.getState().student.loggedIn).toBe(false);
  });

  it('says so when the server fails', async () => {
    answerLogin(() => new HttpResponse(null, { status: 500 }));
    const { user } = renderApp({ route: paths.studentLogin });

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.server);
  });

  it('says so when the server cannot be reached', async () => {
    answerLogin(() => HttpResponse.error());
    const { user } = renderApp({ route: paths.studentLogin });

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.network);
  });

  it("shows the provider's notice for an unverified account with a way to the code check", async () => {
    const notice = 'Please verify your account with the code we sent to your e-mail.';
    answerLogin(() => HttpResponse.json({ bool: false, msg: notice, student_id: fixtures.student.id }));
    const { user, store } = renderApp({ route: paths.studentLogin });

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    expect(screen.getByRole('link', { name: messages.enterCodeLink })).toHaveAttribute(
      'href',
      paths.verifyStudent(fixtures.student.id),
    );
    expect(store.getState().student.loggedIn).toBe(false);
  });

  it('requires both fields and sends nothing while they are empty', async () => {
    const sent = answerLogin(() => HttpResponse.json({ bool: true, student_id: 7 }));
    const { user } = renderApp({ route: paths.studentLogin });

    const email = await screen.findByRole('textbox', { name: /email/i });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/password/i)).toBeRequired();
    await user.click(screen.getByRole('button', { name: messages.loginButton }));

    expect(email).toBeInvalid();
    expect(sent).toHaveLength(0);
  });

  it('links to the forgotten-password and registration pages', async () => {
    renderApp({ route: paths.studentLogin });

    expect(await screen.findByRole('link', { name: messages.forgotPasswordLink })).toHaveAttribute('href', paths.studentForgotPassword);
    expect(screen.getByRole('link', { name: messages.registerLink })).toHaveAttribute('href', paths.studentRegister);
  });

  it('sends a logged-in student from the login page to the dashboard', async () => {
    renderApp({ route: paths.studentLogin, preloadedState: loggedInAs({ student: 7 }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
