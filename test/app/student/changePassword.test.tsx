import { screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import { paths } from '@/config/paths';
import { newPasswordMessages, passwordChangeMessages as texts } from '@/features/access/accessMessages';
import { studentAreaMessages as messages } from '@/features/student/area/messages';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asStudent = loggedInAs({ student: 7 });

/** Records each form sent and its path parameter, answering `answer`. */
function recordChanges(answer: () => Response | { bool: boolean; msg?: string }) {
  const sent: Record<string, string | File>[] = [];
  mockEndpoint('changeStudentPassword', async ({ request, params }) => {
    sent.push({ student_id: params.student_id, ...(await sentFields(request)) });
    return answer();
  });
  return sent;
}

/** A password input by its label (the label also carries the required mark, which is hidden from screen readers). */
const passwordField = (main: HTMLElement, label: string) => within(main).getByLabelText(new RegExp(`^${label}\\b`), { selector: 'input' });

async function openChangePassword() {
  const view = renderApp({ route: paths.studentChangePassword, preloadedState: asStudent });
  await screen.findByRole('heading', { level: 1, name: messages.changePasswordTitle });
  const main = screen.getByRole('main');
  return {
    ...view,
    current: passwordField(main, texts.currentPasswordLabel),
    next: passwordField(main, texts.newPasswordLabel),
    confirmation: passwordField(main, texts.confirmPasswordLabel),
    submit: within(main).getByRole('button', { name: texts.changeButton }),
  };
}

describe('student change password', () => {
  it('is reached from the sidebar', async () => {
    const { user, router } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    const sidebar = await screen.findByRole('navigation', { name: messages.areaNavLabel });
    await user.click(within(sidebar).getByRole('link', { name: messages.changePasswordLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/student-change-password'));
    expect(await screen.findByRole('heading', { level: 1, name: messages.changePasswordTitle })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: messages.changePasswordLink })).toHaveAttribute('aria-current', 'page');
  });

  it("sends the current and the new password, shows the provider's message in green and keeps the student logged in", async () => {
    const sent = recordChanges(() => ({ bool: true, msg: 'Your password has been changed.' }));
    const { user, store, router, current, next, confirmation, submit } = await openChangePassword();

    await user.type(current, 'old-secret');
    await user.type(next, 'new-secret-1');
    await user.type(confirmation, 'new-secret-1');
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(sent).toEqual([{ student_id: '7', password: 'new-secret-1', current_password: 'old-secret' }]);
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
    expect(router.state.location.pathname).toBe('/student-change-password');
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
    expect(confirmation).toHaveValue('');
  });

  it("shows the provider's refusal in red and keeps what was typed", async () => {
    recordChanges(() => Response.json({ bool: false, msg: 'Your current password is not correct.' }, { status: 400 }));
    const { user, store, current, next, confirmation, submit } = await openChangePassword();

    await user.type(current, 'wrong');
    await user.type(next, 'new-secret-1');
    await user.type(confirmation, 'new-secret-1');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(current).toHaveValue('wrong');
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
  });

  it("shows a 200 answer with bool false in red", async () => {
    recordChanges(() => ({ bool: false, msg: 'This password is too common.' }));
    const { user, current, next, confirmation, submit } = await openChangePassword();

    await user.type(current, 'old-secret');
    await user.type(next, 'password1');
    await user.type(confirmation, 'password1');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common.');
  });

  it.each<[string, 500 | 'network', string]>([
    ['a server failure', 500, errorMessages.server],
    ['a network failure', 'network', errorMessages.network],
  ])('says what went wrong on %s', async (_case, kind, text) => {
    failEndpoint('changeStudentPassword', kind);
    const { user, current, next, confirmation, submit } = await openChangePassword();

    await user.type(current, 'old-secret');
    await user.type(next, 'new-secret-1');
    await user.type(confirmation, 'new-secret-1');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says under the confirmation that the passwords do not match, and sends nothing', async () => {
    const sent = recordChanges(() => ({ bool: true }));
    const { user, current, next, confirmation, submit } = await openChangePassword();

    await user.type(current, 'old-secret');
    await user.type(next, 'new-secret-1');
    await user.type(confirmation, 'new-secret-2');
    await user.click(submit);

    expect(confirmation).toHaveAccessibleDescription(texts.passwordsDiffer);
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation).toHaveFocus();
    expect(next).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(confirmation);
    await user.type(confirmation, 'new-secret-1');
    expect(confirmation).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('says under the new password that it needs 8 characters, and sends nothing shorter', async () => {
    const sent = recordChanges(() => ({ bool: true }));
    const { user, current, next, confirmation, submit } = await openChangePassword();
    expect(next).toHaveAccessibleDescription(newPasswordMessages.hint);

    await user.type(current, 'old-secret');
    await user.type(next, 'short-7');
    await user.type(confirmation, 'short-7');
    await user.click(submit);

    expect(next).toHaveAccessibleDescription(newPasswordMessages.tooShort);
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('asks for the current and the new password before sending', async () => {
    const sent = recordChanges(() => ({ bool: true }));
    const { user, current, next, submit } = await openChangePassword();

    await user.click(submit);

    expect(current).toHaveAccessibleDescription(texts.currentPasswordRequired);
    expect(next).toHaveAccessibleDescription(texts.newPasswordRequired);
    expect(current).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('says the password was changed when the provider gives no message', async () => {
    recordChanges(() => ({ bool: true }));
    const { user, current, next, confirmation, submit } = await openChangePassword();

    await user.type(current, 'old-secret');
    await user.type(next, 'new-secret-1');
    await user.type(confirmation, 'new-secret-1');
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent(texts.passwordChanged);
  });
});
