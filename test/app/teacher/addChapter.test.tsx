import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { patterns } from '@/config/paths';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { AddChapterPage } from '@/features/teacher/chapters/AddChapterPage';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { useFakeUploads } from '@test/fakeUploads';
import { failEndpoint, holdEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute, renderWithProviders } from '@test/render';

const teacher = loggedInAs({ teacher: 4 });
const webm = (name = 'numbers.webm') => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], name, { type: 'video/webm' });

function sized(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The form alone on its route, at `route`. */
const renderForm = (route = '/add-chapter/1') => renderRoute(patterns.addChapter, <AddChapterPage />, { route, preloadedState: teacher });

async function openForm(route = '/add-chapter/1') {
  const view = renderForm(route);
  await screen.findByRole('button', { name: 'Upload Chapter' });
  return view;
}

/**
 * The form with My Courses before it and the chapter list and the dashboard after it, each on its
 * route, without the area's layout: the way between them is the router's.
 */
function renderTeacherScreens(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path={patterns.teacherDashboard} element={<TeacherDashboardPage />} />
      <Route path={patterns.teacherCourses} element={<TeacherCoursesPage />} />
      <Route path={patterns.addChapter} element={<AddChapterPage />} />
      <Route path={patterns.courseChapters} element={<CourseChaptersPage />} />
    </Routes>,
    { route, preloadedState: teacher },
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function fillIn(user: User, video: File | null = webm()) {
  await enter(user, await screen.findByRole('textbox', { name: 'Title' }), 'Numbers');
  await enter(user, screen.getByRole('textbox', { name: 'Description' }), 'One to ten.');
  if (video) await user.upload(screen.getByLabelText(/^Video/), video);
  await enter(user, screen.getByRole('textbox', { name: 'Remarks' }), 'Say them aloud.');
}

describe('Add Chapter', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('has title, description, video (WebM, MP4 or Ogg up to 50 MB) and remarks', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Chapter' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Video/)).toHaveAttribute('accept', 'video/webm,video/mp4,video/ogg');
    expect(screen.getByLabelText(/^Video/)).toHaveAccessibleDescription('WebM, MP4 or Ogg, up to 50 MB.');
    expect(screen.getByLabelText(/^Video/)).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toBeInTheDocument();
  });

  it('uploads the chapter, says so, and the chapter list and the dashboard show it without a reload', async () => {
    const sent = recordSent('createChapter');
    const { user, router } = renderTeacherScreens(patterns.teacherDashboard);
    expect(await screen.findByRole('link', { name: '1 Total Chapters' })).toBeInTheDocument();
    await act(() => router.navigate(patterns.teacherCourses));
    await user.click(await screen.findByRole('link', { name: 'Add Chapter to Yoruba for Beginners' }));
    await fillIn(user);
    expect(screen.getByLabelText('New video (preview)')).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));

    expect(await screen.findByText('Chapter uploaded successfully!')).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([{
      course: '1',
      title: 'Numbers',
      description: 'One to ten.',
      video: expect.objectContaining({ name: 'numbers.webm' }),
      remarks: 'Say them aloud.',
    }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/course-chapters/1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Chapters (2)' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Numbers' })).toBeInTheDocument();
    await act(() => router.navigate(patterns.teacherDashboard));
    expect(await screen.findByRole('link', { name: '2 Total Chapters' })).toBeInTheDocument();
  });

  it("reads 'Uploading...' and is disabled while uploading, with the progress toast, the bar and Cancel", async () => {
    holdEndpoint('createChapter');
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(await screen.findByText('Uploading chapter, please wait...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('requires a title and a video before sending anything', async () => {
    const calls: Request[] = [];
    mockEndpoint('createChapter', ({ request }) => {
      calls.push(request);
      return { id: 12, course: 1, title: 'X' };
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a title.');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(screen.getByLabelText(/^Video/)).toHaveAccessibleDescription('Choose a video.');
    expect(calls).toEqual([]);
  });

  it('says which fields are required, and marks none invalid before a refused submit', async () => {
    const { user } = await openForm();
    const title = screen.getByRole('textbox', { name: 'Title' });
    const video = screen.getByLabelText(/^Video/);

    for (const field of [title, video]) {
      expect(field).toBeRequired();
      expect(field).not.toBeInvalid();
    }
    expect(screen.getByLabelText(/^Captions/)).not.toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    for (const field of [title, video]) expect(field).toBeInvalid();
  });

  it('refuses a file that is not a video, or one over 50 MB, in the browser', async () => {
    await openForm();
    const anyFile = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText(/^Video/);
    await anyFile.upload(input, new File(['<svg/>'], 'cover.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a video file: WebM, MP4 or Ogg.');
    await anyFile.upload(input, sized(webm('long.webm'), 50 * 1024 * 1024 + 1));
    expect(input).toHaveAccessibleDescription('The file is too large: the limit is 50 MB.');
    await anyFile.upload(input, sized(new File(['x'], 'lesson.mp4', { type: '' }), 1024));
    expect(input).toHaveAccessibleDescription('WebM, MP4 or Ogg, up to 50 MB.');
  });

  it("says 'Error uploading chapter. Please try again.' and keeps the entries", async () => {
    failEndpoint('createChapter', 'network');
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    expect(await screen.findByText('Error uploading chapter. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Numbers');
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('Say them aloud.');
    // One alert (the toast); the reason is read with the button, which has the focus.
    await waitFor(() => expect(screen.queryByText('Uploading chapter, please wait...')).not.toBeInTheDocument());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Error uploading chapter. Please try again.']);
    const button = screen.getByRole('button', { name: 'Upload Chapter' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAccessibleDescription('No response from the server. Please try again later.');
  });

  it("puts the provider's refusal of the video under the video field", async () => {
    failEndpoint('createChapter', 400, { msg: 'The video is too large: the limit is 50 MB.' });
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    const video = screen.getByLabelText(/^Video/);
    await waitFor(() => expect(video).toHaveAccessibleDescription('The video is too large: the limit is 50 MB.'));
    expect(video).toHaveFocus();
    // Said once, under the field: no failure toast or other alert besides it.
    await waitFor(() => expect(screen.queryByText('Uploading chapter, please wait...')).not.toBeInTheDocument());
    expect(screen.queryByText('Error uploading chapter. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it("says 'No course ID provided.' when the address holds no valid course id", async () => {
    renderForm('/add-chapter/0');
    expect(await screen.findByText('No course ID provided.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Chapter' })).not.toBeInTheDocument();
  });

  describe('progress and Cancel', () => {
    const uploads = useFakeUploads();

    it('shows the percentage, and Cancel stops the upload and keeps the entries', async () => {
      const { user } = await openForm();
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
      const upload = await uploads.next();
      upload.progress(3, 4);
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '75'));
      expect(screen.getByText('75%')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(upload.aborted).toBe(true);
      expect(await screen.findByText('Upload cancelled. Your entries are kept.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload Chapter' })).toHaveFocus();
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Numbers');
    });
  });
});
