import { screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { teacherStudentMessages as messages } from '@/features/teacher/students/studentMessages';
import { teacherAssignmentMessages } from '@/features/teacher/assignments/assignmentMessages';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asTeacher = loggedInAs({ teacher: 4 });

const kofi = { id: 8, full_name: 'Kofi Mensah', email: 'kofi@academy.test', username: 'kofi', interested_categories: '' };

/**
 * Teacher 4 (Amara Obi) gets a second course; Ada (7) is enrolled in both of Amara's courses,
 * Kofi (8) in the second only.
 */
function arrangeTwoCourses() {
  mockDb.courses.push({ ...fixtures.paidCourse, id: 3, title: 'Yoruba Conversation', course_chapters: [] });
  mockDb.students.push(kofi);
  mockDb.enrolments.push({ id: 2, course: 3, student: 7 }, { id: 3, course: 3, student: 8 });
}

/** The same time of day `days` calendar days ago. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return date.toISOString();
}

/**
 * Course 1 gets a second chapter; Ada (enrolled long ago) watched its first 3 days ago; Kofi's
 * enrolment in course 3 (which has no chapters) is dated 1 October 2026 (call after arrangeTwoCourses).
 */
function arrangeProgress() {
  mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers' });
  mockDb.progress.push({ student: 7, chapter: 11, position: 60, watched: true, updated_at: daysAgo(3) });
  mockDb.enrolments = mockDb.enrolments.map((enrolment) => (enrolment.course === 3 ? { ...enrolment, enrolled_at: '2026-10-01T09:00:00.000Z' } : enrolment));
  // Kofi also takes course 1, with nothing watched.
  mockDb.enrolments.push({ id: 4, course: 1, student: 8 });
}

const table = () => screen.findByRole('table', { name: messages.studentsTableLabel });

/** The rows of the table as [name, e-mail, username] (the header row left out). */
async function rows() {
  const [, ...body] = within(await table()).getAllByRole('row');
  return body.map((row) => {
    const [name] = within(row).getAllByRole('rowheader');
    const [email, username] = within(row).getAllByRole('cell');
    return [name!.textContent, email!.textContent, username!.textContent];
  });
}

describe('enrolled students of a course', () => {
  it("lists name, e-mail and username with a View link to the student's page", async () => {
    const calls = recordCalls('fetchEnrolledStudents');
    renderApp({ route: paths.enrolledStudents(1), preloadedState: asTeacher });

    expect(await screen.findByRole('heading', { level: 1, name: messages.enrolledStudentsTitle })).toBeInTheDocument();
    expect(await rows()).toEqual([['Ada Lovelace', 'student@academy.test', 'ada']]);
    expect(screen.getByRole('link', { name: messages.viewStudent('Ada Lovelace') })).toHaveAttribute('href', paths.viewStudent(7));
    expect(screen.getByRole('link', { name: messages.viewStudent('Ada Lovelace') })).toHaveTextContent(messages.viewLink);
    expect(await screen.findByText(messages.enrolledStudentsOf('Yoruba for Beginners'))).toBeInTheDocument();
    expect(calls.map((call) => call.params.course_id)).toEqual(['1']);
  });

  it('says so when nobody is enrolled yet', async () => {
    mockDb.enrolments = [];
    renderApp({ route: paths.enrolledStudents(1), preloadedState: asTeacher });

    expect(await screen.findByText(messages.noEnrolledStudents)).toBeInTheDocument();
  });

  it("shows the provider's refusal for another teacher's course, and Retry", async () => {
    failEndpoint('fetchEnrolledStudents', 403, { msg: 'You are not allowed to access this data.' });
    renderApp({ route: paths.enrolledStudents(2), preloadedState: asTeacher });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are not allowed to access this data.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('explains a link that names no course', async () => {
    renderApp({ route: '/enrolled-students/abc', preloadedState: asTeacher });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCourseLink);
  });
});

describe('all of my students', () => {
  it('shows each student once, however many of the courses they take, as the provider sends one record per enrolment', async () => {
    arrangeTwoCourses();
    // A provider that answers one record per enrolment rather than per student.
    mockEndpoint('fetchAllEnrolledStudents', () => [
      { id: 1, student: fixtures.student },
      { id: 2, student: fixtures.student },
      { id: 3, student: kofi },
    ]);
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });

    expect(await screen.findByRole('heading', { level: 1, name: messages.myStudentsTitle })).toBeInTheDocument();
    expect(await rows()).toEqual([
      ['Ada Lovelace', 'student@academy.test', 'ada'],
      ['Kofi Mensah', 'kofi@academy.test', 'kofi'],
    ]);
  });

  it('shows each student once from the mocked provider too', async () => {
    arrangeTwoCourses();
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });

    expect((await rows()).map(([name]) => name)).toEqual(['Ada Lovelace', 'Kofi Mensah']);
  });

  it("links each student's Assignments and Add Assignment pages, their own page and their conversation", async () => {
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });

    const row = within(await table()).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: messages.assignmentsOf('Ada Lovelace') })).toHaveAttribute('href', paths.showAssignment(7, 4));
    expect(within(row).getByRole('link', { name: messages.addAssignmentFor('Ada Lovelace') })).toHaveAttribute('href', paths.addAssignment(7, 4));
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    // The conversation itself is covered by test/app/messaging/myStudents.test.tsx.
    expect(within(row).getByRole('link', { name: 'Message Ada Lovelace' })).toHaveAttribute('href', paths.teacherConversation(7));
  });

  it("shows each student's progress over the teacher's courses: chapters watched of the total, with a bar, and the last activity", async () => {
    arrangeTwoCourses();
    arrangeProgress();
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });

    const ada = await screen.findByRole('progressbar', { name: messages.progressOf('Ada Lovelace') });
    expect(ada).toHaveAttribute('aria-valuetext', messages.chaptersOf(1, 2));
    expect(ada).toHaveAttribute('aria-valuenow', '50');
    const [adaRow, kofiRow] = within(await table()).getAllByRole('row').slice(1);
    expect(adaRow).toHaveTextContent(messages.lastActive('3 days ago'));
    expect(kofiRow).toHaveTextContent(messages.chaptersOf(0, 2));
    expect(kofiRow).toHaveTextContent(messages.noActivity);
    expect(within(await table()).getByRole('columnheader', { name: messages.progressColumn })).toBeInTheDocument();
  });

  it('has no Progress column on a provider without progress (404)', async () => {
    failEndpoint('listTeacherStudentsProgress', 404);
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });

    expect(await rows()).toEqual([['Ada Lovelace', 'student@academy.test', 'ada']]);
    expect(screen.queryByRole('columnheader', { name: messages.progressColumn })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: messages.progressOf('Ada Lovelace') })).not.toBeInTheDocument();
  });

  it('says so when no student is enrolled in any course', async () => {
    mockDb.enrolments = [];
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });
    expect(await screen.findByText(messages.noStudents)).toBeInTheDocument();
  });

});

describe('one student', () => {
  it("shows name, e-mail, username, interests, the teacher's courses they take and their assignments with status", async () => {
    arrangeTwoCourses();
    const calls = recordCalls('getTeacherStudent');
    renderApp({ route: paths.viewStudent(7), preloadedState: asTeacher });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(calls.map((call) => call.params)).toEqual([{ teacher_id: '4', student_id: '7' }]);
    const main = screen.getByRole('main');
    const terms = within(main).getAllByRole('term').map((term) => term.textContent);
    const definitions = within(main).getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms.map((term, index) => [term, definitions[index]])).toEqual([
      [messages.emailLabel, 'student@academy.test'],
      [messages.usernameLabel, 'ada'],
      [messages.interestsLabel, 'Yoruba'],
    ]);

    const courses = screen.getByRole('region', { name: messages.studentCoursesHeading });
    expect(within(courses).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Yoruba for Beginners', paths.enrolledStudents(1)],
      ['Yoruba Conversation', paths.enrolledStudents(3)],
    ]);

    const assignments = await within(screen.getByRole('region', { name: messages.studentAssignmentsHeading })).findByRole('list');
    const items = within(assignments).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Write five greetings');
    expect(items[0]).toHaveTextContent(teacherAssignmentMessages.pendingBadge);
    expect(items[1]).toHaveTextContent('Count to ten');
    expect(items[1]).toHaveTextContent(teacherAssignmentMessages.completedBadge);

    expect(screen.getByRole('link', { name: messages.addAssignmentLink })).toHaveAttribute('href', paths.addAssignment(7, 4));
    expect(screen.getByRole('link', { name: messages.assignmentsLink })).toHaveAttribute('href', paths.showAssignment(7, 4));
  });

  it('shows, for each of the teacher\'s courses, chapters watched of the total, the enrolment date and the last activity', async () => {
    arrangeTwoCourses();
    arrangeProgress();
    renderApp({ route: paths.viewStudent(7), preloadedState: asTeacher });

    const courses = await screen.findByRole('region', { name: messages.studentCoursesHeading });
    const [first, second] = within(courses).getAllByRole('listitem');
    const bar = within(first!).getByRole('progressbar', { name: messages.progressIn('Yoruba for Beginners') });
    expect(bar).toHaveAttribute('aria-valuetext', messages.chaptersWatched(1, 2));
    expect(first).toHaveTextContent(`${messages.enrolledOn('1 Jan 2024')} · ${messages.lastActive('3 days ago')}`);
    // A course without chapters has no bar; its enrolment is dated.
    expect(within(second!).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(second).toHaveTextContent(`${messages.enrolledOn('1 Oct 2026')} · ${messages.noActivity}`);
  });

  it('lists the courses as before on a provider that does not tell the progress', async () => {
    mockEndpoint('getTeacherStudent', () => ({ student: fixtures.student, courses: [{ id: 1, title: 'Yoruba for Beginners' }] }));
    renderApp({ route: paths.viewStudent(7), preloadedState: asTeacher });

    const courses = await screen.findByRole('region', { name: messages.studentCoursesHeading });
    expect(within(courses).getByRole('listitem')).toHaveTextContent(/^Yoruba for Beginners$/);
    expect(within(courses).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the student is not among the teacher\'s when the provider refuses (403)', async () => {
    mockDb.students.push(kofi); // enrolled in none of Amara's courses
    renderApp({ route: paths.viewStudent(8), preloadedState: asTeacher });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.notYourStudent);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: messages.backToMyStudents })).toHaveAttribute('href', paths.myStudents);
    expect(within(main).queryByRole('link', { name: messages.addAssignmentLink })).not.toBeInTheDocument();
  });

  it('says there is no such student (404)', async () => {
    renderApp({ route: paths.viewStudent(99), preloadedState: asTeacher });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.studentNotFound);
  });

  it('says when the teacher has given the student no assignment yet', async () => {
    mockDb.assignments = [];
    renderApp({ route: paths.viewStudent(7), preloadedState: asTeacher });

    expect(await screen.findByText(teacherAssignmentMessages.noAssignmentForStudent)).toBeInTheDocument();
  });

  it('is opened from the enrolled-students list', async () => {
    const { user, router } = renderApp({ route: paths.enrolledStudents(1), preloadedState: asTeacher });

    await user.click(await screen.findByRole('link', { name: messages.viewStudent('Ada Lovelace') }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.viewStudent(7));
  });
});
