import { screen, waitFor, within } from '@testing-library/react';
import type * as envModule from '@/config/env';
import { paths, patterns } from '@/config/paths';
import { TeacherLoginPage } from '@/features/teacher/access/TeacherLoginPage';
import { sentFields } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderApp, renderRoute } from '@test/render';

// The academy's application form, as configured at build time (TEACHER_APPLICATION_URL).
const applicationForm = 'https://apply.academy.test/teachers';
jest.mock('@/config/env', () => {
  const actual = jest.requireActual<typeof envModule>('@/config/env');
  return { ...actual, env: { ...actual.env, teacherApplicationUrl: 'https://apply.academy.test/teachers' } };
});

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

type User = ReturnType<typeof renderApp>['user'];

/** The login page alone, for what the page itself does; the whole app where the guards take the teacher on. */
const renderLoginPage = () => renderRoute(patterns.teacherLogin, <TeacherLoginPage />);

async function logIn(user: User, { remember = false } = {}) {
  await user.click(await screen.findByRole('textbox', { name: /email/i }));
  await user.paste('teacher@academy.test');
  await user.click(screen.getByLabelText(/^password/i));
  await user.paste('secret-2');
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('teacher login (spec section 4)', () => {
  it('without the code step: stores the login at once and opens the dashboard, never the code page', async () => {
    const calls = recordCalls('verifyTeacher');
    const { user, store, router } = renderApp({ route: paths.teacherLogin });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.teacherDashboard);
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
    expect(visited).not.toContain(paths.verifyTeacher(4));
    expect(calls).toHaveLength(0);
  });

  it('with login_via_otp: stores nothing, goes to the code step, and the code stores the login and opens the dashboard', async () => {
    mockEndpoint('teacherLogin', { status: 200, body: { bool: true, msg: 'We have sent a login code to your e-mail.', login_via_otp: true, teacher_id: 4 } });
    const verify = recordCalls('verifyTeacher');
    const { user, store, router } = renderApp({ route: paths.teacherLogin });

    await logIn(user);

    const code = await screen.findByRole('textbox', { name: 'Enter 6 Digit OTP' });
    expect(router.state.location.pathname).toBe(paths.verifyTeacher(4));
    expect(store.getState().teacher).toEqual({ loggedIn: false, id: null });
    expect(localStorage.getItem('teacherLoginStatus')).toBeNull();

    await user.click(code);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.teacherDashboard);
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
    expect(verify.map((call) => call.params.teacher_id)).toEqual(['4']);
    expect(await sentFields(verify[0]!.request)).toEqual({ otp_digit: '123456' });
  });

  it("sends remember=true when 'Remember me' is checked", async () => {
    const calls = recordCalls('teacherLogin');
    const { user } = renderLoginPage();

    expect(await screen.findByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await logIn(user, { remember: true });

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await sentFields(calls[0]!.request)).toEqual({ email: 'teacher@academy.test', password: 'secret-2', remember: 'true' });
  });

  it("leaves remember out when 'Remember me' is not checked (a session that ends with the browser's)", async () => {
    const calls = recordCalls('teacherLogin');
    const { user } = renderLoginPage();

    await logIn(user);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await sentFields(calls[0]!.request)).toEqual({ email: 'teacher@academy.test', password: 'secret-2' });
  });

  it("shows the provider's msg for a refused login", async () => {
    mockEndpoint('teacherLogin', { status: 200, body: { bool: false, msg: 'Invalid email or password.' } });
    const { user, store } = renderLoginPage();

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(store.getState().teacher.loggedIn).toBe(false);
  });

  it('links the approval notice to the configured application form, in a new tab', async () => {
    renderLoginPage();

    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Teachers can log in only after their application has been approved.');
    const link = within(notice).getByRole('link', { name: /Apply as a teacher/ });
    expect(link).toHaveAttribute('href', applicationForm);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveTextContent('(opens in a new tab)');
  });

  it('returns a teacher sent to the login to the page they asked for', async () => {
    const { user, router } = renderApp({ route: paths.myStudents });

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Login' })).toBeInTheDocument();
    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.myStudents));
  });
});
