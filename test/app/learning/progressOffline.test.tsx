import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';
import { goOffline, goOnline, keptChanges, withOutboxKit } from '@test/app/offline/outboxTestKit';

beforeAll(() => import('@/features/learning/LessonPlayerPage'), 30_000);
withOutboxKit();

/** Chapter 11 ('Greetings', 100 s long here) of course 1, in which student 7 is enrolled, saved at 42 s. */
const GREETINGS = 11;

const findPlayer = () => screen.findByLabelText<HTMLVideoElement>('Greetings', { selector: 'video' });
const listMark = () => (screen.getByRole('link', { name: /^Greetings\b/ }).textContent ?? '').endsWith(', Watched');
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/** jsdom plays nothing: the browser's events, as in the player suite. */
function loadMetadata(video: HTMLVideoElement) {
  Object.defineProperty(video, 'duration', { value: 100, configurable: true });
  fireEvent(video, new Event('loadedmetadata'));
}
function playThrough(video: HTMLVideoElement, from: number, to: number) {
  fireEvent(video, new Event('play'));
  for (let seconds = from; seconds <= to; seconds += 0.25) {
    video.currentTime = seconds;
    fireEvent(video, new Event('timeupdate'));
  }
  fireEvent(video, new Event('pause'));
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

async function openPlayer() {
  const view = renderApp({ route: `/learn/1/${GREETINGS}`, preloadedState: loggedInAs({ student: 7 }) });
  const video = await findPlayer();
  await waitFor(() => expect(progressReads).toBeGreaterThan(0));
  await settle();
  loadMetadata(video);
  return { ...view, video };
}

describe('lesson player offline', () => {
  it('keeps the progress saved offline, counts it as saved (also after a reload), and sends the newest when back online', async () => {
    const saves = recordSent('saveChapterProgress');
    const first = await openPlayer();
    expect(first.video.currentTime).toBe(42);
    goOffline();

    // The rest of the chapter watched in a tunnel: 95% of it has now played.
    playThrough(first.video, 42, 95);

    await waitFor(() => expect(listMark()).toBe(true));
    expect(await screen.findByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    await waitFor(async () => expect(await keptChanges()).toMatchObject([{ endpoint: 'saveChapterProgress', path: '/chapter-progress/7/11/', body: 'position=95&watched=true' }]));
    expect(saves).toEqual([]);

    // The page opened again, still offline: it resumes where the device says, not where the provider does.
    first.unmount();
    const again = await openPlayer();
    expect(again.video.currentTime).toBe(95);
    expect(listMark()).toBe(true);
    expect(screen.getByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    expect(mockDb.progress[0]).toMatchObject({ position: 42, watched: false });

    goOnline();

    await waitFor(() => expect(saves.map((call) => call.fields)).toEqual([{ position: '95', watched: 'true' }]));
    await waitFor(async () => expect(await keptChanges()).toEqual([]));
    await waitFor(() => expect(screen.queryByText('Saved on this device: will be sent when you are back online.')).not.toBeInTheDocument());
    expect(mockDb.progress[0]).toMatchObject({ position: 95, watched: true });
  });
});
