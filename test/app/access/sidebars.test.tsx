import { screen, waitFor, within } from '@testing-library/react';
import type { RootState } from '@/app/store';
import { paths, patterns } from '@/config/paths';
import { StudentAreaLayout } from '@/features/student/area/StudentAreaLayout';
import { TeacherAreaLayout } from '@/features/teacher/area/TeacherAreaLayout';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

/**
 * The sidebar is the area's layout, rendered here alone on a route of the area (its screen left out):
 * what it links and which entry it marks. That the route table puts each screen inside it is
 * checked by the whole-app walk through each menu in test/app/areaScreens.test.tsx; the whole app
 * here only where a route does the work (logout, a page below an entry).
 */

/** What differs between the student and teacher areas' sidebars (spec sections 2.4 and 2.5). */
const sides = [
  {
    side: 'student',
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    layout: <StudentAreaLayout />,
    dashboard: paths.studentDashboard,
    login: paths.studentLogin,
    areaNavLabel: 'Student area',
    sidebar: [
      ['Dashboard', '/student-dashboard'],
      // Start here (issue 39).
      ['Start here', '/student-start'],
      ['My Courses', '/my-courses'],
      ['Favourite Courses', '/favorite-courses'],
      ['Recommended Courses', '/recommended-courses'],
      ['My Assignments', '/my-assignments/'],
      ['Messages', '/messages'],
      // The review deck (extension), served by the mocked provider.
      ['Review', '/review'],
      // Lessons booked with teachers (extension, issue 40), listed by the mocked provider.
      ['My lessons', '/student-lessons'],
      ['My Teachers', '/my-teachers'],
      ['Profile Setting', '/profile-setting'],
      ['Change Password', '/student-change-password'],
      ['Logout', '/student-logout'],
    ],
    /** A page of the area, and the entry marked on it. */
    framedPages: [
      [patterns.myCourses, 'My Courses'],
      [patterns.myAssignments, 'My Assignments'],
      [patterns.myTeachers, 'My Teachers'],
      [patterns.studentLessons, 'My lessons'],
      [patterns.profileSetting, 'Profile Setting'],
    ],
  },
  {
    side: 'teacher',
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    layout: <TeacherAreaLayout />,
    dashboard: paths.teacherDashboard,
    login: paths.teacherLogin,
    areaNavLabel: 'Teacher area',
    sidebar: [
      ['Dashboard', '/teacher-dashboard'],
      ['Courses', '/teacher-courses'],
      ['Add Course', '/add-course'],
      ['My Students', '/my-students'],
      ['Messages', '/teacher-messages'],
      // With its badge: the fixtures' answered assignment waits for feedback.
      ['Answers11 answer to mark', '/teacher-answers'],
      ['Lessons', '/teacher-lessons'],
      ['My lessons', '/teacher-my-lessons'],
      ['Profile Setting', '/teacher-profile-setting'],
      ['Change Password', '/teacher-change-password'],
      ['Logout', '/teacher-logout'],
    ],
    framedPages: [
      [patterns.teacherCourses, 'Courses'],
      [patterns.addCourse, 'Add Course'],
      [patterns.myStudents, 'My Students'],
      [patterns.teacherLessons, 'Lessons'],
      [patterns.teacherMyLessons, 'My lessons'],
      [patterns.teacherProfileSetting, 'Profile Setting'],
      [patterns.teacherChangePassword, 'Change Password'],
    ],
  },
] as const;

describe.each(sides)('$side sidebar', (side) => {
  const findSidebar = () => screen.findByRole('navigation', { name: side.areaNavLabel });
  const marked = (nav: HTMLElement) => within(nav).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'));

  it('links the pages of the area and logout, and marks the dashboard as current', async () => {
    renderRoute(side.dashboard, side.layout, { preloadedState: side.session });

    const nav = await findSidebar();
    // The counts beside some entries come with their own answers.
    await waitFor(() => expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(side.sidebar));
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(marked(nav)).toHaveLength(1);
  });

  it.each(side.framedPages)('marks, on %s, %s as the current page and no other entry', async (pattern, current) => {
    renderRoute(pattern, side.layout, { preloadedState: side.session });

    const nav = await findSidebar();
    expect(within(nav).getByRole('link', { name: current })).toHaveAttribute('aria-current', 'page');
    expect(marked(nav)).toHaveLength(1);
  });

  it('logs out from the sidebar', async () => {
    const { user, router, store } = renderApp({ route: side.dashboard, preloadedState: side.session });

    await user.click(await within(await findSidebar()).findByRole('link', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(side.login));
    expect(side.sessionOf(store.getState())).toEqual({ loggedIn: false, id: null });
  });
});

describe('teacher sidebar', () => {
  it("frames the pages reached from the courses, with Courses marked as the entry they are below (aria-current 'true', not 'page')", async () => {
    renderApp({ route: paths.courseChapters(1), preloadedState: loggedInAs({ teacher: 4 }) });

    const nav = await screen.findByRole('navigation', { name: 'Teacher area' });
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
