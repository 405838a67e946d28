import { screen, waitFor } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { EditCoursePage } from '@/features/teacher/courses/EditCoursePage';
import { failEndpoint, holdEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/** Our texts for the edit form's outcomes. */
const messages = { courseUpdateFailed: 'The course could not be updated. Please try again.', loadingCourse: 'Loading the course', courseNotFound: 'This course was not found.' };

const teacher = loggedInAs({ teacher: 4 });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'new-cover.png', { type: 'image/png' });

/** Course 1: 'Yoruba for Beginners', category Yoruba (3), $20, image yoruba.svg. */
const renderEditCourse = (route: string) => renderRoute(patterns.editCourse, <EditCoursePage />, { route, preloadedState: teacher });

async function openCourse(route = '/edit-course/1') {
  const view = renderEditCourse(route);
  await screen.findByRole('textbox', { name: 'Title' });
  await screen.findByRole('option', { name: 'Yoruba' });
  return view;
}

/** What the course updates sent (the mocked provider answers and keeps them). */
const recordUpdate = () => recordSent('updateCourse');

describe('Edit Course', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows the course as stored: category, title, language, description, price and the current image', async () => {
    await openCourse();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Yoruba for Beginners');
    expect(screen.getByRole('textbox', { name: 'Language' })).toHaveValue('Yoruba, English');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Greetings, numbers and everyday phrases.');
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveValue(20);
    expect(screen.getByRole('img', { name: 'Current course image' })).toHaveAttribute('src', 'http://localhost/media/course_images/yoruba.svg');
    expect(screen.getByLabelText(/Course image/)).not.toBeRequired();
  });

  it("updates with the category as an integer and without an image when none was chosen: 'Data has been updated'", async () => {
    const sent = recordUpdate();
    const { user } = await openCourse();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.paste('Yoruba for Everyone');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'French');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Data has been updated')).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([
      {
        category: '2',
        teacher: '4',
        title: 'Yoruba for Everyone',
        description: 'Greetings, numbers and everyday phrases.',
        languages: 'Yoruba, English',
        price: '20',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveFocus();
  });

  it('sends a newly chosen image, previewed beside the current one', async () => {
    const sent = recordUpdate();
    const { user } = await openCourse();
    await user.upload(screen.getByLabelText(/Course image/), png());
    expect(screen.getByRole('img', { name: 'New course image (preview)' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByRole('img', { name: 'Current course image' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Data has been updated')).toBeInTheDocument();
    expect(sent[0]!.fields.featured_img).toEqual(expect.objectContaining({ name: 'new-cover.png' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'New course image (preview)' })).not.toBeInTheDocument());
  });

  it('sends 0 when the price is emptied (free)', async () => {
    const sent = recordUpdate();
    const { user } = await openCourse();
    await user.clear(screen.getByRole('spinbutton', { name: 'Price' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Data has been updated')).toBeInTheDocument();
    expect(sent[0]!.fields.price).toBe('0');
  });

  it("reads 'Updating...' and is disabled while sending", async () => {
    holdEndpoint('updateCourse');
    const { user } = await openCourse();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
  });

  it('says when the update failed and keeps the entries', async () => {
    failEndpoint('updateCourse', 500);
    const { user } = await openCourse();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(messages.courseUpdateFailed)).toBeInTheDocument();
    expect(title).toHaveValue('Yoruba for Beginners!');
  });

  it('announces a success toast politely as a status and a failure toast as an alert, each described by its own text', async () => {
    recordUpdate();
    const { user } = await openCourse();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const success = await screen.findByRole('status', { description: 'Data has been updated' });
    expect(success).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert', { description: 'Data has been updated' })).not.toBeInTheDocument();

    failEndpoint('updateCourse', 500);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const failure = await screen.findByRole('alert', { description: messages.courseUpdateFailed });
    expect(failure.getAttribute('aria-describedby')).not.toBe(success.getAttribute('aria-describedby'));
  });

  it('requires a title', async () => {
    const sent = recordUpdate();
    const { user } = await openCourse();
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a title.');
    expect(sent).toEqual([]);
  });

  const missing: [what: string, route: string, arrange: () => void, text: string][] = [
    ['a course that does not exist', '/edit-course/99', () => failEndpoint('getTeacherCourseDetail', 404), messages.courseNotFound],
    ['an address without a course id', '/edit-course/abc', () => undefined, 'No course ID provided.'],
  ];

  it.each(missing)('says so for %s', async (_case, route, arrange, text) => {
    arrange();
    renderEditCourse(route);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
