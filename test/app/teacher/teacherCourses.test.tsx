import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { patterns } from '@/config/paths';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { mockDb, refId } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/** Our texts for My Courses. */
const messages = {
  loadingCourses: 'Loading your courses',
  noCourses: 'You have not uploaded a course yet.',
  deleteCourseQuestion: 'Are you sure you want to delete this course?',
};

const teacher = loggedInAs({ teacher: 4 });

/** My Courses alone on its route. Teacher 4 (Amara Obi) owns course 1 (rated 4.5, 12 enrolled); course 2 is another teacher's. */
function openMyCourses() {
  return renderRoute(patterns.teacherCourses, <TeacherCoursesPage />, { preloadedState: teacher });
}

async function courseRow(title: string) {
  const link = await screen.findByRole('link', { name: title });
  return link.closest('tr') as HTMLElement;
}

describe('My Courses', () => {
  it("lists the teacher's courses: title, rating, image, enrolled students and actions", async () => {
    openMyCourses();
    const row = await courseRow('Yoruba for Beginners');
    expect(within(row).getByRole('link', { name: 'Yoruba for Beginners' })).toHaveAttribute('href', '/course-chapters/1');
    expect(within(row).getByText('Rating: 4.5/5')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Cover of Yoruba for Beginners' })).toHaveAttribute('src', 'http://localhost/media/course_images/yoruba.svg');
    expect(within(row).getByRole('link', { name: '12 students enrolled in Yoruba for Beginners' })).toHaveAttribute('href', '/enrolled-students/1');
    // The course in every action's name, after the visible words (WCAG 2.5.3): ten rows, thirty different names.
    expect(within(row).getByRole('link', { name: 'Edit course Yoruba for Beginners' })).toHaveAttribute('href', '/edit-course/1');
    expect(within(row).getByRole('link', { name: 'Add Chapter to Yoruba for Beginners' })).toHaveAttribute('href', '/add-chapter/1');
    expect(within(row).getByRole('button', { name: 'Delete course Yoruba for Beginners' })).toHaveTextContent('Delete');
    expect(screen.queryByRole('link', { name: 'Pidgin Basics' })).not.toBeInTheDocument();
    // A provider without drafts (no `status`): no Status column, no Publish or Unpublish.
    expect(screen.queryByRole('columnheader', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /publish/i })).not.toBeInTheDocument();
  });

  it("says 'Rating: Not Rated' for a course without a rating, and marks a row with missing data", async () => {
    mockDb.courses.push(
      { id: 3, title: 'Akan Greetings', teacher: { id: 4, full_name: 'Amara Obi' }, course_rating: null, total_enrolled_students: 0 },
      { id: 4, title: '', teacher: { id: 4, full_name: 'Amara Obi' } },
    );
    openMyCourses();
    const row = await courseRow('Akan Greetings');
    expect(within(row).getByText('Rating: Not Rated')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '0 students enrolled in Akan Greetings' })).toBeInTheDocument();
    expect(within(row).getByText('No image')).toBeInTheDocument();
    expect(screen.getByText('Data is missing or incomplete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete course #4' })).toBeInTheDocument();
  });

  it("says '1 student enrolled', not '1 students'", async () => {
    mockDb.courses.push({ id: 3, title: 'Akan Greetings', teacher: { id: 4, full_name: 'Amara Obi' }, course_rating: null, total_enrolled_students: 1 });
    openMyCourses();
    const row = await courseRow('Akan Greetings');
    expect(within(row).getByRole('link', { name: '1 student enrolled in Akan Greetings' })).toHaveTextContent(/^1$/);
  });

  it("says so when there is no course yet, with 'Add course'", async () => {
    mockDb.courses = mockDb.courses.filter((course) => refId(course.teacher) !== 4);
    const { user, router } = openMyCourses();
    expect(await screen.findByText(messages.noCourses)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add course' }));
    expect(router.state.location.pathname).toBe('/add-course');
  });

  describe('deleting a course', () => {
    /** A course of teacher 4 nobody is enrolled in: the simple confirmation. */
    const emptyCourse = { id: 3, title: 'Akan Greetings', teacher: { id: 4, full_name: 'Amara Obi' }, course_rating: null, total_enrolled_students: 0 };

    it('asks first, focusing the safe choice; No, keep it closes and gives the focus back', async () => {
      mockDb.courses.push(emptyCourse);
      const { user } = openMyCourses();
      const row = await courseRow('Akan Greetings');
      const deleteButton = within(row).getByRole('button', { name: 'Delete course Akan Greetings' });
      await user.click(deleteButton);

      const dialog = await screen.findByRole('dialog', { name: messages.deleteCourseQuestion });
      expect(dialog).toHaveAccessibleDescription('“Akan Greetings” will be removed with all its chapters.');
      expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deleteButton).toHaveFocus();
      expect(screen.getByRole('link', { name: 'Akan Greetings' })).toBeInTheDocument();
      expect(mockDb.courses.some((course) => course.id === 3)).toBe(true);
    });

    it('Escape keeps the course too', async () => {
      const { user } = openMyCourses();
      await user.click(within(await courseRow('Yoruba for Beginners')).getByRole('button', { name: 'Delete course Yoruba for Beginners' }));
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(mockDb.courses.some((course) => course.id === 1)).toBe(true);
    });

    it("with enrolled students, names how many lose access and asks for the title; 'Yes, delete it!' then deletes it, and the list and the dashboard counts follow without a reload", async () => {
      // The dashboard and My Courses on their routes, without the area's layout: the way between them is the router's.
      const { user, router } = renderWithProviders(
        <Routes>
          <Route path={patterns.teacherDashboard} element={<TeacherDashboardPage />} />
          <Route path={patterns.teacherCourses} element={<TeacherCoursesPage />} />
        </Routes>,
        { route: patterns.teacherDashboard, preloadedState: teacher },
      );
      expect(await screen.findByRole('link', { name: '1 Total Courses' })).toBeInTheDocument();
      await act(() => router.navigate(patterns.teacherCourses));

      await user.click(within(await courseRow('Yoruba for Beginners')).getByRole('button', { name: 'Delete course Yoruba for Beginners' }));
      const dialog = await screen.findByRole('dialog', { name: messages.deleteCourseQuestion });
      expect(dialog).toHaveAccessibleDescription(
        '“Yoruba for Beginners” will be removed with all its chapters. 12 students are enrolled and will lose access to it.',
      );
      const field = within(dialog).getByRole('textbox', { name: 'Course title' });
      expect(field).toHaveAccessibleDescription('Type “Yoruba for Beginners” to confirm.');
      const confirm = within(dialog).getByRole('button', { name: 'Yes, delete it!' });
      expect(field).toHaveFocus();
      expect(confirm).toBeDisabled();
      // Case-sensitive: a near miss keeps the course.
      await user.paste('yoruba for beginners');
      expect(confirm).toBeDisabled();
      await user.clear(field);
      await user.paste(' Yoruba for Beginners ');
      expect(confirm).toBeEnabled();
      await user.click(confirm);

      expect(await screen.findByText('The course has been deleted.')).toBeInTheDocument();
      expect(await screen.findByText(messages.noCourses)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 1, name: 'My Courses' })).toHaveFocus();

      await act(() => router.navigate(patterns.teacherDashboard));
      expect(await screen.findByRole('link', { name: '0 Total Courses' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '0 Total Chapters' })).toBeInTheDocument();
    });

    it('says when the course could not be deleted, and keeps it', async () => {
      mockDb.courses.push(emptyCourse);
      failEndpoint('deleteCourse', 500);
      const { user } = openMyCourses();
      await user.click(within(await courseRow('Akan Greetings')).getByRole('button', { name: 'Delete course Akan Greetings' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));

      expect(await screen.findByText('The course could not be deleted.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('link', { name: 'Akan Greetings' })).toBeInTheDocument();
    });
  });
});
