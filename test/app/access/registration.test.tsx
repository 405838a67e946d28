import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { maxLengths } from '@/api';
import type * as EnvModule from '@/config/env';
import { paths, patterns } from '@/config/paths';
import { StudentForgotPasswordPage } from '@/features/student/access/StudentForgotPasswordPage';
import { StudentLoginPage } from '@/features/student/access/StudentLoginPage';
import { StudentRegisterPage } from '@/features/student/access/StudentRegisterPage';
import { TeacherForgotPasswordPage } from '@/features/teacher/access/TeacherForgotPasswordPage';
import { TeacherLoginPage } from '@/features/teacher/access/TeacherLoginPage';
import { TeacherRegisterPage } from '@/features/teacher/access/TeacherRegisterPage';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderApp, renderRoute, renderWithProviders } from '@test/render';

// A build with the external application form configured (TEACHER_APPLICATION_URL).
jest.mock('@/config/env', () => {
  const actual = jest.requireActual<typeof EnvModule>('@/config/env');
  return { ...actual, env: { ...actual.env, teacherApplicationUrl: 'https://apply.academy.test/teachers' } };
});

type User = ReturnType<typeof renderApp>['user'];

/** A way the registration can go wrong, and the texts the page then shows. */
interface FailureCase {
  case: string;
  arrange: () => void;
  shown: readonly string[];
}

const errorMessages = {
  network: 'No response from the server. Please try again later.',
  server: 'The server ran into a problem. Please try again in a few minutes.',
};
const accessMessages = { emailInvalid: 'Please enter a valid e-mail address, like name@example.com.' };
const newPasswordMessages = { hint: 'At least 8 characters.', tooShort: 'The password must be at least 8 characters long.' };
const registerMessages = {
  fullNameRequired: 'Please enter your full name.',
  usernameRequired: 'Please choose a username.',
  passwordRequired: 'Please choose a password.',
  knownEmail: 'An account with this e-mail address already exists.',
};
const passwordResetMessages = { forgotTitle: 'Forgot Password' };
const studentAccessMessages = {
  registerTitle: 'Student Registration',
  registerButton: 'Register',
  registered: 'Thank you for registration, a one time password has been sent to your mail, enter the number to verify your account',
  registrationFailedToast: 'Something went wrong',
  registrationFailed: 'Something wrong happened',
  loginLink: 'Log in',
  forgotPasswordLink: 'Forgot password?',
  verifyTitle: 'Verify Your Account',
};
const teacherAccessMessages = {
  registerTitle: 'Teacher Registration',
  registerButton: 'Register',
  registered: 'Thanks for your registration!, you can log in now',
  registrationFailedToast: 'Something went wrong!',
  loginLink: 'Log in',
  forgotPasswordLink: 'Forgot Password?',
  verifyTitle: 'Verify Your Account',
  approvalNotice: 'Teachers can log in only after their application has been approved.',
  applyLink: 'Apply as a teacher',
  opensInNewTab: '(opens in a new tab)',
  languageHint: 'Igbo, Yoruba, Akan, etc.',
};

/** The registration form alone on its route (no header or footer, so no main region: the page is the body). */
const renderStudentForm = () => renderRoute(patterns.studentRegister, <StudentRegisterPage />);
const renderTeacherForm = () => renderRoute(patterns.teacherRegister, <TeacherRegisterPage />);
/** The registration form at `route` and the pages its links under Email lead to, each on its route. */
const renderFormAndWaysOn = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path={patterns.studentRegister} element={<StudentRegisterPage />} />
      <Route path={patterns.studentLogin} element={<StudentLoginPage />} />
      <Route path={patterns.studentForgotPassword} element={<StudentForgotPasswordPage />} />
      <Route path={patterns.teacherRegister} element={<TeacherRegisterPage />} />
      <Route path={patterns.teacherLogin} element={<TeacherLoginPage />} />
      <Route path={patterns.teacherForgotPassword} element={<TeacherForgotPasswordPage />} />
    </Routes>,
    { route },
  );

/** Once the form titled `title` is on screen, its page: the whole app's main region, or the body for the form alone. */
async function registrationPage(title: string): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 1, name: title });
  return screen.queryByRole('main') ?? document.body;
}

/** The registration form, found by its button (a form without a name has no role). */
// eslint-disable-next-line testing-library/no-node-access
const registrationForm = (button: string) => screen.getByRole('button', { name: button }).closest('form')!;

/** The message a field is described by (its helper text), to look inside it. */
function describedBy(field: HTMLElement): HTMLElement {
  return document.getElementById(field.getAttribute('aria-describedby') ?? '') as HTMLElement;
}

/** The toasts: the alerts outside the form. */
function toasts(form: HTMLElement) {
  return screen.getAllByRole('alert').filter((alert) => !form.contains(alert));
}

const reason = 'An account with this e-mail address already exists.';

/** What differs between the two registrations. The mocked provider adds the account and answers it. */
const sides = [
  {
    side: 'student',
    register: paths.studentRegister,
    verify: paths.verifyStudent,
    renderForm: renderStudentForm,
    endpoint: 'registerStudent',
    messages: studentAccessMessages,
    entries: { 'Full Name': 'Ada Lovelace', Email: 'ada@academy.test', Username: 'ada' },
    /** Ticked from the provider's categories, as in the profile. */
    interests: ['French', 'Yoruba'],
    password: 'secret-1',
    sent: { full_name: 'Ada Lovelace', email: 'ada@academy.test', username: 'ada', password: 'secret-1', interested_categories: 'French, Yoruba' },
    /** The id the mocked provider gave the new account. */
    createdId: () => mockDb.students.find((student) => student.email === 'ada@academy.test')?.id,
    /** Spec section 8: 'Something wrong happened' on the page, with the reason when known. */
    login: paths.studentLogin,
    forgotPassword: paths.studentForgotPassword,
    failures: [
      { case: 'no answer', arrange: () => failEndpoint('registerStudent', 'network'), shown: [studentAccessMessages.registrationFailed, errorMessages.network] },
      { case: 'a server fault', arrange: () => failEndpoint('registerStudent', 500), shown: [studentAccessMessages.registrationFailed, errorMessages.server] },
    ],
  },
  {
    side: 'teacher',
    register: paths.teacherRegister,
    verify: paths.verifyTeacher,
    renderForm: renderTeacherForm,
    endpoint: 'registerTeacher',
    messages: teacherAccessMessages,
    entries: {
      'Full Name': 'Amara Obi',
      Email: 'amara@academy.test',
      Qualification: 'MA Linguistics',
      'Mobile Number': '+2347700900123',
      Language: 'Igbo, Yoruba',
    },
    interests: [],
    password: 'secret-2',
    sent: {
      full_name: 'Amara Obi',
      email: 'amara@academy.test',
      password: 'secret-2',
      qualification: 'MA Linguistics',
      mobile_no: '+2347700900123',
      skills: 'Igbo, Yoruba',
    },
    createdId: () => mockDb.teachers.find((teacher) => teacher.email === 'amara@academy.test')?.id,
    login: paths.teacherLogin,
    forgotPassword: paths.teacherForgotPassword,
    failures: [
      { case: 'no answer', arrange: () => failEndpoint('registerTeacher', 'network'), shown: [errorMessages.network] },
      { case: 'a server fault', arrange: () => failEndpoint('registerTeacher', 500), shown: [errorMessages.server] },
      {
        case: 'a refusal without a reason',
        arrange: () => mockEndpoint('registerTeacher', { status: 400 }),
        shown: [teacherAccessMessages.registrationFailedToast],
      },
    ],
  },
] as const;

describe.each(sides)('$side registration', (side) => {
  const { messages } = side;

  async function fillAndSubmit(user: User) {
    // Queried in the page alone: role queries over the whole app (header, footer) are slow in jsdom.
    const form = within(await registrationPage(messages.registerTitle));
    for (const [label, value] of Object.entries(side.entries)) {
      await user.click(form.getByRole('textbox', { name: label }));
      await user.paste(value);
    }
    for (const interest of side.interests) await user.click(await form.findByRole('checkbox', { name: interest }));
    await user.click(form.getByLabelText(/^Password/));
    await user.paste(side.password);
    await user.click(form.getByRole('button', { name: messages.registerButton }));
  }

  function expectValuesKept() {
    const form = within(registrationForm(messages.registerButton));
    for (const [label, value] of Object.entries(side.entries)) {
      expect(form.getByRole('textbox', { name: label })).toHaveValue(value);
    }
    expect(form.getByLabelText(/^Password/)).toHaveValue(side.password);
  }

  it('posts every field with a 6-digit code, thanks the new account and opens its code check', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = side.renderForm();

    await fillAndSubmit(user);

    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    const id = side.createdId();
    expect(id).toEqual(expect.any(Number));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent(side.verify(id!));
    expect(calls).toHaveLength(1);
    const { otp_digit: code, ...fields } = await sentFields(calls[0]!.request);
    expect(fields).toEqual(side.sent);
    expect(code).toMatch(/^\d{6}$/);
    expect(Number(code)).toBeGreaterThanOrEqual(100000);
    expect(Number(code)).toBeLessThanOrEqual(999999);
  });

  it("takes no more characters in each field than api-spec.yaml's maxLength lets the provider store", async () => {
    side.renderForm();
    const form = within(await registrationPage(messages.registerTitle));
    const lengths: Record<string, number> = maxLengths[side.side === 'student' ? 'StudentRegistrationForm' : 'TeacherRegistrationForm'];

    for (const [label, value] of Object.entries(side.entries)) {
      const [field] = Object.entries(side.sent).find(([, sent]) => sent === value)!;
      expect(await form.findByRole('textbox', { name: label })).toHaveAttribute('maxlength', String(lengths[field]));
    }
    expect(form.getByLabelText(/^Password/)).toHaveAttribute('maxlength', String(lengths.password));
  });

  it('says under the password that it needs 8 characters, and sends nothing shorter', async () => {
    const calls = recordCalls(side.endpoint);
    const { user } = side.renderForm();
    const form = within(await registrationPage(messages.registerTitle));
    for (const [label, value] of Object.entries(side.entries)) {
      await user.click(await form.findByRole('textbox', { name: label }));
      await user.paste(value);
    }
    const password = await form.findByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription(newPasswordMessages.hint);

    await user.click(password);
    await user.paste('seven77');
    await user.click(form.getByRole('button', { name: messages.registerButton }));

    expect(password).toHaveAccessibleDescription(newPasswordMessages.tooShort);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('offers Log in and Forgot password under Email for a known address, without a toast, and Log in brings the address along', async () => {
    failEndpoint(side.endpoint, 400, { msg: reason });
    const { user, router } = renderFormAndWaysOn(side.register);

    await fillAndSubmit(user);

    const form = within(await registrationPage(messages.registerTitle));
    const email = form.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(expect.stringContaining(registerMessages.knownEmail)));
    expect(email).toBeInvalid();
    expect(email).toHaveFocus();
    expect(form.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(messages.registrationFailedToast)).toBeNull();
    expectValuesKept();
    const help = within(describedBy(email));
    expect(help.getByRole('link', { name: messages.forgotPasswordLink })).toHaveAttribute('href', side.forgotPassword);

    await user.click(help.getByRole('link', { name: messages.loginLink }));
    expect(router.state.location.pathname).toBe(side.login);
    // The login page fills the address in once it has rendered (the link's state, after mount).
    await screen.findByRole('heading', { level: 1, name: /Login$/ });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(side.entries.Email));
  });

  it.each<FailureCase>(side.failures)('says what went wrong on $case, with the failure toast, and keeps the values', async ({ arrange, shown }) => {
    arrange();
    const { user } = side.renderForm();

    await fillAndSubmit(user);

    const form = registrationForm(messages.registerButton);
    const alert = await within(form).findByRole('alert');
    for (const text of shown) expect(alert).toHaveTextContent(text);
    // The toast host loads with the first toast: wait for the toast too, not only the page's alert.
    await waitFor(() => expect(toasts(form)).toEqual([expect.anything()]));
    expect(toasts(form)[0]).toHaveTextContent(messages.registrationFailedToast);
    expectValuesKept();
  });
});

describe('student registration', () => {
  const messages = studentAccessMessages;

  it('checks each field where it is before sending: required marks, messages under the fields, the first focused', async () => {
    const calls = recordCalls('registerStudent');
    const { user } = renderStudentForm();
    const form = within(await registrationPage(messages.registerTitle));
    const fullName = await form.findByRole('textbox', { name: 'Full Name' });
    for (const field of [fullName, form.getByRole('textbox', { name: 'Email' }), form.getByRole('textbox', { name: 'Username' }), form.getByLabelText(/^Password/)]) {
      expect(field).toBeRequired();
    }

    await user.click(form.getByRole('textbox', { name: 'Email' }));
    await user.paste('ada@academy');
    await user.click(form.getByRole('button', { name: messages.registerButton }));

    expect(fullName).toHaveAccessibleDescription(registerMessages.fullNameRequired);
    expect(fullName).toHaveFocus();
    expect(form.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(accessMessages.emailInvalid);
    expect(form.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(registerMessages.usernameRequired);
    expect(form.getByLabelText(/^Password/)).toHaveAccessibleDescription(registerMessages.passwordRequired);
    expect(form.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("words a provider's schema message under its field, once, with no toast", async () => {
    failEndpoint('registerStudent', 400, { msg: 'Invalid request: body/email must match format "email".' });
    const { user } = renderStudentForm();

    const form = within(await fillAndSubmitStudent(user));

    const email = form.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(accessMessages.emailInvalid));
    expect(email).toHaveFocus();
    expect(screen.getAllByText(accessMessages.emailInvalid)).toHaveLength(1);
    expect(screen.queryByText(/body\/|must match/)).toBeNull();
    expect(form.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(messages.registrationFailedToast)).toBeNull();
  });

  it("offers the ways on for DRF's wording of a known address too; Forgot password brings the address along", async () => {
    mockEndpoint('registerStudent', { status: 400, body: { email: ['student with this email already exists.'] } });
    const { user } = renderFormAndWaysOn(paths.studentRegister);

    await fillAndSubmitStudent(user);

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(expect.stringContaining(registerMessages.knownEmail)));
    const help = within(describedBy(email));
    expect(help.getByRole('link', { name: messages.loginLink })).toHaveAttribute('href', paths.studentLogin);
    expect(help.getByRole('link', { name: messages.forgotPasswordLink })).toHaveAttribute('href', paths.studentForgotPassword);

    await user.click(help.getByRole('link', { name: messages.forgotPasswordLink }));
    await screen.findByRole('heading', { level: 1, name: passwordResetMessages.forgotTitle });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@academy.test'));
  });

  // The whole app: failure toasts close on a change of page in its layout route.
  it('closes the failure toast when the code page opens: only the thanks follows', async () => {
    failEndpoint('registerStudent', 'network', { once: true });
    const { user } = renderApp({ route: paths.studentRegister });

    await fillAndSubmitStudent(user);
    expect(await screen.findByText(messages.registrationFailedToast)).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: messages.registerButton }));

    expect(await screen.findByRole('heading', { level: 1, name: messages.verifyTitle })).toBeInTheDocument();
    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(messages.registrationFailedToast)).toBeNull());
  });

  it('takes the interests as text when the provider lists no categories', async () => {
    failEndpoint('listCategories', 500);
    const calls = recordCalls('registerStudent');
    const { user } = renderStudentForm();
    const form = within(await registrationPage(messages.registerTitle));

    await user.click(await form.findByRole('textbox', { name: 'Interested Categories' }));
    await user.paste('Igbo, Akan');
    await fillAndSubmitStudent(user);

    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    expect((await sentFields(calls[0]!.request)).interested_categories).toBe('Igbo, Akan');
  });
});

/** Fills the student's required fields with values the app accepts and sends the form; returns the page. */
async function fillAndSubmitStudent(user: User) {
  const page = await registrationPage(studentAccessMessages.registerTitle);
  const form = within(page);
  const values = { 'Full Name': 'Ada Lovelace', Email: 'ada@academy.test', Username: 'ada' };
  for (const [label, value] of Object.entries(values)) {
    await user.click(await form.findByRole('textbox', { name: label }));
    await user.paste(value);
  }
  await user.click(form.getByLabelText(/^Password/));
  await user.paste('secret-1');
  await user.click(form.getByRole('button', { name: studentAccessMessages.registerButton }));
  return page;
}

describe('teacher registration', () => {
  const messages = teacherAccessMessages;

  it('keeps a leading 0 of the mobile number', async () => {
    const calls = recordCalls('registerTeacher');
    const { user } = renderTeacherForm();

    const mobile = await screen.findByRole('textbox', { name: 'Mobile Number' });
    expect(mobile).toHaveAttribute('inputmode', 'numeric');
    await user.type(mobile, '07700900123');
    const form = within(await registrationPage(messages.registerTitle));
    for (const [field, value] of [
      [form.getByRole('textbox', { name: 'Full Name' }), 'Amara Obi'],
      [form.getByRole('textbox', { name: 'Email' }), 'amara@academy.test'],
      [form.getByLabelText(/^Password/), 'long-enough-1'],
    ] as const) {
      await user.click(field);
      await user.paste(value);
    }
    await user.click(screen.getByRole('button', { name: messages.registerButton }));

    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    expect((await sentFields(calls[0]!.request)).mobile_no).toBe('07700900123');
  });

  it('tells that approval comes first and links to the application form in a new tab', async () => {
    renderTeacherForm();

    const main = within(await registrationPage(messages.registerTitle));
    expect(await main.findByRole('note')).toHaveTextContent(messages.approvalNotice);
    const apply = main.getByRole('link', { name: `${messages.applyLink} ${messages.opensInNewTab}` });
    expect(apply).toHaveAttribute('href', 'https://apply.academy.test/teachers');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(screen.getByText(messages.languageHint)).toBeInTheDocument();
    expect(main.getByRole('link', { name: messages.loginLink })).toHaveAttribute('href', paths.teacherLogin);
  });
});
