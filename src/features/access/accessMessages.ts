import { errorMessages } from '@/api';
import { isEmailAddress, isLongEnoughPassword, minPasswordLength } from '@/components/forms/validators';

/** Texts shared by the student and teacher access screens (login, code check, password reset). */
export const accessMessages = {
  codeFieldLabel: 'Enter 6 Digit OTP',
  codeFieldHint: 'The 6-digit code from the e-mail we sent you.',
  verifyButton: 'Verify',
  codeRejected: 'The code could not be checked. Please try again.',
  codeInvalid: 'Please enter the 6 digits of the code.',
  resendCodeButton: 'Send a new code',
  codeResent: 'We have sent a new code to your e-mail.',
  resendFailed: 'A new code could not be sent. Please try again.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: errorMessages.invalidEmail,
  passwordRequired: 'Please enter your password.',
} as const;

/** Texts of the forgot-password and change-forgotten-password screens of both sides. */
export const passwordResetMessages = {
  forgotTitle: 'Forgot Password',
  forgotIntro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  forgotButton: 'Send',
  forgotSent: 'Please check your e-mail for the link to choose a new password.',
  forgotFailed: 'The link could not be sent. Please try again.',
  changeTitle: 'Change Password',
  newPasswordLabel: 'New password',
  changeButton: 'Change Password',
  passwordChanged: 'Your password has been changed.',
  changeFailed: 'The password could not be changed. Please try again.',
  missingResetToken: 'Please open this page with the link from your password reset e-mail.',
  requestNewLink: 'Ask for a new link',
  loginWithNewPassword: 'Log in with your new password',
  loginLink: 'Log in',
} as const;

/** Texts of the logged-in password change form of both sides. */
export const passwordChangeMessages = {
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  changeButton: 'Change Password',
  currentPasswordRequired: 'Please enter your current password.',
  newPasswordRequired: 'Please enter a new password.',
  passwordsDiffer: 'The passwords do not match.',
  passwordChanged: 'Your password has been changed.',
  changeFailed: 'The password could not be changed. Please try again.',
} as const;

/** What the registration forms of both sides say about their fields before and after sending. */
export const registerMessages = {
  fullNameRequired: 'Please enter your full name.',
  usernameRequired: 'Please choose a username.',
  passwordRequired: 'Please choose a password.',
  /** Said for an address the provider already knows, however it words that, with the ways on. */
  knownEmail: 'An account with this e-mail address already exists.',
  knownEmailWaysOn: 'Is it yours?',
} as const;

/** What the registration, reset and change-password forms say about a new password. */
export const newPasswordMessages = {
  hint: `At least ${minPasswordLength} characters.`,
  tooShort: `The password must be at least ${minPasswordLength} characters long.`,
} as const;

/** The message to show under a new-password field instead of sending it, or null when it may be sent. */
export function newPasswordProblem(password: string): string | null {
  return isLongEnoughPassword(password) ? null : newPasswordMessages.tooShort;
}

/** Why an e-mail field cannot be sent (empty or not an address), or null when it can. */
export function emailProblem(email: string): string | null {
  if (email.trim() === '') return accessMessages.emailRequired;
  return isEmailAddress(email) ? null : accessMessages.emailInvalid;
}
