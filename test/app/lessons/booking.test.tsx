import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { redirectTo } from '@/features/courses/redirectTo';
import { TeacherDetailPage } from '@/features/site/TeacherDetailPage';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls, recordSent } from '@test/recordCalls';
import { answered, loggedInAs, renderRoute } from '@test/render';
import { arrangeTeacherLessons, fakeNow, lessonOf, viewerZone } from './lessonsTestKit';

jest.mock('@/features/courses/redirectTo');
const redirectToMock = jest.mocked(redirectTo);

/**
 * Booking on the teacher page (issue 40). Now is Tuesday 1 December 2026, 10:00 UTC; teacher 4
 * teaches on Mondays 09:00–11:00 in Lagos (08:00–10:00 UTC), so the next 14 days hold Monday 7
 * and Monday 14 December. The viewer reads the times in Tokyo (UTC+9): 17:00 onwards.
 */
beforeEach(() => {
  fakeNow();
  viewerZone('Asia/Tokyo');
  arrangeTeacherLessons();
});

const openTeacherPage = (session = {}) =>
  renderRoute(patterns.teacherDetail, <TeacherDetailPage />, { route: '/teacher-detail/4', preloadedState: loggedInAs(session) });

/** The section, once its lesson types are there (it loads when the page is idle). */
async function lessonsSection() {
  const section = await screen.findByRole('region', { name: 'Lessons' }, { timeout: 3000 });
  await within(section).findByRole('list', { name: 'Lesson types' });
  return section;
}
const shownTimes = async (day: string) =>
  within(await screen.findByRole('group', { name: `Free times on ${day}` }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the Lessons section of the teacher page', () => {
  it("lists the lesson types and the chosen type's free times of the next 14 days in the viewer's zone, named and changeable", async () => {
    const { user } = openTeacherPage();

    const section = await lessonsSection();
    const types = within(section).getByRole('list', { name: 'Lesson types' });
    expect(within(types).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Trial lesson25 minutes · Free trial · Yoruba',
      'Conversation practice50 minutes · $20.00 · Yoruba, Igbo',
    ]);
    expect(within(types).getByRole('button', { name: /^Trial lesson/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByText('Times are in Asia/Tokyo')).toBeInTheDocument();
    expect(within(await within(section).findByRole('group', { name: 'Days' })).getAllByRole('button').map((day) => day.textContent)).toEqual([
      'Mon 7 Dec',
      'Mon 14 Dec',
    ]);
    // 25 minutes: a start every half hour whose lesson ends by 11:00 in Lagos (10:00 UTC, 19:00 in Tokyo).
    expect(await shownTimes('Monday 7 December')).toEqual(['17:00', '17:30', '18:00', '18:30']);
    // The open day is a heading under the section's (h2): no level skipped.
    expect(within(section).getByRole('heading', { level: 3, name: 'Monday 7 December' })).toBeInTheDocument();

    await user.click(within(types).getByRole('button', { name: /^Conversation practice/ }));
    expect(await shownTimes('Monday 7 December')).toEqual(['17:00', '17:30', '18:00']);

    await user.selectOptions(within(section).getByRole('combobox', { name: 'Time zone' }), 'Europe/London');
    expect(within(section).getByText('Times are in Europe/London')).toBeInTheDocument();
    expect(await shownTimes('Monday 7 December')).toEqual(['08:00', '08:30', '09:00']);
    expect(window.localStorage.getItem('lessonTimeZone')).toBe('Europe/London');

    await user.click(within(section).getByRole('button', { name: 'Mon 14 Dec' }));
    expect(await shownTimes('Monday 14 December')).toEqual(['08:00', '08:30', '09:00']);
  });

  it('books a free trial in three taps after stating the time, length, price and policy, and the time is gone from the free times', async () => {
    const sent = recordSent('bookLesson');
    const { user } = openTeacherPage({ student: 7 });
    const section = await lessonsSection();

    await user.click(within(section).getByRole('button', { name: /^Trial lesson/ }));
    await user.click(within(await screen.findByRole('group', { name: 'Free times on Monday 7 December' })).getByRole('button', { name: '17:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book this lesson?' });
    expect(dialog).toHaveTextContent('Trial lesson');
    expect(dialog).toHaveTextContent('Monday 7 December, 17:00 (Asia/Tokyo)');
    expect(dialog).toHaveTextContent('Length: 25 minutes');
    expect(dialog).toHaveTextContent('Price: free trial');
    expect(dialog).toHaveTextContent(
      'You can cancel or move it until 24 hours before it starts and book a free trial again; after that, the free trial counts as taken.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Book free trial' }));

    const booked = await screen.findByRole('dialog', { name: 'Your lesson is booked' });
    expect(within(booked).getByRole('link', { name: 'Go to My lessons' })).toHaveAttribute('href', '/student-lessons');
    expect(sent.map((call) => call.fields)).toEqual([{ student_id: '7', lesson_type_id: '2', starts_at: '2026-12-07T08:00:00.000Z' }]);
    expect(mockDb.bookings.map((lesson) => [lesson.status, lesson.starts_at])).toEqual([['booked', '2026-12-07T08:00:00.000Z']]);

    await user.click(within(booked).getByRole('button', { name: 'Close' }));
    await waitFor(async () => expect(await shownTimes('Monday 7 December')).toEqual(['17:30', '18:00', '18:30']));
  });

  it('holds a paid lesson and sends the browser to its checkout, as Enroll Now does', async () => {
    const { user } = openTeacherPage({ student: 7 });
    const section = await lessonsSection();

    await user.click(within(section).getByRole('button', { name: /^Conversation practice/ }));
    await user.click(within(await screen.findByRole('group', { name: 'Free times on Monday 7 December' })).getByRole('button', { name: '17:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book this lesson?' });
    expect(dialog).toHaveTextContent('Monday 7 December, 17:30 (Asia/Tokyo)');
    expect(dialog).toHaveTextContent('Length: 50 minutes');
    expect(dialog).toHaveTextContent('Price: $20.00');
    expect(dialog).toHaveTextContent('You can cancel or move it with a full refund until 24 hours before it starts; after that, cancelling refunds nothing.');
    expect(dialog).toHaveTextContent('We hold this time for you for 35 minutes while you pay.');
    await user.click(within(dialog).getByRole('button', { name: 'Go to payment' }));

    await waitFor(() => expect(redirectToMock).toHaveBeenCalledWith('http://localhost/api/checkout/cs_lesson_1'));
    expect(mockDb.bookings.map((lesson) => [lesson.status, lesson.starts_at])).toEqual([['awaiting_payment', '2026-12-07T08:30:00.000Z']]);
  });

  it('sends a visitor to the student login, which brings them back to the teacher page', async () => {
    const sent = recordSent('bookLesson');
    const { user, router } = openTeacherPage();
    const section = await lessonsSection();

    await user.click(within(await within(section).findByRole('group', { name: 'Free times on Monday 7 December' })).getByRole('button', { name: '18:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book this lesson?' });
    expect(dialog).toHaveTextContent('Log in as a student to book this lesson: you come back here afterwards.');
    await user.click(within(dialog).getByRole('button', { name: 'Log in to book' }));

    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/student-login');
    expect(router.state.location.state).toEqual({ from: '/teacher-detail/4' });
    expect(sent).toHaveLength(0);
  });

  it("keeps the dialog open with the provider's refusal, and reads the free times again", async () => {
    const { user } = openTeacherPage({ student: 7 });
    const section = await lessonsSection();
    await user.click(within(await within(section).findByRole('group', { name: 'Free times on Monday 7 December' })).getByRole('button', { name: '17:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book this lesson?' });
    // Another student takes the time meanwhile.
    mockDb.bookings.push(lessonOf({ id: 40, student_id: 8, student_name: 'Grace Hopper', starts_at: '2026-12-07T08:00:00.000Z' }));

    await user.click(within(dialog).getByRole('button', { name: 'Book free trial' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This time is no longer free. Please choose another.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The 50-minute lesson from 08:00 UTC leaves out the 25-minute starts at 08:00 and 08:30.
    await waitFor(async () => expect(await shownTimes('Monday 7 December')).toEqual(['18:00', '18:30']));
  });

  it('shows how many lessons the teacher has given and the latest ratings, with first names only', async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-11-23T08:00:00.000Z', rating: 5, rating_comment: 'Patient, and lots of speaking.' }),
      lessonOf({ id: 2, starts_at: '2026-11-30T08:00:00.000Z', rating: 4, rating_comment: null, student_name: 'Grace Hopper', student_id: 8 }),
      lessonOf({ id: 3, starts_at: '2026-11-16T08:00:00.000Z' }),
    ];
    openTeacherPage();
    const section = await lessonsSection();
    expect(await within(section).findByText('3 lessons given · rated 4.5 of 5 (2 ratings)')).toBeInTheDocument();
    const reviews = within(section).getByRole('list', { name: 'Latest ratings' });
    const [latest, earlier] = within(reviews).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(latest).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(latest).toHaveTextContent('Grace');
    expect(latest).not.toHaveTextContent('Hopper');
    expect(earlier).toHaveTextContent('Patient, and lots of speaking.');
  });

  it('says so when the teacher offers lessons but has no free time in the next 14 days', async () => {
    arrangeTeacherLessons({ weekly_hours: [] });
    openTeacherPage();
    expect(await within(await lessonsSection()).findByText('No free times in the next 14 days: please look again later.')).toBeInTheDocument();
  });

  it.each([
    ['a provider without lessons (404)', () => mockEndpoint('getTeacherLessons', { status: 404, body: { msg: 'Not Found' } })],
    ['a provider without lessons (405)', () => mockEndpoint('getTeacherLessons', { status: 405, body: { detail: 'Method not allowed.' } })],
    ['a teacher who offers no lesson type', () => arrangeTeacherLessons({ lesson_types: [] })],
  ])('is left out entirely for %s', async (_case, arrange) => {
    arrange();
    const reads = recordCalls('getTeacherLessons');
    const { store } = openTeacherPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
    // The section's code asks once the page is idle.
    await waitFor(() => expect(reads).toHaveLength(1));
    await answered(store, 'getTeacherLessons');
    expect(screen.queryByRole('region', { name: 'Lessons' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lessons' })).not.toBeInTheDocument();
  });
});
