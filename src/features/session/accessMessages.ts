/** Texts shared by the student and teacher access screens (login, code check, password reset). */
export const accessMessages = {
  codeFieldLabel: 'Enter 6 Digit OTP',
  codeFieldHint: 'The 6-digit code from the e-mail we sent you.',
  verifyButton: 'Verify',
  codeRejected: 'The code could not be checked. Please try again.',
  networkError: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'The server ran into a problem. Please try again in a few minutes.',
} as const;
