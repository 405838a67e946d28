import { screen, waitFor, within } from '@testing-library/react';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';
import { CACHE, MB, seedSaved, savedEntry, storedList, setUpOfflineDevice } from './savedChaptersHelpers';

beforeAll(() => import('@/features/student/area/MyCoursesPage'), 30_000);

const openMyCourses = () => renderApp({ route: '/my-courses', preloadedState: loggedInAs({ student: 7 }) });
const findSection = () => screen.findByRole('region', { name: 'Saved for offline' });

const greetings = savedEntry({ chapterId: 11, chapterTitle: 'Greetings', courseId: 1, courseTitle: 'Yoruba for Beginners', bytes: 3 * MB, savedAt: '2026-11-21T09:00:00.000Z' });
const howfa = savedEntry({ chapterId: 21, chapterTitle: 'Howfa', courseId: 2, courseTitle: 'Pidgin Basics', bytes: 1.5 * MB, savedAt: '2026-11-20T09:00:00.000Z' });

const device = setUpOfflineDevice();

describe("My Courses: 'Saved for offline'", () => {
  it('lists each saved chapter with its course, size and date, and the total space used', async () => {
    await seedSaved(device.caches, [howfa, greetings]);
    openMyCourses();

    const section = await findSection();
    const list = await within(section).findByRole('list', { name: 'Chapters saved for offline' });
    const items = within(list).getAllByRole('listitem');
    // Newest first.
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Greetings', 'Howfa']);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/learn/1/11');
    expect(items[0]).toHaveTextContent('Yoruba for Beginners · 3 MB · Saved on 21 November 2026');
    expect(items[1]).toHaveTextContent('Pidgin Basics · 1.5 MB');
    expect(within(section).getByText('Space used: 4.5 MB')).toBeInTheDocument();
  });

  it('removes a chapter (its video and its entry), updates the total and moves the focus to the next Remove, then to the heading', async () => {
    await seedSaved(device.caches, [howfa, greetings]);
    const { user } = openMyCourses();

    const section = await findSection();
    await user.click(await within(section).findByRole('button', { name: 'Remove offline copy: Greetings' }));

    await waitFor(() => expect(within(section).queryByRole('link', { name: 'Greetings' })).not.toBeInTheDocument());
    expect(within(section).getByText('Space used: 1.5 MB')).toBeInTheDocument();
    const next = within(section).getByRole('button', { name: 'Remove offline copy: Howfa' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(device.caches.urls(CACHE)).not.toContain(greetings.videoUrl);
    expect((await storedList(device.caches)).map((chapter) => chapter.chapterId)).toEqual([21]);

    await user.click(next);

    expect(await within(section).findByText('No chapters saved yet.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Saved for offline' })).toHaveFocus());
    expect(device.caches.urls(CACHE).filter((url) => url.includes('/media/'))).toEqual([]);
  });

  it('says so when nothing is saved', async () => {
    openMyCourses();

    const section = await findSection();
    expect(await within(section).findByText('No chapters saved yet.')).toBeInTheDocument();
    expect(within(section).getByText("Chapters kept on this device, to watch without a connection. On a course page, choose 'Save for offline' beside a chapter to keep it here.")).toBeInTheDocument();
  });

  it('shows the saved chapters from this device even when the courses cannot be loaded (offline)', async () => {
    failEndpoint('fetchEnrolledCourses', 'network');
    await seedSaved(device.caches, [greetings]);
    openMyCourses();

    const section = await findSection();
    expect(await within(section).findByRole('link', { name: 'Greetings' })).toBeInTheDocument();
    expect(within(section).getByText('Space used: 3 MB')).toBeInTheDocument();
  });

  it("leaves out an entry whose video is no longer on the device", async () => {
    await seedSaved(device.caches, [greetings, howfa]);
    await (await device.caches.open(CACHE)).delete(howfa.videoUrl);
    openMyCourses();

    const list = await within(await findSection()).findByRole('list', { name: 'Chapters saved for offline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
