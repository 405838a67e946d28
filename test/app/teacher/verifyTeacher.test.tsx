import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeacherCodeCheck } from '@/api/generated';
import { theme } from '@/app/theme';
import { paths } from '@/config/paths';
import { accessMessages } from '@/features/access/accessMessages';
import { teacherAccessMessages as messages } from '@/features/teacher/access/messages';
import { API } from '@test/handlers';
import { renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** Answers the teacher code check with `reply` and records each request's teacher id and fields. */
function answerCodeCheck(reply: () => Response) {
  const sent: { teacherId: string; form: FormData }[] = [];
  server.use(
    http.post<{ teacher_id: string }, never, TeacherCodeCheck>(`${API}/verify-teacher/:teacher_id/`, async ({ request, params }) => {
      sent.push({ teacherId: params.teacher_id, form: await request.formData() });
      return reply();
    }),
  );
  return sent;
}

async function enterCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.type(await screen.findByRole('textbox', { name: accessMessages.codeFieldLabel }), code);
  await user.click(screen.getByRole('button', { name: accessMessages.verifyButton }));
}

describe('teacher code check', () => {
  it('sends the code, logs the teacher in and opens the dashboard', async () => {
    const sent = answerCodeCheck(() => HttpResponse.json({ bool: true, msg: 'Your account has been verified.', teacher_id: 4 }));
    const { user, store, router } = renderApp({ route: paths.verifyTeacher(4) });

    await enterCode(user, '482913');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.teacherDashboard));
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
    expect(sent[0]!.teacherId).toBe('4');
    expect(sent[0]!.form.get('otp_digit')).toBe('482913');
  });

  it("shows the provider's message in red when it refuses the code", async () => {
    const refusal = 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.';
    answerCodeCheck(() => HttpResponse.json({ bool: false, msg: refusal, teacher_id: 4 }));
    const { user, store } = renderApp({ route: paths.verifyTeacher(4) });

    await enterCode(user, '111111');

    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it('offers to log in again for a new code', async () => {
    renderApp({ route: paths.verifyTeacher(4) });

    expect(await screen.findByText(messages.codeExpiredHelp)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.loginAgainLink })).toHaveAttribute('href', paths.teacherLogin);
  });
});
