import { screen, within } from '@testing-library/react';
import { paths, patterns } from '@/config/paths';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { EnrolledStudentsPage } from '@/features/teacher/students/EnrolledStudentsPage';
import { MyStudentsPage } from '@/features/teacher/students/MyStudentsPage';
import { ViewStudentPage } from '@/features/teacher/students/ViewStudentPage';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

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

const table = () => screen.findByRole('table', { name: 'Students' });

const renderEnrolled = (route: string) => renderRoute(patterns.enrolledStudents, <EnrolledStudentsPage />, { route, preloadedState: asTeacher });
const renderMyStudents = () => renderRoute(patterns.myStudents, <MyStudentsPage />, { preloadedState: asTeacher });
const renderStudent = (id: number) => renderRoute(patterns.viewStudent, <ViewStudentPage />, { route: paths.viewStudent(id), preloadedState: asTeacher });

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
    renderEnrolled(paths.enrolledStudents(1));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enrolled Students List' })).toBeInTheDocument();
    expect(await rows()).toEqual([['Ada Lovelace', 'student@academy.test', 'ada']]);
    expect(screen.getByRole('link', { name: 'View Ada Lovelace' })).toHaveAttribute('href', '/view-student/7');
    expect(screen.getByRole('link', { name: 'View Ada Lovelace' })).toHaveTextContent(/^View$/);
    expect(await screen.findByText('Students enrolled in Yoruba for Beginners')).toBeInTheDocument();
    expect(calls.map((call) => call.params.course_id)).toEqual(['1']);
  });

  it('says so when nobody is enrolled yet', async () => {
    mockDb.enrolments = [];
    renderEnrolled(paths.enrolledStudents(1));

    expect(await screen.findByText('No student is enrolled in this course yet.')).toBeInTheDocument();
  });

  it("shows the provider's refusal for another teacher's course, and Retry", async () => {
    failEndpoint('fetchEnrolledStudents', 403, { msg: 'You are not allowed to access this data.' });
    renderApp({ route: paths.enrolledStudents(2), preloadedState: asTeacher });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are not allowed to access this data.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('explains a link that names no course', async () => {
    renderEnrolled('/enrolled-students/abc');

    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not name a course.');
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
    renderMyStudents();

    expect(await screen.findByRole('heading', { level: 1, name: 'All of my Students' })).toBeInTheDocument();
    expect(await rows()).toEqual([
      ['Ada Lovelace', 'student@academy.test', 'ada'],
      ['Kofi Mensah', 'kofi@academy.test', 'kofi'],
    ]);
  });

  it('shows each student once from the mocked provider too', async () => {
    arrangeTwoCourses();
    renderMyStudents();

    expect((await rows()).map(([name]) => name)).toEqual(['Ada Lovelace', 'Kofi Mensah']);
  });

  it("links each student's Assignments and Add Assignment pages, their own page and their conversation", async () => {
    renderMyStudents();

    const row = within(await table()).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Assignments of Ada Lovelace' })).toHaveAttribute('href', '/show-assignment/7/4');
    expect(within(row).getByRole('link', { name: 'Add Assignment for Ada Lovelace' })).toHaveAttribute('href', '/add-assignment/7/4');
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/view-student/7');
    // The conversation itself is covered by test/app/messaging/myStudents.test.tsx.
    expect(within(row).getByRole('link', { name: 'Message Ada Lovelace' })).toHaveAttribute('href', paths.teacherConversation(7));
  });

  it("shows each student's progress over the teacher's courses: chapters watched of the total, with a bar, and the last activity", async () => {
    arrangeTwoCourses();
    arrangeProgress();
    renderMyStudents();

    const ada = await screen.findByRole('progressbar', { name: 'Progress of Ada Lovelace' });
    expect(ada).toHaveAttribute('aria-valuetext', '1 of 2 chapters');
    expect(ada).toHaveAttribute('aria-valuenow', '50');
    const [adaRow, kofiRow] = within(await table()).getAllByRole('row').slice(1);
    expect(adaRow).toHaveTextContent('Last active 3 days ago');
    expect(kofiRow).toHaveTextContent('0 of 2 chapters');
    expect(kofiRow).toHaveTextContent('No activity yet');
    expect(within(await table()).getByRole('columnheader', { name: 'Progress' })).toBeInTheDocument();
  });

  it('has no Progress column on a provider without progress (404)', async () => {
    failEndpoint('listTeacherStudentsProgress', 404);
    renderMyStudents();

    expect(await rows()).toEqual([['Ada Lovelace', 'student@academy.test', 'ada']]);
    expect(screen.queryByRole('columnheader', { name: 'Progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Progress of Ada Lovelace' })).not.toBeInTheDocument();
  });

  it('says so when no student is enrolled in any course', async () => {
    mockDb.enrolments = [];
    renderMyStudents();
    expect(await screen.findByText('No student is enrolled in your courses yet.')).toBeInTheDocument();
  });

});

describe('one student', () => {
  it("shows name, e-mail, username, interests, the teacher's courses they take and their assignments with status", async () => {
    arrangeTwoCourses();
    const calls = recordCalls('getTeacherStudent');
    renderStudent(7);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(calls.map((call) => call.params)).toEqual([{ teacher_id: '4', student_id: '7' }]);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms.map((term, index) => [term, definitions[index]])).toEqual([
      ['Email', 'student@academy.test'],
      ['Username', 'ada'],
      ['Interests', 'Yoruba'],
    ]);

    const courses = screen.getByRole('region', { name: 'Enrolled in your courses' });
    expect(within(courses).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Yoruba for Beginners', '/enrolled-students/1'],
      ['Yoruba Conversation', '/enrolled-students/3'],
    ]);

    const assignments = await within(screen.getByRole('region', { name: 'Assignments from you' })).findByRole('list');
    const items = within(assignments).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Write five greetings');
    expect(items[0]).toHaveTextContent('Pending');
    expect(items[1]).toHaveTextContent('Count to ten');
    expect(items[1]).toHaveTextContent('Completed');

    expect(screen.getByRole('link', { name: 'Add Assignment' })).toHaveAttribute('href', '/add-assignment/7/4');
    expect(screen.getByRole('link', { name: 'Assignments' })).toHaveAttribute('href', '/show-assignment/7/4');
  });

  it('shows, for each of the teacher\'s courses, chapters watched of the total, the enrolment date and the last activity', async () => {
    arrangeTwoCourses();
    arrangeProgress();
    renderStudent(7);

    const courses = await screen.findByRole('region', { name: 'Enrolled in your courses' });
    const [first, second] = within(courses).getAllByRole('listitem');
    const bar = within(first!).getByRole('progressbar', { name: 'Progress in Yoruba for Beginners' });
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 chapters watched');
    expect(first).toHaveTextContent('Enrolled 1 Jan 2024 · Last active 3 days ago');
    // A course without chapters has no bar; its enrolment is dated.
    expect(within(second!).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Enrolled 1 Oct 2026 · No activity yet');
  });

  it('lists the courses as before on a provider that does not tell the progress', async () => {
    mockEndpoint('getTeacherStudent', () => ({ student: fixtures.student, courses: [{ id: 1, title: 'Yoruba for Beginners' }] }));
    renderStudent(7);

    const courses = await screen.findByRole('region', { name: 'Enrolled in your courses' });
    expect(within(courses).getByRole('listitem')).toHaveTextContent(/^Yoruba for Beginners$/);
    expect(within(courses).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the student is not among the teacher\'s when the provider refuses (403)', async () => {
    mockDb.students.push(kofi); // enrolled in none of Amara's courses
    renderStudent(8);

    expect(await screen.findByRole('alert')).toHaveTextContent('This student is not among your students: they are not enrolled in any of your courses.');
    expect(screen.getByRole('link', { name: 'Back to All of my Students' })).toHaveAttribute('href', '/my-students');
    expect(screen.queryByRole('link', { name: 'Add Assignment' })).not.toBeInTheDocument();
  });

  it('says there is no such student (404)', async () => {
    renderStudent(99);

    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such student.');
  });

  it('says when the teacher has given the student no assignment yet', async () => {
    mockDb.assignments = [];
    renderStudent(7);

    // The spec's 'No asignment for this student.', its misspelling corrected (docs/deviations.md, 8).
    expect(await screen.findByText('No assignment for this student.')).toBeInTheDocument();
  });

  it('is opened from the enrolled-students list', async () => {
    const { user } = renderEnrolled(paths.enrolledStudents(1));

    await user.click(await screen.findByRole('link', { name: 'View Ada Lovelace' }));

    // The student's page itself is checked above.
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/view-student/7');
  });
});
