import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { TeacherInboxPage } from '@/features/messaging/InboxPage';
import { TeacherAreaLayout } from '@/features/teacher/area/TeacherAreaLayout';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { TeacherProfileSettingPage } from '@/features/teacher/profile/TeacherProfileSettingPage';
import { MyStudentsPage } from '@/features/teacher/students/MyStudentsPage';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';
import { mockWindowWidth } from '../site/windowWidth';

/** Teacher 4 (Amara Obi) owns 'Yoruba for Beginners' (course 1), where Ada Lovelace (7) is enrolled. */
const asTeacher = loggedInAs({ teacher: 4 });

let width: ReturnType<typeof mockWindowWidth>;
beforeEach(() => {
  width = mockWindowWidth(390);
});
afterEach(() => width.restore());

/** The teacher area's layout (its menu bar) around the screens these tests go through, without the rest of the app. */
const renderArea = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route element={<TeacherAreaLayout />}>
        <Route path={patterns.myStudents} element={<MyStudentsPage />} />
        <Route path={patterns.teacherProfileSetting} element={<TeacherProfileSettingPage />} />
        <Route path={patterns.courseChapters} element={<CourseChaptersPage />} />
        <Route path={patterns.teacherMessages} element={<TeacherInboxPage />} />
        <Route path={patterns.teacherConversation} element={<TeacherInboxPage />} />
      </Route>
    </Routes>,
    { route, preloadedState: asTeacher },
  );

const areaNav = () => screen.getByRole('navigation', { name: 'Teacher area' });

describe('the teacher area on a 390 px phone', () => {
  it('shows My Students as cards with the e-mail, the username and the three actions, and no table', async () => {
    renderRoute(patterns.myStudents, <MyStudentsPage />, { preloadedState: asTeacher });

    const list = await screen.findByRole('list', { name: 'Students' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(card).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    expect(within(card).getByText('Email')).toBeInTheDocument();
    expect(within(card).getByText('student@academy.test')).toBeInTheDocument();
    expect(within(card).getByText('ada')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Assignments of Ada Lovelace' })).toHaveAttribute('href', paths.showAssignment(7, 4));
    expect(within(card).getByRole('link', { name: 'Add Assignment for Ada Lovelace' })).toHaveAttribute('href', paths.addAssignment(7, 4));
    expect(within(card).getByRole('link', { name: 'Message Ada Lovelace' })).toBeInTheDocument();
  });

  it('shows My Courses as cards with Edit, Add Chapter and Delete, and Delete asks first', async () => {
    const { user } = renderRoute(patterns.teacherCourses, <TeacherCoursesPage />, { preloadedState: asTeacher });

    const list = await screen.findByRole('list', { name: 'My courses' });
    const card = within(list).getByRole('listitem', { name: 'Yoruba for Beginners' });
    expect(within(card).getByRole('link', { name: 'Yoruba for Beginners' })).toHaveAttribute('href', paths.courseChapters(1));
    expect(within(card).getByRole('link', { name: 'Edit course Yoruba for Beginners' })).toHaveAttribute('href', paths.editCourse(1));
    expect(within(card).getByRole('link', { name: 'Add Chapter to Yoruba for Beginners' })).toHaveAttribute('href', paths.addChapter(1));

    await user.click(within(card).getByRole('button', { name: 'Delete course Yoruba for Beginners' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure you want to delete this course?' })).toBeInTheDocument();
  });

  it('keeps the menu in a bar of Dashboard, Courses, My Students, Messages and More, with the rest under More', async () => {
    const { user } = renderArea(paths.myStudents);
    await screen.findByRole('heading', { level: 1, name: 'All of my Students' });

    const bar = areaNav();
    expect(within(bar).getAllByRole('link')).toEqual([
      within(bar).getByRole('link', { name: 'Dashboard' }),
      within(bar).getByRole('link', { name: 'Courses' }),
      within(bar).getByRole('link', { name: 'My Students' }),
      within(bar).getByRole('link', { name: /^Messages/ }),
    ]);
    // 'My Students' shows as 'Students' (one line at 320 px), its name in full.
    expect(within(within(bar).getByRole('link', { name: 'My Students' })).getByText('Students')).toHaveAttribute('aria-hidden', 'true');
    expect(within(bar).getByRole('link', { name: 'My Students' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teacher area' });
    expect(within(dialog).getByRole('link', { name: 'My Students' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(dialog).getByRole('link', { name: 'Profile Setting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Setting' })).toBeInTheDocument();
    expect(within(areaNav()).getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it("marks Courses on a course's chapters and Messages on a conversation, and not 'More'", async () => {
    const { user } = renderArea(paths.courseChapters(1));
    await screen.findByRole('heading', { level: 1 });

    const bar = areaNav();
    expect(within(bar).getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).getByRole('button', { name: 'More' })).not.toHaveClass('current');

    await user.click(within(bar).getByRole('link', { name: /^Messages/ }));
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    await user.click(await screen.findByRole('link', { name: /Ada Lovelace/ }));
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(within(areaNav()).getByRole('link', { name: /^Messages/ })).toHaveAttribute('aria-current', 'true');
    expect(within(areaNav()).getByRole('link', { name: 'Courses' })).not.toHaveAttribute('aria-current');
    expect(within(areaNav()).getByRole('button', { name: 'More' })).not.toHaveClass('current');
  });
});
