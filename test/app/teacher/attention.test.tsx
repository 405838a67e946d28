import { screen, waitFor, within } from '@testing-library/react';
import { paths, patterns } from '@/config/paths';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute } from '@test/render';

/** The fixtures: teacher 4 (Amara Obi) teaches course 1 (Yoruba for Beginners), where student 7 (Ada Lovelace) enrolled long ago. */
const asTeacher = loggedInAs({ teacher: 4 });
const open = () => renderRoute(patterns.teacherDashboard, <TeacherDashboardPage />, { preloadedState: asTeacher });

/** The same time of day `days` calendar days ago. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return date.toISOString();
}

const attention = () => screen.findByRole('region', { name: 'Needs your attention' });
const coursesCount = () => screen.findByRole('link', { name: /^\d+ Total Courses$/ });

describe('what needs the teacher’s attention', () => {
  it('opens the dashboard, above the counts, on unread messages, this week’s enrolments and students inactive for 14 days, each linking to the student', async () => {
    // Ada watched a chapter 20 days ago and wrote a message not read yet; Kofi enrolled two days ago.
    mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers' });
    mockDb.progress.push({ student: 7, chapter: 11, position: 60, watched: true, updated_at: daysAgo(20) });
    mockDb.students.push({ id: 8, full_name: 'Kofi Mensah', email: 'kofi@academy.test', username: 'kofi' });
    mockDb.enrolments.push({ id: 2, course: 1, student: 8, enrolled_at: daysAgo(2) });
    mockDb.messages.push({ id: 3, teacher: 4, student: 7, msg_text: 'A question', msg_from: 'student', msg_time: daysAgo(0), read: false });
    open();

    const section = await attention();
    expect(section.compareDocumentPosition(await coursesCount()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const unread = await within(section).findByRole('region', { name: 'Unread messages' });
    expect(within(unread).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    expect(unread).toHaveTextContent('1 unread message');
    expect(within(unread).getByRole('link', { name: 'Message Ada Lovelace' })).toBeInTheDocument();

    const fresh = within(section).getByRole('region', { name: 'New enrolments this week' });
    expect(within(fresh).getByRole('link', { name: 'Kofi Mensah' })).toHaveAttribute('href', paths.viewStudent(8));
    expect(fresh).toHaveTextContent('Yoruba for Beginners · enrolled 2 days ago');

    const idle = within(section).getByRole('region', { name: 'No activity for 14 days' });
    expect(within(idle).getAllByRole('listitem')).toHaveLength(1);
    expect(within(idle).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    expect(idle).toHaveTextContent('Yoruba for Beginners · last active 20 days ago');
    expect(within(idle).getByRole('link', { name: 'Message Ada Lovelace' })).toBeInTheDocument();
  });

  it('says nothing needs attention when all the lists are empty', async () => {
    mockDb.progress.push({ student: 7, chapter: 11, position: 60, watched: true, updated_at: daysAgo(1) });
    // No answer waits for feedback.
    mockDb.assignments = mockDb.assignments.filter((assignment) => !assignment.student_status);
    open();

    expect(await within(await attention()).findByText('Nothing needs your attention right now.')).toBeInTheDocument();
  });

  it('offers Retry when it cannot be read, and says how many there are when a list is cut short', async () => {
    const entry = { student: { id: 7, full_name: 'Ada Lovelace' }, course: { id: 1, title: 'Yoruba for Beginners' }, enrolled_at: daysAgo(30), last_activity: null };
    mockEndpoint('getTeacherAttention', () => ({ new_enrolments_total: 0, new_enrolments: [], inactive_students_total: 25, inactive_students: [entry] }));
    failEndpoint('getTeacherAttention', 500, { once: true });
    const { user } = open();

    const section = await attention();
    await user.click(within(await within(section).findByRole('alert')).getByRole('button', { name: 'Retry' }));

    const idle = await within(section).findByRole('region', { name: 'No activity for 14 days' });
    expect(idle).toHaveTextContent('Yoruba for Beginners · never started');
    expect(idle).toHaveTextContent('1 of 25 shown.');
    expect(within(idle).getByRole('link', { name: 'See All of my Students' })).toHaveAttribute('href', paths.myStudents);
  });

  it('shows nothing of it on a provider without it (404)', async () => {
    failEndpoint('getTeacherAttention', 404);
    open();

    expect(await coursesCount()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading what needs your attention' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Needs your attention' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
