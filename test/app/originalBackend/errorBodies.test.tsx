/**
 * Error bodies of a provider built on the original academy backend (Django REST framework):
 * `{"detail": "Not found."}` for a 404, a field map for a 400, an HTML page 'Server Error (500)'
 * for a 500. One classifier (`classifyError`, `errorText`, `formErrors`) reads them all, and
 * forms put each field's message under its field.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessages, formErrors } from '@/api';
import { messages as courseMessages } from '@/features/courses/messages';
import { messages as siteMessages } from '@/features/site/messages';
import { studentAccessMessages } from '@/features/student/access/messages';
import { studentAreaMessages } from '@/features/student/area/messages';
import { teacherAccessMessages } from '@/features/teacher/access/messages';
import { mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

const serverErrorPage = '<!doctype html><html lang="en"><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1><p></p></body></html>';
const drfNotFound = { status: 404, body: { detail: 'Not found.' } } as const;

type User = ReturnType<typeof renderApp>['user'];

/** The page's own region: role queries over the whole app (header, footer) are slow in jsdom. */
const main = () => screen.findByRole('main', {}, { timeout: 5000 });

describe('formErrors: one reading of every error body', () => {
  const refused = (data: unknown) => ({ status: 400, data });
  const fields = ['email', 'username', 'interested_categories'] as const;

  it("puts a DRF field map's messages under the form's fields", () => {
    expect(formErrors(refused({ interested_categories: ['This field may not be blank.'] }), fields, 'fallback')).toEqual({
      fields: { interested_categories: 'This field may not be blank.' },
      message: null,
    });
  });

  it('keeps non_field_errors and fields the form does not have for the form message', () => {
    const body = { email: ['student with this email already exists.'], non_field_errors: ['Try again later.'], otp_digit: ['A valid integer is required.'] };
    expect(formErrors(refused(body), fields, 'fallback')).toEqual({
      fields: { email: 'student with this email already exists.' },
      message: 'Try again later. Please check the code.',
    });
  });

  it.each([
    ['{msg}', refused({ msg: 'That e-mail is taken.' }), 'That e-mail is taken.'],
    ['{detail}', refused({ detail: 'Method "PUT" not allowed.' }), 'Method "PUT" not allowed.'],
    ['an empty body', refused({}), 'fallback'],
    ['an HTML 500 page', { status: 'PARSING_ERROR', originalStatus: 500, data: serverErrorPage, error: 'SyntaxError' }, errorMessages.server],
    ['an HTML page with 200', { status: 'PARSING_ERROR', originalStatus: 200, data: '<html></html>', error: 'SyntaxError' }, errorMessages.server],
    ['no answer', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, errorMessages.network],
  ])('gives only a message for %s', (_case, error, message) => {
    expect(formErrors(error, fields, 'fallback')).toEqual({ fields: {}, message });
  });
});

describe('registration: each field message under its field', () => {
  /** Sends the form with the fields the app itself requires: the rest is the provider's to refuse. */
  async function submitRequired(user: User, register: string) {
    const form = within(await main());
    await user.type(await form.findByRole('textbox', { name: 'Full Name' }), 'Ada');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'ada@academy.test');
    const username = form.queryByRole('textbox', { name: 'Username' });
    if (username) await user.type(username, 'ada');
    await user.type(form.getByLabelText(/^Password/), 'long-enough-1');
    await user.click(form.getByRole('button', { name: register }));
  }

  it('student: the field map of a 400 goes under the fields, focus on the first, said once (no toast, no line below)', async () => {
    mockEndpoint('registerStudent', {
      status: 400,
      body: { email: ['Enter a valid email address.'], username: ['This field may not be blank.'] },
    });
    const { user } = renderApp({ route: '/student-register' });

    await submitRequired(user, studentAccessMessages.registerButton);
    const form = within(await main());

    const email = form.getByRole('textbox', { name: 'Email' });
    const username = form.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'));
    expect(email).toBeInvalid();
    expect(username).toHaveAccessibleDescription('This field may not be blank.');
    expect(email).toHaveFocus();
    expect(form.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(studentAccessMessages.registrationFailedToast)).toBeNull();

    await user.type(username, 'x');
    expect(username).toHaveAccessibleDescription('');
    expect(username).toBeValid();
    expect(email).toBeInvalid();
  });

  it('teacher: the field map of a 400 goes under the fields; non-field errors below the form, without a toast', async () => {
    mockEndpoint('registerTeacher', {
      status: 400,
      body: { mobile_no: ['Ensure this field has no more than 20 characters.'], non_field_errors: ['Registration is closed today.'] },
    });
    const { user } = renderApp({ route: '/teacher-register' });

    await submitRequired(user, teacherAccessMessages.registerButton);
    const form = within(await main());

    const mobile = form.getByRole('textbox', { name: 'Mobile Number' });
    expect(await form.findByRole('alert')).toHaveTextContent('Registration is closed today.');
    expect(mobile).toHaveAccessibleDescription('Ensure this field has no more than 20 characters.');
    expect(mobile).toHaveFocus();
    expect(screen.queryByText(teacherAccessMessages.registrationFailedToast)).toBeNull();
  });

  it('teacher: an HTML error page says the server had a problem', async () => {
    mockEndpoint('registerTeacher', { status: 500, body: serverErrorPage });
    const { user } = renderApp({ route: '/teacher-register' });

    await submitRequired(user, teacherAccessMessages.registerButton);
    const form = within(await main());

    expect(await form.findByRole('alert')).toHaveTextContent(errorMessages.server);
  });
});

describe('profile: a DRF field map', () => {
  it('shows the username message under Username and keeps the values', async () => {
    mockEndpoint('updateStudent', { status: 400, body: { username: ['student with this username already exists.'] } });
    const { user } = renderApp({ route: '/profile-setting', preloadedState: loggedInAs({ student: 7 }) });

    const form = within(await main());
    const username = await form.findByRole('textbox', { name: studentAreaMessages.usernameLabel });
    await user.click(form.getByRole('button', { name: studentAreaMessages.updateButton }));

    expect(await form.findByText('student with this username already exists.')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('student with this username already exists.');
    expect(username).toHaveValue('ada');
  });
});

describe('{"detail": "Not found."} and HTML pages on reads', () => {
  it('a course answered 404 {detail} is "Course not found"', async () => {
    mockEndpoint('getCourse', drfNotFound);
    renderApp({ route: '/detail/1' });

    expect(await screen.findByRole('heading', { level: 1, name: courseMessages.courseNotFound }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a teacher answered 404 {detail} is "Teacher not found"', async () => {
    mockEndpoint('getTeacher', drfNotFound);
    renderApp({ route: '/teacher-detail/4' });

    expect(await screen.findByRole('heading', { level: 1, name: siteMessages.teacherNotFound }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a course list answered with the HTML 500 page shows the error with Retry', async () => {
    mockEndpoint('listCourses', { status: 500, body: serverErrorPage }, { once: true });
    const { user } = renderApp({ route: '/all-courses' });

    const alert = await within(await main()).findByRole('alert');
    expect(alert).toHaveTextContent(siteMessages.coursesLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Pidgin Basics' })).toBeInTheDocument();
  });

  it('a rating answered with an HTML page says the server had a problem', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    mockEndpoint('fetchRatingStatus', { status: 200, body: { bool: false } });
    mockEndpoint('rateCourse', { status: 500, body: serverErrorPage });
    const { user } = renderApp({ route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });

    await user.click(await screen.findByRole('button', { name: courseMessages.rate }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    // MUI Rating reads the pointer position, which jsdom lacks: click the radio without pointer events.
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await user.click(within(dialog).getByRole('button', { name: courseMessages.submitRating }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorMessages.server);
  });
});
