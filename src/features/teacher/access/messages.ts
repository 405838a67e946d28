/** The teacher access screens' texts (spec sections 2.5, 4 and 8). */
export const teacherAccessMessages = {
  loginTitle: 'Teacher Login',
  loginButton: 'Login',
  loginError: 'It Looks like there is an error somewhere, please try again',
  rememberMe: 'Remember me',
  forgotPasswordLink: 'Forgot Password?',
  enterCodeLink: 'Enter the code from your e-mail',
  approvalNotice: 'Teachers can log in only after their application has been approved.',
  applyLink: 'Apply as a teacher',
  opensInNewTab: '(opens in a new tab)',

  verifyTitle: 'Verify Your Account',
  verifyIntro: 'We have sent a 6-digit code to your e-mail address. Enter it below to finish logging in.',
  codeExpiredHelp: 'Code expired or not received? Log in again: when your account asks for a code, we send a new one.',
  invalidAccountLink: 'This link does not name an account. Please log in again.',
  loginAgainLink: 'Log in again',

  registerTitle: 'Teacher Registration',
  registerButton: 'Register',
  languageHint: 'Igbo, Yoruba, Akan, etc.',
  registered: 'Thanks for your registration!, you can log in now',
  registrationFailedToast: 'Something went wrong!',
  loginPrompt: 'Already registered?',
  loginLink: 'Log in',

} as const;
