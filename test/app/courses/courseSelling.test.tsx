/**
 * The course page sells (issue 39, extensions): the level, 'What you will learn', free previews
 * anyone plays, the refund rule beside a paid course's price, the teacher's fields for them, and
 * the catalogue's Level filter; nothing of the extensions on a provider without them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { EditChapterPage } from '@/features/teacher/chapters/EditChapterPage';
import { AddCoursePage } from '@/features/teacher/courses/AddCoursePage';
import { EditCoursePage } from '@/features/teacher/courses/EditCoursePage';
import { mockDb } from '@test/handlers/mockDb';
import { recordCalls, recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute } from '@test/render';
import { shownFacts } from './courseDetailHelpers';

const teacher = loggedInAs({ teacher: 4 });

/** Course 1 ('Yoruba for Beginners', $20) as a provider with the extensions answers it. */
function sellingCourse() {
  mockDb.courses[0] = { ...mockDb.courses[0]!, level: 'A2', outcomes: ['Greet people at any hour', 'Count to one hundred'] };
  mockDb.chapters = [
    { ...mockDb.chapters[0]!, is_preview: true, duration: 8 },
    { id: 12, course: 1, title: 'Numbers', video: null, captions: null, is_preview: false, duration: 720 },
  ];
}

describe('the course page sells', () => {
  it("shows a visitor the level, what they will learn, the refund rule and a playable preview", async () => {
    sellingCourse();
    const { user } = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1' });

    const curriculum = await screen.findByRole('region', { name: 'In this course' });
    await waitFor(() => expect(shownFacts()['Duration']).toBe('12 min'));
    expect(shownFacts()).toMatchObject({ Level: 'A2 · Elementary', Price: '$20' });
    const outcomes = screen.getByRole('region', { name: 'What you will learn' });
    expect(within(outcomes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Greet people at any hour', 'Count to one hundred']);
    expect(screen.getByText(/Refunds with 24 hours notice, processed in 5 to 7 working days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');

    const entries = within(curriculum).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['1 Greetings8 s4 exercisesPreview Greetings', '2 Numbers12 min']);
    await user.click(within(curriculum).getByRole('button', { name: 'Preview Greetings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Greetings' });
    expect(within(dialog).getByLabelText('Greetings')).toHaveAttribute('src', 'http://localhost/media/chapter_videos/greetings.webm');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows none of it on a provider without the extensions', async () => {
    renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1' });
    const curriculum = await screen.findByRole('region', { name: 'In this course' });
    await within(curriculum).findByText('Greetings');
    expect(shownFacts()).not.toHaveProperty('Level');
    expect(screen.queryByRole('region', { name: 'What you will learn' })).not.toBeInTheDocument();
    expect(within(curriculum).queryByRole('button')).not.toBeInTheDocument();
    // The refund rule is the academy's policy, not an extension: beside any paid course.
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toBeInTheDocument();
  });

  it("lets the teacher set the level and up to six 'What you will learn' lines", async () => {
    sellingCourse();
    const sent = recordSent('updateCourse');
    const { user } = renderRoute(patterns.editCourse, <EditCoursePage />, { route: '/edit-course/1', preloadedState: teacher });

    const level = await screen.findByRole('combobox', { name: 'Level' });
    expect(level).toHaveValue('A2');
    await user.selectOptions(level, 'B1 · Intermediate');
    const lines = screen.getByRole('group', { name: 'What you will learn' });
    expect(within(lines).getByRole('textbox', { name: 'Line 2' })).toHaveValue('Count to one hundred');
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    for (let line = 2; line <= 6; line += 1) {
      await user.click(screen.getByRole('button', { name: 'Add a line' }));
      await enter(user, screen.getByRole('textbox', { name: `Line ${line}` }), `Line ${line}`);
    }
    // Six lines: no seventh.
    expect(screen.queryByRole('button', { name: 'Add a line' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await screen.findByText('Data has been updated');
    expect(sent.map((call) => [call.fields.level, call.fields.outcomes])).toEqual([
      ['B1', JSON.stringify(['Count to one hundred', 'Line 2', 'Line 3', 'Line 4', 'Line 5', 'Line 6'])],
    ]);
  });

  it('sends a new course with its level and lines where the provider has levels', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    sellingCourse();
    const sent = recordSent('createCourse');
    const { user } = renderRoute(patterns.addCourse, <AddCoursePage />, { preloadedState: teacher });
    await screen.findByRole('option', { name: 'Yoruba' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Yoruba');
    await enter(user, screen.getByRole('textbox', { name: 'Title' }), 'Akan Greetings');
    await user.upload(screen.getByLabelText(/Course image/), new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'akan.svg', { type: 'image/svg+xml' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'All levels');
    await enter(user, screen.getByRole('textbox', { name: 'Line 1' }), 'Greet in Twi');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Course uploaded successfully!');
    expect(sent.map((call) => [call.fields.level, call.fields.outcomes])).toEqual([['all', '["Greet in Twi"]']]);
  });

  it('keeps the course form as it was on a provider without levels', async () => {
    const sent = recordSent('updateCourse');
    const { user, unmount } = renderRoute(patterns.editCourse, <EditCoursePage />, { route: '/edit-course/1', preloadedState: teacher });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('combobox', { name: 'Level' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What you will learn' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Data has been updated');
    expect(sent[0]!.fields).not.toHaveProperty('level');
    expect(sent[0]!.fields).not.toHaveProperty('outcomes');
    unmount();

    // A new course: the teacher's courses come without levels, so the form has none.
    renderRoute(patterns.addCourse, <AddCoursePage />, { preloadedState: teacher });
    await screen.findByRole('option', { name: 'Yoruba' });
    expect(screen.queryByRole('combobox', { name: 'Level' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What you will learn' })).not.toBeInTheDocument();
  });

  it("marks a chapter as a free preview with the chapter form's switch, shown only where the provider has previews", async () => {
    sellingCourse();
    mockDb.chapters[0]!.is_preview = false;
    const sent = recordSent('updateChapter');
    const { user, unmount } = renderRoute(patterns.editChapter, <EditChapterPage />, { route: '/edit-chapter/11', preloadedState: teacher });
    const preview = await screen.findByRole('switch', { name: 'Free preview' });
    expect(preview).not.toBeChecked();
    await user.click(preview);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Chapter updated successfully');
    expect(sent.map((call) => call.fields.is_preview)).toEqual(['true']);
    unmount();

    delete mockDb.chapters[0]!.is_preview;
    renderRoute(patterns.editChapter, <EditChapterPage />, { route: '/edit-chapter/11', preloadedState: teacher });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('switch', { name: 'Free preview' })).not.toBeInTheDocument();
  });

  it('filters the catalogue by level where the provider has levels, and offers no Level filter elsewhere', async () => {
    mockDb.courses[0] = { ...mockDb.courses[0]!, level: 'A2' };
    mockDb.courses[1] = { ...mockDb.courses[1]!, level: null };
    const calls = recordCalls('listCourses');
    const { user, unmount } = renderRoute(patterns.allCourses, <AllCoursesPage />, { route: '/all-courses' });
    await screen.findByRole('heading', { name: 'Pidgin Basics' });
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'A2 · Elementary' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Pidgin Basics' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Yoruba for Beginners' })).toBeInTheDocument();
    expect(calls.at(-1)!.query).toMatchObject({ level: 'A2' });
    unmount();

    delete mockDb.courses[0]!.level;
    delete mockDb.courses[1]!.level;
    renderRoute(patterns.allCourses, <AllCoursesPage />, { route: '/all-courses' });
    await screen.findByRole('heading', { name: 'Pidgin Basics' });
    expect(screen.queryByRole('combobox', { name: 'Level' })).not.toBeInTheDocument();
  });
});
