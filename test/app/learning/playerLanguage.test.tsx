import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { patterns } from '@/config/paths';
import { LessonPlayerPage } from '@/features/learning/LessonPlayerPage';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, renderRoute } from '@test/render';
import { server } from '@test/server';

/** The player's language tools' texts (ours, issue 39). */
const messages = {
  captions: 'Captions',
  secondLanguage: 'Second language',
  speed: 'Speed',
  repeat: 'Repeat sentence',
  loop: 'Loop sentence',
  transcript: 'Transcript',
  transcriptOf: (language: string) => `Transcript (${language})`,
  twoLanguages: 'Captions: Yoruba and English',
  speedIs: 'Speed 0.75×',
  repeating: 'Repeating the sentence',
  looping: 'Looping the sentence',
  loopStopped: 'Loop stopped',
  back: 'Back 5 seconds',
};

const YO = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nẸ káàárọ̀.\n\n00:00:02.000 --> 00:00:04.000\nṢé dáadáa ni?\n';
const EN = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nGood morning.\n\n00:00:02.000 --> 00:00:04.000\nAre you well?\n';

function arrange({ extension = true } = {}) {
  mockDb.chapters = [
    {
      id: 11,
      course: 1,
      title: 'Greetings',
      video: '/media/chapter_videos/greetings.webm',
      captions: '/media/chapter_captions/greetings-en.vtt',
      ...(extension && {
        caption_tracks: [
          { lang: 'en', label: 'English', url: '/media/chapter_captions/greetings-en.vtt' },
          { lang: 'yo', label: 'Yoruba', url: '/media/chapter_captions/greetings-yo.vtt' },
        ],
      }),
    },
  ];
  server.use(
    http.get('*/media/chapter_captions/:file', ({ params }) =>
      HttpResponse.text(params.file === 'greetings-yo.vtt' ? YO : EN, { headers: { 'Content-Type': 'text/vtt' } }),
    ),
  );
}

const openLesson = () => renderRoute(patterns.learn, <LessonPlayerPage />, { route: '/learn/1/11', preloadedState: loggedInAs({ student: 7 }) });
const findVideo = () => screen.findByLabelText<HTMLVideoElement>('Greetings', { selector: 'video' });
const announcer = () => screen.getByRole('status');
/** The `<track>` elements of a player (a video has no role to query its children by). */
function tracksOf(player: HTMLElement): HTMLTrackElement[] {
  return [...player.querySelectorAll('track')];
}
/** The lines drawn over the video (hidden from the accessibility tree): their language and text. */
function linesOf(overlay: HTMLElement) {
  return [...overlay.children].map((line) => [line.getAttribute('lang'), line.textContent]);
}
function at(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
  fireEvent(video, new Event('timeupdate'));
}

let play: jest.SpyInstance;
beforeEach(() => {
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
  window.localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('the player for language learners', () => {
  it('offers each caption track and two at once, the learning language above; a transcript line seeks and the current one is marked', async () => {
    arrange();
    const { user } = openLesson();
    const video = await findVideo();
    const captions = screen.getByRole('combobox', { name: messages.captions });
    // The course's language (Yoruba) first, the others after Off.
    expect(captions).toHaveValue('yo');
    expect(within(captions).getAllByRole('option').map((option) => option.textContent)).toEqual(['Off', 'English', 'Yoruba', 'Two languages']);
    expect(tracksOf(video).map((track) => [track.srclang, track.default])).toEqual([
      ['en', false],
      ['yo', true],
    ]);

    await user.selectOptions(captions, 'Two languages');
    expect(announcer()).toHaveTextContent(messages.twoLanguages);
    expect(screen.getByRole('combobox', { name: messages.secondLanguage })).toHaveValue('en');
    at(video, 2.5);
    const overlay = await screen.findByTestId('caption-overlay');
    await waitFor(() => expect(linesOf(overlay)).toEqual([
      ['yo', 'Ṣé dáadáa ni?'],
      ['en', 'Are you well?'],
    ]));

    await user.click(screen.getByRole('button', { name: messages.transcript }));
    const transcript = screen.getByRole('region', { name: messages.transcriptOf('Yoruba') });
    const [first, second] = within(transcript).getAllByRole('button');
    expect(second).toHaveAccessibleName('0:02 Ṣé dáadáa ni?');
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(first).not.toHaveAttribute('aria-current');
    expect(within(first!).getByText('Ẹ káàárọ̀.')).toHaveAttribute('lang', 'yo');
    await user.click(first!);
    expect(video.currentTime).toBe(0);
    expect(first).toHaveAttribute('aria-current', 'true');
  });

  it('slows to 0.75× (announced, kept for the student), repeats the sentence by button and key, and loops it until stopped', async () => {
    arrange();
    const { user, unmount } = openLesson();
    const video = await findVideo();
    await user.selectOptions(screen.getByRole('combobox', { name: messages.speed }), '0.75×');
    expect(video.playbackRate).toBe(0.75);
    expect(announcer()).toHaveTextContent(messages.speedIs);
    expect(window.localStorage.getItem('playerSpeed:7')).toBe('0.75');

    at(video, 3.2);
    await user.click(screen.getByRole('button', { name: messages.repeat }));
    await waitFor(() => expect(video.currentTime).toBe(2));
    expect(announcer()).toHaveTextContent(messages.repeating);
    expect(play).toHaveBeenCalled();
    at(video, 1.5);
    await user.keyboard('r');
    await waitFor(() => expect(video.currentTime).toBe(0));

    at(video, 2.5);
    const loop = screen.getByRole('button', { name: messages.loop });
    await user.click(loop);
    await waitFor(() => expect(loop).toHaveAttribute('aria-pressed', 'true'));
    expect(announcer()).toHaveTextContent(messages.looping);
    at(video, 4);
    expect(video.currentTime).toBe(2);
    await user.keyboard('l');
    await waitFor(() => expect(loop).toHaveAttribute('aria-pressed', 'false'));
    expect(announcer()).toHaveTextContent(messages.loopStopped);
    at(video, 4);
    expect(video.currentTime).toBe(4);

    // Another visit: the same student's speed again.
    unmount();
    openLesson();
    expect(await findVideo()).toHaveProperty('playbackRate', 0.75);
    expect(screen.getByRole('combobox', { name: messages.speed })).toHaveValue('0.75');
  });

  it('on a provider without caption tracks offers English alone; without captions, Repeat goes back 5 seconds', async () => {
    arrange({ extension: false });
    const { user, unmount } = openLesson();
    await findVideo();
    const captions = screen.getByRole('combobox', { name: messages.captions });
    expect(within(captions).getAllByRole('option').map((option) => option.textContent)).toEqual(['Off', 'English']);
    unmount();

    mockDb.chapters[0]!.captions = null;
    openLesson();
    const video = await findVideo();
    expect(screen.queryByRole('combobox', { name: messages.captions })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.transcript })).not.toBeInTheDocument();
    at(video, 12);
    await user.click(screen.getByRole('button', { name: messages.repeat }));
    await waitFor(() => expect(video.currentTime).toBe(7));
    expect(announcer()).toHaveTextContent(messages.back);
  });
});
