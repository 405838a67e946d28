import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { StudentCodeCheck } from '@/api/generated';
import { theme } from '@/app/theme';
import { paths } from '@/config/paths';
import { accessMessages } from '@/features/access/accessMessages';
import { studentAccessMessages as messages } from '@/features/student/access/messages';
import { API } from '@test/handlers';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** Answers the code check with `reply` and records each request's student id and fields. */
function answerCodeCheck(reply: () => Response) {
  const sent: { studentId: string; form: FormData }[] = [];
  server.use(
    http.post<{ student_id: string }, never, StudentCodeCheck>(`${API}/verify-student/:student_id/`, async ({ request, params }) => {
      sent.push({ studentId: params.student_id, form: await request.formData() });
      return reply();
    }),
  );
  return sent;
}

async function enterCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.type(await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel }), code);
  await user.click(screen.getByRole('button', { name: accessMessages.verifyButton }));
}

describe('student code check', () => {
  it('sends the code, logs the student in and opens the dashboard', async () => {
    const sent = answerCodeCheck(() => HttpResponse.json({ bool: true, msg: 'Your account has been verified.', student_id: 31 }));
    const { user, store } = renderApp({ route: paths.verifyStudent(31) });

    await enterCode(user, '731604');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(store.getState().student).toEqual({ loggedIn: true, id: 31 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.studentId).toBe('31');
    expect(sent[0]!.form.get('otp_digit')).toBe('731604');
  });

  it("shows the provider's message in red when it refuses the code, and keeps the code", async () => {
    const refusal = 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.';
    answerCodeCheck(() => HttpResponse.json({ bool: false, msg: refusal, student_id: 31 }));
    const { user, store } = renderApp({ route: paths.verifyStudent(31) });

    await enterCode(user, '111111');

    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('textbox', { name: accessMessages.codeFieldLabel })).toHaveValue('111111');
    expect(store.getState().student.loggedIn).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    answerCodeCheck(() => HttpResponse.error());
    const { user } = renderApp({ route: paths.verifyStudent(31) });

    await enterCode(user, '731604');

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.network);
  });

  it('expects six digits on a numeric keypad and sends nothing else', async () => {
    const sent = answerCodeCheck(() => HttpResponse.json({ bool: true, student_id: 31 }));
    const { user } = renderApp({ route: paths.verifyStudent(31) });

    const field = await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await enterCode(user, '1234');

    expect(field).toBeInvalid();
    expect(sent).toHaveLength(0);
  });

  it('offers a way forward when the code has expired', async () => {
    renderApp({ route: paths.verifyStudent(31) });

    expect(await screen.findByText(messages.codeExpiredHelp)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.loginLink })).toHaveAttribute('href', paths.studentLogin);
    expect(screen.getByRole('link', { name: messages.registerLink })).toHaveAttribute('href', paths.studentRegister);
  });

  it('says when the link names no account', async () => {
    renderApp({ route: '/verify-student/abc' });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidAccountLink);
    expect(screen.queryByRole('textbox', { name: accessMessages.codeFieldLabel })).not.toBeInTheDocument();
  });

  it('sends a logged-in student to the dashboard', async () => {
    renderApp({ route: paths.verifyStudent(31), preloadedState: loggedInAs({ student: 7 }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
