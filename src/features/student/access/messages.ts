/** The student access screens' texts (spec sections 2.4, 4 and 8). */
export const studentAccessMessages = {
  loginTitle: 'Student Login',
  loginButton: 'Login',
  loginFailed: 'Oops! It looks like your email or password is incorrect. Please try again.',
  enterCodeLink: 'Enter the code from your e-mail',
  forgotPasswordLink: 'Forgot password?',
  registerPrompt: 'New here?',
  registerLink: 'Create a student account',

  registerTitle: 'Student Registration',
  registerButton: 'Register',
  interestsHint: 'The languages you want to learn, e.g. French, Yoruba',
  registered:
    'Thank you for registration, a one time password has been sent to your mail, enter the number to verify your account',
  registrationFailedToast: 'Something went wrong',
  registrationFailed: 'Something wrong happened',
  loginPrompt: 'Already registered?',
  loginLink: 'Log in',

  verifyTitle: 'Verify Your Account',
  verifyIntro: 'We have sent a 6-digit code to your e-mail address. Enter it below to finish.',
  codeExpiredHelp:
    'Code expired or not received? Log in with your e-mail and password and we will send you a new code, or register again.',
  invalidAccountLink: 'This link does not name an account. Please log in or register again.',

} as const;
