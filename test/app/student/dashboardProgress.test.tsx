import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { answered, loggedInAs, renderRoute } from '@test/render';

const COURSE = 'Yoruba for Beginners';

/** The dashboard alone on its route. */
function openDashboard() {
  return renderRoute(patterns.studentDashboard, <StudentDashboardPage />, { preloadedState: loggedInAs({ student: 7 }) });
}

const countLink = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });

const findContinueLearning = () => screen.findByRole('region', { name: 'Continue learning' });

/** Course 1 gets a second chapter, 'Numbers'; student 7 watched the first and stopped in the second. */
function arrangeProgressInCourse1() {
  mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', description: '', video: '/media/chapter_videos/numbers.webm', remarks: '' });
  mockDb.courses[0]!.course_chapters!.push({ id: 12, title: 'Numbers', video: '/media/chapter_videos/numbers.webm' });
  mockDb.progress = [
    { student: 7, chapter: 11, position: 100, watched: true, updated_at: '2025-03-01T09:12:05.120Z' },
    { student: 7, chapter: 12, position: 14, watched: false, updated_at: '2025-03-02T18:25:43.511Z' },
  ];
}

describe('student dashboard: where the counts lead', () => {
  it.each([
    ['Enrolled Courses', '/my-courses', ''],
    ['Completed Assignments', '/my-assignments/', '?status=completed'],
    ['Pending Assignments', '/my-assignments/', '?status=pending'],
  ])('%s opens %s%s', async (label, pathname, search) => {
    const { user, router } = openDashboard();

    const link = await countLink(label);
    expect(link).toHaveAttribute('href', `${pathname}${search}`);
    await user.click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });
});

describe("student dashboard: 'Continue learning'", () => {
  it('shows the course and chapter watched last, its progress, and Continue opens that chapter in the player', async () => {
    arrangeProgressInCourse1();
    const { user, router } = openDashboard();

    const card = await findContinueLearning();
    expect(within(card).getByRole('heading', { level: 2, name: 'Continue learning' })).toBeInTheDocument();
    expect(await within(card).findByText(COURSE)).toBeInTheDocument();
    expect(card).toHaveTextContent('Chapter: Numbers');
    expect(within(card).getByText('Numbers')).toHaveAttribute('lang', 'yo');
    expect(within(card).getByRole('progressbar', { name: `Progress in ${COURSE}` })).toHaveAttribute('aria-valuetext', '1 of 2 chapters watched');
    const continueLink = within(card).getByRole('link', { name: `Continue ${COURSE}` });
    expect(continueLink).toHaveAttribute('href', '/learn/1/12');

    await user.click(continueLink);

    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/1/12'));
  });

  it('picks the course whose progress was saved most recently, whatever the order of the answer', async () => {
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: 1, chapters_watched: 1, last_chapter: 11, last_position: 100, updated_at: '2025-03-01T09:12:05.120Z' },
      { course: 2, chapters_total: 3, chapters_watched: 0, last_chapter: null, last_position: 0, updated_at: null },
      { course: 2, chapters_total: 3, chapters_watched: 1, last_chapter: 31, last_position: 8, updated_at: '2025-03-04T10:00:00.000Z' },
    ]);
    openDashboard();

    const card = await findContinueLearning();
    expect(await within(card).findByText('Pidgin Basics')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue Pidgin Basics' })).toHaveAttribute('href', '/learn/2/31');
  });

  it('still offers Continue when the course cannot be read', async () => {
    arrangeProgressInCourse1();
    failEndpoint('getCourse', 500);
    openDashboard();

    const card = await findContinueLearning();
    expect(await within(card).findByText('Pick up the course where you stopped.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/learn/1/12');
  });

  it('never offers a finished course: with one finished and one enrolled but not started, Start opens the first chapter of the one not started', async () => {
    mockDb.courses[1]!.course_chapters!.push({ id: 31, title: 'Market talk', video: '/media/chapter_videos/market.webm' });
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: 1, chapters_watched: 1, last_chapter: 11, last_position: 100, updated_at: '2025-03-01T09:12:05.120Z', completed_at: '2025-03-01T09:12:05.120Z', certificate: null },
      { course: 2, chapters_total: 1, chapters_watched: 0, last_chapter: null, last_position: 0, updated_at: null, completed_at: null, certificate: null },
    ]);
    const { user, router } = openDashboard();

    const card = await findContinueLearning();
    expect(await within(card).findByText('Pidgin Basics')).toBeInTheDocument();
    expect(within(card).queryByText(COURSE)).not.toBeInTheDocument();
    const start = within(card).getByRole('link', { name: 'Start Pidgin Basics' });
    expect(start).toHaveTextContent('Start');
    expect(start).toHaveAttribute('href', '/learn/2/31');
    await user.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/2/31'));
  });

  it('prefers an unfinished course watched before over a finished one watched since', async () => {
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: 1, chapters_watched: 1, last_chapter: 11, last_position: 100, updated_at: '2025-03-09T09:00:00.000Z' },
      { course: 2, chapters_total: 3, chapters_watched: 1, last_chapter: 31, last_position: 8, updated_at: '2025-03-04T10:00:00.000Z' },
    ]);
    openDashboard();

    const card = await findContinueLearning();
    expect(await within(card).findByText('Pidgin Basics')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue Pidgin Basics' })).toHaveAttribute('href', '/learn/2/31');
  });

  it('offers the enrolled course before the student has watched anything, with Start', async () => {
    const calls = recordCalls('listStudentProgress');
    openDashboard();

    const card = await findContinueLearning();
    expect(await within(card).findByRole('link', { name: `Start ${COURSE}` })).toHaveAttribute('href', '/learn/1/11');
    expect(within(card).queryByText('Chapter:', { exact: false })).not.toBeInTheDocument();
    expect(calls[0]!.params.student_id).toBe('7');
  });

  it('is not shown when every enrolled course is finished', async () => {
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: 1, chapters_watched: 1, last_chapter: 11, last_position: 100, updated_at: '2025-03-01T09:12:05.120Z', completed_at: '2025-03-01T09:12:05.120Z', certificate: 'ABCDEF123456' },
    ]);
    const { store } = openDashboard();

    await countLink('Enrolled Courses');
    await answered(store, 'listStudentProgress');
    expect(screen.queryByRole('region', { name: 'Continue learning' })).not.toBeInTheDocument();
  });

  it.each([
    ['without the progress operation (404)', () => failEndpoint('listStudentProgress', 404)],
    ['without the progress operation (405)', () => mockEndpoint('listStudentProgress', { status: 405 })],
    ['whose progress fails (500)', () => failEndpoint('listStudentProgress', 500)],
  ])('is not shown, and no error either, on a provider %s', async (_case, arrange) => {
    arrangeProgressInCourse1();
    arrange();
    const calls = recordCalls('listStudentProgress');
    const { store } = openDashboard();

    expect(await countLink('Enrolled Courses')).toHaveTextContent('1Enrolled Courses');
    await answered(store, 'listStudentProgress');
    expect(calls.length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Continue learning' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("student dashboard: 'Review: n due' (extension)", () => {
  it('leads to Review with the number of cards due', async () => {
    openDashboard();
    // The fixtures' deck: one card due long ago, one far ahead.
    expect(await screen.findByRole('link', { name: 'Review: 1 due' })).toHaveAttribute('href', '/review');
  });

  it('is not there on a provider without the review deck', async () => {
    failEndpoint('getReviewDeck', 404);
    const { store } = openDashboard();
    await answered(store, 'getReviewDeck');
    expect(screen.queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument();
  });
});
