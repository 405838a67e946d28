import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, patterns } from '@/config/paths';
import { AddAssignmentPage } from '@/features/teacher/assignments/AddAssignmentPage';
import { EditCoursePage } from '@/features/teacher/courses/EditCoursePage';
import { TeacherProfileSettingPage } from '@/features/teacher/profile/TeacherProfileSettingPage';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute } from '@test/render';

const asTeacher = loggedInAs({ teacher: 4 });

/** The one wording of a text over its limit, in every form. */
const tooLong = (limit: string) => `Too long: at most ${limit} characters.`;

async function openAddAssignment() {
  const view = renderRoute(patterns.addAssignment, <AddAssignmentPage />, { route: paths.addAssignment(7, 4), preloadedState: asTeacher });
  await screen.findByRole('textbox', { name: 'Title' });
  return view;
}

const openEditCourseAlone = () => renderRoute(patterns.editCourse, <EditCoursePage />, { route: paths.editCourse(1), preloadedState: asTeacher });
const openTeacherProfile = () => renderRoute(patterns.teacherProfileSetting, <TeacherProfileSettingPage />, { preloadedState: asTeacher });

describe('lengths are checked before sending', () => {
  it('refuses a 201-character assignment title before any call, under the title with the focus there, beside a 30,000-character description', async () => {
    const calls = recordCalls('createAssignment');
    const { user } = await openAddAssignment();
    const title = screen.getByRole('textbox', { name: 'Title' });
    const description = screen.getByRole('textbox', { name: 'Description' });
    await enter(user, title, 'T'.repeat(201));
    await enter(user, description, 'D'.repeat(30_000));
    // Nothing cut short: what was pasted stays, to be shortened by the teacher.
    expect(title).toHaveValue('T'.repeat(201));

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(title).toHaveFocus();
    expect(title).toBeInvalid();
    expect(title).toHaveAccessibleDescription(expect.stringContaining(tooLong('200')));
    expect(screen.getAllByText(tooLong('200'))).toHaveLength(1);
    expect(description).toHaveAccessibleDescription(expect.stringContaining(tooLong('5,000')));
    expect(calls).toEqual([]);
  });

  it('counts the characters once the limit is near, and says when it is reached', async () => {
    const { user } = await openAddAssignment();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await enter(user, title, 'T'.repeat(159));
    expect(screen.queryByText('159 / 200')).not.toBeInTheDocument();
    await user.type(title, 'T');
    expect(screen.getByText('160 / 200')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(expect.stringContaining('160 / 200'));
    await enter(user, title, 'T'.repeat(40));
    expect(screen.getByText('200 / 200')).toBeInTheDocument();
    // Announced politely (a status region), once, when the limit is reached.
    expect(screen.getByText('Limit reached: 200 characters.')).toHaveAttribute('role', 'status');
    expect(title).not.toBeInvalid();
  });
});

describe("a provider's refusal of a field is said once, under that field", () => {
  it("puts the local provider's 'The title must be at most … long.' under the title, not below the description", async () => {
    failEndpoint('createAssignment', 400, { msg: 'The title must be at most 200 characters long.' });
    const { user } = await openAddAssignment();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Tones');
    await enter(user, screen.getByRole('textbox', { name: 'Description' }), 'D'.repeat(3000));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(title).toHaveAccessibleDescription('The title must be at most 200 characters long.'));
    expect(title).toHaveFocus();
    expect(screen.getAllByText('The title must be at most 200 characters long.')).toHaveLength(1);
  });

  it("puts the local provider's refusal of a course's description under the description, with no toast", async () => {
    failEndpoint('updateCourse', 400, { msg: 'The description must be at most 5000 characters long.' });
    const { user } = openEditCourseAlone();
    await screen.findByRole('option', { name: 'Yoruba' });
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(description).toHaveAccessibleDescription('The description must be at most 5000 characters long.'));
    expect(description).toHaveFocus();
    expect(screen.getAllByText('The description must be at most 5000 characters long.')).toHaveLength(1);
    expect(screen.queryByText('The course could not be updated. Please try again.')).not.toBeInTheDocument();
  });
});

describe('a fault of an image is said once, under the image field', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  async function openEditCourse() {
    const view = openEditCourseAlone();
    await screen.findByRole('textbox', { name: 'Title' });
    await screen.findByRole('option', { name: 'Yoruba' });
    return view;
  }

  it("puts the provider's 'The upload is too large.' under the image, with the focus there, and raises no toast", async () => {
    failEndpoint('updateCourse', 400, { msg: 'The upload is too large.' });
    const { user } = await openEditCourse();
    const input = screen.getByLabelText(/Course image/);
    await user.upload(input, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'big.svg', { type: 'image/svg+xml' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(input).toHaveAccessibleDescription('The upload is too large.'));
    expect(input).toHaveFocus();
    expect(screen.getAllByText('The upload is too large.')).toHaveLength(1);
    expect(screen.queryByText('The course could not be updated. Please try again.')).not.toBeInTheDocument();
  });

  it('does not save the course while the chosen file was refused: the reason once, under the field, with the focus there', async () => {
    const calls = recordCalls('updateCourse');
    const { user } = await openEditCourse();
    const input = screen.getByLabelText(/Course image/);
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const reason = 'Choose an image file: PNG, JPEG, GIF, WebP or SVG.';
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(reason);
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(calls).toEqual([]);
    expect(screen.queryByText('Data has been updated')).not.toBeInTheDocument();
  });
});

describe('profile fields', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('refuses a full name over 100 characters before sending, under the field with the focus there', async () => {
    const calls = recordCalls('updateTeacher');
    const { user } = openTeacherProfile();
    const fullName = await screen.findByRole('textbox', { name: /Full Name/ });
    await user.clear(fullName);
    await enter(user, fullName, 'N'.repeat(101));
    expect(fullName).toHaveValue('N'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(fullName).toHaveFocus();
    expect(fullName).toHaveAccessibleDescription(expect.stringContaining(tooLong('100')));
    expect(screen.getAllByText(tooLong('100'))).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('does not save the teacher profile while the chosen image was refused', async () => {
    const calls = recordCalls('updateTeacher');
    const { user } = openTeacherProfile();
    const input = await screen.findByLabelText('Profile Image');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const reason = 'Choose an image file: PNG, JPEG, GIF, WebP or SVG.';
    expect(input).toHaveFocus();
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(calls).toEqual([]);
    expect(screen.queryByText('Data has been updated')).not.toBeInTheDocument();
  });
});
