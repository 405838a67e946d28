import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { patterns } from '@/config/paths';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { AddChapterPage } from '@/features/teacher/chapters/AddChapterPage';
import { AddCoursePage } from '@/features/teacher/courses/AddCoursePage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { useFakeUploads } from '@test/fakeUploads';
import { failEndpoint, holdEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute, renderWithProviders } from '@test/render';

const teacher = loggedInAs({ teacher: 4 });
const svg = (name = 'akan.svg') => new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], name, { type: 'image/svg+xml' });

/** A file that claims `size` bytes without holding them. */
function sized(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * The form with the screens it leads to (the first chapter's form), My Courses and the dashboard,
 * each on its route, without the area's layout: the way between them is the router's.
 */
function renderTeacherScreens(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path={patterns.teacherDashboard} element={<TeacherDashboardPage />} />
      <Route path={patterns.teacherCourses} element={<TeacherCoursesPage />} />
      <Route path={patterns.addCourse} element={<AddCoursePage />} />
      <Route path={patterns.addChapter} element={<AddChapterPage />} />
    </Routes>,
    { route, preloadedState: teacher },
  );
}

/** Opens the form alone, or with the screens it leads to. */
async function openForm({ withNextScreens = false } = {}) {
  const view = withNextScreens ? renderTeacherScreens(patterns.addCourse) : renderRoute(patterns.addCourse, <AddCoursePage />, { preloadedState: teacher });
  await screen.findByRole('option', { name: 'Yoruba' });
  return view;
}

async function fillIn(user: User, { price = '15', image = svg() as File | null } = {}) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Yoruba');
  await enter(user, screen.getByRole('textbox', { name: 'Title' }), 'Akan Greetings');
  await enter(user, screen.getByRole('textbox', { name: 'Description' }), 'Hello in Twi.');
  await enter(user, screen.getByRole('textbox', { name: 'Language' }), 'Akan, English');
  if (price) await enter(user, screen.getByRole('spinbutton', { name: 'Price' }), price);
  if (image) await user.upload(screen.getByLabelText(/Course image/), image);
}

describe('Upload a Course', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('has the fields of the spec: category from the categories, title, description, language, price ($10) and image', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload a Course' })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Category' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a category',
      'Spanish',
      'French',
      'Yoruba',
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveAttribute('placeholder', '$10');
    expect(screen.getByLabelText(/Course image/)).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml');
    expect(screen.getByText('PNG, JPEG, GIF, WebP or SVG, up to 5 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it("uploads the course as a draft, lands on 'Add the first chapter' and says so once that page is on screen, and My Courses and the dashboard show it without a reload", async () => {
    const sent = recordSent('createCourse');
    /** What the page's h1 said when the success toast came into the page. */
    const headingWhenToastCame: (string | null | undefined)[] = [];
    const observer = new MutationObserver(() => {
      if (headingWhenToastCame.length === 0 && screen.queryByText('Course uploaded successfully!')) {
        headingWhenToastCame.push(screen.queryByRole('heading', { level: 1 })?.textContent);
      }
    });
    const { user, router } = renderTeacherScreens(patterns.teacherDashboard);
    expect(await screen.findByRole('link', { name: '1 Total Courses' })).toBeInTheDocument();
    await act(() => router.navigate(patterns.addCourse));
    await screen.findByRole('option', { name: 'Yoruba' });
    await fillIn(user);
    expect(screen.getByRole('img', { name: 'New course image (preview)' })).toHaveAttribute('src', 'blob:preview');
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Course uploaded successfully!')).toBeInTheDocument();
    observer.disconnect();
    // Said once the new page is on screen, not while the page changes.
    expect(headingWhenToastCame).toEqual(['Add the first chapter']);
    expect(sent.map((call) => call.fields)).toEqual([{
      category: '3',
      teacher: '4',
      title: 'Akan Greetings',
      description: 'Hello in Twi.',
      languages: 'Akan, English',
      price: '15',
      featured_img: expect.objectContaining({ name: 'akan.svg' }),
      status: 'draft',
    }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-chapter/3'));
    expect(screen.getByRole('heading', { level: 1, name: 'Add the first chapter' })).toBeInTheDocument();
    expect(screen.getByText('Your course is a draft until you publish it. Add its first chapter.')).toBeInTheDocument();
    await act(() => router.navigate(patterns.teacherCourses));
    const row = await screen.findByRole('row', { name: /^Akan Greetings/ });
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Publish Akan Greetings' })).toBeInTheDocument();
    await act(() => router.navigate(patterns.teacherDashboard));
    expect(await screen.findByRole('link', { name: '2 Total Courses' })).toBeInTheDocument();
  });

  it('leaves the price out when it is empty (a free course)', async () => {
    const sent = recordSent('createCourse');
    const { user } = await openForm();
    await fillIn(user, { price: '' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Course uploaded successfully!')).toBeInTheDocument();
    expect(sent[0]!.fields).not.toHaveProperty('price');
  });

  it('reads Uploading... and is disabled while uploading, with the progress toast, the bar and Cancel', async () => {
    holdEndpoint('createCourse');
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByText('Uploading course, please wait...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('checks the fields before sending anything, and puts the focus on the first one at fault', async () => {
    const calls: Request[] = [];
    mockEndpoint('createCourse', ({ request }) => {
      calls.push(request);
      return { id: 3, title: 'X' };
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('Choose a category.');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a title.');
    expect(screen.getByLabelText(/Course image/)).toHaveAccessibleDescription('Choose a course image.');
    expect(calls).toEqual([]);
  });

  it('says which fields are required, and marks none invalid before a refused submit', async () => {
    const { user } = await openForm();
    const category = screen.getByRole('combobox', { name: 'Category' });
    const title = screen.getByRole('textbox', { name: 'Title' });
    const image = screen.getByLabelText(/Course image/);

    for (const field of [category, title, image]) {
      expect(field).toBeRequired();
      expect(field).not.toBeInvalid();
    }
    expect(screen.getByRole('textbox', { name: 'Description' })).not.toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    for (const field of [category, title, image]) expect(field).toBeInvalid();
  });

  it('refuses an image of another type or over 5 MB in the browser (api-spec.yaml limits)', async () => {
    const { user } = await openForm();
    const anyFile = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText(/Course image/);

    expect(input).not.toBeInvalid();
    await anyFile.upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an image file: PNG, JPEG, GIF, WebP or SVG.');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Choose an image file: PNG, JPEG, GIF, WebP or SVG.');

    await anyFile.upload(input, new File([''], 'empty.png', { type: 'image/png' }));
    expect(input).toHaveAccessibleDescription('The file is empty.');

    await anyFile.upload(input, sized(svg('huge.svg'), 5 * 1024 * 1024 + 1));
    expect(input).toHaveAccessibleDescription('The file is too large: the limit is 5 MB.');
    expect(screen.queryByRole('img', { name: 'New course image (preview)' })).not.toBeInTheDocument();

    // The refused file is not kept: the form still has no image, and says why.
    await fillIn(user, { image: null });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(input).toHaveAccessibleDescription('The file is too large: the limit is 5 MB.');
    expect(input).toHaveFocus();

    await anyFile.upload(input, sized(svg('fits.svg'), 5 * 1024 * 1024));
    expect(input).toHaveAccessibleDescription('PNG, JPEG, GIF, WebP or SVG, up to 5 MB.');
  });

  it("says 'Error uploading course. Please try again.' and keeps what was typed", async () => {
    failEndpoint('createCourse', 500);
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Error uploading course. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Akan Greetings');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('3');
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveValue(15);
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Uploading course, please wait...')).not.toBeInTheDocument());
    // One alert for the outcome (the toast); the reason is shown and read with the button, not announced again.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Error uploading course. Please try again.']);
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAccessibleDescription('The server ran into a problem. Please try again in a few minutes.');
  });

  it("puts the provider's refusal of the image under the image field", async () => {
    failEndpoint('createCourse', 400, { msg: 'The course image must be a picture (PNG, JPEG, GIF, WebP or SVG).' });
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const input = screen.getByLabelText(/Course image/);
    await waitFor(() => expect(input).toHaveAccessibleDescription(/must be a picture/));
    expect(input).toHaveFocus();
    expect(input).toBeInvalid();
    // The field says it, where the focus is: no failure toast besides it.
    await waitFor(() => expect(screen.queryByText('Uploading course, please wait...')).not.toBeInTheDocument());
    expect(screen.queryByText('Error uploading course. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it("puts a DRF field map's messages under their fields and says the rest above the button", async () => {
    mockEndpoint('createCourse', {
      status: 400,
      body: { title: ['Ensure this field has no more than 200 characters.'], non_field_errors: ['The academy is not taking new courses today.'] },
    });
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const title = screen.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Ensure this field has no more than 200 characters.'));
    expect(await screen.findByText('The academy is not taking new courses today.')).toBeInTheDocument();
    expect(title).toHaveValue('Akan Greetings');
  });

  describe('progress and Cancel', () => {
    const uploads = useFakeUploads();

    it('shows the percentage sent, and Cancel stops the upload and keeps the entries', async () => {
      const { user, router } = await openForm();
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      const upload = await uploads.next();

      upload.progress(512, 1024);
      const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
      expect(screen.getByText('50%')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(upload.aborted).toBe(true);
      expect(await screen.findByText('Upload cancelled. Your entries are kept.')).toBeInTheDocument();
      expect(screen.queryByText('Error uploading course. Please try again.')).not.toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Akan Greetings');
      expect(router.state.location.pathname).toBe('/add-course');
    });

    it('reaches 100% and then shows the result', async () => {
      const { user } = await openForm();
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      const upload = await uploads.next();
      upload.progress(1024, 1024);
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100'));
      expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
      upload.respond(201, { id: 3, title: 'Akan Greetings' });
      expect(await screen.findByText('Course uploaded successfully!')).toBeInTheDocument();
    });
  });
});
