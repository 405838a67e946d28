import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Student, StudentDashboard } from '@/api/generated';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from '@/features/student/area/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

const asStudent = loggedInAs({ student: 7 });

/** Answers the dashboard call with `reply` and records the student id of each request. */
function answerDashboard(reply: () => Response | Promise<Response>) {
  const studentIds: string[] = [];
  server.use(
    http.get<{ studentId: string }, never, StudentDashboard>(`${API}/student/dashboard/:studentId`, ({ params }) => {
      studentIds.push(params.studentId);
      return reply();
    }),
  );
  return studentIds;
}

/** Answers the student call with `reply` and records the student id of each request. */
function answerStudent(reply: () => Response) {
  const studentIds: string[] = [];
  server.use(
    http.get<{ studentId: string }, never, Student>(`${API}/student/:studentId`, ({ params }) => {
      studentIds.push(params.studentId);
      return reply();
    }),
  );
  return studentIds;
}

const failure = () => HttpResponse.json({}, { status: 500 });

const countLink = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });

async function shownCounts() {
  const links = await Promise.all(
    [messages.enrolledCourses, messages.completedAssignments, messages.pendingAssignments].map(countLink),
  );
  return links.map((link) => [link.textContent, link.getAttribute('href')]);
}

const sidebar = () => screen.getByRole('navigation', { name: messages.areaNavLabel });

describe('student dashboard', () => {
  it("greets the student by name and shows the student's counts, each linking to its page", async () => {
    const dashboardFor = answerDashboard(() =>
      HttpResponse.json({ enrolled_courses: 3, complete_assignments: 5, pending_assignments: 2 }),
    );
    const studentFor = answerStudent(() => HttpResponse.json(fixtures.student));
    renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    expect(await screen.findByRole('heading', { level: 1, name: messages.dashboardTitle })).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeInTheDocument();
    expect(await shownCounts()).toEqual([
      [`3${messages.enrolledCourses}`, '/my-courses'],
      [`5${messages.completedAssignments}`, '/my-assignments/'],
      [`2${messages.pendingAssignments}`, '/my-assignments/'],
    ]);
    expect(dashboardFor).toEqual(['7']);
    expect(studentFor).toEqual(['7']);
  });

  it('shows skeletons while the counts load', async () => {
    let answer: (response: Response) => void = () => undefined;
    answerDashboard(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    expect(await screen.findByRole('status', { name: messages.loadingDashboard })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Enrolled Courses/ })).not.toBeInTheDocument();

    answer(HttpResponse.json({ enrolled_courses: 1, complete_assignments: 0, pending_assignments: 4 }));
    expect(await countLink(messages.enrolledCourses)).toHaveTextContent(`1${messages.enrolledCourses}`);
    expect(screen.queryByRole('status', { name: messages.loadingDashboard })).not.toBeInTheDocument();
  });

  it('shows 0 for a count the answer leaves out', async () => {
    answerDashboard(() => HttpResponse.json({ enrolled_courses: 4 }));
    renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    expect((await shownCounts()).map(([text]) => text)).toEqual([
      `4${messages.enrolledCourses}`,
      `0${messages.completedAssignments}`,
      `0${messages.pendingAssignments}`,
    ]);
  });

  it("opens the 'Error' popup when the counts fail, and loads them again on Retry", async () => {
    let fail = true;
    const dashboardFor = answerDashboard(() =>
      fail ? failure() : HttpResponse.json({ enrolled_courses: 2, complete_assignments: 1, pending_assignments: 0 }),
    );
    const { user } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    const popup = await screen.findByRole('dialog', { name: messages.errorTitle });
    expect(popup).toHaveTextContent(messages.dashboardFailed);
    expect(within(popup).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    fail = false;
    await user.click(within(popup).getByRole('button', { name: 'Retry' }));

    expect(await countLink(messages.enrolledCourses)).toHaveTextContent(`2${messages.enrolledCourses}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dashboardFor).toEqual(['7', '7']);
  });

  it('keeps the failure on the screen with Retry after the popup is closed, and opens it again on a new failure', async () => {
    const dashboardFor = answerDashboard(failure);
    const { user } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    await user.click(within(await screen.findByRole('dialog', { name: messages.errorTitle })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alert = within(screen.getByRole('main')).getByRole('alert');
    expect(alert).toHaveTextContent(messages.dashboardFailed);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog', { name: messages.errorTitle })).toHaveTextContent(messages.dashboardFailed);
    expect(dashboardFor).toEqual(['7', '7']);
  });

  it("says 'Failed to get student data' when the name cannot be read, greets without it, and reads it again on Retry", async () => {
    let fail = true;
    const studentFor = answerStudent(() => (fail ? failure() : HttpResponse.json(fixtures.student)));
    const { user } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    const alert = await within(await screen.findByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent(messages.studentFailed);
    expect(screen.getByText(`Welcome, ${messages.greetingFallbackName}`)).toBeInTheDocument();
    expect(await countLink(messages.enrolledCourses)).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByText(messages.studentFailed)).not.toBeInTheDocument();
    expect(studentFor).toEqual(['7', '7']);
  });
});

describe('student sidebar', () => {
  it('links the student pages and logout, marks the dashboard as current and has no Change Password entry', async () => {
    renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    await screen.findByRole('heading', { level: 1, name: messages.dashboardTitle });
    const links = within(sidebar()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [messages.dashboardLink, '/student-dashboard'],
      [messages.myCoursesLink, '/my-courses'],
      [messages.myAssignmentsLink, '/my-assignments/'],
      [messages.myTeachersLink, '/my-teachers'],
      [messages.profileSettingLink, '/profile-setting'],
      [messages.logoutLink, '/student-logout'],
    ]);
    expect(within(sidebar()).getByRole('link', { name: messages.dashboardLink })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /change password/i })).not.toBeInTheDocument();
  });

  it.each([
    [paths.myCourses, messages.myCoursesLink],
    [paths.myAssignments, messages.myAssignmentsLink],
    [paths.myTeachers, messages.myTeachersLink],
    [paths.profileSetting, messages.profileSettingLink],
  ])('frames %s too and marks %s as the current page', async (route, current) => {
    renderApp({ route, preloadedState: asStudent });

    expect(await within(await screen.findByRole('navigation', { name: messages.areaNavLabel })).findByRole('link', { name: current })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar()).getByRole('link', { name: messages.dashboardLink })).not.toHaveAttribute('aria-current');
  });

  it('goes to another page of the area from the sidebar', async () => {
    const { user, router } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    await user.click(await within(await screen.findByRole('navigation', { name: messages.areaNavLabel })).findByRole('link', { name: messages.myTeachersLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-teachers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teachers' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: messages.myTeachersLink })).toHaveAttribute('aria-current', 'page');
  });

  it('logs the student out from the sidebar', async () => {
    const { user, router, store } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });

    await user.click(await within(await screen.findByRole('navigation', { name: messages.areaNavLabel })).findByRole('link', { name: messages.logoutLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/student-login'));
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
  });
});
