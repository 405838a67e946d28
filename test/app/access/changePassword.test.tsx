import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RootState } from '@/app/store';
import { paths } from '@/config/paths';
import { StudentChangePasswordPage } from '@/features/student/area/StudentChangePasswordPage';
import { TeacherChangePasswordPage } from '@/features/teacher/profile/TeacherChangePasswordPage';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

/** The texts of both password changes (spec section 8 and ours). */
const texts = {
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  changeButton: 'Change Password',
  currentPasswordRequired: 'Please enter your current password.',
  newPasswordRequired: 'Please enter a new password.',
  passwordsDiffer: 'The passwords do not match.',
  passwordChanged: 'Your password has been changed.',
  newPasswordHint: 'At least 8 characters.',
  newPasswordTooShort: 'The password must be at least 8 characters long.',
};

/** What differs between the two password changes (spec section 8). */
const sides = [
  {
    side: 'student',
    route: paths.studentChangePassword,
    page: <StudentChangePasswordPage /> as ReactElement,
    dashboard: paths.studentDashboard,
    login: paths.studentLogin,
    loginTitle: 'Student Login',
    area: { areaNavLabel: 'Student area', changePasswordLink: 'Change Password' },
    title: 'Change Password',
    endpoint: 'changeStudentPassword',
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    accountOf: (params: Record<string, string>) => params.student_id,
    account: '7',
    /** The student's refusal is a red line with the provider's message alone. */
    failureTitle: null,
  },
  {
    side: 'teacher',
    route: paths.teacherChangePassword,
    page: <TeacherChangePasswordPage /> as ReactElement,
    dashboard: paths.teacherDashboard,
    login: paths.teacherLogin,
    loginTitle: 'Teacher Login',
    area: { areaNavLabel: 'Teacher area', changePasswordLink: 'Change Password' },
    title: 'Change Password',
    endpoint: 'changeTeacherPassword',
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    accountOf: (params: Record<string, string>) => params.teacherId,
    account: '4',
    /** The teacher's refusal is the alert 'Oops... Some error occurred' above the provider's message. */
    failureTitle: 'Oops... Some error occurred',
  },
] as const;

type Side = (typeof sides)[number];

/** A password input by its label (the label also carries the required mark, hidden from screen readers). */
const passwordField = (page: HTMLElement, label: string) => within(page).getByLabelText(new RegExp(`^${label}\\b`), { selector: 'input' });

/** Opens the side's page alone on its route, or in the whole app for a test that follows where it leads. */
async function openChangePassword(side: Side, { wholeApp = false } = {}) {
  const view = wholeApp
    ? renderApp({ route: side.route, preloadedState: side.session })
    : renderRoute(side.route, side.page, { preloadedState: side.session });
  await screen.findByRole('heading', { level: 1, name: side.title });
  // The page alone has no header or sidebar: its form is all there is (the whole app's header holds no such field).
  const main = document.body;
  const fields = {
    current: passwordField(main, texts.currentPasswordLabel),
    next: passwordField(main, texts.newPasswordLabel),
    confirmation: passwordField(main, texts.confirmPasswordLabel),
    submit: within(main).getByRole('button', { name: texts.changeButton }),
  };
  const fill = async (current: string, next: string, confirmation = next) => {
    for (const [field, value] of [
      [fields.current, current],
      [fields.next, next],
      [fields.confirmation, confirmation],
    ] as const) {
      await view.user.click(field);
      await view.user.paste(value);
    }
    await view.user.click(fields.submit);
  };
  return { ...view, ...fields, main, fill };
}

describe.each(sides)('$side change password', (side) => {
  /** The failure shown on the page: the side's title, when it has one, and the text. */
  async function expectFailure(main: HTMLElement, text: string) {
    const alert = await within(main).findByRole('alert');
    if (side.failureTitle !== null) expect(alert).toHaveTextContent(side.failureTitle);
    expect(alert).toHaveTextContent(text);
  }

  it('sends the current and the new password to the account it is for', async () => {
    const changes = recordCalls(side.endpoint);
    const { fill } = await openChangePassword(side);

    await fill('old-secret', 'new-secret-1');

    await waitFor(() => expect(changes).toHaveLength(1));
    expect(side.accountOf(changes[0]!.params)).toBe(side.account);
    expect(await sentFields(changes[0]!.request)).toEqual({ password: 'new-secret-1', current_password: 'old-secret' });
  });

  it("shows the provider's refusal, a 200 with bool false, a server failure and a network failure, keeping what was typed and the login", async () => {
    const { store, router, main, current, fill, user, submit } = await openChangePassword(side);

    mockEndpoint(side.endpoint, { status: 400, body: { bool: false, msg: 'Your current password is not correct.' } }, { once: true });
    await fill('wrong', 'new-secret-1');
    await expectFailure(main, 'Your current password is not correct.');
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
    expect(current).toHaveValue('wrong');
    expect(router.state.location.pathname).toBe(side.route);
    expect(side.sessionOf(store.getState()).loggedIn).toBe(true);

    for (const [fail, text] of [
      [() => mockEndpoint(side.endpoint, { status: 200, body: { bool: false, msg: 'This password is too common.' } }, { once: true }), 'This password is too common.'],
      [() => failEndpoint(side.endpoint, 500, { once: true }), 'The server ran into a problem. Please try again in a few minutes.'],
      [() => failEndpoint(side.endpoint, 'network', { once: true }), 'No response from the server. Please try again later.'],
    ] as const) {
      fail();
      await user.click(submit);
      await waitFor(() => expect(within(main).getByRole('alert')).toHaveTextContent(text));
      if (side.failureTitle !== null) expect(within(main).getByRole('alert')).toHaveTextContent(side.failureTitle);
      expect(current).toHaveValue('wrong');
      expect(router.state.location.pathname).toBe(side.route);
    }
  });

  it('says under the confirmation that the passwords do not match, and sends nothing until they do', async () => {
    const changes = recordCalls(side.endpoint);
    const { user, next, confirmation, submit, fill } = await openChangePassword(side);

    await fill('old-secret', 'new-secret-1', 'new-secret-2');

    expect(confirmation).toHaveAccessibleDescription(texts.passwordsDiffer);
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation).toHaveFocus();
    expect(next).not.toHaveAttribute('aria-invalid', 'true');
    expect(changes).toHaveLength(0);

    await user.clear(confirmation);
    await user.paste('new-secret-1');
    expect(confirmation).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(submit);
    await waitFor(() => expect(changes).toHaveLength(1));
  });

  it('says under the new password that it needs 8 characters, and sends nothing shorter', async () => {
    const changes = recordCalls(side.endpoint);
    const { next, fill } = await openChangePassword(side);
    expect(next).toHaveAccessibleDescription(texts.newPasswordHint);

    await fill('old-secret', 'short-7');

    expect(next).toHaveAccessibleDescription(texts.newPasswordTooShort);
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveFocus();
    expect(changes).toHaveLength(0);
  });

  it('asks for the current and the new password before sending', async () => {
    const changes = recordCalls(side.endpoint);
    const { user, current, next, submit } = await openChangePassword(side);

    await user.click(submit);

    expect(current).toHaveAccessibleDescription(texts.currentPasswordRequired);
    expect(next).toHaveAccessibleDescription(texts.newPasswordRequired);
    expect(current).toHaveFocus();
    expect(changes).toHaveLength(0);
  });

  it(`sends a visitor without the ${side.side} login to the login page`, async () => {
    const { router } = renderApp({ route: side.route });

    expect(await screen.findByRole('heading', { level: 1, name: side.loginTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(side.login);
  });
});

describe('student change password', () => {
  const [student] = sides;

  it("shows the provider's message in green, empties the fields and keeps the student logged in", async () => {
    mockEndpoint('changeStudentPassword', { status: 200, body: { bool: true, msg: 'Your password has been changed.' } });
    const { store, router, current, next, confirmation, fill } = await openChangePassword(student);

    await fill('old-secret', 'new-secret-1');

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
    expect(router.state.location.pathname).toBe('/student-change-password');
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
    expect(confirmation).toHaveValue('');
  });

  it('says the password was changed when the provider gives no message', async () => {
    mockEndpoint('changeStudentPassword', { status: 200, body: { bool: true } });
    const { fill } = await openChangePassword(student);

    await fill('old-secret', 'new-secret-1');

    expect(await screen.findByRole('status')).toHaveTextContent(texts.passwordChanged);
  });
});

describe('teacher change password', () => {
  const [, teacher] = sides;

  it('on 200 sends the teacher to /teacher-logout, which logs out and opens the login', async () => {
    const logouts = recordCalls('teacherLogout');
    const { store, router, fill } = await openChangePassword(teacher, { wholeApp: true });

    await fill('old-secret', 'new-secret-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.teacherLogin);
    expect(store.getState().teacher).toEqual({ loggedIn: false, id: null });
    expect(logouts).toHaveLength(1);
  });
});
