import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths, patterns } from '@/config/paths';
import { MyCoursesPage } from '@/features/student/area/MyCoursesPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

const asStudent = loggedInAs({ student: 7 });
const COURSE = 'Yoruba for Beginners';

function openMyCourses() {
  return renderRoute(patterns.myCourses, <MyCoursesPage />, { preloadedState: asStudent });
}

const findTable = () => screen.findByRole('table', { name: 'Enrolled courses' });

/** Each body row's cells as text. */
function shownRows(table: HTMLElement) {
  const [, ...rows] = within(table).getAllByRole('row');
  // The row header (the course) comes first in each row, then the cells.
  return rows.map((row) => [...within(row).queryAllByRole('rowheader'), ...within(row).queryAllByRole('cell')].map((cell) => cell.textContent));
}

/** Course 1 gets a second chapter; student 7 has watched the first and stopped in the second. */
function arrangeProgressInCourse1() {
  mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', description: '', video: '/media/chapter_videos/numbers.webm', remarks: '' });
  mockDb.progress = [
    { student: 7, chapter: 11, position: 100, watched: true, updated_at: '2025-03-01T09:12:05.120Z' },
    { student: 7, chapter: 12, position: 14, watched: false, updated_at: '2025-03-02T18:25:43.511Z' },
  ];
}

describe('My Courses', () => {
  it("lists the student's courses with their teacher, each linking to its page", async () => {
    const calls = recordCalls('fetchEnrolledCourses');
    openMyCourses();

    expect(await screen.findByRole('heading', { level: 1, name: 'My Courses' })).toBeInTheDocument();
    const table = await findTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Course',
      'Teacher',
      'Progress',
    ]);
    expect(within(table).getByRole('rowheader', { name: COURSE })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: COURSE })).toHaveAttribute('href', '/detail/1');
    expect(within(table).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    expect(calls.map((call) => call.params.studentId)).toEqual(['7']);
  });

  it("shows 'n of m chapters watched' with a bar and a Continue link that opens the player at the chapter where the student stopped", async () => {
    arrangeProgressInCourse1();
    const { user, router } = openMyCourses();

    const table = await findTable();
    const bar = await within(table).findByRole('progressbar', { name: `Progress in ${COURSE}` });
    // Shown once as text and said once, by the bar: the words are hidden from the accessibility tree.
    expect(within(table).getByText('1 of 2 chapters watched')).toHaveAttribute('aria-hidden', 'true');
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 chapters watched');

    const continueLink = within(table).getByRole('link', { name: `Continue ${COURSE}` });
    expect(continueLink).toHaveTextContent('Continue');
    expect(continueLink).toHaveAttribute('href', '/learn/1/12');

    await user.click(continueLink);
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/learn/1/12');
    expect(router.state.location.pathname).toBe('/learn/1/12');
  });

  it("says 'Finished on {date}' and links to the certificate of a finished course", async () => {
    mockDb.progress = [{ student: 7, chapter: 11, position: 100, watched: true, updated_at: '2025-03-02T18:25:43.511Z' }];
    mockDb.certificates = [
      { code: 'K7Q2M9X4T1BZ', student: 7, student_name: 'Ada Lovelace', course: 1, course_title: COURSE, teacher_name: 'Amara Obi', completed_at: '2025-03-02T18:25:43.511Z' },
    ];
    openMyCourses();

    const table = await findTable();
    expect(await within(table).findByText('Finished on 2 March 2025')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: `Certificate for ${COURSE}` })).toHaveAttribute('href', '/certificates/K7Q2M9X4T1BZ');
  });

  it('on a provider without completed_at, calls a course with every chapter watched finished, with no certificate link', async () => {
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: 1, chapters_watched: 1, last_chapter: 11, last_position: 100, updated_at: '2025-03-02T18:25:43.511Z' },
    ]);
    openMyCourses();

    expect(await screen.findByText('Finished on 2 March 2025')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Certificate for ${COURSE}` })).not.toBeInTheDocument();
  });

  it.each([
    [0, 1, '0 of 1 chapter watched', '0'],
    [1, 1, '1 of 1 chapter watched', '100'],
    [2, 3, '2 of 3 chapters watched', '67'],
  ])('shows %i of %i watched as %p with the bar at %s%%', async (watched, total, text, value) => {
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: total, chapters_watched: watched, last_chapter: 11, last_position: 3, updated_at: '2025-03-02T18:25:43.511Z' },
    ]);
    openMyCourses();

    const bar = await screen.findByRole('progressbar', { name: `Progress in ${COURSE}` });
    expect(bar).toHaveAttribute('aria-valuenow', value);
    expect(bar).toHaveAttribute('aria-valuetext', text);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('offers Start, opening the first chapter, for a course not started yet', async () => {
    openMyCourses();

    const bar = await screen.findByRole('progressbar', { name: `Progress in ${COURSE}` });
    expect(bar).toHaveAttribute('aria-valuetext', '0 of 1 chapter watched');
    expect(screen.queryByRole('link', { name: `Continue ${COURSE}` })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: `Start ${COURSE}` })).toHaveAttribute('href', '/learn/1/11');
  });

  it("says 'No chapters yet' for a course without chapters", async () => {
    mockDb.chapters = [];
    openMyCourses();

    expect(await screen.findByText('No chapters yet')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows 'Data is missing or incomplete' for a record without its course or teacher, and the complete ones as usual", async () => {
    mockEndpoint('fetchEnrolledCourses', () => [
      { id: 1, course: { id: 1, title: COURSE, teacher: { id: 4, full_name: 'Amara Obi' } } },
      { id: 2 },
      { id: 3, course: { id: 2, title: 'Pidgin Basics' } },
      { id: 4, course: { id: 5, teacher: { id: 5, full_name: 'Tunde Okafor' } } },
    ]);
    openMyCourses();

    const table = await findTable();
    await screen.findByRole('progressbar', { name: `Progress in ${COURSE}` });
    const rows = shownRows(table);
    expect(rows[0]!.slice(0, 2)).toEqual([COURSE, 'Amara Obi']);
    expect(rows.slice(1)).toEqual([['Data is missing or incomplete'], ['Data is missing or incomplete'], ['Data is missing or incomplete']]);
    expect(within(table).getAllByText('Data is missing or incomplete')[0]).toHaveAttribute('colspan', '3');
  });

  it('says when the student is not enrolled in any course yet, with a link to all courses', async () => {
    mockDb.enrolments = [];
    openMyCourses();

    expect(await screen.findByText('You are not enrolled in any course yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/all-courses');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the provider message of a refused load', async () => {
    failEndpoint('fetchEnrolledCourses', 403, { msg: 'You may only see your own courses.' });
    openMyCourses();

    expect(await screen.findByRole('alert')).toHaveTextContent('You may only see your own courses.');
  });

  it.each([
    ['404', () => failEndpoint('listStudentProgress', 404)],
    ['405', () => mockEndpoint('listStudentProgress', { status: 405 })],
  ])('shows the courses without progress, and no error, on a provider without progress (%s)', async (_status, arrange) => {
    arrange();
    openMyCourses();

    const table = await findTable();
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'Progress' })).not.toBeInTheDocument());
    expect(shownRows(table)).toEqual([[COURSE, 'Amara Obi']]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the progress could not be loaded, keeps the courses, and shows the progress after Retry', async () => {
    arrangeProgressInCourse1();
    failEndpoint('listStudentProgress', 500, { once: true });
    const { user } = openMyCourses();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your progress could not be loaded. The server ran into a problem. Please try again in a few minutes.');
    expect(within(await findTable()).getByRole('link', { name: COURSE })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('progressbar', { name: `Progress in ${COURSE}` })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('My Courses after watching', () => {
  it('shows the progress saved in the player when the student comes back', async () => {
    const { user, router } = renderApp({ route: paths.myCourses, preloadedState: asStudent });
    expect(await screen.findByRole('progressbar', { name: `Progress in ${COURSE}` })).toHaveAttribute('aria-valuenow', '0');

    await user.click(await screen.findByRole('link', { name: `Start ${COURSE}` }));
    const video = await screen.findByLabelText<HTMLVideoElement>('Greetings', { selector: 'video' });
    Object.defineProperty(video, 'duration', { value: 20, configurable: true });
    fireEvent(video, new Event('loadedmetadata'));
    fireEvent(video, new Event('play'));
    for (let seconds = 0; seconds <= 18; seconds += 0.25) {
      video.currentTime = seconds;
      fireEvent(video, new Event('timeupdate'));
    }
    fireEvent(video, new Event('pause'));
    await waitFor(() => expect(mockDb.progress).toEqual([expect.objectContaining({ student: 7, chapter: 11, position: 18, watched: true })]));

    await act(() => router.navigate(paths.myCourses));

    const bar = await screen.findByRole('progressbar', { name: `Progress in ${COURSE}` });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1 of 1 chapter watched'));
    expect(screen.getByRole('link', { name: `Continue ${COURSE}` })).toHaveAttribute('href', '/learn/1/11');
  });
});
