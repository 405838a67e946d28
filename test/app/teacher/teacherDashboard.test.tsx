import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Teacher, TeacherDashboard } from '@/api/generated';
import { paths } from '@/config/paths';
import { teacherAreaMessages as messages } from '@/features/teacher/area/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(20_000);

const asTeacher = loggedInAs({ teacher: 4 });

/** Answers the dashboard call with `reply` and records the teacher id of each request. */
function answerDashboard(reply: () => Response | Promise<Response>) {
  const teacherIds: string[] = [];
  server.use(
    http.get<{ id: string }, never, TeacherDashboard>(`${API}/teacher/dashboard/:id`, ({ params }) => {
      teacherIds.push(params.id);
      return reply();
    }),
  );
  return teacherIds;
}

/** Answers the teacher call with `reply` and records the teacher id of each request. */
function answerTeacher(reply: () => Response) {
  const teacherIds: string[] = [];
  server.use(
    http.get<{ id: string }, never, Teacher>(`${API}/teacher/:id`, ({ params }) => {
      teacherIds.push(params.id);
      return reply();
    }),
  );
  return teacherIds;
}

const failure = () => HttpResponse.json({}, { status: 500 });

const countLink = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });

async function shownCounts() {
  const links = await Promise.all([messages.totalCourses, messages.totalStudents, messages.totalChapters].map(countLink));
  return links.map((link) => [link.textContent, link.getAttribute('href')]);
}

const sidebar = () => screen.getByRole('navigation', { name: messages.areaNavLabel });
const findSidebar = () => screen.findByRole('navigation', { name: messages.areaNavLabel });

describe('teacher dashboard', () => {
  it("greets the teacher by first name and shows the teacher's counts, each linking to its page", async () => {
    const dashboardFor = answerDashboard(() =>
      HttpResponse.json({ total_teacher_courses: 3, total_teacher_students: 14, total_teacher_chapters: 9 }),
    );
    const teacherFor = answerTeacher(() => HttpResponse.json(fixtures.teacher));
    renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    expect(await screen.findByRole('heading', { level: 1, name: messages.dashboardTitle })).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Amara')).toBeInTheDocument();
    expect(await shownCounts()).toEqual([
      [`3${messages.totalCourses}`, '/teacher-courses'],
      [`14${messages.totalStudents}`, '/my-students'],
      [`9${messages.totalChapters}`, '/teacher-courses'],
    ]);
    expect(dashboardFor).toEqual(['4']);
    expect(teacherFor).toEqual(['4']);
  });

  it("greets with 'Welcome, Teacher' when the teacher has no name", async () => {
    answerTeacher(() => HttpResponse.json({ ...fixtures.teacher, full_name: '  ' }));
    renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    expect(await screen.findByText('Welcome, Teacher')).toBeInTheDocument();
    expect(screen.queryByText(messages.teacherFailed)).not.toBeInTheDocument();
  });

  it('shows skeletons while the counts load', async () => {
    let answer: (response: Response) => void = () => undefined;
    answerDashboard(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    expect(await screen.findByRole('status', { name: messages.loadingDashboard })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Total Courses/ })).not.toBeInTheDocument();

    answer(HttpResponse.json({ total_teacher_courses: 6, total_teacher_students: 0, total_teacher_chapters: 2 }));
    expect(await countLink(messages.totalCourses)).toHaveTextContent(`6${messages.totalCourses}`);
    expect(screen.queryByRole('status', { name: messages.loadingDashboard })).not.toBeInTheDocument();
  });

  it('shows 0 for a count the answer leaves out', async () => {
    answerDashboard(() => HttpResponse.json({ total_teacher_students: 8 }));
    renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    expect((await shownCounts()).map(([text]) => text)).toEqual([
      `0${messages.totalCourses}`,
      `8${messages.totalStudents}`,
      `0${messages.totalChapters}`,
    ]);
  });

  it("opens the 'Error' popup when the counts fail, and loads them again on Retry", async () => {
    let fail = true;
    const dashboardFor = answerDashboard(() =>
      fail ? failure() : HttpResponse.json({ total_teacher_courses: 1, total_teacher_students: 2, total_teacher_chapters: 3 }),
    );
    const { user } = renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    const popup = await screen.findByRole('dialog', { name: messages.errorTitle });
    expect(popup).toHaveTextContent(messages.dashboardFailed);
    expect(within(popup).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    fail = false;
    await user.click(within(popup).getByRole('button', { name: 'Retry' }));

    expect(await countLink(messages.totalChapters)).toHaveTextContent(`3${messages.totalChapters}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dashboardFor).toEqual(['4', '4']);
  });

  it('keeps the failure on the screen with Retry after the popup is closed', async () => {
    const dashboardFor = answerDashboard(failure);
    const { user } = renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    await user.click(within(await screen.findByRole('dialog', { name: messages.errorTitle })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alert = within(screen.getByRole('main')).getByRole('alert');
    expect(alert).toHaveTextContent(messages.dashboardFailed);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog', { name: messages.errorTitle })).toHaveTextContent(messages.dashboardFailed);
    expect(dashboardFor).toEqual(['4', '4']);
  });

  it("says 'Failed to get teacher data' and greets with 'Welcome, Teacher' when the name cannot be read; Retry reads it again", async () => {
    let fail = true;
    const teacherFor = answerTeacher(() => (fail ? failure() : HttpResponse.json(fixtures.teacher)));
    const { user } = renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    const alert = await within(await screen.findByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent(messages.teacherFailed);
    expect(screen.getByText('Welcome, Teacher')).toBeInTheDocument();
    expect(await countLink(messages.totalCourses)).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Welcome, Amara')).toBeInTheDocument();
    expect(screen.queryByText(messages.teacherFailed)).not.toBeInTheDocument();
    expect(teacherFor).toEqual(['4', '4']);
  });
});

describe('teacher sidebar', () => {
  it('links the teacher pages and logout and marks the dashboard as current', async () => {
    renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    const links = within(await findSidebar()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [messages.dashboardLink, '/teacher-dashboard'],
      [messages.coursesLink, '/teacher-courses'],
      [messages.addCourseLink, '/add-course'],
      [messages.myStudentsLink, '/my-students'],
      [messages.profileSettingLink, '/teacher-profile-setting'],
      [messages.changePasswordLink, '/teacher-change-password'],
      [messages.logoutLink, '/teacher-logout'],
    ]);
    expect(within(sidebar()).getByRole('link', { name: messages.dashboardLink })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it.each([
    [paths.teacherCourses, messages.coursesLink],
    [paths.addCourse, messages.addCourseLink],
    [paths.myStudents, messages.myStudentsLink],
    [paths.teacherProfileSetting, messages.profileSettingLink],
    [paths.teacherChangePassword, messages.changePasswordLink],
  ])('frames %s too and marks %s as the current page', async (route, current) => {
    renderApp({ route, preloadedState: asTeacher });

    expect(await within(await findSidebar()).findByRole('link', { name: current })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: messages.dashboardLink })).not.toHaveAttribute('aria-current');
  });

  it('frames the pages reached from the courses, with no sidebar entry marked', async () => {
    renderApp({ route: paths.courseChapters(1), preloadedState: asTeacher });

    const links = within(await findSidebar()).getAllByRole('link');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('logs the teacher out from the sidebar', async () => {
    const { user, router, store } = renderApp({ route: paths.teacherDashboard, preloadedState: asTeacher });

    await user.click(within(await findSidebar()).getByRole('link', { name: messages.logoutLink }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-login'));
    expect(store.getState().teacher).toEqual({ loggedIn: false, id: null });
  });
});
