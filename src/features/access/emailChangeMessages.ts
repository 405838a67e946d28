/** Texts of the e-mail address change of both profile pages (the dialog and the page's notice). */
export const emailChangeMessages = {
  dialogTitle: 'Confirm your new e-mail address',
  passwordIntro: (email: string) =>
    `To change your e-mail address to ${email}, enter your current password. We will then send a code to the new address.`,
  currentPasswordLabel: 'Current password',
  currentPasswordRequired: 'Please enter your current password.',
  sendCodeButton: 'Send code',
  codeIntro: (email: string) => `Enter the code we sent to ${email}.`,
  confirmButton: 'Confirm',
  resendButton: 'Send a new code',
  cancelButton: 'Cancel',
  startFailed: 'The code could not be sent. Please try again.',
  confirmFailed: 'The code could not be checked. Please try again.',
  /** Under the form after Cancel: the other fields were saved, the address was not changed. */
  notChanged: (current: string) =>
    `Your other changes have been saved. Your e-mail address is still ${current}: it changes once you enter the code sent to the new address.`,
} as const;
