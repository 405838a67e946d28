import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@/features/courses/messages';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';
import { setUpCourseDetailSuite, shownFacts } from './courseDetailHelpers';

setUpCourseDetailSuite();

/** Student 7, who the fixtures enrol in course 1 (not rated yet). */
const asStudent = { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) };

describe('course detail: the course', () => {
  it('shows the course with teacher, languages, price, rating, enrolled students and chapter count', async () => {
    renderApp({ route: '/detail/1' });

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
    renderApp({ route: '/detail/2' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pidgin Basics' })).toBeInTheDocument();
    const facts = shownFacts();
    expect(facts[messages.price]).toBe('Free');
    expect(facts).not.toHaveProperty(messages.rating);
    expect(facts[messages.studentsEnrolled]).toBe('0');
  });

  it('says the course was not found on a 404, with a link to the course list', async () => {
    renderApp({ route: '/detail/99' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.courseNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.browseCourses })).toHaveAttribute('href', '/course');
  });

  it('shows an error with Retry when the course fails to load, and loads it on Retry', async () => {
    failEndpoint('getCourse', 500, { once: true });
    const { user } = renderApp({ route: '/detail/1' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.courseLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' })).toBeInTheDocument();
  });
});

describe('course detail: who is looking', () => {
  it('asks a visitor to log in, linking to the student login with the way back', async () => {
    const { user, router } = renderApp({ route: '/detail/1' });

    const link = await screen.findByRole('link', { name: messages.loginToEnrol });
    expect(link).toHaveAttribute('href', '/student-login');
    expect(screen.queryByRole('button', { name: messages.enrolNow })).not.toBeInTheDocument();

    await user.click(link);
    expect(router.state.location.pathname).toBe('/student-login');
    expect(router.state.location.state).toEqual({ from: '/detail/1' });
  });

  it('treats a logged-in teacher as a visitor', async () => {
    renderApp({ route: '/detail/1', preloadedState: loggedInAs({ teacher: 4 }) });

    expect(await screen.findByRole('link', { name: messages.loginToEnrol })).toBeInTheDocument();
  });

  it('offers Enroll Now to a student who is not enrolled, and no chapters', async () => {
    mockDb.enrolments = [];
    renderApp(asStudent);

    expect(await screen.findByRole('button', { name: messages.enrolNow })).toBeEnabled();
    expect(screen.queryByRole('link', { name: messages.loginToEnrol })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.chaptersHeading })).not.toBeInTheDocument();
  });

  it('shows an enrolled student the chapters with their videos and the Rating button', async () => {
    renderApp(asStudent);

    expect(await screen.findByText(messages.alreadyEnrolled)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: messages.chaptersHeading })).toBeInTheDocument();
    const video = await screen.findByLabelText('Greetings');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'http://localhost/media/chapter_videos/greetings.webm');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(screen.getByRole('button', { name: messages.rate })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.enrolNow })).not.toBeInTheDocument();
  });

  it("shows 'No Video' for a chapter without a video", async () => {
    mockDb.chapters = mockDb.chapters.map((chapter) => ({ ...chapter, video: null }));
    renderApp(asStudent);

    expect(await screen.findByText(messages.noVideo)).toBeInTheDocument();
    expect(screen.queryByLabelText('Greetings')).not.toBeInTheDocument();
  });

  it('says so when an enrolled course has no chapters', async () => {
    mockDb.chapters = [];
    renderApp(asStudent);

    expect(await screen.findByText(messages.noChapters)).toBeInTheDocument();
  });

  it('shows an error with Retry when the chapters fail to load', async () => {
    failEndpoint('listCourseChapters', 500, { once: true });
    const { user } = renderApp(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.chaptersFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Greetings')).toBeInTheDocument();
  });

  it('shows an error with Retry when the enrol status fails to load', async () => {
    mockDb.enrolments = [];
    failEndpoint('fetchEnrollStatus', 500, { once: true });
    const { user } = renderApp(asStudent);

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
    renderApp(asStudent);

    expect(await screen.findByText(messages.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.rate })).not.toBeInTheDocument();
    expect(ratingStatusCalls).toHaveLength(0);
  });

  it('shows the Rating button when the enrol status says not rated ("False")', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: 'True', rated: 'False' } });
    renderApp(asStudent);

    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
    expect(screen.queryByText(messages.alreadyRated)).not.toBeInTheDocument();
  });

  it('asks the rating status when the enrol status does not tell, and shows the badge', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    mockDb.ratings.push({ id: 1, course: 1, student: 7, rating: 4 });
    const ratingStatusCalls = recordCalls('fetchRatingStatus');
    renderApp(asStudent);

    expect(await screen.findByText(messages.alreadyRated)).toBeInTheDocument();
    expect(ratingStatusCalls.map((call) => call.params)).toEqual([{ student_id: '7', course_id: '1' }]);
  });

  it('shows an error with Retry when the rating status fails to load', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    failEndpoint('fetchRatingStatus', 500, { once: true });
    const { user } = renderApp(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.ratingStatusFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
  });

  it('shows the Rating button when the rating status says not rated', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: true } });
    renderApp(asStudent);

    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(messages.alreadyRated)).not.toBeInTheDocument());
  });
});
