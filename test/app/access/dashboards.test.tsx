import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/** The texts both dashboards share (spec section 8: the popup 'Error' with 'Failed to fetch dashboard data'). */
const messages = {
  errorTitle: 'Error',
  dashboardFailed: 'Failed to fetch dashboard data',
  loadingDashboard: 'Loading your dashboard',
};

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
    pattern: patterns.studentDashboard,
    page: <StudentDashboardPage />,
    title: 'Dashboard',
    dashboardEndpoint: 'getStudentDashboard',
    accountEndpoint: 'getStudent',
    greeting: 'Welcome, Ada Lovelace',
    fallbackGreeting: 'Welcome, Student',
    accountFailed: 'Failed to get student data',
    countLabels: ['Enrolled Courses', 'Completed Assignments', 'Pending Assignments'],
    /** Enrols the student in the free course too and gives two more pending assignments: 2, 1 and 3. */
    arrangeCounts() {
      mockDb.enrolments.push({ id: 2, course: 2, student: 7 });
      mockDb.assignments.push(
        { id: 23, title: 'Greet a neighbour', detail: 'In Yoruba.', student: 7, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: false },
        { id: 24, title: 'Name the days', detail: 'All seven.', student: 7, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: false },
      );
    },
    counts: [
      ['2Enrolled Courses', '/my-courses'],
      ['1Completed Assignments', '/my-assignments/?status=completed'],
      ['3Pending Assignments', '/my-assignments/?status=pending'],
    ],
    /** A provider answer that leaves counts out, sent once `answered` settles. */
    answerPartly(answered: Promise<void>) {
      mockEndpoint('getStudentDashboard', async () => {
        await answered;
        return { enrolled_courses: 4 };
      });
    },
    partlyShown: ['4Enrolled Courses', '0Completed Assignments', '0Pending Assignments'],
    blankName() {
      mockDb.students = mockDb.students.map((student) => ({ ...student, full_name: '  ' }));
    },
  },
  {
    side: 'teacher',
    session: loggedInAs({ teacher: 4 }),
    id: '4',
    pattern: patterns.teacherDashboard,
    page: <TeacherDashboardPage />,
    title: 'Teacher Dashboard',
    dashboardEndpoint: 'getTeacherDashboard',
    accountEndpoint: 'getTeacher',
    greeting: 'Welcome, Amara',
    fallbackGreeting: 'Welcome, Teacher',
    accountFailed: 'Failed to get teacher data',
    countLabels: ['Total Courses', 'Total Students', 'Total Chapters'],
    /** Gives the teacher a second course and two more chapters: 2, 1 and 3. */
    arrangeCounts() {
      mockDb.courses.push({ ...fixtures.paidCourse, id: 3, title: 'Yoruba Proverbs', course_chapters: [] });
      mockDb.chapters.push(
        { id: 12, course: 1, title: 'Numbers', description: 'One to ten.', video: null, remarks: '' },
        { id: 13, course: 3, title: 'Proverbs', description: 'Ten sayings.', video: null, remarks: '' },
      );
    },
    counts: [
      ['2Total Courses', '/teacher-courses'],
      ['1Total Students', '/my-students'],
      ['3Total Chapters', '/teacher-courses'],
    ],
    answerPartly(answered: Promise<void>) {
      mockEndpoint('getTeacherDashboard', async () => {
        await answered;
        return { total_teacher_students: 8 };
      });
    },
    partlyShown: ['0Total Courses', '8Total Students', '0Total Chapters'],
    blankName() {
      mockDb.teachers = mockDb.teachers.map((teacher) => ({ ...teacher, full_name: '  ' }));
    },
  },
] as const;

/** The path parameters of each recorded call, e.g. `[['7'], ['7']]`. */
const pathParams = (calls: { params: object }[]) => calls.map((call) => Object.values(call.params));

describe.each(sides)('$side dashboard', (side) => {
  const open = () => renderRoute(side.pattern, side.page, { preloadedState: side.session });
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

    expect(await screen.findByRole('heading', { level: 1, name: side.title })).toBeInTheDocument();
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

  it('shows skeletons while the counts load, then 0 for a count the answer leaves out', async () => {
    let answer: () => void = () => undefined;
    side.answerPartly(new Promise<void>((resolve) => (answer = resolve)));
    open();

    expect(await screen.findByRole('status', { name: messages.loadingDashboard })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: new RegExp(side.countLabels[0]) })).not.toBeInTheDocument();

    answer();
    expect((await shownCounts()).map(([text]) => text)).toEqual(side.partlyShown);
    expect(screen.queryByRole('status', { name: messages.loadingDashboard })).not.toBeInTheDocument();
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
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(messages.dashboardFailed);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog', { name: messages.errorTitle })).toHaveTextContent(messages.dashboardFailed);
    expect(pathParams(dashboardCalls)).toEqual([[side.id], [side.id]]);
  });

  it(`says '${side.accountFailed}' when the name cannot be read, greets without it, and reads it again on Retry`, async () => {
    failEndpoint(side.accountEndpoint, 500, { once: true });
    const accountCalls = recordCalls(side.accountEndpoint);
    const { user } = open();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(side.accountFailed);
    expect(screen.getByText(side.fallbackGreeting)).toBeInTheDocument();
    expect(await countLink(side.countLabels[0])).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(side.greeting)).toBeInTheDocument();
    expect(screen.queryByText(side.accountFailed)).not.toBeInTheDocument();
    expect(pathParams(accountCalls)).toEqual([[side.id], [side.id]]);
  });
});
