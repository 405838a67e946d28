import { act, screen, waitFor } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CheckoutSuccessPage } from '@/features/courses/CheckoutSuccessPage';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { mockDb } from '@test/handlers/mockDb';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/**
 * Back from the card provider, the address proves nothing: the pages read the enrolment every 2 s
 * until the provider records it (its webhook), for up to a minute.
 */
const texts = {
  confirmingTitle: 'Confirming your payment',
  confirming: 'Thank you. Your payment is being confirmed; this usually takes a few seconds.',
  confirmedTitle: 'Payment received',
  confirmed: 'Payment received — you are enrolled.',
  stillConfirming:
    'Your payment is still being confirmed. The course will appear under My Courses as soon as the academy has recorded your enrolment.',
  openCourse: 'Open the course',
  enrolNow: 'Enroll Now',
};

const asStudent = loggedInAs({ student: 7 });

/** Moves the faked clock on a second at a time, letting each read it starts be answered before the next is due. */
async function passTime(ms: number) {
  for (let passed = 0; passed < ms; passed += 1000) {
    await act(() => jest.advanceTimersByTimeAsync(Math.min(1000, ms - passed)));
  }
}

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  mockDb.enrolments = [];
  sessionStorage.setItem('checkoutCourse', JSON.stringify({ courseId: 1, sessionId: 'cs_test_a1B2' }));
});

afterEach(() => {
  jest.useRealTimers();
  sessionStorage.clear();
});

describe('/success', () => {
  it('says the payment is being confirmed until the enrolment is recorded, then that the student is enrolled, with the course', async () => {
    const reads = recordCalls('fetchEnrollStatus');
    renderRoute(patterns.checkoutSuccess, <CheckoutSuccessPage />, { route: '/success?session_id=cs_test_a1B2', preloadedState: asStudent });

    expect(await screen.findByRole('heading', { level: 1, name: texts.confirmingTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(texts.confirming);
    expect(screen.queryByRole('link', { name: texts.openCourse })).not.toBeInTheDocument();
    await passTime(4000);
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('status')).toHaveTextContent(texts.confirming);

    // The card provider has told the academy.
    mockDb.enrolments.push({ id: 3, course: 1, student: 7 });
    await passTime(2000);
    expect(await screen.findByRole('heading', { level: 1, name: texts.confirmedTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(texts.confirmed);
    expect(screen.getByRole('link', { name: texts.openCourse })).toHaveAttribute('href', '/detail/1');

    // Then it stops reading.
    await passTime(100);
    const settled = reads.length;
    await passTime(10_000);
    expect(reads).toHaveLength(settled);
  });

  it('against a provider whose enrolment never shows, says after a minute that the payment is still being confirmed, and stops', async () => {
    const reads = recordCalls('fetchEnrollStatus');
    renderRoute(patterns.checkoutSuccess, <CheckoutSuccessPage />, { route: '/success?session_id=cs_test_a1B2', preloadedState: asStudent });
    expect(await screen.findByRole('status')).toHaveTextContent(texts.confirming);

    await passTime(58_000);
    expect(screen.getByRole('status')).toHaveTextContent(texts.confirming);
    await passTime(2_000);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(texts.stillConfirming));
    expect(reads.length).toBeGreaterThanOrEqual(25);
    expect(screen.getByRole('heading', { level: 1, name: texts.confirmingTitle })).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: texts.openCourse })).not.toBeInTheDocument();

    const after = reads.length;
    await passTime(10_000);
    expect(reads).toHaveLength(after);
  });
});

describe('the course page back from the checkout (?checkout=success)', () => {
  it('says the payment is being confirmed, offers no second Enroll Now, then confirms the enrolment on the panel', async () => {
    renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1?checkout=success', preloadedState: asStudent });

    expect(await screen.findByRole('status')).toHaveTextContent(texts.confirming);
    await passTime(2000);
    expect(screen.queryByRole('button', { name: texts.enrolNow })).not.toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();

    mockDb.enrolments.push({ id: 3, course: 1, student: 7 });
    await passTime(2000);
    await waitFor(() => expect(screen.getByText(texts.confirmed)).toHaveFocus());
    expect(screen.queryByText(texts.confirming)).not.toBeInTheDocument();
  });
});
