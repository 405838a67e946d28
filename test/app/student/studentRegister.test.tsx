import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { Student } from '@/api/generated';
import { paths } from '@/config/paths';
import { studentAccessMessages as messages } from '@/features/student/access/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** The failure line on the page (toasts are alerts too, outside the main region). */
const pageAlert = async () => within(await screen.findByRole('main')).findByRole('alert');

/** Answers the registration call with `reply` and records the fields of each request. */
function answerRegistration(reply: () => Response) {
  const sent: FormData[] = [];
  server.use(
    http.post<never, never, Student>(`${API}/student/`, async ({ request }) => {
      sent.push(await request.formData());
      return reply();
    }),
  );
  return sent;
}

const entries = {
  'Full Name': 'Ada Lovelace',
  Email: 'ada@academy.test',
  Username: 'ada',
  'Interested Categories': 'French, Yoruba',
};

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  for (const [label, value] of Object.entries(entries)) {
    await user.click(await screen.findByRole('textbox', { name: label }));
    await user.paste(value);
  }
  await user.click(screen.getByLabelText('Password'));
  await user.paste('secret-1');
  await user.click(screen.getByRole('button', { name: messages.registerButton }));
}

describe('student registration', () => {
  it('posts every field with a 6-digit code, thanks the student and opens the code check', async () => {
    const sent = answerRegistration(() => HttpResponse.json({ ...fixtures.student, id: 31 }, { status: 201 }));
    const { user, router } = renderApp({ route: paths.studentRegister });

    await fillAndSubmit(user);

    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: messages.verifyTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.verifyStudent(31));
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get('full_name')).toBe('Ada Lovelace');
    expect(form.get('email')).toBe('ada@academy.test');
    expect(form.get('username')).toBe('ada');
    expect(form.get('password')).toBe('secret-1');
    expect(form.get('interested_categories')).toBe('French, Yoruba');
    const code = String(form.get('otp_digit'));
    expect(code).toMatch(/^\d{6}$/);
    expect(Number(code)).toBeGreaterThanOrEqual(100000);
    expect(Number(code)).toBeLessThanOrEqual(999999);
  });

  it("shows the failure toast, the failure text and the provider's reason, and keeps the values", async () => {
    const reason = 'An account with this e-mail address already exists.';
    answerRegistration(() => HttpResponse.json({ msg: reason } as never, { status: 400 }));
    const { user, router } = renderApp({ route: paths.studentRegister });

    await fillAndSubmit(user);

    expect(await screen.findByText(messages.registrationFailedToast)).toBeInTheDocument();
    const alert = await pageAlert();
    expect(alert).toHaveTextContent(messages.registrationFailed);
    expect(alert).toHaveTextContent(reason);
    for (const [label, value] of Object.entries(entries)) {
      expect(screen.getByRole('textbox', { name: label })).toHaveValue(value);
    }
    expect(screen.getByLabelText('Password')).toHaveValue('secret-1');
    expect(router.state.location.pathname).toBe(paths.studentRegister);
  });

  it('says the server could not be reached when the call fails on the way', async () => {
    answerRegistration(() => HttpResponse.error());
    const { user } = renderApp({ route: paths.studentRegister });

    await fillAndSubmit(user);

    const alert = await pageAlert();
    expect(alert).toHaveTextContent(messages.registrationFailed);
    expect(alert).toHaveTextContent(errorMessages.network);
    expect(screen.getByText(messages.registrationFailedToast)).toBeInTheDocument();
  });

  it('leaves the checks to the provider: an empty form is sent as it is', async () => {
    const sent = answerRegistration(() => HttpResponse.json({ msg: 'The password must not be empty.' } as never, { status: 400 }));
    const { user } = renderApp({ route: paths.studentRegister });

    await user.click(await screen.findByRole('button', { name: messages.registerButton }));

    expect(await pageAlert()).toHaveTextContent('The password must not be empty.');
    expect(sent).toHaveLength(1);
  });
});
