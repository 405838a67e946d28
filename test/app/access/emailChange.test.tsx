import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { ProfileSettingPage } from '@/features/student/area/ProfileSettingPage';
import { TeacherProfileSettingPage } from '@/features/teacher/profile/TeacherProfileSettingPage';
import { mockDb, mockEmailChangeCode, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/** The texts of the profile form both pages share (spec section 8: 'Data has been updated'; the others are ours). */
const messages = { fullNameLabel: 'Full Name', emailLabel: 'Email', updateButton: 'Update', profileUpdated: 'Data has been updated' };

/** The texts of the e-mail change dialog and the page's notice (ours). */
const texts = {
  dialogTitle: 'Confirm your new e-mail address',
  passwordIntro: (email: string) =>
    `To change your e-mail address to ${email}, enter your current password. We will then send a code to the new address.`,
  currentPasswordLabel: 'Current password',
  sendCodeButton: 'Send code',
  codeFieldLabel: 'Enter 6 Digit OTP',
  confirmButton: 'Confirm',
  resendButton: 'Send a new code',
  cancelButton: 'Cancel',
  notChanged: (current: string) =>
    `Your other changes have been saved. Your e-mail address is still ${current}: it changes once you enter the code sent to the new address.`,
};

/**
 * Both profile pages: a new e-mail address is saved only through the dialog (current password,
 * then the code mailed to the new address), the other fields first; a provider without the
 * e-mail change operations (404) gets the address with the profile update, as before.
 */
const sides = {
  student: {
    pattern: patterns.profileSetting,
    page: <ProfileSettingPage />,
    session: loggedInAs({ student: 7 }),
    account: () => mockDb.students.find((student) => student.id === 7)!,
    updates: () => recordCalls('updateStudent'),
    starts: () => recordCalls('startStudentEmailChange'),
    failStart: (status: 400 | 404, msg?: string) =>
      status === 400
        ? mockEndpoint('startStudentEmailChange', { status: 400, body: { bool: false, msg: msg! } })
        : failEndpoint('startStudentEmailChange', 404),
  },
  teacher: {
    pattern: patterns.teacherProfileSetting,
    page: <TeacherProfileSettingPage />,
    session: loggedInAs({ teacher: 4 }),
    account: () => mockDb.teachers.find((teacher) => teacher.id === 4)!,
    updates: () => recordCalls('updateTeacher'),
    starts: () => recordCalls('startTeacherEmailChange'),
    failStart: (status: 400 | 404, msg?: string) =>
      status === 400
        ? mockEndpoint('startTeacherEmailChange', { status: 400, body: { bool: false, msg: msg! } })
        : failEndpoint('startTeacherEmailChange', 404),
  },
} as const;

const oldEmail = { student: 'student@academy.test', teacher: 'teacher@academy.test' } as const;
const newEmail = 'new.address@example.org';

describe.each(['student', 'teacher'] as const)('e-mail change on the %s profile page', (side) => {
  const { pattern, page, session, account, updates, starts, failStart } = sides[side];

  async function changeEmail() {
    const view = renderRoute(pattern, page, { preloadedState: session });
    const fullName = await screen.findByRole('textbox', { name: messages.fullNameLabel });
    const email = screen.getByRole('textbox', { name: messages.emailLabel });
    await view.user.clear(fullName);
    await view.user.paste('Renamed Person');
    await view.user.clear(email);
    await view.user.paste(newEmail);
    await view.user.click(screen.getByRole('button', { name: messages.updateButton }));
    return { ...view, email };
  }

  const dialog = () => screen.findByRole('dialog', { name: texts.dialogTitle });
  /** The addresses the profile updates sent, in order (an upload's request may be reported more than once). */
  const emailsSent = async (calls: { request: Request }[]) => {
    const emails = await Promise.all(calls.map(async ({ request }) => (await sentFields(request)).email));
    return emails.filter((email, index) => email !== emails[index - 1]);
  };

  it('saves the other fields with the current address, then asks for the password and the code sent to the new one', async () => {
    const sentUpdates = updates();
    const sentStarts = starts();
    const { user, email } = await changeEmail();

    const asking = await dialog();
    expect(asking).toHaveAccessibleDescription(texts.passwordIntro(newEmail));
    const password = within(asking).getByLabelText(new RegExp(texts.currentPasswordLabel));
    await waitFor(() => expect(password).toHaveFocus());
    expect(account()).toMatchObject({ full_name: 'Renamed Person', email: oldEmail[side] });

    await user.click(password);
    await user.paste('my-password-1');
    await user.click(within(asking).getByRole('button', { name: texts.sendCodeButton }));

    expect(await within(asking).findByText(`We have sent a code to ${newEmail}.`)).toBeInTheDocument();
    // The first call only asked whether the provider has the operation (no password: refused, nothing mailed).
    expect(await sentFields(sentStarts[0]!.request)).toEqual({ email: newEmail, current_password: '' });
    expect(await sentFields(sentStarts[1]!.request)).toEqual({
      email: newEmail,
      current_password: 'my-password-1',
    });
    const code = within(asking).getByRole('textbox', { name: texts.codeFieldLabel });
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, mockEmailChangeCode);
    await user.click(within(asking).getByRole('button', { name: texts.confirmButton }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(account().email).toBe(newEmail);
    expect(email).toHaveValue(newEmail);
    expect(email).toHaveFocus();
    expect(await emailsSent(sentUpdates)).toEqual([oldEmail[side]]);
  });

  it("shows the provider's msg for a wrong password and keeps what was typed", async () => {
    failStart(400, 'Your current password is not correct.');
    const { user, email } = await changeEmail();

    const asking = await dialog();
    const password = within(asking).getByLabelText(new RegExp(texts.currentPasswordLabel));
    await user.click(password);
    await user.paste('wrong-password');
    await user.click(within(asking).getByRole('button', { name: texts.sendCodeButton }));

    expect(await within(asking).findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    expect(password).toHaveValue('wrong-password');
    expect(within(asking).queryByRole('textbox', { name: texts.codeFieldLabel })).not.toBeInTheDocument();

    await user.click(within(asking).getByRole('button', { name: texts.cancelButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The focus goes back to the field the dialog was about, with the typed address kept.
    expect(email).toHaveFocus();
    expect(email).toHaveValue(newEmail);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(texts.notChanged(oldEmail[side]));
    expect(account().email).toBe(oldEmail[side]);
  });

  it("says a wrong code is wrong, and 'Send a new code' asks the provider again", async () => {
    const sentStarts = starts();
    const { user } = await changeEmail();

    const asking = await dialog();
    await user.click(within(asking).getByLabelText(new RegExp(texts.currentPasswordLabel)));
    await user.paste('my-password-1');
    await user.click(within(asking).getByRole('button', { name: texts.sendCodeButton }));
    const code = await within(asking).findByRole('textbox', { name: texts.codeFieldLabel });
    await user.type(code, '999999');
    await user.click(within(asking).getByRole('button', { name: texts.confirmButton }));

    expect(await within(asking).findByRole('alert')).toHaveTextContent('The code is wrong or has expired.');
    expect(code).toHaveValue('999999');
    expect(account().email).toBe(oldEmail[side]);

    await user.click(within(asking).getByRole('button', { name: texts.resendButton }));
    // The question whether the provider has the operation, the first code, the second.
    await waitFor(() => expect(sentStarts).toHaveLength(3));
    expect(await within(asking).findByText(`We have sent a code to ${newEmail}.`)).toBeInTheDocument();
  });

  it('sends the new address with the profile update, asking for no password it could not check, on a provider without the e-mail change operations (404)', async () => {
    failStart(404);
    const sentUpdates = updates();
    const sentStarts = starts();
    const { email } = await changeEmail();

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentStarts).toHaveLength(1);
    expect(await emailsSent(sentUpdates)).toEqual([newEmail]);
    expect(account()).toMatchObject({ full_name: 'Renamed Person', email: newEmail });
    expect(email).toHaveValue(newEmail);
  });

  it('asks for nothing when the address is unchanged', async () => {
    const sentUpdates = updates();
    const { user } = renderRoute(pattern, page, { preloadedState: session });
    await screen.findByRole('textbox', { name: messages.fullNameLabel });
    await user.click(screen.getByRole('button', { name: messages.updateButton }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await emailsSent(sentUpdates)).toEqual([oldEmail[side]]);
  });
});
