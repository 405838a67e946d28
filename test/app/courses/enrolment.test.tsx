import { act, screen, waitFor, within } from '@testing-library/react';
import type { PaymentSession } from '@/api/generated';
import { env } from '@/config/env';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { redirectTo } from '@/features/courses/redirectTo';
import type { Failure } from '@test/handlers/endpoint';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { enter, loggedInAs, renderApp, renderRoute, type RenderAppOptions } from '@test/render';
import { setUpCourseDetailSuite } from './courseDetailHelpers';

jest.mock('@/features/courses/redirectTo');
const mockLoadStripe = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (...args: unknown[]) => mockLoadStripe(...args) }));

setUpCourseDetailSuite();

/** The page's texts: the spec's ('Enroll Now', 'You are already enrolled in this course', 'Rating') and ours. */
const messages = {
  enrolNow: 'Enroll Now',
  loginToEnrol: 'Please login to enroll in this course',
  alreadyEnrolled: 'You are already enrolled in this course',
  rate: 'Rating',
  enrolled: 'You are now enrolled in this course.',
  startingCheckout: 'Starting checkout…',
  checkoutSuccess: 'Payment received — you are enrolled.',
  checkoutCancelled: 'Checkout cancelled — nothing was charged.',
  checkoutRefused: 'The checkout address sent by the server is not a trusted payment page, so you were not sent there. Please contact us.',
  checkoutUnavailable: 'Card payments are not set up on this site yet, so the checkout cannot open. Please contact us.',
  stripeFailed: 'The payment page could not be opened. Please check your connection and try again.',
};

const asStudent = { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) };

/** The course detail page alone on its route. */
const renderCourse = (options: RenderAppOptions) => renderRoute(patterns.courseDetail, <CourseDetailPage />, options);
const redirectToMock = jest.mocked(redirectTo);

// Student 7 has not enrolled in course 1 yet.
beforeEach(() => {
  mockDb.enrolments = [];
});

afterEach(() => {
  jest.resetAllMocks();
  jest.restoreAllMocks();
});

/** Answers the payment-session call with `session` (now, or once `answered` settles) and records the calls. */
function answerPaymentSession(session: PaymentSession, answered?: Promise<void>) {
  mockEndpoint('createPaymentSession', async () => {
    await answered;
    return session;
  });
  return recordCalls('createPaymentSession');
}

async function clickEnrolNow() {
  const { user, ...rest } = renderCourse(asStudent);
  await user.click(await screen.findByRole('button', { name: messages.enrolNow }));
  return { user, ...rest };
}

async function expectEnrolFailure(text: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByRole('button', { name: messages.enrolNow })).toBeEnabled();
  expect(redirectToMock).not.toHaveBeenCalled();
}

describe('course detail: Enroll Now', () => {
  it('sends the course and student and goes to the checkout page on the API origin', async () => {
    const calls = answerPaymentSession({ session_id: 'cs_test_1', url: '/api/checkout/cs_test_1' });
    await clickEnrolNow();

    await waitFor(() => expect(redirectToMock).toHaveBeenCalledWith('http://localhost/api/checkout/cs_test_1'));
    expect(await Promise.all(calls.map((call) => sentFields(call.request)))).toEqual([{ course_id: '1', student_id: '7' }]);
    expect(mockLoadStripe).not.toHaveBeenCalled();
  });

  it('goes to a checkout page on a configured checkout origin', async () => {
    answerPaymentSession({ session_id: 'cs_test_2', url: 'https://checkout.stripe.com/c/pay/cs_test_2' });
    await clickEnrolNow();

    await waitFor(() => expect(redirectToMock).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
  });

  it.each(['https://evil.example/pay/cs_test_3', 'javascript:alert(1)'])('refuses a checkout address on another origin (%s)', async (url) => {
    answerPaymentSession({ session_id: 'cs_test_3', url });
    await clickEnrolNow();

    await expectEnrolFailure(messages.checkoutRefused);
  });

  it('disables the button and says so while the checkout starts', async () => {
    let answer: () => void = () => undefined;
    answerPaymentSession({ session_id: 'cs_test_4', url: '/api/checkout/cs_test_4' }, new Promise<void>((resolve) => (answer = resolve)));
    await clickEnrolNow();

    expect(await screen.findByRole('button', { name: messages.startingCheckout })).toBeDisabled();
    answer();
    expect(await screen.findByRole('button', { name: messages.enrolNow })).toBeEnabled();
    expect(redirectToMock).toHaveBeenCalledWith('http://localhost/api/checkout/cs_test_4');
  });

  it('opens Stripe checkout with the session id when no url comes back', async () => {
    jest.replaceProperty(env, 'stripePublishableKey', 'pk_test_123');
    const redirectToCheckout = jest.fn().mockResolvedValue({});
    mockLoadStripe.mockResolvedValue({ redirectToCheckout });
    answerPaymentSession({ session_id: 'cs_test_5' });
    await clickEnrolNow();

    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith({ sessionId: 'cs_test_5' }));
    expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says checkout is unavailable when no Stripe key is configured', async () => {
    jest.replaceProperty(env, 'stripePublishableKey', '');
    answerPaymentSession({ session_id: 'cs_test_6' });
    await clickEnrolNow();

    await expectEnrolFailure(messages.checkoutUnavailable);
    expect(mockLoadStripe).not.toHaveBeenCalled();
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    jest.replaceProperty(env, 'stripePublishableKey', 'pk_test_123');
    mockLoadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    answerPaymentSession({ session_id: 'cs_test_7' });
    await clickEnrolNow();

    await expectEnrolFailure(messages.stripeFailed);
  });

  it("shows Stripe's own error when it cannot redirect", async () => {
    jest.replaceProperty(env, 'stripePublishableKey', 'pk_test_123');
    mockLoadStripe.mockResolvedValue({
      redirectToCheckout: jest.fn().mockResolvedValue({ error: { type: 'invalid_request_error', message: 'No such checkout session.' } }),
    });
    answerPaymentSession({ session_id: 'cs_test_8' });
    await clickEnrolNow();

    await expectEnrolFailure('No such checkout session.');
  });

  it('shows a clear message on a 400 with the server message, a 403, a 500 and a network error, and stays usable', async () => {
    failEndpoint('createPaymentSession', 400, { msg: 'You are already enrolled in this course.', once: true });
    const { user } = await clickEnrolNow();
    await expectEnrolFailure('You are already enrolled in this course.');

    for (const [kind, text] of [
      [403, 'You are not allowed to do this.'],
      [500, 'The server ran into a problem. Please try again in a few minutes.'],
      ['network', 'No response from the server. Please try again later.'],
    ] as const satisfies readonly (readonly [Failure, string])[]) {
      failEndpoint('createPaymentSession', kind, { once: true });
      await user.click(screen.getByRole('button', { name: messages.enrolNow }));

      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
      expect(screen.getByRole('button', { name: messages.enrolNow })).toBeEnabled();
    }
    expect(redirectToMock).not.toHaveBeenCalled();
  });

  it('shows the enrolled state when the provider refuses a checkout of a course paid for in another tab', async () => {
    failEndpoint('createPaymentSession', 400, { msg: 'You are already enrolled in this course.' });
    const { user } = renderCourse(asStudent);
    const enrolNow = await screen.findByRole('button', { name: messages.enrolNow });
    // Meanwhile the student paid for the course in another tab.
    mockDb.enrolments = [{ id: 99, course: 1, student: 7 }];

    await user.click(enrolNow);

    expect(await screen.findByText(messages.alreadyEnrolled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.enrolNow })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.rate })).toBeInTheDocument();
    expect(redirectToMock).not.toHaveBeenCalled();
  });

  it('logs the student out when the provider says the session is over (401)', async () => {
    failEndpoint('createPaymentSession', 401);
    const { store } = await clickEnrolNow();

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
    // Now a visitor: Enroll Now leads to the login.
    expect(await screen.findByRole('button', { name: messages.enrolNow, description: messages.loginToEnrol })).toBeInTheDocument();
    expect(redirectToMock).not.toHaveBeenCalled();
  });
});

describe('course detail: back from checkout', () => {
  it('confirms the payment with one message, fetches the enrolment again and removes the marker', async () => {
    const { router } = renderCourse(asStudent);
    await screen.findByRole('button', { name: messages.enrolNow });

    // The card provider has told the provider: the student is enrolled now.
    mockDb.enrolments.push({ id: 2, course: 1, student: 7 });
    await act(() => router.navigate('/detail/1?checkout=success'));

    // The notice may stand for a moment, until the enrolment read comes back; then the line alone, focused.
    await waitFor(() => expect(screen.getByText(messages.checkoutSuccess)).toHaveFocus());
    expect(screen.queryByText(messages.alreadyEnrolled)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByText(/Payment received/)).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');

    // Later, the enrolled state.
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/detail/1'));
    expect(await screen.findByText(messages.alreadyEnrolled)).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();
  });

  it('says a cancelled checkout charged nothing, removes the marker and can be dismissed', async () => {
    const { user, router } = renderCourse({ ...asStudent, route: '/detail/1?checkout=cancel' });

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(messages.checkoutCancelled);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('button', { name: messages.enrolNow })).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(messages.checkoutCancelled)).not.toBeInTheDocument();
  });

  it('ignores an unknown marker value', async () => {
    renderCourse({ ...asStudent, route: '/detail/1?checkout=maybe' });

    await screen.findByRole('button', { name: messages.enrolNow });
    expect(screen.queryByText(messages.checkoutSuccess)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.checkoutCancelled)).not.toBeInTheDocument();
  });
});

/** Logs in as student 7 (the mocked provider's answer) on the login page. */
async function logIn(user: ReturnType<typeof renderApp>['user']) {
  const page = within(await screen.findByRole('main'));
  await enter(user, await page.findByRole('textbox', { name: /email/i }), 'student@academy.test');
  await enter(user, page.getByLabelText(/password/i), 'secret-1');
  await user.click(page.getByRole('button', { name: 'Login' }));
}

// The whole app: the way from the course to the login (or registration) and back is the point.
describe("course detail: a visitor's Enroll Now goes on after the login", () => {
  it('logs in and comes back to the free course enrolled, saying so with the focus there', async () => {
    const enrolCalls = recordCalls('enrollCourse');
    // The provider shows a chapter's video only to those enrolled.
    const chapter = { id: 21, course: 2, title: 'How you dey?', video: '/media/chapter_videos/howfa.webm', captions: null };
    mockDb.chapters.push(chapter);
    mockEndpoint('listCourseChapters', () => [{ ...chapter, video: mockDb.enrolments.some((row) => row.course === 2) ? chapter.video : null }]);
    const { user, router } = renderApp({ route: '/detail/2' });

    await user.click(await screen.findByRole('button', { name: messages.enrolNow }));
    expect(router.state.location.pathname).toBe('/student-login');
    await logIn(user);

    const enrolled = await screen.findByText(messages.enrolled);
    expect(router.state.location.pathname).toBe('/detail/2');
    await waitFor(() => expect(enrolled).toHaveFocus());
    expect(await Promise.all(enrolCalls.map((call) => sentFields(call.request)))).toEqual([{ course: '2', student: '7' }]);
    expect(screen.queryByRole('button', { name: messages.enrolNow })).not.toBeInTheDocument();

    // The chapter list read as a visitor had no video; the player opened from here has it.
    await user.click(await screen.findByRole('link', { name: '1 How you dey?' }));
    expect(await screen.findByLabelText('How you dey?', { selector: 'video' })).toHaveAttribute('src', 'http://localhost/media/chapter_videos/howfa.webm');
  });

  it('goes on through registration and the code check, which lose the router state', async () => {
    const { user, router } = renderApp({ route: '/detail/2' });

    await user.click(await screen.findByRole('button', { name: messages.enrolNow }));
    await user.click(await within(await screen.findByRole('main')).findByRole('link', { name: 'Create a student account' }));
    const form = within(await screen.findByRole('main'));
    for (const [label, value] of Object.entries({ 'Full Name': 'Kofi Mensah', Email: 'kofi@academy.test', Username: 'kofi' })) {
      await enter(user, await form.findByRole('textbox', { name: label }), value);
    }
    await enter(user, form.getByLabelText(/^Password/), 'secret-1');
    await user.click(form.getByRole('button', { name: 'Register' }));
    await user.type(await screen.findByRole('textbox', { name: 'Enter 6 Digit OTP' }), '731604');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(messages.enrolled)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/detail/2');
    const kofi = mockDb.students.find((student) => student.email === 'kofi@academy.test')!;
    expect(mockDb.enrolments).toEqual([expect.objectContaining({ course: 2, student: kofi.id })]);
  });

  it('starts the checkout of a paid course once back', async () => {
    answerPaymentSession({ session_id: 'cs_test_1', url: '/api/checkout/cs_test_1' });
    const { user } = renderApp({ route: '/detail/1' });

    await user.click(await screen.findByRole('button', { name: messages.enrolNow }));
    await logIn(user);

    await waitFor(() => expect(redirectToMock).toHaveBeenCalledWith('http://localhost/api/checkout/cs_test_1'));
  });

  it('forgets a wish older than an hour: the login then opens the dashboard, enrolling in nothing', async () => {
    sessionStorage.setItem('enrolIntent', JSON.stringify({ courseId: 2, at: Date.now() - 61 * 60 * 1000 }));
    const enrolCalls = recordCalls('enrollCourse');
    const { user, router } = renderApp({ route: '/student-login' });

    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/student-dashboard'));
    expect(enrolCalls).toEqual([]);
  });
});
