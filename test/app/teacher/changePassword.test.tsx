import { screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import { paths } from '@/config/paths';
import { passwordChangeMessages as texts } from '@/features/access/accessMessages';
import { teacherAccessMessages } from '@/features/teacher/access/messages';
import { teacherProfileMessages as messages } from '@/features/teacher/profile/profileMessages';
import { teacherAreaMessages } from '@/features/teacher/area/messages';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asTeacher = loggedInAs({ teacher: 4 });

/** A password input by its label (the label also carries the required mark, hidden from screen readers). */
const passwordField = (main: HTMLElement, label: string) => within(main).getByLabelText(new RegExp(`^${label}\\b`), { selector: 'input' });

async function openChangePassword() {
  const view = renderApp({ route: paths.teacherChangePassword, preloadedState: asTeacher });
  await screen.findByRole('heading', { level: 1, name: messages.changePasswordTitle });
  const main = screen.getByRole('main');
  const fill = async (current: string, next: string, confirmation = next) => {
    await view.user.type(passwordField(main, texts.currentPasswordLabel), current);
    await view.user.type(passwordField(main, texts.newPasswordLabel), next);
    await view.user.type(passwordField(main, texts.confirmPasswordLabel), confirmation);
    await view.user.click(within(main).getByRole('button', { name: texts.changeButton }));
  };
  return { ...view, main, fill };
}

describe('teacher change password', () => {
  it('is reached from the sidebar', async () => {
    const { user, router } = renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    const sidebar = await screen.findByRole('navigation', { name: teacherAreaMessages.areaNavLabel });
    await user.click(within(sidebar).getByRole('link', { name: teacherAreaMessages.changePasswordLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.teacherChangePassword));
    expect(await screen.findByRole('heading', { level: 1, name: messages.changePasswordTitle })).toBeInTheDocument();
  });

  it('sends the current and the new password; on 200 the teacher goes to /teacher-logout and is logged out', async () => {
    const changes = recordCalls('changeTeacherPassword');
    const logouts = recordCalls('teacherLogout');
    const { store, router, fill } = await openChangePassword();

    await fill('old-secret', 'new-secret-1');

    expect(await screen.findByRole('heading', { level: 1, name: teacherAccessMessages.loginTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.teacherLogin);
    expect(store.getState().teacher).toEqual({ loggedIn: false, id: null });
    expect(changes.map((call) => call.params.teacherId)).toEqual(['4']);
    expect(await sentFields(changes[0]!.request)).toEqual({ password: 'new-secret-1', current_password: 'old-secret' });
    expect(logouts).toHaveLength(1);
  });

  it("shows the alert 'Oops... Some error occurred' with the provider's msg when it refuses, and stays", async () => {
    mockEndpoint('changeTeacherPassword', { status: 400, body: { bool: false, msg: 'Your current password is not correct.' } });
    const { store, router, main, fill } = await openChangePassword();

    await fill('wrong', 'new-secret-1');

    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent(messages.passwordChangeFailed);
    expect(alert).toHaveTextContent('Your current password is not correct.');
    expect(router.state.location.pathname).toBe(paths.teacherChangePassword);
    expect(store.getState().teacher.loggedIn).toBe(true);
  });

  it("shows the same alert with the provider's msg for a 200 answer that is not a success", async () => {
    mockEndpoint('changeTeacherPassword', { status: 200, body: { bool: false, msg: 'The password must not be empty.' } });
    const { main, router, fill } = await openChangePassword();

    await fill('old-secret', 'new-secret-1');

    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent(messages.passwordChangeFailed);
    expect(alert).toHaveTextContent('The password must not be empty.');
    expect(router.state.location.pathname).toBe(paths.teacherChangePassword);
  });

  it('says what went wrong when the provider cannot be reached', async () => {
    failEndpoint('changeTeacherPassword', 'network');
    const { main, fill } = await openChangePassword();

    await fill('old-secret', 'new-secret-1');

    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent(messages.passwordChangeFailed);
    expect(alert).toHaveTextContent(errorMessages.network);
  });

  it('checks the confirmation before sending', async () => {
    const changes = recordCalls('changeTeacherPassword');
    const { main, fill } = await openChangePassword();

    await fill('old-secret', 'new-secret-1', 'new-secret-2');

    expect(passwordField(main, texts.confirmPasswordLabel)).toHaveAccessibleDescription(texts.passwordsDiffer);
    expect(changes).toHaveLength(0);
  });

  it('sends a visitor without the teacher login to /teacher-login', async () => {
    const { router } = renderApp({ route: paths.teacherChangePassword });

    expect(await screen.findByRole('heading', { level: 1, name: teacherAccessMessages.loginTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.teacherLogin);
  });
});
