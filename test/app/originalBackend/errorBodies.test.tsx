/**
 * Error bodies of a provider built on the original academy backend (Django REST framework):
 * `{"detail": "Not found."}` for a 404, a field map for a 400, an HTML page 'Server Error (500)'
 * for a 500. One classifier (`classifyError`, `errorText`, `formErrors`) reads them all, and
 * forms put each field's message under its field.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formErrors } from '@/api';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { TeacherDetailPage } from '@/features/site/TeacherDetailPage';
import { StudentRegisterPage } from '@/features/student/access/StudentRegisterPage';
import { ProfileSettingPage } from '@/features/student/area/ProfileSettingPage';
import { TeacherRegisterPage } from '@/features/teacher/access/TeacherRegisterPage';
import { mockEndpoint } from '@test/mockEndpoint';
import { enter, loggedInAs, renderRoute } from '@test/render';

const serverErrorPage = '<!doctype html><html lang="en"><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1><p></p></body></html>';
const drfNotFound = { status: 404, body: { detail: 'Not found.' } } as const;

/** The words of a failure without a message of its own (ours; spec section 8's for no answer). */
const errorMessages = {
  server: 'The server ran into a problem. Please try again in a few minutes.',
  network: 'No response from the server. Please try again later.',
};

type User = ReturnType<typeof renderRoute>['user'];

/** The first query of a test: its screen's first render can be slow on a busy machine. */
const pageLoad = { timeout: 5000 } as const;

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
  async function submitRequired(user: User) {
    await enter(user, await screen.findByRole('textbox', { name: 'Full Name' }, pageLoad), 'Ada');
    await enter(user, screen.getByRole('textbox', { name: 'Email' }), 'ada@academy.test');
    const username = screen.queryByRole('textbox', { name: 'Username' });
    if (username) await enter(user, username, 'ada');
    await enter(user, screen.getByLabelText(/^Password/), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('student: the field map of a 400 goes under the fields, focus on the first, said once (no toast, no line below)', async () => {
    mockEndpoint('registerStudent', {
      status: 400,
      body: { email: ['Enter a valid email address.'], username: ['This field may not be blank.'] },
    });
    const { user } = renderRoute(patterns.studentRegister, <StudentRegisterPage />);

    await submitRequired(user);

    const email = screen.getByRole('textbox', { name: 'Email' });
    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'));
    expect(email).toBeInvalid();
    expect(username).toHaveAccessibleDescription('This field may not be blank.');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();

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
    const { user } = renderRoute(patterns.teacherRegister, <TeacherRegisterPage />);

    await submitRequired(user);

    const mobile = screen.getByRole('textbox', { name: 'Mobile Number' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is closed today.');
    expect(mobile).toHaveAccessibleDescription('Ensure this field has no more than 20 characters.');
    expect(mobile).toHaveFocus();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });

  it('teacher: an HTML error page says the server had a problem', async () => {
    mockEndpoint('registerTeacher', { status: 500, body: serverErrorPage });
    const { user } = renderRoute(patterns.teacherRegister, <TeacherRegisterPage />);

    await submitRequired(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.server);
  });
});

describe('profile: a DRF field map', () => {
  it('shows the username message under Username and keeps the values', async () => {
    mockEndpoint('updateStudent', { status: 400, body: { username: ['student with this username already exists.'] } });
    const { user } = renderRoute(patterns.profileSetting, <ProfileSettingPage />, { preloadedState: loggedInAs({ student: 7 }) });

    const username = await screen.findByRole('textbox', { name: 'Username' }, pageLoad);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('student with this username already exists.')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('student with this username already exists.');
    expect(username).toHaveValue('ada');
  });
});

describe('{"detail": "Not found."} and HTML pages on reads', () => {
  it('a course answered 404 {detail} is "Course not found"', async () => {
    mockEndpoint('getCourse', drfNotFound);
    renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' }, pageLoad)).toBeInTheDocument();
  });

  it('a teacher answered 404 {detail} is "Teacher not found"', async () => {
    mockEndpoint('getTeacher', drfNotFound);
    renderRoute(patterns.teacherDetail, <TeacherDetailPage />, { route: '/teacher-detail/4' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher not found' }, pageLoad)).toBeInTheDocument();
  });

  it('a course list answered with the HTML 500 page shows the error with Retry', async () => {
    mockEndpoint('listCourses', { status: 500, body: serverErrorPage }, { once: true });
    const { user } = renderRoute(patterns.allCourses, <AllCoursesPage />);

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent('The courses could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Pidgin Basics' })).toBeInTheDocument();
  });

  it('a rating answered with an HTML page says the server had a problem', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    mockEndpoint('fetchRatingStatus', { status: 200, body: { bool: false } });
    mockEndpoint('rateCourse', { status: 500, body: serverErrorPage });
    const { user } = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });

    await user.click(await screen.findByRole('button', { name: 'Rating' }, pageLoad));
    const dialog = await screen.findByRole('dialog');
    // MUI Rating reads the pointer position, which jsdom lacks: click the radio without pointer events.
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit rating' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorMessages.server);
  });
});
