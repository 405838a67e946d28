import { screen, waitFor, within } from '@testing-library/react';
import type { RootState } from '@/app/store';
import { paths } from '@/config/paths';
import { studentAreaMessages } from '@/features/student/area/messages';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { teacherAreaMessages } from '@/features/teacher/area/messages';
import { teacherAssignmentMessages } from '@/features/teacher/assignments/assignmentMessages';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: each area page a test opens is loaded for the first time.
jest.setTimeout(20_000);

/** What differs between the student and teacher areas' sidebars. */
const sides = [
  {
    side: 'student',
    session: loggedInAs({ student: 7 }),
    sessionOf: (state: RootState) => state.student,
    dashboard: paths.studentDashboard,
    login: paths.studentLogin,
    messages: studentAreaMessages,
    sidebar: [
      [studentAreaMessages.dashboardLink, '/student-dashboard'],
      [studentAreaMessages.myCoursesLink, '/my-courses'],
      [studentAreaMessages.favoriteCoursesLink, '/favorite-courses'],
      [studentAreaMessages.recommendedCoursesLink, '/recommended-courses'],
      [studentAreaMessages.myAssignmentsLink, '/my-assignments/'],
      [messagingMessages.messagesLink, '/messages'],
      [studentAreaMessages.myTeachersLink, '/my-teachers'],
      [studentAreaMessages.profileSettingLink, '/profile-setting'],
      [studentAreaMessages.changePasswordLink, '/student-change-password'],
      [studentAreaMessages.logoutLink, '/student-logout'],
    ],
    framedPages: [
      [paths.myCourses, studentAreaMessages.myCoursesLink],
      [paths.myAssignments, studentAreaMessages.myAssignmentsLink],
      [paths.myTeachers, studentAreaMessages.myTeachersLink],
      [paths.profileSetting, studentAreaMessages.profileSettingLink],
    ],
  },
  {
    side: 'teacher',
    session: loggedInAs({ teacher: 4 }),
    sessionOf: (state: RootState) => state.teacher,
    dashboard: paths.teacherDashboard,
    login: paths.teacherLogin,
    messages: teacherAreaMessages,
    sidebar: [
      [teacherAreaMessages.dashboardLink, '/teacher-dashboard'],
      [teacherAreaMessages.coursesLink, '/teacher-courses'],
      [teacherAreaMessages.addCourseLink, '/add-course'],
      [teacherAreaMessages.myStudentsLink, '/my-students'],
      [messagingMessages.messagesLink, '/teacher-messages'],
      // With its badge: the fixtures' answered assignment waits for feedback.
      [`${teacherAssignmentMessages.answersTitle}1${teacherAssignmentMessages.answersToMarkBadge(1)}`, '/teacher-answers'],
      [teacherAreaMessages.profileSettingLink, '/teacher-profile-setting'],
      [teacherAreaMessages.changePasswordLink, '/teacher-change-password'],
      [teacherAreaMessages.logoutLink, '/teacher-logout'],
    ],
    framedPages: [
      [paths.teacherCourses, teacherAreaMessages.coursesLink],
      [paths.addCourse, teacherAreaMessages.addCourseLink],
      [paths.myStudents, teacherAreaMessages.myStudentsLink],
      [paths.teacherProfileSetting, teacherAreaMessages.profileSettingLink],
      [paths.teacherChangePassword, teacherAreaMessages.changePasswordLink],
    ],
  },
] as const;

describe.each(sides)('$side sidebar', (side) => {
  const { messages } = side;
  const sidebar = () => screen.getByRole('navigation', { name: messages.areaNavLabel });
  const findSidebar = () => screen.findByRole('navigation', { name: messages.areaNavLabel });

  it('links the pages of the area and logout, and marks the dashboard as current', async () => {
    renderApp({ route: side.dashboard, preloadedState: side.session });

    await screen.findByRole('heading', { level: 1, name: messages.dashboardTitle });
    const nav = await findSidebar();
    // The counts beside some entries come with their own answers.
    await waitFor(() => expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(side.sidebar));
    const links = within(nav).getAllByRole('link');
    expect(within(sidebar()).getByRole('link', { name: messages.dashboardLink })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it.each(side.framedPages)('frames %s too and marks %s as the current page', async (route, current) => {
    renderApp({ route, preloadedState: side.session });

    expect(await within(await findSidebar()).findByRole('link', { name: current })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: messages.dashboardLink })).not.toHaveAttribute('aria-current');
  });

  it('logs out from the sidebar', async () => {
    const { user, router, store } = renderApp({ route: side.dashboard, preloadedState: side.session });

    await user.click(await within(await findSidebar()).findByRole('link', { name: messages.logoutLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe(side.login));
    expect(side.sessionOf(store.getState())).toEqual({ loggedIn: false, id: null });
  });
});

describe('teacher sidebar', () => {
  it("frames the pages reached from the courses, with Courses marked as the entry they are below (aria-current 'true', not 'page')", async () => {
    renderApp({ route: paths.courseChapters(1), preloadedState: loggedInAs({ teacher: 4 }) });

    const nav = await screen.findByRole('navigation', { name: teacherAreaMessages.areaNavLabel });
    expect(within(nav).getByRole('link', { name: teacherAreaMessages.coursesLink })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
