import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { TeacherInboxPage } from '@/features/messaging/InboxPage';
import { TeacherAreaLayout } from '@/features/teacher/area/TeacherAreaLayout';
import { MyStudentsPage } from '@/features/teacher/students/MyStudentsPage';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp, renderRoute, renderWithProviders } from '@test/render';

/** The fixtures: teacher 4 (Amara Obi) teaches course 1, where student 7 (Ada Lovelace) is enrolled. */
const asTeacher = loggedInAs({ teacher: 4 });

const openMyStudents = () => renderRoute(patterns.myStudents, <MyStudentsPage />, { preloadedState: asTeacher });
/** With the area's menu, for its count of unread messages. */
const openInArea = () =>
  renderWithProviders(
    <Routes>
      <Route element={<TeacherAreaLayout />}>
        <Route path={patterns.myStudents} element={<MyStudentsPage />} />
      </Route>
    </Routes>,
    { route: paths.myStudents, preloadedState: asTeacher },
  );
const table = () => screen.findByRole('table', { name: 'Students' });
const rowOf = (name: string) => screen.findByRole('row', { name: (rowName) => rowName.startsWith(`${name} `) });
const sidebar = () => screen.findByRole('navigation', { name: 'Teacher area' });

function studentWrites(text: string) {
  mockDb.messages.push({ id: mockDb.messages.length + 1, teacher: 4, student: 7, msg_text: text, msg_from: 'student', msg_time: new Date().toISOString(), read: false });
}

describe("messaging on the teacher's side", () => {
  it("opens the conversation's page from the row's Message action", async () => {
    const { user } = openMyStudents();

    const message = within(await rowOf('Ada Lovelace')).getByRole('link', { name: 'Message Ada Lovelace' });
    expect(message).toHaveAttribute('href', paths.teacherConversation(7));
    await user.click(message);
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent(paths.teacherConversation(7));
  });

  it('writes in the conversation as the teacher', async () => {
    const sent: Record<string, string | File>[] = [];
    mockEndpoint('sendMessage', async ({ request, params }) => {
      sent.push({ ...(await sentFields(request)), ...params });
      return { bool: true, msg: 'Message has been sent.' };
    });
    const { user } = renderRoute(patterns.teacherConversation, <TeacherInboxPage />, { route: paths.teacherConversation(7), preloadedState: asTeacher });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Conversation with Ada Lovelace' });
    expect(await within(log).findByText('Thank you!')).toBeInTheDocument();
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^You/);
    expect(second).toHaveTextContent(/^Ada Lovelace/);

    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('See you on Monday');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message has been sent.')).toBeInTheDocument();
    expect(sent).toEqual([{ msg_text: 'See you on Monday', msg_from: 'teacher', teacher_id: '4', student_id: '7' }]);
  });

  it("sends 'Send message to All Students' as the teacher from a 10-row box", async () => {
    const sent: Record<string, string | File>[] = [];
    mockEndpoint('sendGroupMessage', async ({ request, params }) => {
      sent.push({ ...(await sentFields(request)), ...params });
      return { bool: 'True' as const, msg: 'Message has been sent to 1 student.', recipients: 1 };
    });
    const { user } = openMyStudents();

    await user.click(await screen.findByRole('button', { name: 'Send message to All Students' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send message to All Students' });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('rows', '10');
    expect(box).toHaveFocus();
    await user.click(box);
    await user.paste('No class on Monday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Message has been sent to 1 student.');
    expect(sent).toEqual([{ msg_text: 'No class on Monday.', msg_from: 'teacher', teacherId: '4' }]);
    expect(box).toHaveValue('');
  });

  it("says why an original backend's 500 may come back for a group message, and keeps the draft", async () => {
    mockEndpoint('sendGroupMessage', { status: 500, body: '<h1>Server Error (500)</h1>' });
    const { user } = openMyStudents();

    await user.click(await screen.findByRole('button', { name: 'Send message to All Students' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send message to All Students' });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('No class on Monday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The message could not be sent: the server ran into a problem. Providers built on the original academy backend answer so when none of your courses has a student yet.',
    );
    expect(box).toHaveValue('No class on Monday.');
  });

  it('shows the unread messages of each student and their total in the sidebar', async () => {
    studentWrites('Question one');
    studentWrites('Question two');
    openInArea();

    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toContain('Unread messages');
    expect(await within(await rowOf('Ada Lovelace')).findByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(await sidebar()).getByRole('link', { name: 'Messages 2 unread messages' })).toHaveAttribute('href', paths.teacherMessages);
  });

  it('shows no unread column and no error on a provider without counts', async () => {
    failEndpoint('getTeacherUnreadMessages', 404);
    openMyStudents();

    await rowOf('Ada Lovelace');
    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).not.toContain('Unread messages');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // The whole app: the conversation page, reached by its link, takes the focus to its heading.
  it('opens the conversation from the View Student page', async () => {
    const { user } = renderApp({ route: paths.viewStudent(7), preloadedState: asTeacher });

    const link = await screen.findByRole('link', { name: 'Send message' });
    expect(link).toHaveAttribute('href', paths.teacherConversation(7));
    await user.click(link);
    const log = await screen.findByRole('log', { name: 'Conversation with Ada Lovelace' });
    expect(await within(log).findByText('Welcome to the course!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toHaveFocus();
  });
});
