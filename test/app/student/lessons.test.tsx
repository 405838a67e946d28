import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { redirectTo } from '@/features/courses/redirectTo';
import { StudentLessonsPage } from '@/features/lessons/mine/MyLessonsPages';
import { StudentAreaLayout } from '@/features/student/area/StudentAreaLayout';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls, recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';
import { arrangeTeacherLessons, fakeNow, lessonOf, trialType, viewerZone } from '../lessons/lessonsTestKit';

jest.mock('@/features/courses/redirectTo');
const redirectToMock = jest.mocked(redirectTo);

/**
 * The student's My lessons (issue 40). Now is Tuesday 1 December 2026, 10:00 UTC; the student reads
 * times in London (UTC, no daylight saving in December). Teacher 4 teaches on Mondays 09:00–11:00
 * in Lagos (08:00–10:00 UTC).
 */
beforeEach(() => {
  fakeNow();
  viewerZone('Europe/London');
  arrangeTeacherLessons();
});

const asStudent = loggedInAs({ student: 7 });
const openMyLessons = (route = '/student-lessons') => renderRoute(patterns.studentLessons, <StudentLessonsPage />, { route, preloadedState: asStudent });
const list = (name: 'Upcoming lessons' | 'Past lessons') => screen.findByRole('list', { name });
const item = async (title: string) => within(await list('Upcoming lessons')).getByRole('listitem', { name: title });

describe('My lessons', () => {
  it("lists each lesson with its teacher, time in the viewer's zone, length, price and status, upcoming and past", async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z' }),
      lessonOf({ id: 2, title: 'Reading aloud', starts_at: '2026-12-14T09:00:00.000Z', status: 'awaiting_payment', pay_until: '2026-12-01T10:30:00.000Z', cancellable_until: '2026-12-13T09:00:00.000Z' }),
      lessonOf({ id: 3, starts_at: '2026-11-23T08:00:00.000Z', title: 'Trial lesson', free_trial: true, price: '0.00', minutes: 25 }),
      lessonOf({
        id: 4,
        starts_at: '2026-11-30T08:00:00.000Z',
        status: 'cancelled',
        cancelled_by: 'teacher',
        cancel_reason: 'I am ill; I am sorry.',
        refund: 'full',
        title: 'Grammar clinic',
      }),
    ];
    const { user } = openMyLessons();

    expect(await screen.findByText('Times are in Europe/London')).toBeInTheDocument();
    const booked = await item('Conversation practice');
    expect(booked).toHaveTextContent('With Amara Obi');
    expect(booked).toHaveTextContent('Monday, 7 December 2026, 08:00–08:50 (Europe/London)');
    expect(booked).toHaveTextContent('50 minutes · $20.00');
    expect(booked).toHaveTextContent('Booked');
    const upcoming = within(await list('Upcoming lessons')).getAllByRole('listitem');
    expect(upcoming).toHaveLength(2);
    expect(upcoming[1]).toHaveTextContent('Awaiting payment: held until Tuesday 1 December, 10:30');
    expect(within(upcoming[1] as HTMLElement).getByRole('button', { name: 'Pay for Reading aloud' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
    expect(await item('Conversation practice')).toHaveTextContent('Monday, 7 December 2026, 17:00–17:50 (Asia/Tokyo)');

    await user.click(screen.getByRole('button', { name: 'Past' }));
    const past = within(await list('Past lessons')).getAllByRole('listitem');
    expect(past.map((lesson) => lesson.getAttribute('aria-label'))).toEqual(['Grammar clinic', 'Trial lesson']);
    expect(past[0]).toHaveTextContent('Cancelled by the teacher');
    expect(past[0]).toHaveTextContent('Reason: I am ill; I am sorry.');
    expect(past[0]).toHaveTextContent('Full refund');
    expect(past[1]).toHaveTextContent('25 minutes · Free trial');
    // An ended lesson can only be rated: no Pay, Move, Cancel or Join.
    expect(within(past[1] as HTMLElement).getAllByRole('button').map((button) => button.textContent)).toEqual(['Rate']);
    expect(within(past[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows 20 lessons a page, with the way to the next page and back', async () => {
    mockDb.bookings = Array.from({ length: 23 }, (_, index) =>
      lessonOf({ id: index + 1, title: `Lesson ${index + 1}`, starts_at: new Date(Date.parse('2026-12-07T08:00:00.000Z') + index * 7 * 86_400_000).toISOString() }),
    );
    const reads = recordCalls('getStudentLessons');
    const { user, router } = openMyLessons();

    expect(within(await list('Upcoming lessons')).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));

    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Upcoming lessons' })).getAllByRole('listitem')).toHaveLength(3));
    expect(within(screen.getByRole('list', { name: 'Upcoming lessons' })).getAllByRole('listitem')[0]).toHaveAccessibleName('Lesson 21');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(reads.map((call) => call.query)).toEqual([
      { when: 'upcoming', page: '1' },
      { when: 'upcoming', page: '2' },
    ]);
  });

  it.each([
    ['a paid lesson before its window closes', {}, 'You cancel before Sunday 6 December, 08:00: you get a full refund.', 'full'],
    [
      'a paid lesson after its window closed',
      { starts_at: '2026-12-01T20:00:00.000Z', cancellable_until: '2026-11-30T20:00:00.000Z' },
      'It is after Monday 30 November, 20:00, less than the cancellation window before the lesson: cancelling refunds nothing.',
      'none',
    ],
    [
      'a free trial before its window closes',
      { title: 'Trial lesson', free_trial: true, price: '0.00', minutes: 25 as const, lesson_type_id: trialType.id },
      'You cancel before Sunday 6 December, 08:00: you can book a free trial with this teacher again.',
      'full',
    ],
    [
      'a free trial after its window closed',
      { title: 'Trial lesson', free_trial: true, price: '0.00', minutes: 25 as const, starts_at: '2026-12-01T20:00:00.000Z', cancellable_until: '2026-11-30T20:00:00.000Z' },
      'It is after Monday 30 November, 20:00, less than the cancellation window before the lesson: the free trial counts as taken, and you cannot book another with this teacher.',
      'none',
    ],
  ])('states the policy of the moment before cancelling %s', async (_case, change, policy, refund) => {
    mockDb.bookings = [lessonOf({ id: 9, starts_at: '2026-12-07T08:00:00.000Z', ...change })];
    const cancels = recordSent('cancelLesson');
    const { user } = openMyLessons();
    const title = mockDb.bookings[0]?.title ?? '';

    await user.click(within(await item(title)).getByRole('button', { name: `Cancel ${title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel ${title}?` });
    expect(dialog).toHaveTextContent(policy);
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));

    expect(await screen.findByText(`${title} cancelled`)).toBeInTheDocument();
    expect(await screen.findByText('No upcoming lessons.')).toBeInTheDocument();
    expect(cancels.map((call) => [call.params.lesson_id, call.fields])).toEqual([['9', {}]]);
    expect(mockDb.bookings[0]).toMatchObject({ status: 'cancelled', cancelled_by: 'student', refund });
  });

  it("moves a lesson to another of the teacher's free times, only before its window closes", async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z' }),
      lessonOf({ id: 2, title: 'Grammar clinic', starts_at: '2026-12-01T20:00:00.000Z', cancellable_until: '2026-11-30T20:00:00.000Z' }),
    ];
    const moves = recordSent('moveLesson');
    const { user } = openMyLessons();

    expect(within(await item('Grammar clinic')).queryByRole('button', { name: 'Move Grammar clinic' })).not.toBeInTheDocument();
    await user.click(within(await item('Conversation practice')).getByRole('button', { name: 'Move Conversation practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Conversation practice' });
    expect(dialog).toHaveTextContent('Choose another time: moving is possible until Sunday 6 December, 08:00.');
    // Its own time is taken (by itself): the 50-minute starts left are 09:00 on the 7th and the 14th's.
    expect(within(await within(dialog).findByRole('group', { name: 'Days' })).getAllByRole('button').map((day) => day.textContent)).toEqual(['Mon 7 Dec', 'Mon 14 Dec']);
    await user.click(within(dialog).getByRole('button', { name: 'Mon 14 Dec' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Free times on Monday 14 December' })).getByRole('button', { name: '08:30' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to Monday 14 December, 08:30' }));

    expect(await screen.findByText('Conversation practice moved')).toBeInTheDocument();
    expect(await item('Conversation practice')).toHaveTextContent('Monday, 14 December 2026, 08:30–09:20 (Europe/London)');
    expect(moves.map((call) => call.fields)).toEqual([{ starts_at: '2026-12-14T08:30:00.000Z' }]);
  });

  it("keeps the move's dialog open with the provider's refusal", async () => {
    mockDb.bookings = [lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z' })];
    mockEndpoint('moveLesson', { status: 400, body: { msg: 'This lesson starts within 24 hours, so it can no longer be moved.' } });
    const { user } = openMyLessons();

    await user.click(within(await item('Conversation practice')).getByRole('button', { name: 'Move Conversation practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Conversation practice' });
    await user.click(within(await within(dialog).findByRole('group', { name: 'Free times on Monday 7 December' })).getByRole('button', { name: '09:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to Monday 7 December, 09:00' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This lesson starts within 24 hours, so it can no longer be moved.');
  });

  it("offers Join while the room is open, shows the teacher's note and homework, and rates a lesson that has ended", async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-12-01T10:05:00.000Z', minutes: 25 }),
      lessonOf({ id: 2, title: 'Reading aloud', starts_at: '2026-11-30T08:00:00.000Z', note: 'Tones of greetings.', homework_assignment_id: 21 }),
    ];
    const ratings = recordSent('rateLesson');
    const { user } = openMyLessons();

    const soon = await item('Conversation practice');
    expect(within(soon).getByRole('link', { name: 'Join Conversation practice' })).toHaveAttribute('href', paths.lessonRoom(1));

    await user.click(screen.getByRole('button', { name: 'Past' }));
    const ended = within(await list('Past lessons')).getByRole('listitem', { name: 'Reading aloud' });
    expect(ended).toHaveTextContent('Teacher’s note: Tones of greetings.');
    expect(within(ended).getByRole('link', { name: 'Homework' })).toHaveAttribute('href', paths.studentAssignment(21));
    expect(within(ended).queryByRole('link', { name: 'Join Reading aloud' })).not.toBeInTheDocument();

    await user.click(within(ended).getByRole('button', { name: 'Rate Reading aloud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Reading aloud with Amara Obi' });
    await user.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    expect(within(dialog).getByText('Please choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(ratings).toHaveLength(0);
    // A click on a star (MUI's Rating reads the pointer's position, which jsdom does not lay out).
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Patient, and lots of speaking.');
    await user.click(within(dialog).getByRole('button', { name: 'Save rating' }));

    expect(await screen.findByText('Your rating of Reading aloud is saved')).toBeInTheDocument();
    expect(ratings.map((call) => call.fields)).toEqual([{ rating: '4', comment: 'Patient, and lots of speaking.' }]);
    const rated = within(await list('Past lessons')).getByRole('listitem', { name: 'Reading aloud' });
    expect(await within(rated).findByText('Your rating: 4 of 5')).toBeInTheDocument();
  });

  it('pays for a lesson awaiting payment: the same booking again, to its checkout', async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z', status: 'awaiting_payment', pay_until: '2026-12-01T10:30:00.000Z' }),
    ];
    const sent = recordSent('bookLesson');
    const { user } = openMyLessons();

    await user.click(within(await item('Conversation practice')).getByRole('button', { name: 'Pay for Conversation practice' }));

    await waitFor(() => expect(redirectToMock).toHaveBeenCalledWith('http://localhost/api/checkout/cs_lesson_1'));
    expect(sent.map((call) => call.fields)).toEqual([{ student_id: '7', lesson_type_id: '3', starts_at: '2026-12-07T08:00:00.000Z' }]);
    expect(mockDb.bookings).toHaveLength(1);
  });

  it("says the lesson is booked when the checkout comes back with success, and how long the time stays held when it was cancelled", async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z', status: 'awaiting_payment', pay_until: '2026-12-01T10:30:00.000Z' }),
    ];
    const { router, unmount } = openMyLessons('/student-lessons?checkout=success');
    expect(await screen.findByText('Your lesson is booked.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    unmount();

    const { user } = openMyLessons('/student-lessons?checkout=cancel');
    expect(
      await screen.findByText(
        "The payment was cancelled and nothing was paid. The lesson's time stays held for you until Tuesday 1 December, 10:30: choose Pay to pay for it.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/The payment was cancelled/)).not.toBeInTheDocument();
  });

  it('shows the calendar address on demand, copies it, and renews it after saying the old one stops working', async () => {
    const reads = recordCalls('getStudentLessonCalendar');
    const { user } = openMyLessons();
    // user-event's clipboard stands in for the browser's once the user is set up.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    const calendar = await screen.findByRole('region', { name: 'Add to your calendar' });
    expect(reads).toHaveLength(0);

    await user.click(within(calendar).getByRole('button', { name: 'Show the address' }));
    const address = await within(calendar).findByRole('textbox', { name: 'Calendar address' });
    expect(address).toHaveValue('http://localhost/api/lesson-calendars/student-7-feed-1/');
    await user.click(within(calendar).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/api/lesson-calendars/student-7-feed-1/');
    expect(await screen.findByText('Address copied')).toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: 'Renew address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew the calendar address?' });
    expect(dialog).toHaveTextContent('The old address stops working: a calendar app subscribed to it shows no more lessons until you give it the new one.');
    await user.click(within(dialog).getByRole('button', { name: 'Renew address' }));

    await waitFor(() => expect(address).toHaveValue('http://localhost/api/lesson-calendars/student-7-feed-2/'));
    expect(await screen.findByText('The calendar address is renewed.')).toBeInTheDocument();
  });
});

describe('the menu entry', () => {
  const renderInArea = () =>
    renderWithProviders(
      <Routes>
        <Route element={<StudentAreaLayout />}>
          <Route path={patterns.studentLessons} element={<StudentLessonsPage />} />
        </Route>
      </Routes>,
      { route: paths.studentLessons, preloadedState: asStudent },
    );
  const menuLinks = async () => within(await screen.findByRole('navigation', { name: 'Student area' })).getAllByRole('link').map((link) => link.textContent);

  it.each([404, 405] as const)('and the lists are left out on a provider without them (%s)', async (status) => {
    mockEndpoint('getStudentLessons', { status, body: { msg: 'Not Found' } });
    renderInArea();

    expect(await screen.findByText("This academy's provider does not offer lessons.")).toBeInTheDocument();
    await waitFor(async () => expect(await menuLinks()).not.toContain('My lessons'));
    expect(await menuLinks()).toContain('My Teachers');
  });
});
