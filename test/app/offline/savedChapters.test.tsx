import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, type RenderAppOptions, renderRoute } from '@test/render';
import { CACHE, CAPTIONS, CAPTIONS_BYTES, CAPTIONS_TEXT, MB, seedSaved, savedEntry, serveMedia, storedList, VIDEO, setUpOfflineDevice } from './savedChaptersHelpers';

beforeAll(() => import('@/offline/savedChaptersDownload'), 30_000);

const asStudent = { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) };
/** The course page alone on its route: what it offers, not the header or footer around it. */
const openCourse = (options: RenderAppOptions) => renderRoute(patterns.courseDetail, <CourseDetailPage />, options);
const curriculum = () => screen.findByRole('region', { name: 'In this course' });
const findSave = async () => within(await curriculum()).findByRole('button', { name: 'Save for offline: Greetings' });

const device = setUpOfflineDevice();

describe('save a chapter for offline: the course page', () => {
  it('shows the size and the free space first, then saves the video and captions with progress, and says so', async () => {
    const media = serveMedia({ hold: true });
    const { user } = openCourse(asStudent);

    await user.click(await findSave());

    // The size, from HEAD only: nothing downloaded before the student says so.
    expect(await screen.findByText('Video and captions: 3 MB. 2 GB free on this device.', { exact: false })).toBeInTheDocument();
    expect(media.requests.filter((request) => request.startsWith('GET'))).toEqual([]);
    const download = screen.getByRole('button', { name: 'Download for offline: Greetings' });
    expect(download).toHaveFocus();

    await user.click(download);

    const bar = await screen.findByRole('progressbar', { name: 'Saving Greetings for offline' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '33'));
    expect(bar).toHaveAttribute('aria-valuetext', '33% · 1 MB of 3 MB');
    expect(screen.getByRole('button', { name: 'Cancel saving: Greetings' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Saving Greetings: 25%.');

    media.release();

    expect(await screen.findByText('Saved for offline')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove offline copy: Greetings' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Greetings is saved for offline.');

    // Whole answers under the player's own URLs, with their type and length.
    const video = await device.caches.match(VIDEO, { cacheName: CACHE });
    expect(video?.status).toBe(200);
    expect(video?.headers.get('Content-Type')).toBe('video/webm');
    expect(video?.headers.get('Content-Length')).toBe(String(3 * MB));
    expect((await video!.arrayBuffer()).byteLength).toBe(3 * MB);
    const captions = await device.caches.match(CAPTIONS, { cacheName: CACHE });
    expect(await captions?.text()).toBe(CAPTIONS_TEXT);
    expect(captions?.headers.get('Content-Type')).toBe('text/vtt');
    // The player's credentials; the list with the course; the browser asked once to keep it.
    expect(media.credentials).toEqual(['include', 'include']);
    expect(await storedList(device.caches)).toEqual([
      expect.objectContaining({ chapterId: 11, chapterTitle: 'Greetings', courseId: 1, courseTitle: 'Yoruba for Beginners', videoUrl: VIDEO, captionsUrl: CAPTIONS }),
    ]);
    expect(device.storage.persist).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it('says when the size is not known, and saves with the bytes received shown, storing the exact length', async () => {
    const media = serveMedia({ hold: true, lengths: false });
    const { user } = openCourse(asStudent);

    await user.click(await findSave());
    expect(await screen.findByText('The size of this chapter is not known.', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download for offline: Greetings' }));

    const bar = await screen.findByRole('progressbar', { name: 'Saving Greetings for offline' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1 MB received'));
    expect(bar).not.toHaveAttribute('aria-valuenow');
    media.release();

    expect(await screen.findByText('Saved for offline')).toBeInTheDocument();
    const video = await device.caches.match(VIDEO, { cacheName: CACHE });
    expect(video?.headers.get('Content-Length')).toBe(String(3 * MB));
    expect((await storedList(device.caches))[0]?.bytes).toBe(3 * MB + CAPTIONS_BYTES);
  });

  it('keeps nothing when the student cancels, and gives the focus back to Save', async () => {
    const media = serveMedia({ hold: true });
    const { user } = openCourse(asStudent);

    await user.click(await findSave());
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Greetings' }));
    const bar = await screen.findByRole('progressbar', { name: 'Saving Greetings for offline' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '33'));

    await user.click(screen.getByRole('button', { name: 'Cancel saving: Greetings' }));

    const save = await findSave();
    expect(save).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Saving Greetings was cancelled; nothing was kept.');
    media.release();
    // A first save cancelled: not even an empty cache is left.
    await waitFor(() => expect(device.caches.cacheNames()).toEqual([]));
    expect(screen.queryByText('Saved for offline')).not.toBeInTheDocument();
  });

  it('refuses when the device has not enough room, saying what is needed and what is free', async () => {
    device.restubStorage({ quota: 50 * MB, usage: 40 * MB });
    const media = serveMedia();
    const { user } = openCourse(asStudent);

    await user.click(await findSave());

    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough space on this device: this chapter needs 23 MB and only 10 MB is free.');
    expect(screen.queryByRole('button', { name: 'Download for offline: Greetings' })).not.toBeInTheDocument();
    expect(await findSave()).toHaveFocus();
    expect(media.requests.filter((request) => request.startsWith('GET'))).toEqual([]);
    expect(device.caches.cacheNames()).toEqual([]);
  });

  it('says there is not enough space when the browser refuses to store the video midway, and keeps nothing', async () => {
    serveMedia();
    device.caches.failPuts(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const { user } = openCourse(asStudent);

    await user.click(await findSave());
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Greetings' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough space on this device: only 2 GB is free.');
    expect(device.caches.cacheNames()).toEqual([]);
  });

  it('says so when the browser keeps no offline copies', async () => {
    device.caches.restore();
    serveMedia();
    const { user } = openCourse(asStudent);

    await user.click(await findSave());

    expect(await screen.findByRole('alert')).toHaveTextContent('This browser keeps no offline copies (a private window does not, for one), so the chapter cannot be saved.');
  });

  it('says the download failed when the provider refuses the video, and keeps nothing', async () => {
    serveMedia({ videoStatus: 403 });
    const { user } = openCourse(asStudent);

    await user.click(await findSave());
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Greetings' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The download failed. Check your connection and try again.');
    expect(device.caches.cacheNames()).toEqual([]);
  });

  it("shows a saved chapter as 'Saved for offline', and Remove deletes its video and captions", async () => {
    await seedSaved(device.caches, [
      savedEntry({ chapterId: 11, chapterTitle: 'Greetings', courseId: 1, courseTitle: 'Yoruba for Beginners', bytes: 2 * MB, videoUrl: VIDEO }),
    ]);
    const { user } = openCourse(asStudent);

    const region = await curriculum();
    expect(await within(region).findByText('Saved for offline')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Remove offline copy: Greetings' }));

    expect(await findSave()).toHaveFocus();
    expect(within(region).queryByText('Saved for offline')).not.toBeInTheDocument();
    expect(device.caches.urls(CACHE).filter((url) => url.includes('/media/'))).toEqual([]);
    expect(await storedList(device.caches)).toEqual([]);
  });

  it('offers Save for offline only to a logged-in student enrolled in the course', async () => {
    mockDb.enrolments = [];
    const view = openCourse(asStudent);
    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeInTheDocument();
    expect(within(await curriculum()).queryByRole('button', { name: /Save for offline/ })).not.toBeInTheDocument();
    view.unmount();

    openCourse({ route: '/detail/1' });
    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save for offline/ })).not.toBeInTheDocument();
    expect(device.caches.cacheNames()).toEqual([]);
  });
});
