import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { answered, loggedInAs, renderRoute, type RenderAppOptions } from '@test/render';
import { shownFacts } from './courseDetailHelpers';


/** The page's texts: the spec's ('Enroll Now', 'Please login to enroll in this course', 'Rating', …) and ours. */
const messages = {
  enrolNow: 'Enroll Now',
  rate: 'Rating',
  teacher: 'Teacher',
  languages: 'Languages',
  price: 'Price',
  rating: 'Rating',
  studentsEnrolled: 'Students enrolled',
  chapters: 'Chapters',
  duration: 'Duration',
  courseNotFound: 'Course not found',
  browseCourses: 'Browse all courses',
  courseLoadFailed: 'The course could not be loaded.',
  teachersDoNotEnrol: 'Students enrol in courses: log in with a student account to enrol.',
  chapterWatched: 'Watched',
  continueLearning: 'Continue',
  startLearning: 'Start learning',
  teacherHeading: 'Your teacher',
  chaptersFailed: 'The chapters could not be loaded.',
  enrolStatusFailed: 'Your enrolment status could not be loaded.',
  ratingStatusFailed: 'Your rating status could not be loaded.',
};

/** The course detail page alone on its route. */
const renderCourse = (options: RenderAppOptions) => renderRoute(patterns.courseDetail, <CourseDetailPage />, options);

/** Student 7, who the fixtures enrol in course 1 (not rated yet). */
const asStudent = { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) };

describe('course detail: the course', () => {
  it('shows the course with teacher, languages, price, rating, enrolled students and chapter count', async () => {
    renderCourse({ route: '/detail/1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' })).toBeInTheDocument();
    expect(screen.getByText('Greetings, numbers and everyday phrases.')).toBeInTheDocument();
    expect(shownFacts()).toEqual({
      [messages.teacher]: 'Amara Obi',
      [messages.languages]: 'Yoruba, English',
      [messages.price]: '$20',
      [messages.rating]: '4.5/5',
      [messages.studentsEnrolled]: '12',
      [messages.chapters]: '1',
    });
    expect(screen.getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    expect(screen.queryByText(/3 Hours 30 Minutes/)).not.toBeInTheDocument();
  });

  it('shows a free course as Free and no rating when nobody rated it', async () => {
    renderCourse({ route: '/detail/2' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pidgin Basics' })).toBeInTheDocument();
    const facts = shownFacts();
    expect(facts[messages.price]).toBe('Free');
    expect(facts).not.toHaveProperty(messages.rating);
    expect(facts[messages.studentsEnrolled]).toBe('0');
  });

  it('says the course was not found on a 404, with a link to the course list', async () => {
    renderCourse({ route: '/detail/99' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.courseNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.browseCourses })).toHaveAttribute('href', '/course');
  });

  it('shows an error with Retry when the course fails to load, and loads it on Retry', async () => {
    failEndpoint('getCourse', 500, { once: true });
    const { user } = renderCourse({ route: '/detail/1' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.courseLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' })).toBeInTheDocument();
  });
});

describe('course detail: who is looking', () => {
  it("offers a visitor Enroll Now, explained by 'Please login to enroll in this course', which opens the student login with the way back", async () => {
    const { user, router } = renderCourse({ route: '/detail/1' });

    const enrol = await screen.findByRole('button', { name: messages.enrolNow });
    expect(enrol).toHaveAccessibleDescription('Please login to enroll in this course');
    expect(screen.getByText('Please login to enroll in this course')).toBeVisible();

    await user.click(enrol);
    expect(router.state.location.pathname).toBe('/student-login');
    expect(router.state.location.state).toEqual({ from: '/detail/1' });
  });

  it('tells a logged-in teacher that students enrol, with no Enroll Now', async () => {
    renderCourse({ route: '/detail/1', preloadedState: loggedInAs({ teacher: 4 }) });

    expect(await screen.findByText(messages.teachersDoNotEnrol)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.enrolNow })).not.toBeInTheDocument();
  });

  it('offers Enroll Now to a student who is not enrolled, with the curriculum as plain entries', async () => {
    mockDb.enrolments = [];
    renderCourse(asStudent);

    expect(await screen.findByRole('button', { name: messages.enrolNow })).toBeEnabled();
    expect(screen.queryByText('Please login to enroll in this course')).not.toBeInTheDocument();
    const curriculum = screen.getByRole('region', { name: 'In this course' });
    expect(await within(curriculum).findByText('Greetings')).toBeInTheDocument();
    expect(within(curriculum).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a visitor the curriculum: numbered chapters with their lengths, exercises and the total, no videos and no links', async () => {
    mockDb.chapters = [
      { ...mockDb.chapters[0]!, duration: 245 },
      { id: 12, course: 1, title: 'Numbers', video: null, duration: 45 },
      { id: 13, course: 1, title: 'Market talk', video: null, duration: 3600 },
    ];
    renderCourse({ route: '/detail/1' });

    const curriculum = await screen.findByRole('region', { name: 'In this course' });
    expect(await within(curriculum).findByText('4 exercises')).toBeInTheDocument();
    const entries = within(curriculum).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['1 Greetings4 min4 exercises', '2 Numbers45 s', '3 Market talk1 h']);
    // The chapters' titles in the course's language, the frame in English.
    expect(within(curriculum).getByText('Greetings')).toHaveAttribute('lang', 'yo');
    expect(within(curriculum).queryByRole('link')).not.toBeInTheDocument();
    expect(within(curriculum).queryByRole('button')).not.toBeInTheDocument();
    // No player here (the player labels its video with the chapter's title).
    expect(screen.queryByLabelText('Greetings')).not.toBeInTheDocument();
    await waitFor(() => expect(shownFacts()[messages.chapters]).toBe('3'));
    expect(shownFacts()[messages.duration]).toBe('1 h 5 min');
  });

  it('shows no exercise counts on a provider without exercises', async () => {
    failEndpoint('getCourseExerciseCounts', 404);
    const { store } = renderCourse({ route: '/detail/1' });
    const curriculum = await screen.findByRole('region', { name: 'In this course' });
    await answered(store, 'getCourseExerciseCounts');
    expect(await within(curriculum).findByText('Greetings')).toBeInTheDocument();
    expect(within(curriculum).queryByText(/exercise/)).not.toBeInTheDocument();
  });

  it('gives no duration when a chapter’s length is unknown', async () => {
    mockDb.chapters = [{ ...mockDb.chapters[0]!, duration: 245 }, { id: 12, course: 1, title: 'Numbers', video: null }];
    renderCourse({ route: '/detail/1' });

    expect(await screen.findByText('4 min')).toBeInTheDocument();
    expect(shownFacts()).not.toHaveProperty(messages.duration);
  });

  it('shows an enrolled student each chapter as a link to the player, with watched marks, Continue and the Rating button', async () => {
    mockDb.chapters = [mockDb.chapters[0]!, { id: 12, course: 1, title: 'Numbers', video: '/media/chapter_videos/numbers.webm' }];
    mockDb.progress = [{ student: 7, chapter: 11, position: 300, watched: true, updated_at: '2026-11-20T10:00:00.000Z' }];
    renderCourse(asStudent);

    expect(await screen.findByText('You are already enrolled in this course')).toBeInTheDocument();
    const curriculum = screen.getByRole('region', { name: 'In this course' });
    expect(await within(curriculum).findByRole('link', { name: '1 Greetings' })).toHaveAttribute('href', '/learn/1/11');
    expect(within(curriculum).getByRole('link', { name: '2 Numbers' })).toHaveAttribute('href', '/learn/1/12');
    const [greetings, numbers] = within(curriculum).getAllByRole('listitem');
    expect(within(greetings!).getByText(messages.chapterWatched)).toBeInTheDocument();
    expect(within(numbers!).queryByText(messages.chapterWatched)).not.toBeInTheDocument();
    expect(await within(greetings!).findByRole('link', { name: 'Practice: Greetings, 4 exercises' })).toHaveAttribute('href', '/learn/1/11/practice');
    // The first chapter is watched: Continue opens the next.
    expect(await within(curriculum).findByRole('link', { name: messages.continueLearning })).toHaveAttribute('href', '/learn/1/12');
    // No player here (the player labels its video with the chapter's title).
    expect(screen.queryByLabelText('Greetings')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.rate })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.enrolNow })).not.toBeInTheDocument();
  });

  it("offers 'Start learning' at the first chapter before anything is watched", async () => {
    renderCourse(asStudent);

    const curriculum = await screen.findByRole('region', { name: 'In this course' });
    expect(await within(curriculum).findByRole('link', { name: messages.startLearning })).toHaveAttribute('href', '/learn/1/11');
  });

  it("sends an enrolled student's old chapter address (/detail/{id}?chapter={cid}) to the player", async () => {
    const { router } = renderCourse({ ...asStudent, route: '/detail/1?chapter=11' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/1/11'));
  });

  it("shows the teacher's short bio, cut to about 300 characters, with a link to their page", async () => {
    const detail = `${'Teaches Yoruba to adults since 2012. '.repeat(12)}The end.`;
    mockDb.teachers = mockDb.teachers.map((teacher) => (teacher.id === 4 ? { ...teacher, detail } : teacher));
    renderCourse({ route: '/detail/1' });

    const bio = await screen.findByRole('region', { name: messages.teacherHeading });
    expect(within(bio).getByRole('heading', { level: 3, name: 'Amara Obi' })).toBeInTheDocument();
    expect(await within(bio).findByText('MA Linguistics')).toBeInTheDocument();
    const shown = within(bio).getByText(/^Teaches Yoruba/).textContent!;
    expect(shown.length).toBeLessThanOrEqual(301);
    expect(shown).toMatch(/2012\.…$/);
    expect(within(bio).getByRole('link', { name: 'More about Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
  });

  it('has no teacher section for a course without a teacher', async () => {
    mockDb.courses = mockDb.courses.map((course) => (course.id === 1 ? { ...course, teacher: undefined } : course));
    renderCourse({ route: '/detail/1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: messages.teacherHeading })).not.toBeInTheDocument();
  });

  it('says so when an enrolled course has no chapters', async () => {
    mockDb.chapters = [];
    renderCourse(asStudent);

    expect(await screen.findByText('No chapters found for this course.')).toBeInTheDocument();
  });

  it('shows an error with Retry when the chapters fail to load', async () => {
    failEndpoint('listCourseChapters', 500, { once: true });
    const { user } = renderCourse(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.chaptersFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: '1 Greetings' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the enrol status fails to load', async () => {
    mockDb.enrolments = [];
    failEndpoint('fetchEnrollStatus', 500, { once: true });
    const { user } = renderCourse(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.enrolStatusFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: messages.enrolNow })).toBeInTheDocument();
  });

  it.each([
    ['rated: true', true as const],
    ['rated: "True"', 'True' as const],
  ])('shows the rated badge instead of the Rating button (%s)', async (_variant, rated) => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true, rated } });
    const ratingStatusCalls = recordCalls('fetchRatingStatus');
    renderCourse(asStudent);

    expect(await screen.findByText('You already rated this course')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.rate })).not.toBeInTheDocument();
    expect(ratingStatusCalls).toHaveLength(0);
  });

  it('shows the Rating button when the enrol status says not rated ("False")', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: 'True', rated: 'False' } });
    renderCourse(asStudent);

    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
    expect(screen.queryByText('You already rated this course')).not.toBeInTheDocument();
  });

  it('asks the rating status when the enrol status does not tell, and shows the badge', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    mockDb.ratings.push({ id: 1, course: 1, student: 7, rating: 4 });
    const ratingStatusCalls = recordCalls('fetchRatingStatus');
    renderCourse(asStudent);

    expect(await screen.findByText('You already rated this course')).toBeInTheDocument();
    expect(ratingStatusCalls.map((call) => call.params)).toEqual([{ student_id: '7', course_id: '1' }]);
  });

  it('shows an error with Retry when the rating status fails to load', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    failEndpoint('fetchRatingStatus', 500, { once: true });
    const { user } = renderCourse(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.ratingStatusFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
  });

  it('shows the Rating button when the rating status says not rated', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    renderCourse(asStudent);

    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('You already rated this course')).not.toBeInTheDocument());
  });
});
