import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { messages } from '@/features/courses/messages';
import * as fixtures from '@test/handlers/fixtures';
import { API } from '@test/handlers';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';
import { answerChapters, answerEnrolStatus, answerRatingStatus, failure, setUpCourseDetailSuite, shownFacts } from './courseDetailHelpers';

setUpCourseDetailSuite();

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
    server.use(http.get(`${API}/course/:course_id`, () => failure(500), { once: true }));
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
    renderApp(asStudent);

    expect(await screen.findByRole('button', { name: messages.enrolNow })).toBeEnabled();
    expect(screen.queryByRole('link', { name: messages.loginToEnrol })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.chaptersHeading })).not.toBeInTheDocument();
  });

  it('shows an enrolled student the chapters with their videos and the Rating button', async () => {
    server.use(answerEnrolStatus({ bool: true, rated: false }));
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
    server.use(
      answerEnrolStatus({ bool: true, rated: false }),
      answerChapters([{ ...fixtures.chapters[0]!, video: null }]),
    );
    renderApp(asStudent);

    expect(await screen.findByText(messages.noVideo)).toBeInTheDocument();
    expect(screen.queryByLabelText('Greetings')).not.toBeInTheDocument();
  });

  it('says so when an enrolled course has no chapters', async () => {
    server.use(answerEnrolStatus({ bool: true, rated: false }), answerChapters([]));
    renderApp(asStudent);

    expect(await screen.findByText(messages.noChapters)).toBeInTheDocument();
  });

  it('shows an error with Retry when the chapters fail to load', async () => {
    server.use(
      answerEnrolStatus({ bool: true, rated: false }),
      http.get(`${API}/course-chapters/:course_id`, () => failure(500), { once: true }),
    );
    const { user } = renderApp(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.chaptersFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Greetings')).toBeInTheDocument();
  });

  it('shows an error with Retry when the enrol status fails to load', async () => {
    server.use(http.get(`${API}/fetch-enroll-status/:studentId/:course_id`, () => failure(500), { once: true }));
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
    let ratingStatusCalls = 0;
    server.use(
      answerEnrolStatus({ bool: true, rated }),
      answerRatingStatus({ bool: false }, () => (ratingStatusCalls += 1)),
    );
    renderApp(asStudent);

    expect(await screen.findByText(messages.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.rate })).not.toBeInTheDocument();
    expect(ratingStatusCalls).toBe(0);
  });

  it('shows the Rating button when the enrol status says not rated ("False")', async () => {
    server.use(answerEnrolStatus({ bool: 'True', rated: 'False' }));
    renderApp(asStudent);

    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
    expect(screen.queryByText(messages.alreadyRated)).not.toBeInTheDocument();
  });

  it('asks the rating status when the enrol status does not tell, and shows the badge', async () => {
    let ratingStatusCalls = 0;
    server.use(
      answerEnrolStatus({ bool: true }),
      answerRatingStatus({ bool: true }, () => (ratingStatusCalls += 1)),
    );
    renderApp(asStudent);

    expect(await screen.findByText(messages.alreadyRated)).toBeInTheDocument();
    expect(ratingStatusCalls).toBe(1);
  });

  it('shows an error with Retry when the rating status fails to load', async () => {
    server.use(
      answerEnrolStatus({ bool: true }),
      http.get(`${API}/fetch-rating-status/:student_id/:course_id`, () => failure(500), { once: true }),
    );
    const { user } = renderApp(asStudent);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.ratingStatusFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
  });

  it('shows the Rating button when the rating status says not rated', async () => {
    server.use(answerEnrolStatus({ bool: true }), answerRatingStatus({ bool: false }));
    renderApp(asStudent);

    expect(await screen.findByRole('button', { name: messages.rate })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(messages.alreadyRated)).not.toBeInTheDocument());
  });
});
