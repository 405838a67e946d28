import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessMessages, passwordResetMessages, newPasswordMessages } from '@/features/access/accessMessages';
import { messages as courseMessages } from '@/features/courses/messages';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { studentAccessMessages } from '@/features/student/access/messages';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';
import { setUpCourseDetailSuite } from '../courses/courseDetailHelpers';

/**
 * Forms speak: a field's problem is under it (aria-describedby) and marks it (aria-invalid), the
 * first field with one takes the focus on submit, and what the provider answered is read out
 * from a live region that was in the page before its text.
 */
describe('forms: field errors, focus and announced results', () => {
  setUpCourseDetailSuite();

  it('login: each missing field is marked and described, and the first one takes the focus', async () => {
    const calls = recordCalls('studentLogin');
    const { user } = renderApp({ route: '/student-login' });
    const page = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    const email = await page.findByRole('textbox', { name: /email/i });
    const password = page.getByLabelText(/password/i);

    await user.click(page.getByRole('button', { name: studentAccessMessages.loginButton }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(accessMessages.emailRequired);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(accessMessages.passwordRequired);

    await user.type(email, 'not-an-address');
    await user.type(password, 'secret-1');
    await user.click(page.getByRole('button', { name: studentAccessMessages.loginButton }));
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(accessMessages.emailInvalid);
    expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.type(email, 'student@academy.test');
    await user.clear(password);
    await user.click(page.getByRole('button', { name: studentAccessMessages.loginButton }));
    expect(password).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("login: the provider's refusal is an alert, inserted with its text (which is what makes it announced)", async () => {
    failEndpoint('studentLogin', 401, { msg: 'Unauthorized' });
    const { user } = renderApp({ route: '/student-login' });
    const page = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    await user.type(await page.findByRole('textbox', { name: /email/i }), 'student@academy.test');
    await user.type(page.getByLabelText(/password/i), 'wrong-password');
    await user.click(page.getByRole('button', { name: studentAccessMessages.loginButton }));

    const alert = await page.findByRole('alert');
    expect(within(alert).getByText(studentAccessMessages.loginFailed)).toBeVisible();
  });

  it("forgot password: the provider's answer is revealed into a status region that was already in the page", async () => {
    const { user } = renderApp({ route: '/student-forgot-password' });
    const page = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    await user.type(await page.findByRole('textbox', { name: /email/i }), 'student@academy.test');
    await user.click(page.getByRole('button', { name: passwordResetMessages.forgotButton }));

    const status = await page.findByRole('status');
    expect(status).toHaveAttribute('aria-atomic', 'true');
    const text = within(status).getByText('A reset link has been sent to your e-mail.');
    // First the (empty-looking) region, then its text.
    expect(text).not.toBeVisible();
    await waitFor(() => expect(text).toBeVisible());
  });

  it('verify: a code that is not six digits is said under the field, which takes the focus', async () => {
    const calls = recordCalls('verifyStudent');
    const { user } = renderApp({ route: '/verify-student/7' });
    const page = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    const code = await page.findByRole('textbox', { name: accessMessages.codeFieldLabel });
    await user.type(code, '12a');
    await user.click(page.getByRole('button', { name: accessMessages.verifyButton }));

    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(accessMessages.codeInvalid);
    expect(calls).toHaveLength(0);
  });

  it('forgot password: an empty address is said under the field, which takes the focus', async () => {
    const { user } = renderApp({ route: '/student-forgot-password' });
    const page = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    const email = await page.findByRole('textbox', { name: /email/i });
    await user.click(page.getByRole('button', { name: passwordResetMessages.forgotButton }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(accessMessages.emailRequired);
  });

  it('reset password: a short password is said under the field, which takes the focus', async () => {
    const { user } = renderApp({ route: '/student-change-forgotten-password/7?token=abc' });
    const page = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    const password = await page.findByLabelText(new RegExp(`^${passwordResetMessages.newPasswordLabel}`));
    await user.type(password, 'short');
    await user.click(page.getByRole('button', { name: passwordResetMessages.changeButton }));
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(newPasswordMessages.tooShort);
  });

  it('rating dialog: without stars the message is an alert describing the group, and the stars take the focus', async () => {
    const { user } = renderApp({ route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });
    await user.click(await screen.findByRole('button', { name: courseMessages.rate }));
    const dialog = await screen.findByRole('dialog', { name: courseMessages.ratingDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: courseMessages.submitRating }));

    const group = within(dialog).getByRole('radiogroup', { name: courseMessages.ratingLabel });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(courseMessages.ratingRequired);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(courseMessages.ratingRequired);
    await waitFor(() => expect(within(group).getAllByRole('radio').filter((radio) => radio.matches(':focus'))).toHaveLength(1));
  });

  it('conversation: a blank message marks the box, is tied to it, and the box keeps or gets the focus back', async () => {
    const { user } = renderApp({ route: '/messages/4', preloadedState: loggedInAs({ student: 7 }) });
    await screen.findByRole('log', { name: messagingMessages.historyLabel('Amara Obi') }, { timeout: 5000 });
    const dialog = screen.getByRole('main');
    const box = within(dialog).getByRole('textbox', { name: messagingMessages.messageLabel });

    fireEvent.click(within(dialog).getByRole('button', { name: messagingMessages.sendButton }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messagingMessages.messageRequired);
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // The reason, once revealed into its alert, is part of the box's description.
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining(messagingMessages.messageRequired)));

    await user.type(box, 'Hello');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/sent/i);
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });
});
