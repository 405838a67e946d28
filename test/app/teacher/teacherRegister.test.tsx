import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { Teacher } from '@/api/generated';
import type * as EnvModule from '@/config/env';
import { paths } from '@/config/paths';
import { teacherAccessMessages as messages } from '@/features/teacher/access/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { renderApp } from '@test/render';
import { server } from '@test/server';

// A build with the external application form configured (TEACHER_APPLICATION_URL).
jest.mock('@/config/env', () => {
  const actual = jest.requireActual<typeof EnvModule>('@/config/env');
  return { ...actual, env: { ...actual.env, teacherApplicationUrl: 'https://apply.academy.test/teachers' } };
});

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/** The failure line on the page (toasts are alerts too, outside the main region). */
const pageAlert = async () => within(await screen.findByRole('main')).findByRole('alert');

/** Answers the registration call with `reply` and records the fields of each request. */
function answerRegistration(reply: () => Response) {
  const sent: FormData[] = [];
  server.use(
    http.post<never, never, Teacher>(`${API}/teacher/`, async ({ request }) => {
      sent.push(await request.formData());
      return reply();
    }),
  );
  return sent;
}

const entries = {
  'Full Name': 'Amara Obi',
  Email: 'amara@academy.test',
  Qualification: 'MA Linguistics',
  'Mobile Number': '+2347700900123',
  Language: 'Igbo, Yoruba',
};

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  for (const [label, value] of Object.entries(entries)) {
    await user.click(await screen.findByRole('textbox', { name: label }));
    await user.paste(value);
  }
  await user.click(screen.getByLabelText('Password'));
  await user.paste('secret-2');
  await user.click(screen.getByRole('button', { name: messages.registerButton }));
}

describe('teacher registration', () => {
  it('posts every field with a 6-digit code, thanks the teacher and opens the code check', async () => {
    const sent = answerRegistration(() => HttpResponse.json({ ...fixtures.teacher, id: 41 }, { status: 201 }));
    const { user, router } = renderApp({ route: paths.teacherRegister });

    await fillAndSubmit(user);

    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: messages.verifyTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.verifyTeacher(41));
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get('full_name')).toBe('Amara Obi');
    expect(form.get('email')).toBe('amara@academy.test');
    expect(form.get('password')).toBe('secret-2');
    expect(form.get('qualification')).toBe('MA Linguistics');
    expect(form.get('mobile_no')).toBe('+2347700900123');
    expect(form.get('skills')).toBe('Igbo, Yoruba');
    const code = String(form.get('otp_digit'));
    expect(code).toMatch(/^\d{6}$/);
    expect(Number(code)).toBeGreaterThanOrEqual(100000);
    expect(Number(code)).toBeLessThanOrEqual(999999);
  });

  it('keeps a leading 0 of the mobile number', async () => {
    const sent = answerRegistration(() => HttpResponse.json({ ...fixtures.teacher, id: 41 }, { status: 201 }));
    const { user } = renderApp({ route: paths.teacherRegister });

    const mobile = await screen.findByRole('textbox', { name: 'Mobile Number' });
    expect(mobile).toHaveAttribute('inputmode', 'numeric');
    await user.type(mobile, '07700900123');
    await user.click(screen.getByRole('button', { name: messages.registerButton }));

    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    expect(sent[0]!.get('mobile_no')).toBe('07700900123');
  });

  it("shows the failure toast and the provider's reason, and keeps the values", async () => {
    const reason = 'An account with this e-mail address already exists.';
    answerRegistration(() => HttpResponse.json({ msg: reason } as never, { status: 400 }));
    const { user, router } = renderApp({ route: paths.teacherRegister });

    await fillAndSubmit(user);

    expect(await screen.findByText(messages.registrationFailedToast)).toBeInTheDocument();
    expect(await pageAlert()).toHaveTextContent(reason);
    for (const [label, value] of Object.entries(entries)) {
      expect(screen.getByRole('textbox', { name: label })).toHaveValue(value);
    }
    expect(screen.getByLabelText('Password')).toHaveValue('secret-2');
    expect(router.state.location.pathname).toBe(paths.teacherRegister);
  });

  it.each([
    ['no answer', () => HttpResponse.error(), errorMessages.network],
    ['a server fault', () => new HttpResponse(null, { status: 500 }), errorMessages.server],
    ['a refusal without a reason', () => new HttpResponse(null, { status: 400 }), messages.registrationFailedToast],
  ])('says what went wrong on %s', async (_case, reply, text) => {
    answerRegistration(reply);
    const { user } = renderApp({ route: paths.teacherRegister });

    await fillAndSubmit(user);

    expect(await pageAlert()).toHaveTextContent(text);
    expect(within(screen.getByRole('main')).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Amara Obi');
  });

  it('tells that approval comes first and links to the application form in a new tab', async () => {
    renderApp({ route: paths.teacherRegister });

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('note')).toHaveTextContent(messages.approvalNotice);
    const apply = within(main).getByRole('link', { name: `${messages.applyLink} ${messages.opensInNewTab}` });
    expect(apply).toHaveAttribute('href', 'https://apply.academy.test/teachers');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(screen.getByText(messages.languageHint)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: messages.loginLink })).toHaveAttribute('href', paths.teacherLogin);
  });
});
