/**
 * Enrolment on a provider built on the original academy backend (Django REST framework): free
 * courses through `student-enroll-course/`, paid ones through a payment session that answers only
 * `{"session_id": "cs_test_…"}` (or a 500 HTML page), and the /success and /cancel pages the card
 * provider sends the student back to.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { env } from '@/config/env';
import { patterns } from '@/config/paths';
import { CheckoutCancelPage } from '@/features/courses/CheckoutCancelPage';
import { CheckoutSuccessPage } from '@/features/courses/CheckoutSuccessPage';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { redirectTo } from '@/features/courses/redirectTo';
import { MyCoursesPage } from '@/features/student/area/MyCoursesPage';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import type { MockReply } from '@test/handlers/endpoint';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

jest.mock('@/features/courses/redirectTo');
const mockLoadStripe = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (...args: unknown[]) => mockLoadStripe(...args) }));

const asStudent = loggedInAs({ student: 7 });

/** The course detail page of course `id` (2 is free, 1 is paid), for the logged-in student 7. */
const renderCourse = (id: number) => renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: `/detail/${id}`, preloadedState: asStudent });

/** The screens an enrolment changes, each on its route, for student 7 at `route`: one store, as in the app. */
const renderScreens = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path={patterns.studentDashboard} element={<StudentDashboardPage />} />
      <Route path={patterns.myCourses} element={<MyCoursesPage />} />
      <Route path={patterns.courseDetail} element={<CourseDetailPage />} />
      <Route path={patterns.checkoutSuccess} element={<CheckoutSuccessPage />} />
    </Routes>,
    { route, preloadedState: asStudent },
  );

const enrolNow = 'Enroll Now';
const enrolled = 'You are now enrolled in this course.';
const serverFault = 'The server ran into a problem. Please try again in a few minutes.';
const successTitle = 'Payment received';
const confirmingTitle = 'Confirming your payment';
const openCourse = 'Open the course';
const goToMyCourses = 'Go to My Courses';
const serverErrorPage = '<!doctype html><html lang="en"><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1><p></p></body></html>';

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  jest.resetAllMocks();
  jest.restoreAllMocks();
});

describe('free courses: student-enroll-course/', () => {
  it.each([['"0.00"', '0.00'], ['empty', ''], ['null', null], ['0', 0]] as const)(
    'enrols in a course priced %s at once, without a checkout',
    async (_case, price) => {
      mockDb.courses = mockDb.courses.map((course) => (course.id === 2 ? { ...course, price } : course));
      const enrolCalls = recordCalls('enrollCourse');
      const paymentCalls = recordCalls('createPaymentSession');
      const { user } = renderCourse(2);

      await user.click(await screen.findByRole('button', { name: enrolNow }));

      // One message for the outcome, said by the focus; nothing contradicts it ('already enrolled').
      const outcome = await screen.findByText(enrolled);
      await waitFor(() => expect(outcome).toHaveFocus());
      expect(screen.queryByText('You are already enrolled in this course')).not.toBeInTheDocument();
      expect(screen.getAllByText(enrolled)).toHaveLength(1);
      expect(await Promise.all(enrolCalls.map((call) => sentFields(call.request)))).toEqual([{ course: '2', student: '7' }]);
      expect(paymentCalls).toEqual([]);
      expect(jest.mocked(redirectTo)).not.toHaveBeenCalled();
      expect(await screen.findByRole('region', { name: 'In this course' })).toBeInTheDocument();
    },
  );

  it('refreshes My Courses and the dashboard counts through the cache', async () => {
    const enrolledCount = (count: number) => screen.findByRole('link', { name: `${count} Enrolled Courses` });
    const { user, router } = renderScreens('/student-dashboard');
    expect(await enrolledCount(1)).toBeInTheDocument();
    await act(() => router.navigate('/my-courses'));
    expect(await screen.findByRole('link', { name: 'Yoruba for Beginners' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pidgin Basics' })).not.toBeInTheDocument();

    await act(() => router.navigate('/detail/2'));
    await user.click(await screen.findByRole('button', { name: enrolNow }));
    await screen.findByText(enrolled);

    await act(() => router.navigate('/my-courses'));
    expect(await screen.findByRole('link', { name: 'Pidgin Basics' })).toBeInTheDocument();
    await act(() => router.navigate('/student-dashboard'));
    expect(await enrolledCount(2)).toBeInTheDocument();
  });

  it("shows DRF's refusal of a second enrolment and the enrolled state it was missing", async () => {
    // Enrolled in another tab; this page still shows Enroll Now.
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: false } }, { once: true });
    mockDb.enrolments.push({ id: 9, course: 2, student: 7 });
    mockEndpoint('enrollCourse', { status: 400, body: { non_field_errors: ['The fields course, student must make a unique set.'] } });
    const { user } = renderCourse(2);

    await user.click(await screen.findByRole('button', { name: enrolNow }));

    expect(await screen.findByText('You are already enrolled in this course')).toBeInTheDocument();
  });

  it.each<[string, MockReply<'enrollCourse'>, string]>([
    ['a field map', { status: 400, body: { course: ['Invalid pk "2" - object does not exist.'] } }, 'Please check the course.'],
    ['an HTML server error page', { status: 500, body: serverErrorPage }, serverFault],
    ['a 400 without a message', { status: 400, body: {} }, 'You could not be enrolled. Please try again.'],
  ])('says why on %s, and stays usable', async (_case, answer, text) => {
    mockEndpoint('enrollCourse', answer);
    const { user } = renderCourse(2);

    await user.click(await screen.findByRole('button', { name: enrolNow }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: enrolNow })).toBeEnabled();
  });

  it('says so while enrolling', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockEndpoint('enrollCourse', async () => {
      await answered;
      mockDb.enrolments.push({ id: 5, course: 2, student: 7 });
      return { id: 5, course: 2, student: 7, enrolled_time: '2026-11-22T19:10:04Z' };
    });
    const { user } = renderCourse(2);

    await user.click(await screen.findByRole('button', { name: enrolNow }));
    expect(await screen.findByRole('button', { name: 'Enrolling…' })).toBeDisabled();
    answer();
    expect(await screen.findByText(enrolled)).toBeInTheDocument();
  });
});

describe('paid courses: create-payment-session/ answering only a session id', () => {
  beforeEach(() => {
    mockDb.enrolments = [];
  });

  it('opens Stripe checkout with the session id and remembers the course for the way back', async () => {
    jest.replaceProperty(env, 'stripePublishableKey', 'pk_test_123');
    const redirectToCheckout = jest.fn().mockResolvedValue({});
    mockLoadStripe.mockResolvedValue({ redirectToCheckout });
    mockEndpoint('createPaymentSession', { status: 200, body: { session_id: 'cs_test_a1B2' } });
    const enrolCalls = recordCalls('enrollCourse');
    const { user } = renderCourse(1);

    await user.click(await screen.findByRole('button', { name: enrolNow }));

    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith({ sessionId: 'cs_test_a1B2' }));
    expect(JSON.parse(sessionStorage.getItem('checkoutCourse') ?? 'null')).toEqual({ courseId: 1, sessionId: 'cs_test_a1B2' });
    expect(enrolCalls).toEqual([]);
  });

  it('says what to do when no publishable key is configured', async () => {
    jest.replaceProperty(env, 'stripePublishableKey', '');
    mockEndpoint('createPaymentSession', { status: 200, body: { session_id: 'cs_test_a1B2' } });
    const { user } = renderCourse(1);

    await user.click(await screen.findByRole('button', { name: enrolNow }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are not set up on this site yet, so the checkout cannot open. Please contact us.');
    expect(mockLoadStripe).not.toHaveBeenCalled();
  });

  it('says the server had a problem when it answers its HTML error page', async () => {
    mockEndpoint('createPaymentSession', { status: 500, body: serverErrorPage });
    const { user } = renderCourse(1);

    await user.click(await screen.findByRole('button', { name: enrolNow }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverFault);
    expect(screen.getByRole('button', { name: enrolNow })).toBeEnabled();
  });
});

describe('back from the card provider: /success and /cancel', () => {
  it('/success says the payment went through once the enrolment is recorded, links to My Courses and the course, and refreshes My Courses', async () => {
    sessionStorage.setItem('checkoutCourse', JSON.stringify({ courseId: 1, sessionId: 'cs_test_a1B2' }));
    mockDb.enrolments = [];
    const { router } = renderScreens('/my-courses');
    expect(await screen.findByText('You are not enrolled in any course yet.')).toBeInTheDocument();

    // The card provider has told the academy: the student is enrolled now.
    mockDb.enrolments.push({ id: 3, course: 1, student: 7 });
    await act(() => router.navigate('/success?session_id=cs_test_a1B2'));

    expect(await screen.findByRole('heading', { level: 1, name: successTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment received — you are enrolled.');
    expect(screen.getByRole('link', { name: openCourse })).toHaveAttribute('href', '/detail/1');
    const myCourses = screen.getByRole('link', { name: goToMyCourses });
    expect(myCourses).toHaveAttribute('href', '/my-courses');

    await act(() => router.navigate('/my-courses'));
    expect(await screen.findByRole('link', { name: 'Yoruba for Beginners' })).toBeInTheDocument();
  });

  it('/success links to My Courses only when the course is not known, where the course will appear', async () => {
    renderRoute(patterns.checkoutSuccess, <CheckoutSuccessPage />, { route: '/success?session_id=cs_test_zzz', preloadedState: asStudent });

    expect(await screen.findByRole('heading', { level: 1, name: confirmingTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your payment is still being confirmed. The course will appear under My Courses as soon as the academy has recorded your enrolment.',
    );
    expect(screen.getByRole('link', { name: goToMyCourses })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: openCourse })).not.toBeInTheDocument();
  });

  it('/success does not link to a course remembered for another checkout session', async () => {
    sessionStorage.setItem('checkoutCourse', JSON.stringify({ courseId: 1, sessionId: 'cs_test_other' }));
    renderRoute(patterns.checkoutSuccess, <CheckoutSuccessPage />, { route: '/success?session_id=cs_test_a1B2' });

    expect(await screen.findByRole('heading', { level: 1, name: confirmingTitle })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: openCourse })).not.toBeInTheDocument();
  });

  it('/cancel says nothing was charged and links back to the course', async () => {
    sessionStorage.setItem('checkoutCourse', JSON.stringify({ courseId: 1, sessionId: 'cs_test_a1B2' }));
    renderRoute(patterns.checkoutCancel, <CheckoutCancelPage />, { preloadedState: asStudent });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. You can enrol whenever you are ready.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', '/detail/1');
  });

  it('/cancel links to the course list when the course is not known', async () => {
    renderRoute(patterns.checkoutCancel, <CheckoutCancelPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/all-courses');
  });
});
