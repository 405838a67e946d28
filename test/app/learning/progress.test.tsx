import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { LessonPlayerPage } from '@/features/learning/LessonPlayerPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint, reply } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';
import { server } from '@test/server';

const asStudent = loggedInAs({ student: 7 });

/** Chapter 11 ('Greetings', 100 s long in these tests) of course 1, in which student 7 is enrolled. */
const GREETINGS = 11;

/** Records every progress save the screen sends (path ids and form fields); the mocked provider answers and keeps it. */
const captureSaves = () => recordSent('saveChapterProgress');

/** The player of a chapter, once the lesson has loaded. */
const findPlayer = (title = 'Greetings') => screen.findByLabelText<HTMLVideoElement>(title, { selector: 'video' });

/** Whether the chapter list marks a chapter watched (said in words in its link's name). */
const listMark = (title: string) => {
  const name = screen.getByRole('link', { name: new RegExp(`^${title}\\b`) }).textContent ?? '';
  return name.endsWith(', Watched') ? 'watched' : 'not watched';
};

/**
 * jsdom plays nothing: the tests say what the browser would. `duration` is read-only in jsdom, so it
 * is defined on the element; `currentTime` is a plain settable property there.
 */
const player = {
  loadMetadata(video: HTMLVideoElement, duration = 100) {
    Object.defineProperty(video, 'duration', { value: duration, configurable: true });
    fireEvent(video, new Event('loadedmetadata'));
  },
  play(video: HTMLVideoElement) {
    fireEvent(video, new Event('play'));
  },
  at(video: HTMLVideoElement, seconds: number) {
    video.currentTime = seconds;
    fireEvent(video, new Event('timeupdate'));
  },
  /** Plays from `from` to `to` as a browser reports it: a `timeupdate` every quarter second. */
  playThrough(video: HTMLVideoElement, from: number, to: number) {
    for (let seconds = from; seconds < to; seconds = Math.min(to, seconds + 0.25)) player.at(video, seconds);
    player.at(video, to);
  },
  pause(video: HTMLVideoElement) {
    fireEvent(video, new Event('pause'));
  },
};

/**
 * Fake timers for the clock only (`Date`), which the 10-second throttle reads: requests, React and
 * RTK Query keep their real timers. `jest.advanceTimersByTime` then moves the clock.
 */
function useFakeClock() {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback',
      'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout',
    ],
  });
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  fireEvent(document, new Event('visibilitychange'));
}

/** Lets pending requests and their answers go through. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function openCourse(route = `/learn/1/${GREETINGS}`) {
  return renderRoute(patterns.learn, <LessonPlayerPage />, { route, preloadedState: asStudent });
}

/** Waits until the saved progress has been read, so that players can resume. */
async function progressRead() {
  await waitFor(() => expect(progressReads).toBeGreaterThan(0));
  await settle();
}

/**
 * Opens course 1 as student 7 and gets Greetings' player as the student finds it: the saved
 * progress read and the video's metadata loaded (`duration` seconds long).
 */
async function openPlayer(duration = 100) {
  const view = openCourse();
  const video = await findPlayer();
  await progressRead();
  player.loadMetadata(video, duration);
  return { ...view, video };
}

/** `openPlayer`, then the student presses play. */
async function playVideo(duration = 100) {
  const opened = await openPlayer(duration);
  player.play(opened.video);
  return opened;
}

let progressReads = 0;

beforeEach(() => {
  progressReads = 0;
  mockDb.progress = [{ student: 7, chapter: GREETINGS, position: 42, watched: false, updated_at: '2025-03-02T18:25:43.511Z' }];
  mockEndpoint('getCourseProgress', ({ params }) => {
    progressReads += 1;
    return mockDb.progress
      .filter((entry) => entry.student === Number(params.student_id))
      .map(({ chapter, position, watched, updated_at }) => ({ chapter, position, watched, updated_at }));
  });
});

/** Requests the mocked provider has not answered yet. */
let inFlight = 0;
const started = () => (inFlight += 1);
const ended = () => (inFlight -= 1);
beforeAll(() => {
  server.events.on('request:start', started);
  server.events.on('request:end', ended);
});
afterAll(() => {
  server.events.removeListener('request:start', started);
  server.events.removeListener('request:end', ended);
});

afterEach(async () => {
  jest.useRealTimers();
  // A player saves where it stopped as its page unmounts (Testing Library unmounts it first):
  // that save must land now, not in the next test's freshly reset mocked provider, where it
  // would move that test's saved position.
  await settle();
  await waitFor(() => expect(inFlight).toBe(0));
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('lesson player: resume', () => {
  it("seeks each chapter's player to where this student stopped once its metadata is loaded", async () => {
    openCourse();
    const video = await findPlayer();
    await progressRead();
    expect(video.currentTime).toBe(0);

    player.loadMetadata(video);

    expect(video.currentTime).toBe(42);
  });

  it('resumes when the saved position arrives after the metadata', async () => {
    let answer: () => void = () => undefined;
    mockEndpoint('getCourseProgress', () =>
      new Promise((resolve) => {
        answer = () => resolve([{ chapter: GREETINGS, position: 12.5, watched: false, updated_at: '2025-03-02T18:25:43.511Z' }]);
      }),
    );
    openCourse();
    const video = await findPlayer();
    player.loadMetadata(video);
    expect(video.currentTime).toBe(0);

    answer();

    await waitFor(() => expect(video.currentTime).toBe(12.5));
  });

  it('keeps the seek within the video', async () => {
    mockDb.progress[0]!.position = 130;
    openCourse();
    const video = await findPlayer();
    await progressRead();

    player.loadMetadata(video, 100);

    expect(video.currentTime).toBe(100);
  });

  it('does not jump when the student started playing before the saved position was known', async () => {
    let answer: () => void = () => undefined;
    mockEndpoint('getCourseProgress', () =>
      new Promise((resolve) => {
        answer = () => resolve([{ chapter: GREETINGS, position: 42, watched: false, updated_at: '2025-03-02T18:25:43.511Z' }]);
      }),
    );
    openCourse();
    const video = await findPlayer();
    player.loadMetadata(video);
    player.play(video);
    player.at(video, 3);

    answer();
    await settle();

    expect(video.currentTime).toBe(3);
  });

  it("marks the chapters this student has watched, and reads this student's progress only", async () => {
    mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', description: '', video: '/media/chapter_videos/numbers.webm', remarks: '' });
    mockDb.progress = [
      { student: 7, chapter: GREETINGS, position: 100, watched: true, updated_at: '2025-03-02T18:25:43.511Z' },
      { student: 8, chapter: 12, position: 10, watched: true, updated_at: '2025-03-02T18:25:43.511Z' },
    ];
    openCourse();

    await findPlayer();
    await waitFor(() => expect(listMark('Greetings')).toBe('watched'));
    expect(listMark('Numbers')).toBe('not watched');
  });
});

describe('lesson player: saving progress', () => {
  it('saves the position on pause, for the logged-in student and the chapter', async () => {
    const saves = captureSaves();
    const { video } = await playVideo();

    player.at(video, 47.26);
    player.pause(video);

    await waitFor(() =>
      expect(saves.map(({ params, fields }) => ({ params, fields }))).toEqual([
        { params: { student_id: '7', chapter_id: '11' }, fields: { position: '47.3', watched: 'false' } },
      ]),
    );
  });

  it('saves at most every 10 seconds while playing', async () => {
    useFakeClock();
    const saves = captureSaves();
    const { video } = await playVideo();

    player.at(video, 43);
    jest.advanceTimersByTime(9_999);
    player.at(video, 51);
    await settle();
    expect(saves).toEqual([]);

    jest.advanceTimersByTime(1);
    player.at(video, 52);
    await waitFor(() => expect(saves.map((save) => save.fields.position)).toEqual(['52']));

    jest.advanceTimersByTime(4_000);
    player.at(video, 56);
    jest.advanceTimersByTime(5_999);
    player.at(video, 61.9);
    await settle();
    expect(saves).toHaveLength(1);

    jest.advanceTimersByTime(1);
    player.at(video, 62);
    await waitFor(() => expect(saves.map((save) => save.fields.position)).toEqual(['52', '62']));
  });

  it('does not save while paused, whatever time passes', async () => {
    useFakeClock();
    const saves = captureSaves();
    const { video } = await playVideo();

    player.at(video, 44);
    player.pause(video);
    await waitFor(() => expect(saves).toHaveLength(1));

    jest.advanceTimersByTime(60_000);
    player.at(video, 44);
    await settle();

    expect(saves).toHaveLength(1);
  });

  it('counts the chapter as watched once 90% of it has played, counting what played before the saved position', async () => {
    const saves = captureSaves();
    const { video } = await playVideo();

    player.playThrough(video, 42, 89.9);
    player.pause(video);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.fields).toEqual({ position: '89.9', watched: 'false' });
    expect(listMark('Greetings')).toBe('not watched');

    player.play(video);
    player.playThrough(video, 89.9, 90);
    player.pause(video);

    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.fields).toEqual({ position: '90', watched: 'true' });
    // The chapter list follows what was saved.
    await waitFor(() => expect(listMark('Greetings')).toBe('watched'));
  });

  it('counts what played from the start on a first visit', async () => {
    mockDb.progress = [];
    const saves = captureSaves();
    const { video } = await playVideo();

    player.playThrough(video, 0, 90);
    player.pause(video);

    await waitFor(() =>
      expect(saves.map((save) => save.fields)).toEqual([
        { position: '0', watched: 'false' },
        { position: '90', watched: 'true' },
      ]),
    );
  });

  it('saves where playback starts at once, so that the provider can time what plays (it decides what is watched)', async () => {
    mockDb.progress = [];
    const saves = captureSaves();
    const { video } = await openPlayer();

    player.play(video);

    await waitFor(() => expect(saves.map(({ params, fields }) => ({ params, fields }))).toEqual([
      { params: { student_id: '7', chapter_id: '11' }, fields: { position: '0', watched: 'false' } },
    ]));
    // The provider's verdict is what the chapter list shows, whatever this page counted.
    player.playThrough(video, 0, 95);
    mockEndpoint('saveChapterProgress', ({ params }) => ({
      chapter: Number(params.chapter_id),
      position: 95,
      watched: false,
      updated_at: '2025-03-02T18:26:43.511Z',
    }));
    player.pause(video);
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.fields).toEqual({ position: '95', watched: 'true' });
    await settle();
    expect(listMark('Greetings')).toBe('not watched');
  });

  it('does not count what a seek skipped as played', async () => {
    mockDb.progress = [];
    const saves = captureSaves();
    const { video } = await playVideo();

    player.playThrough(video, 0, 50);
    player.at(video, 95); // the student drags the slider while it plays
    player.playThrough(video, 95, 100);
    player.pause(video);
    player.at(video, 20); // and while it is paused
    player.play(video);
    player.playThrough(video, 20, 30);
    player.pause(video);

    await waitFor(() => expect(saves).toHaveLength(4));
    // Where each run starts (at 0 and 20), and where it stops.
    expect(saves.map((save) => save.fields)).toEqual([
      { position: '0', watched: 'false' },
      { position: '100', watched: 'false' },
      { position: '20', watched: 'false' },
      { position: '30', watched: 'false' },
    ]);
    expect(listMark('Greetings')).toBe('not watched');
  });

  it('keeps a watched chapter watched', async () => {
    mockDb.progress[0]!.watched = true;
    const saves = captureSaves();
    const { video } = await playVideo();

    player.at(video, 50);
    player.pause(video);

    await waitFor(() => expect(saves.map((save) => save.fields)).toEqual([{ position: '50', watched: 'true' }]));
  });

  it('saves when the page is hidden, once, with what played', async () => {
    const saves = captureSaves();
    const { video } = await playVideo();

    player.at(video, 45.5);
    hidePage();
    fireEvent(window, new Event('pagehide'));

    await waitFor(() => expect(saves.map((save) => save.fields)).toEqual([{ position: '45.5', watched: 'false' }]));
    await settle();
    expect(saves).toHaveLength(1);
  });

  it('saves on pagehide', async () => {
    const saves = captureSaves();
    const { video } = await playVideo();

    player.at(video, 58);
    fireEvent(window, new Event('pagehide'));

    await waitFor(() => expect(saves.map((save) => save.fields)).toEqual([{ position: '58', watched: 'false' }]));
  });

  it('saves nothing for a chapter the student has not played', async () => {
    const saves = captureSaves();
    const { video } = await openPlayer();

    player.at(video, 70);
    hidePage();
    fireEvent(window, new Event('pagehide'));
    await settle();

    expect(saves).toEqual([]);
  });

  it('skips a save that would change nothing', async () => {
    const saves = captureSaves();
    const { video } = await playVideo();

    player.pause(video);
    hidePage();
    await settle();

    expect(saves).toEqual([]);
  });

  it('saves where the student stopped when they leave the player inside the app', async () => {
    const saves = captureSaves();
    const { video, router } = await playVideo();

    player.at(video, 61);
    await act(() => router.navigate('/about'));

    await waitFor(() => expect(saves.map((save) => save.fields)).toEqual([{ position: '61', watched: 'false' }]));
  });

  it('saves the chapter left, and resumes it there, when the student moves to another chapter and back', async () => {
    mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', description: '', video: '/media/chapter_videos/numbers.webm', remarks: '' });
    const saves = captureSaves();
    const { video, router } = await playVideo();

    player.at(video, 61);
    await act(() => router.navigate('/learn/1/12'));
    const numbers = await findPlayer('Numbers');
    player.loadMetadata(numbers);

    await waitFor(() => expect(saves.map(({ params, fields }) => [params.chapter_id, fields.position])).toEqual([['11', '61']]));
    expect(numbers.currentTime).toBe(0);
    await settle();

    await act(() => router.navigate('/learn/1/11'));
    const greetings = await findPlayer();
    player.loadMetadata(greetings);
    expect(greetings.currentTime).toBe(61);
  });

  it('tries again at the next occasion after a failed save, without showing an error', async () => {
    failEndpoint('saveChapterProgress', 500, { once: true });
    const { video } = await playVideo();

    player.at(video, 50);
    player.pause(video);
    await settle();
    const saves = captureSaves();
    hidePage();

    await waitFor(() => expect(saves.map((save) => save.fields)).toEqual([{ position: '50', watched: 'false' }]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('lesson player: a provider without the progress operations', () => {
  it.each([
    ['404', () => failEndpoint('getCourseProgress', 404)],
    ['405', () => mockEndpoint('getCourseProgress', { status: 405 })],
  ])('plays from the start, shows no error and saves nothing when reading progress is answered %s', async (_status, arrange) => {
    arrange();
    const saves = captureSaves();
    openCourse();
    const video = await findPlayer();
    await settle();

    player.loadMetadata(video);
    expect(video.currentTime).toBe(0);
    player.play(video);
    player.at(video, 30);
    player.pause(video);
    hidePage();
    await settle();

    expect(saves).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([404, 405] as const)('stops saving after a save is answered %s, silently', async (status) => {
    let attempts = 0;
    mockEndpoint('saveChapterProgress', () => {
      attempts += 1;
      return reply({ status, body: {} });
    });
    const { video } = await playVideo();

    player.at(video, 50);
    player.pause(video);
    await waitFor(() => expect(attempts).toBe(1));
    await settle();
    player.play(video);
    player.at(video, 60);
    player.pause(video);
    hidePage();
    await settle();

    expect(attempts).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("lesson player: opened by a link ('Continue')", () => {
  it('resumes where the student stopped and waits for the student to play', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      const { video } = await openPlayer();

      expect(video.currentTime).toBe(42);
      expect(play).not.toHaveBeenCalled();
    } finally {
      play.mockRestore();
    }
  });
});
