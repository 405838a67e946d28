import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { POINTER_FOCUS_ATTRIBUTE } from '@/components/pointerFocus';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { LessonPlayerPage } from '@/features/learning/LessonPlayerPage';
import { StudentLoginPage } from '@/features/student/access/StudentLoginPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { answered, loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/** The player's texts (ours). */
const messages = {
  chapterListLabel: (course: string) => `Chapters of ${course}`,
  previousNamed: (title: string) => `Previous: ${title}`,
  nextNamed: (title: string) => `Next: ${title}`,
  shortcutsHeading: 'Keyboard shortcuts',
  playing: 'Playing',
  paused: 'Paused',
  forward: 'Forward 5 seconds',
  nextIn5: (title: string) => `Next: ${title} in 5 seconds. Press Cancel to stay.`,
  cancel: 'Cancel',
  playNow: 'Play now',
  notEnrolledTitle: 'You are not enrolled in this course',
  openCoursePage: 'Open the course page',
  notFoundTitle: 'Chapter not found',
  finishedTitle: (course: string) => `You finished ${course}`,
  finishedOn: (date: string) => `Finished on ${date}`,
  certificateLinkNamed: (course: string) => `Your certificate for ${course}`,
};

const asStudent = loggedInAs({ student: 7 });
const COURSE = 'Yoruba for Beginners';
const CODE = 'K7Q2M9X4T1BZ';

/** Course 1: Greetings (45 s), Numbers (4 min) and Colours (no video yet). */
function arrangeChapters() {
  mockDb.chapters = [
    { id: 11, course: 1, title: 'Greetings', description: 'Morning to night.', video: '/media/chapter_videos/greetings.webm', captions: null, remarks: 'Say it aloud.', duration: 45 },
    { id: 12, course: 1, title: 'Numbers', description: 'One to ten.', video: '/media/chapter_videos/numbers.webm', captions: null, remarks: '', duration: 240 },
    { id: 13, course: 1, title: 'Colours', description: '', video: null, captions: null, remarks: '', duration: null },
    // A chapter of another course.
    { id: 21, course: 2, title: 'Howfa', description: '', video: '/media/chapter_videos/howfa.webm', captions: null, remarks: '', duration: 30 },
  ];
}

function openLesson(chapterId: number, courseId = 1) {
  return renderRoute(patterns.learn, <LessonPlayerPage />, { route: `/learn/${courseId}/${chapterId}`, preloadedState: asStudent });
}

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name });
const findVideo = (title: string) => screen.findByLabelText<HTMLVideoElement>(title, { selector: 'video' });
/** The offer of the next chapter, whose title is in its own element (the course's language). */
const offer = (text: string) => (_content: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
const offerShown = () => screen.queryByText((_content, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith('Next: '));

/** The player's polite live region. */
const announcer = () => screen.getByRole('status');

let play: jest.SpyInstance;
let pause: jest.SpyInstance;
beforeEach(() => {
  arrangeChapters();
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  play.mockRestore();
  pause.mockRestore();
  jest.useRealTimers();
  delete (window as Partial<Window>).matchMedia;
});

describe('lesson player', () => {
  it('shows the chapter, its course and chapter list; keys play, pause and seek (announced) and move between chapters (the focus on the new heading)', async () => {
    const { user } = openLesson(12);

    expect(await findHeading('Numbers')).toBeInTheDocument();
    expect(document.title).toBe(`Numbers – ${COURSE} — Language Academy`);
    expect(screen.getByRole('link', { name: COURSE })).toHaveAttribute('href', '/detail/1');
    const video = await findVideo('Numbers');
    expect(screen.getByText('One to ten.')).toBeInTheDocument();

    const list = screen.getByRole('navigation', { name: messages.chapterListLabel(COURSE) });
    // Greetings has exercises (the fixtures' four): a Practice link beside it.
    expect(await within(list).findByRole('link', { name: 'Practice: Greetings, 4 exercises' })).toHaveAttribute('href', '/learn/1/11/practice');
    const entries = within(list).getAllByRole('link', { name: /^(?!Practice)/ });
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'GreetingsChapter 1 of 3 · 45 s, Not watched',
      'NumbersChapter 2 of 3 · 4 min, Not watched',
      'ColoursChapter 3 of 3, Not watched',
    ]);
    expect(entries[1]).toHaveAttribute('aria-current', 'page');
    expect(entries[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: messages.previousNamed('Greetings') })).toHaveAttribute('href', '/learn/1/11');
    expect(screen.getByRole('link', { name: messages.nextNamed('Colours') })).toHaveAttribute('href', '/learn/1/13');
    expect(screen.getByText(messages.shortcutsHeading)).toBeInTheDocument();

    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(video);
    expect(announcer()).toHaveTextContent(messages.playing);

    Object.defineProperty(video, 'paused', { value: false, configurable: true });
    await user.keyboard(' ');
    expect(pause).toHaveBeenCalledTimes(1);
    expect(announcer()).toHaveTextContent(messages.paused);

    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(5);
    expect(announcer()).toHaveTextContent(messages.forward);

    // Not while typing in a field, and not with a modifier key.
    await user.keyboard('{Control>}n{/Control}');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Numbers');

    await user.keyboard('n');
    const colours = await findHeading('Colours');
    // The focused heading says the title; the live region does not say it again.
    expect(colours).toHaveFocus();
    expect(announcer()).toBeEmptyDOMElement();
    expect(document.title).toBe(`Colours – ${COURSE} — Language Academy`);
    // A chapter without a video: the spec's words, and the way on still there.
    expect(screen.getByText('No Video')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Next/ })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /^Colours/ })).toHaveAttribute('aria-current', 'page');

    await user.keyboard('p');
    expect(await findHeading('Numbers')).toHaveFocus();

    await user.click(screen.getByRole('link', { name: messages.previousNamed('Greetings') }));
    expect(await findHeading('Greetings')).toHaveFocus();
    expect(screen.getByText('Say it aloud.')).toBeInTheDocument();
  });

  it("offers 'Practice' under a chapter with exercises and beside it in the list", async () => {
    openLesson(11);
    expect(await findHeading('Greetings')).toBeInTheDocument();
    const practice = await screen.findAllByRole('link', { name: 'Practice: Greetings, 4 exercises' });
    // Under the video, and beside the chapter in the list.
    expect(practice.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Practice', '/learn/1/11/practice'], ['Practice', '/learn/1/11/practice']]);
  });

  it('shows no Practice on a provider without exercises', async () => {
    failEndpoint('getCourseExerciseCounts', 404);
    const { store } = openLesson(11);
    expect(await findHeading('Greetings')).toBeInTheDocument();
    await answered(store, 'getCourseExerciseCounts');
    expect(screen.queryByRole('link', { name: /Practice/ })).not.toBeInTheDocument();
  });

  it("offers the next chapter at the end with a 5-second countdown; Cancel stays, and the countdown's end plays the next one", async () => {
    // Only the countdown's clock is faked: requests and React keep their real timers.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const { user } = openLesson(11);
    await findHeading('Greetings');
    const video = await findVideo('Greetings');

    fireEvent(video, new Event('ended'));
    expect(await screen.findByText(offer('Next: Numbers in 5…'))).toBeInTheDocument();
    expect(announcer()).toHaveTextContent(messages.nextIn5('Numbers'));
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByText(offer('Next: Numbers in 3…'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: messages.cancel }));
    expect(offerShown()).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Greetings');

    fireEvent(video, new Event('ended'));
    expect(await screen.findByText(offer('Next: Numbers in 5…'))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));

    expect(await findHeading('Numbers')).toHaveFocus();
    const numbers = await findVideo('Numbers');
    Object.defineProperty(numbers, 'duration', { value: 240, configurable: true });
    fireEvent(numbers, new Event('loadedmetadata'));
    await waitFor(() => expect(play.mock.contexts).toContain(numbers));
  });

  it("moves the focus to the next chapter's heading after the countdown, with its ring for keyboard users only", async () => {
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const focus = jest.spyOn(HTMLElement.prototype, 'focus');
    /** The options of the focus moves to `element` since call `from`. */
    const focusedWith = (element: HTMLElement, from = 0) => focus.mock.calls.flatMap(([options], index) => (index >= from && focus.mock.contexts[index] === element ? [options] : []));
    try {
      const { user } = openLesson(11);
      await findHeading('Greetings');
      // A pointer user: taps the video, watches to the end, and the countdown opens the next chapter.
      await user.click(await findVideo('Greetings'));
      fireEvent(await findVideo('Greetings'), new Event('ended'));
      expect(await screen.findByText(offer('Next: Numbers in 5…'))).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(5000));
      const numbers = await findHeading('Numbers');
      expect(numbers).toHaveFocus();
      // No ring: the browser is told so (focusVisible), and the theme draws none on the marked heading.
      expect(focusedWith(numbers)).toContainEqual(expect.objectContaining({ focusVisible: false }));
      expect(numbers).toHaveAttribute(POINTER_FOCUS_ATTRIBUTE);

      // A keyboard user ('p' goes back a chapter, and the countdown's end forward again): the ring shows.
      await user.keyboard('p');
      const greetings = await findHeading('Greetings');
      expect(greetings).toHaveFocus();
      expect(greetings).not.toHaveAttribute(POINTER_FOCUS_ATTRIBUTE);
      fireEvent(await findVideo('Greetings'), new Event('ended'));
      expect(await screen.findByText(offer('Next: Numbers in 5…'))).toBeInTheDocument();
      const before = focus.mock.calls.length;
      act(() => jest.advanceTimersByTime(5000));
      const again = await findHeading('Numbers');
      expect(again).toHaveFocus();
      expect(again).not.toHaveAttribute(POINTER_FOCUS_ATTRIBUTE);
      expect(focusedWith(again, before)).not.toHaveLength(0);
      expect(focusedWith(again, before)).not.toContainEqual(expect.objectContaining({ focusVisible: false }));
    } finally {
      focus.mockRestore();
    }
  });

  it('with reduced motion, offers the next chapter without a countdown: Play now opens it', async () => {
    window.matchMedia = (query: string) =>
      ({ media: query, matches: query.includes('prefers-reduced-motion'), addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const { user } = openLesson(11);
    const video = await findVideo('Greetings');

    fireEvent(video, new Event('ended'));
    expect(await screen.findByText(offer('Next: Numbers'))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText(offer('Next: Numbers'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Greetings');

    await user.click(screen.getByRole('button', { name: messages.playNow }));
    expect(await findHeading('Numbers')).toBeInTheDocument();
  });

  it("never plays a visitor's copy of the chapter list: after logging in, the player has the videos", async () => {
    // The provider shows the videos only to the enrolled student: a visitor's read has none.
    let reads = 0;
    mockEndpoint('listCourseChapters', ({ params }) => {
      reads += 1;
      const chapters = mockDb.chapters.filter((chapter) => chapter.course === Number(params.course_id));
      return reads === 1 ? chapters.map((chapter) => ({ ...chapter, video: null })) : chapters;
    });
    // The course page, the login page and the player on their routes, without the layout and the guards.
    const { user, router, store } = renderWithProviders(
      <Routes>
        <Route path={patterns.courseDetail} element={<CourseDetailPage />} />
        <Route path={patterns.studentLogin} element={<StudentLoginPage />} />
        <Route path={patterns.learn} element={<LessonPlayerPage />} />
      </Routes>,
      { route: '/detail/1' },
    );
    expect(await screen.findByText('Numbers')).toBeInTheDocument();

    await act(() => router.navigate('/student-login'));
    await user.click(await screen.findByRole('textbox', { name: /email/i }));
    await user.paste('student@academy.test');
    await user.click(screen.getByLabelText(/password/i));
    await user.paste('secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(store.getState().student).toEqual({ loggedIn: true, id: 7 }));

    await act(() => router.navigate('/learn/1/12'));
    expect(await findVideo('Numbers')).toHaveAttribute('src', 'http://localhost/media/chapter_videos/numbers.webm');
  });

  it('tells a student not enrolled in the course how to enrol, and answers an unknown chapter or one of another course with not found', async () => {
    let view = openLesson(21, 2);
    expect(await findHeading(messages.notEnrolledTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.openCoursePage })).toHaveAttribute('href', '/detail/2');
    expect(screen.queryByLabelText('Howfa', { selector: 'video' })).not.toBeInTheDocument();
    view.unmount();

    view = openLesson(21);
    expect(await findHeading(messages.notFoundTitle)).toBeInTheDocument();
    view.unmount();

    openLesson(99);
    expect(await findHeading(messages.notFoundTitle)).toBeInTheDocument();
  });
});

describe('lesson player: the finish line', () => {
  it('appears when the last chapter is watched: the date, the Rating button and the certificate', async () => {
    mockDb.chapters = mockDb.chapters.filter((chapter) => chapter.id !== 13 && chapter.course === 1);
    mockDb.progress = [{ student: 7, chapter: 12, position: 240, watched: true, updated_at: '2025-03-01T09:00:00.000Z' }];
    mockDb.certificates = [
      { code: CODE, student: 7, student_name: 'Ada Lovelace', course: 1, course_title: COURSE, teacher_name: 'Amara Obi', completed_at: '2025-03-02T18:25:43.511Z' },
    ];
    openLesson(11);
    const video = await findVideo('Greetings');
    expect(screen.queryByRole('heading', { name: messages.finishedTitle(COURSE) })).not.toBeInTheDocument();

    Object.defineProperty(video, 'duration', { value: 45, configurable: true });
    fireEvent(video, new Event('loadedmetadata'));
    fireEvent(video, new Event('play'));
    for (let seconds = 0; seconds <= 45; seconds += 0.5) {
      video.currentTime = seconds;
      fireEvent(video, new Event('timeupdate'));
    }
    fireEvent(video, new Event('ended'));

    const finish = await screen.findByRole('region', { name: messages.finishedTitle(COURSE) });
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    expect(finish).toHaveTextContent(messages.finishedOn(today));
    expect(within(finish).getByRole('link', { name: messages.certificateLinkNamed(COURSE) })).toHaveAttribute('href', `/certificates/${CODE}`);
    expect(within(finish).getByRole('button', { name: 'Rating' })).toBeInTheDocument();
    expect(announcer()).toHaveTextContent(messages.finishedTitle(COURSE));
  });

  it('on a provider without completed_at, shows the finish from the chapters watched, with no certificate link', async () => {
    mockDb.chapters = mockDb.chapters.filter((chapter) => chapter.id === 11);
    mockDb.progress = [{ student: 7, chapter: 11, position: 45, watched: true, updated_at: '2025-03-02T18:25:43.511Z' }];
    mockEndpoint('listStudentProgress', () => [
      { course: 1, chapters_total: 1, chapters_watched: 1, last_chapter: 11, last_position: 45, updated_at: '2025-03-02T18:25:43.511Z' },
    ]);
    mockEndpoint('fetchEnrollStatus', () => ({ bool: true, rated: true }));
    openLesson(11);

    const finish = await screen.findByRole('region', { name: messages.finishedTitle(COURSE) });
    expect(finish).toHaveTextContent(messages.finishedOn('2 March 2025'));
    expect(within(finish).queryByRole('link')).not.toBeInTheDocument();
    // Already rated: not asked again.
    expect(within(finish).queryByRole('button', { name: 'Rating' })).not.toBeInTheDocument();
  });
});
