import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { StudentInboxPage } from '@/features/messaging/InboxPage';
import { StudentChangeForgottenPasswordPage } from '@/features/student/access/StudentChangeForgottenPasswordPage';
import { StudentForgotPasswordPage } from '@/features/student/access/StudentForgotPasswordPage';
import { StudentLoginPage } from '@/features/student/access/StudentLoginPage';
import { VerifyStudentPage } from '@/features/student/access/VerifyStudentPage';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/** The student login's refusal is the spec's (section 8); the field messages are the app's own. */
const texts = {
  loginButton: 'Login',
  loginFailed: 'Oops! It looks like your email or password is incorrect. Please try again.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  passwordRequired: 'Please enter your password.',
  codeFieldLabel: 'Enter 6 Digit OTP',
  verifyButton: 'Verify',
  codeInvalid: 'Please enter the 6 digits of the code.',
  forgotButton: 'Send',
  newPasswordLabel: 'New password',
  changeButton: 'Change Password',
  passwordTooShort: 'The password must be at least 8 characters long.',
  rate: 'Rating',
  ratingDialogTitle: 'Rate this course',
  ratingLabel: 'Your rating',
  submitRating: 'Submit rating',
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  messageLabel: 'Message',
  sendButton: 'Send',
  messageRequired: 'Please write a message.',
};

/** Puts a short text into a field (its typing is not what these tests check). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const openLogin = () => renderRoute(patterns.studentLogin, <StudentLoginPage />);
const openForgotPassword = () => renderRoute(patterns.studentForgotPassword, <StudentForgotPasswordPage />);

/**
 * Forms speak: a field's problem is under it (aria-describedby) and marks it (aria-invalid), the
 * first field with one takes the focus on submit, and what the provider answered is read out
 * from a live region that was in the page before its text.
 */
describe('forms: field errors, focus and announced results', () => {
  it('login: each missing field is marked and described, and the first one takes the focus', async () => {
    const calls = recordCalls('studentLogin');
    const { user } = openLogin();
    const email = await screen.findByRole('textbox', { name: /email/i });
    const password = screen.getByLabelText(/password/i);

    await user.click(screen.getByRole('button', { name: texts.loginButton }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(texts.emailRequired);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(texts.passwordRequired);

    await fill(user, email, 'not-an-address');
    await fill(user, password, 'secret-1');
    await user.click(screen.getByRole('button', { name: texts.loginButton }));
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(texts.emailInvalid);
    expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await fill(user, email, 'student@academy.test');
    await user.clear(password);
    await user.click(screen.getByRole('button', { name: texts.loginButton }));
    expect(password).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("login: the provider's refusal is an alert, inserted with its text (which is what makes it announced)", async () => {
    failEndpoint('studentLogin', 401, { msg: 'Unauthorized' });
    const { user } = openLogin();
    await fill(user, await screen.findByRole('textbox', { name: /email/i }), 'student@academy.test');
    await fill(user, screen.getByLabelText(/password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: texts.loginButton }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(texts.loginFailed)).toBeVisible();
  });

  it("forgot password: the provider's answer is revealed into a status region that was already in the page", async () => {
    const { user } = openForgotPassword();
    await fill(user, await screen.findByRole('textbox', { name: /email/i }), 'student@academy.test');
    await user.click(screen.getByRole('button', { name: texts.forgotButton }));

    const status = await screen.findByRole('status');
    expect(status).toHaveAttribute('aria-atomic', 'true');
    const text = within(status).getByText('A reset link has been sent to your e-mail.');
    // First the (empty-looking) region, then its text.
    expect(text).not.toBeVisible();
    await waitFor(() => expect(text).toBeVisible());
  });

  it('verify: a code that is not six digits is said under the field, which takes the focus', async () => {
    const calls = recordCalls('verifyStudent');
    const { user } = renderRoute(patterns.verifyStudent, <VerifyStudentPage />, { route: '/verify-student/7' });
    const code = await screen.findByRole('textbox', { name: texts.codeFieldLabel });
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: texts.verifyButton }));

    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(texts.codeInvalid);
    expect(calls).toHaveLength(0);
  });

  it('forgot password: an empty address is said under the field, which takes the focus', async () => {
    const { user } = openForgotPassword();
    const email = await screen.findByRole('textbox', { name: /email/i });
    await user.click(screen.getByRole('button', { name: texts.forgotButton }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(texts.emailRequired);
  });

  it('reset password: a short password is said under the field, which takes the focus', async () => {
    const { user } = renderRoute(patterns.studentChangeForgottenPassword, <StudentChangeForgottenPasswordPage />, {
      route: '/student-change-forgotten-password/7?token=abc',
    });
    const password = await screen.findByLabelText(new RegExp(`^${texts.newPasswordLabel}`));
    await fill(user, password, 'short');
    await user.click(screen.getByRole('button', { name: texts.changeButton }));
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(texts.passwordTooShort);
  });

  it('rating dialog: without stars the message is an alert describing the group, and the stars take the focus', async () => {
    const { user } = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });
    await user.click(await screen.findByRole('button', { name: texts.rate }));
    const dialog = await screen.findByRole('dialog', { name: texts.ratingDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: texts.submitRating }));

    const group = within(dialog).getByRole('radiogroup', { name: texts.ratingLabel });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(texts.ratingRequired);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(texts.ratingRequired);
    await waitFor(() => expect(within(group).getAllByRole('radio').filter((radio) => radio.matches(':focus'))).toHaveLength(1));
  });

  it('conversation: a blank message marks the box, is tied to it, and the box keeps or gets the focus back', async () => {
    const { user } = renderRoute(patterns.studentConversation, <StudentInboxPage />, { route: '/messages/4', preloadedState: loggedInAs({ student: 7 }) });
    await screen.findByRole('log', { name: 'Conversation with Amara Obi' });
    const box = screen.getByRole('textbox', { name: texts.messageLabel });

    fireEvent.click(screen.getByRole('button', { name: texts.sendButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.messageRequired);
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // The reason, once revealed into its alert, is part of the box's description.
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining(texts.messageRequired)));

    await user.type(box, 'Hello');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(/sent/i);
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });
});
