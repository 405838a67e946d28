import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patterns } from '@/config/paths';
import { LessonPlayerPage } from '@/features/learning/LessonPlayerPage';
import { AddChapterPage } from '@/features/teacher/chapters/AddChapterPage';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { EditChapterPage } from '@/features/teacher/chapters/EditChapterPage';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute } from '@test/render';

const student = loggedInAs({ student: 7 });
const teacher = loggedInAs({ teacher: 4 });
const webm = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'numbers.webm', { type: 'video/webm' });
const vtt = (name = 'numbers.vtt', type = 'text/vtt') => new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nOne, two.\n'], name, { type });

/** The `<track>` elements of a player (a video has no role to query its children by). */
function tracksOf(player: HTMLElement): HTMLTrackElement[] {
  return [...player.querySelectorAll('track')];
}

describe('captions on chapter videos (WCAG 1.2.2)', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it("plays a student's chapter with its English captions on by default", async () => {
    renderRoute(patterns.learn, <LessonPlayerPage />, { route: '/learn/1/11', preloadedState: student });
    const player = await screen.findByLabelText('Greetings', { selector: 'video' });
    const [track, ...others] = tracksOf(player);
    expect(others).toHaveLength(0);
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', 'http://localhost/media/chapter_captions/greetings.vtt');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('label', 'English');
    expect(track).toHaveAttribute('default');
    expect(screen.queryByText('No captions')).not.toBeInTheDocument();
  });

  it("says 'No captions' under a chapter video that has none, tied to the player, and renders no track", async () => {
    mockDb.chapters[0]!.captions = null;
    renderRoute(patterns.learn, <LessonPlayerPage />, { route: '/learn/1/11', preloadedState: student });
    const player = await screen.findByLabelText('Greetings', { selector: 'video' });
    expect(tracksOf(player)).toHaveLength(0);
    expect(player).toHaveAccessibleDescription('No captions');
  });

  it("tells the teacher which chapters have no captions in the chapter list ('No captions')", async () => {
    mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', video: '/media/chapter_videos/numbers.webm', captions: null, remarks: '' });
    renderRoute(patterns.courseChapters, <CourseChaptersPage />, { route: '/course-chapters/1', preloadedState: teacher });
    const table = await screen.findByRole('table', { name: 'Chapters of the course' });
    const captioned = within(table).getByRole('row', { name: /Greetings/ });
    const uncaptioned = within(table).getByRole('row', { name: /Numbers/ });
    expect(tracksOf(within(captioned).getByLabelText('Video of Greetings'))).toHaveLength(1);
    expect(within(captioned).queryByText('No captions')).not.toBeInTheDocument();
    expect(within(uncaptioned).getByText('No captions')).toBeInTheDocument();
    expect(tracksOf(within(uncaptioned).getByLabelText('Video of Numbers'))).toHaveLength(0);
  });

  it('sends a WebVTT file chosen on Add Chapter as captions, checked like the video', async () => {
    let sent: Record<string, string | File> = {};
    mockEndpoint('createChapter', async ({ request }) => {
      sent = await sentFields(request);
      return { id: 12, course: 1, title: 'Numbers', video: '/media/chapter_videos/numbers.webm', captions: '/media/chapter_captions/numbers.vtt' };
    });
    const { user } = renderRoute(patterns.addChapter, <AddChapterPage />, { route: '/add-chapter/1', preloadedState: teacher });
    const captions = await screen.findByLabelText('Captions');
    expect(captions).toHaveAttribute('accept', 'text/vtt');
    expect(captions).not.toBeRequired();
    expect(captions).toHaveAccessibleDescription('Optional: the English captions of the video, WebVTT (.vtt), up to 1 MB.');

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Numbers');
    await user.upload(screen.getByLabelText(/^Video/), webm());
    // A file of another type is refused under the field (and never sent).
    await userEvent.setup({ applyAccept: false }).upload(captions, vtt('numbers.srt', 'application/x-subrip'));
    expect(captions).toHaveAttribute('aria-invalid', 'true');
    expect(captions).toHaveAccessibleDescription('Choose a captions file: WebVTT (.vtt).');
    // Browsers may give a .vtt file no type: its extension tells.
    await userEvent.setup({ applyAccept: false }).upload(captions, vtt('numbers.vtt', ''));
    expect(captions).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));

    await waitFor(() => expect(sent.captions).toEqual(expect.objectContaining({ name: 'numbers.vtt' })));
    expect(sent.video).toEqual(expect.objectContaining({ name: 'numbers.webm' }));
  });

  it('Update Chapter plays the current video with its captions, links them, and sends new ones only when chosen', async () => {
    const sent: Record<string, string | File>[] = [];
    mockEndpoint('updateChapter', async ({ request }) => {
      sent.push(await sentFields(request));
      return mockDb.chapters[0]!;
    });
    const { user } = renderRoute(patterns.editChapter, <EditChapterPage />, { route: '/edit-chapter/11', preloadedState: teacher });
    const current = await screen.findByLabelText('Current video', { selector: 'video' });
    expect(tracksOf(current)[0]).toHaveAttribute('src', 'http://localhost/media/chapter_captions/greetings.vtt');
    expect(screen.getByRole('link', { name: 'Current captions' })).toHaveAttribute('href', 'http://localhost/media/chapter_captions/greetings.vtt');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('captions');

    await user.upload(screen.getByLabelText('Captions'), vtt('greetings-2.vtt'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.captions).toEqual(expect.objectContaining({ name: 'greetings-2.vtt' }));
  });
});
