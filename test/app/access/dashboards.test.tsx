import { screen, waitFor, within } from '@testing-library/react';
import type { RootState } from '@/app/store';
import { paths } from '@/config/paths';
import { studentAreaMessages } from '@/features/student/area/messages';
import { teacherAreaMessages } from '@/features/teacher/area/messages';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

/**
 * What differs between the two dashboards. The mocked provider holds student 7 (Ada Lovelace:
 * enrolled in course 1, one assignment done and one pending) and teacher 4 (Amara Obi: course 1
 * with one chapter and student 7).
 */
const sides = [
  {
    side: 'student',
    session: loggedInAs({ student: 7 }),
    id: '7',
    dashboard: paths.studentDashboard,
    login: paths.studentLogin,
    messages: studentAreaMessages,
    dashboardEndpoint: 'getStudentDashboard',
    accountEndpoint: 'getStudent',
    greeting: 'Welcome, Ada Lovelace',
    fallbackGreeting: `Welcome, ${studentAreaMessages.greetingFallbackName}`,
    accountFailed: studentAreaMessages.studentFailed,
    countLabels: [studentAreaMessages.enrolledCourses, studentAreaMessages.completedAssignments, studentAreaMessages.pendingAssignments],
    /** Enrols the student in the free course too and gives two more pending assignments: 2, 1 and 3. */
    arrangeCounts() {
      mockDb.enrolments.push({ id: 2, course: 2, student: 7 });
      mockDb.assignments.push(
        { id: 23, title: 'Greet a neighbour', detail: 'In Yoruba.', student: 7, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: false },
        { id: 24, title: 'Name the days', detail: 'All seven.', student: 7, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: false },
      );
    },
    counts: [
      [`2${studentAreaMessages.enrolledCourses}`, '/my-courses'],
      [`1${studentAreaMessages.completedAssignments}`, '/my-assignments/?status=completed'],
      [`3${studentAreaMessages.pendingAssignments}`, '/my-assignments/?status=pending'],
    ],
    /** A provider answer that leaves counts out, sent once `answered` settles. */
    answerPartly(answered: Promise<void> = Promise.resolve()) {
      mockEndpoint('getStudentDashboard', async () => {
        await answered;
        return { enrolled_courses: 4 };
      });
    },
    partlyShown: [`4${studentAreaMessages.enrolledCourses}`, `0${studentAreaMessages.completedAssignments}`, `0${studentAreaMessages.pendingAssignments}`],
    blankName() {
      mockDb.students = mockDb.students.map((student) => ({ ...student, full_name: '  ' }));
    },
    sidebar: [
      [studentAreaMessages.dashboardLink, '/student-dashboard'],
      [studentAreaMessages.myCoursesLink, '/my-courses'],
      [studentAreaMessages.favoriteCoursesLink, '/favorite-courses'],
      [studentAreaMessages.recommendedCoursesLink, '/recommended-courses'],
      [studentAreaMessages.myAssignmentsLink, '/my-assignments/'],
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
    sessionOf: (state: RootState) => state.student,
  },
  {
    side: 'teacher',
    session: loggedInAs({ teacher: 4 }),
    id: '4',
    dashboard: paths.teacherDashboard,
    login: paths.teacherLogin,
    messages: teacherAreaMessages,
    dashboardEndpoint: 'getTeacherDashboard',
    accountEndpoint: 'getTeacher',
    greeting: 'Welcome, Amara',
    fallbackGreeting: 'Welcome, Teacher',
    accountFailed: teacherAreaMessages.teacherFailed,
    countLabels: [teacherAreaMessages.totalCourses, teacherAreaMessages.totalStudents, teacherAreaMessages.totalChapters],
    /** Gives the teacher a second course and two more chapters: 2, 1 and 3. */
    arrangeCounts() {
      mockDb.courses.push({ ...fixtures.paidCourse, id: 3, title: 'Yoruba Proverbs', course_chapters: [] });
      mockDb.chapters.push(
        { id: 12, course: 1, title: 'Numbers', description: 'One to ten.', video: null, remarks: '' },
        { id: 13, course: 3, title: 'Proverbs', description: 'Ten sayings.', video: null, remarks: '' },
      );
    },
    counts: [
      [`2${teacherAreaMessages.totalCourses}`, '/teacher-courses'],
      [`1${teacherAreaMessages.totalStudents}`, '/my-students'],
      [`3${teacherAreaMessages.totalChapters}`, '/teacher-courses'],
    ],
    answerPartly(answered: Promise<void> = Promise.resolve()) {
      mockEndpoint('getTeacherDashboard', async () => {
        await answered;
        return { total_teacher_students: 8 };
      });
    },
    partlyShown: [`0${teacherAreaMessages.totalCourses}`, `8${teacherAreaMessages.totalStudents}`, `0${teacherAreaMessages.totalChapters}`],
    blankName() {
      mockDb.teachers = mockDb.teachers.map((teacher) => ({ ...teacher, full_name: '  ' }));
    },
    sidebar: [
      [teacherAreaMessages.dashboardLink, '/teacher-dashboard'],
      [teacherAreaMessages.coursesLink, '/teacher-courses'],
      [teacherAreaMessages.addCourseLink, '/add-course'],
      [teacherAreaMessages.myStudentsLink, '/my-students'],
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
    sessionOf: (state: RootState) => state.teacher,
  },
] as const;

/** The path parameters of each recorded call, e.g. `[['7'], ['7']]`. */
const pathParams = (calls: { params: object }[]) => calls.map((call) => Object.values(call.params));

describe.each(sides)('$side dashboard', (side) => {
  const { messages } = side;
  const open = () => renderApp({ route: side.dashboard, preloadedState: side.session });
  const countLink = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
  async function shownCounts() {
    const links = await Promise.all(side.countLabels.map(countLink));
    return links.map((link) => [link.textContent, link.getAttribute('href')]);
  }

  it('greets by name and shows the counts of the logged-in account, each linking to its page', async () => {
    side.arrangeCounts();
    const dashboardCalls = recordCalls(side.dashboardEndpoint);
    const accountCalls = recordCalls(side.accountEndpoint);
    open();

    expect(await screen.findByRole('heading', { level: 1, name: messages.dashboardTitle })).toBeInTheDocument();
    expect(await screen.findByText(side.greeting)).toBeInTheDocument();
    expect(await shownCounts()).toEqual(side.counts);
    expect(pathParams(dashboardCalls)).toEqual([[side.id]]);
    expect(pathParams(accountCalls)).toEqual([[side.id]]);
  });

  it(`greets with '${side.fallbackGreeting}' when the account has no name`, async () => {
    side.blankName();
    open();

    expect(await screen.findByText(side.fallbackGreeting)).toBeInTheDocument();
    expect(screen.queryByText(side.accountFailed)).not.toBeInTheDocument();
  });

  it('shows skeletons while the counts load', async () => {
    let answer: () => void = () => undefined;
    side.answerPartly(new Promise<void>((resolve) => (answer = resolve)));
    open();

    expect(await screen.findByRole('status', { name: messages.loadingDashboard })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: new RegExp(side.countLabels[0]) })).not.toBeInTheDocument();

    answer();
    expect((await shownCounts()).map(([text]) => text)).toEqual(side.partlyShown);
    expect(screen.queryByRole('status', { name: messages.loadingDashboard })).not.toBeInTheDocument();
  });

  it('shows 0 for a count the answer leaves out', async () => {
    side.answerPartly();
    open();

    expect((await shownCounts()).map(([text]) => text)).toEqual(side.partlyShown);
  });

  it("opens the 'Error' popup when the counts fail, and loads them again on Retry", async () => {
    side.arrangeCounts();
    failEndpoint(side.dashboardEndpoint, 500, { once: true });
    const dashboardCalls = recordCalls(side.dashboardEndpoint);
    const { user } = open();

    const popup = await screen.findByRole('dialog', { name: messages.errorTitle });
    expect(popup).toHaveTextContent(messages.dashboardFailed);
    expect(within(popup).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await user.click(within(popup).getByRole('button', { name: 'Retry' }));

    expect(await shownCounts()).toEqual(side.counts);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pathParams(dashboardCalls)).toEqual([[side.id], [side.id]]);
  });

  it('keeps the failure on the screen with Retry after the popup is closed, and opens it again on a new failure', async () => {
    failEndpoint(side.dashboardEndpoint, 500);
    const dashboardCalls = recordCalls(side.dashboardEndpoint);
    const { user } = open();

    await user.click(within(await screen.findByRole('dialog', { name: messages.errorTitle })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alert = within(screen.getByRole('main')).getByRole('alert');
    expect(alert).toHaveTextContent(messages.dashboardFailed);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog', { name: messages.errorTitle })).toHaveTextContent(messages.dashboardFailed);
    expect(pathParams(dashboardCalls)).toEqual([[side.id], [side.id]]);
  });

  it(`says '${side.accountFailed}' when the name cannot be read, greets without it, and reads it again on Retry`, async () => {
    failEndpoint(side.accountEndpoint, 500, { once: true });
    const accountCalls = recordCalls(side.accountEndpoint);
    const { user } = open();

    const alert = await within(await screen.findByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent(side.accountFailed);
    expect(screen.getByText(side.fallbackGreeting)).toBeInTheDocument();
    expect(await countLink(side.countLabels[0])).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(side.greeting)).toBeInTheDocument();
    expect(screen.queryByText(side.accountFailed)).not.toBeInTheDocument();
    expect(pathParams(accountCalls)).toEqual([[side.id], [side.id]]);
  });
});

describe.each(sides)('$side sidebar', (side) => {
  const { messages } = side;
  const sidebar = () => screen.getByRole('navigation', { name: messages.areaNavLabel });
  const findSidebar = () => screen.findByRole('navigation', { name: messages.areaNavLabel });

  it('links the pages of the area and logout, and marks the dashboard as current', async () => {
    renderApp({ route: side.dashboard, preloadedState: side.session });

    await screen.findByRole('heading', { level: 1, name: messages.dashboardTitle });
    const links = within(await findSidebar()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(side.sidebar);
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

describe('student sidebar', () => {
  const messages = studentAreaMessages;
  const asStudent = loggedInAs({ student: 7 });
  const sidebar = () => screen.getByRole('navigation', { name: messages.areaNavLabel });

  it('goes to another page of the area from the sidebar', async () => {
    const { user, router } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    await user.click(await within(await screen.findByRole('navigation', { name: messages.areaNavLabel })).findByRole('link', { name: messages.myTeachersLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-teachers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teachers' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: messages.myTeachersLink })).toHaveAttribute('aria-current', 'page');
  });
});

describe('teacher sidebar', () => {
  it('frames the pages reached from the courses, with no sidebar entry marked', async () => {
    renderApp({ route: paths.courseChapters(1), preloadedState: loggedInAs({ teacher: 4 }) });

    const links = within(await screen.findByRole('navigation', { name: teacherAreaMessages.areaNavLabel })).getAllByRole('link');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  });
});
