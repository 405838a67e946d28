import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { StudentInboxPage } from '@/features/messaging/InboxPage';
import { MyTeachersPage } from '@/features/student/area/MyTeachersPage';
import { StudentAreaLayout } from '@/features/student/area/StudentAreaLayout';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp, renderRoute, renderWithProviders } from '@test/render';

/** The fixtures: student 7 (Ada Lovelace) is in course 1, 'Yoruba for Beginners', taught by Amara Obi (teacher 4). */
const asStudent = loggedInAs({ student: 7 });

/** Our texts for My Teachers (the spec fixes its title). */
const messages = {
  noTeachersYet: 'You have no teachers yet: enrol in a course to meet its teacher.',
  groupToTeachers: 'Message all my teachers',
};

const openMyTeachers = () => renderRoute(patterns.myTeachers, <MyTeachersPage />, { preloadedState: asStudent });
/** With the area's menu, for its count of unread messages, and the conversation a Chat link opens. */
const openInArea = () =>
  renderWithProviders(
    <Routes>
      <Route element={<StudentAreaLayout />}>
        <Route path={patterns.myTeachers} element={<MyTeachersPage />} />
        <Route path={patterns.studentConversation} element={<StudentInboxPage />} />
      </Route>
    </Routes>,
    { route: paths.myTeachers, preloadedState: asStudent },
  );
/** The whole app, where the focus a navigation moves to the new screen's heading is checked. */
const openApp = () => renderApp({ route: paths.myTeachers, preloadedState: asStudent });
const table = () => screen.findByRole('table', { name: 'My teachers' });
const rowOf = (name: string) => screen.findByRole('row', { name: (rowName) => rowName.startsWith(`${name} `) });
const sidebar = () => screen.findByRole('navigation', { name: 'Student area' });

function unreadFromTeacher(count: number) {
  for (let index = 0; index < count; index += 1) {
    mockDb.messages.push({
      id: 100 + index,
      teacher: 4,
      student: 7,
      msg_text: `Unread ${index + 1}`,
      msg_from: 'teacher',
      msg_time: '2024-11-21T09:00:00Z',
      read: false,
    });
  }
}

describe('my teachers', () => {
  it('lists each teacher once, linked, with the courses they teach the student, the unread count and Chat', async () => {
    openMyTeachers();

    expect(await screen.findByRole('heading', { level: 1, name: 'My Teachers' })).toBeInTheDocument();
    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Teacher', 'Courses', 'Unread messages', 'Action']);

    const row = await rowOf('Amara Obi');
    expect(within(row).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    expect(within(row).getByRole('link', { name: 'Yoruba for Beginners' })).toHaveAttribute('href', '/detail/1');
    expect(within(row).getByRole('cell', { name: '0' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Chat with Amara Obi' })).toHaveTextContent('Chat');
  });

  it("turns the original backend's answer (courses with the teacher nested) into one row per teacher", async () => {
    mockEndpoint('fetchMyTeachers', () => [
      { id: 1, title: 'Yoruba for Beginners', teacher: { id: 4, full_name: 'Amara Obi', profile_img: null } },
      { id: 3, title: 'Yoruba Proverbs', teacher: { id: 4, full_name: 'Amara Obi', profile_img: null } },
      { id: 2, title: 'Pidgin Basics', teacher: { id: 5, full_name: 'Tunde Okafor', profile_image: null } },
    ]);
    openMyTeachers();

    const amara = await rowOf('Amara Obi');
    expect(within(amara).getAllByRole('link').map((link) => link.textContent)).toEqual(['Amara Obi', 'Yoruba for Beginners', 'Yoruba Proverbs', 'Chat']);
    const tunde = await rowOf('Tunde Okafor');
    expect(within(tunde).getByRole('link', { name: 'Tunde Okafor' })).toHaveAttribute('href', '/teacher-detail/5');
    expect(within(await table()).getAllByRole('rowheader')).toHaveLength(2);
  });

  it('says so, with a link to all courses, when the student has no teacher yet', async () => {
    mockDb.enrolments = [];
    openMyTeachers();

    expect(await screen.findByText(messages.noTeachersYet)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', paths.allCourses);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.groupToTeachers })).not.toBeInTheDocument();
  });

});

describe('unread counts on the student side', () => {
  it('shows the unread messages per teacher and in the sidebar, and clears them once the conversation is opened', async () => {
    unreadFromTeacher(2);
    const { user } = openApp();

    const row = await rowOf('Amara Obi');
    expect(await within(row).findByRole('cell', { name: '2' })).toBeInTheDocument();
    const link = within(await sidebar()).getByRole('link', { name: 'Messages 2 unread messages' });
    expect(link).toHaveAttribute('href', paths.studentMessages);

    // Chat is a link to the conversation's own page, the one place conversations are read and written.
    const chat = within(row).getByRole('link', { name: 'Chat with Amara Obi' });
    expect(chat).toHaveAttribute('href', paths.studentConversation(4));
    await user.click(chat);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toHaveFocus();
    expect(await screen.findByRole('log', { name: 'Conversation with Amara Obi' })).toBeInTheDocument();

    await waitFor(() => expect(mockDb.messages.filter((message) => message.read === false)).toEqual([]));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Student area' })).getByRole('link', { name: 'Messages' })).toBeInTheDocument());
  });

  it('reads the counts again every 30 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      openInArea();
      const row = await rowOf('Amara Obi');
      expect(await within(row).findByRole('cell', { name: '0' })).toBeInTheDocument();

      unreadFromTeacher(1);
      await act(async () => {
        jest.advanceTimersByTime(29_000);
      });
      expect(within(row).queryByRole('cell', { name: '1' })).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
      expect(await within(row).findByRole('cell', { name: '1' })).toBeInTheDocument();
      expect(within(await sidebar()).getByRole('link', { name: 'Messages 1 unread message' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops asking a provider without counts', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let asked = 0;
      mockEndpoint('getStudentUnreadMessages', () => {
        asked += 1;
        return new Response(JSON.stringify({ msg: 'Route not found.' }), { status: 404, headers: { 'content-type': 'application/json' } });
      });
      openMyTeachers();
      await rowOf('Amara Obi');
      await waitFor(() => expect(asked).toBe(1));
      await act(async () => {
        jest.advanceTimersByTime(90_000);
      });
      expect(asked).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['404', () => failEndpoint('getStudentUnreadMessages', 404)],
    ['405', () => mockEndpoint('getStudentUnreadMessages', { status: 405, body: { detail: 'Method "GET" not allowed.' } })],
    [
      '200 with no counts in it',
      () => mockEndpoint('getStudentUnreadMessages', () => new Response('null', { status: 200, headers: { 'content-type': 'application/json' } })),
    ],
  ])('shows no counts and no error on a provider without the extensions (%s)', async (_status, withoutCounts) => {
    withoutCounts();
    failEndpoint('markMessagesRead', 404);
    const { user } = openInArea();

    const row = await rowOf('Amara Obi');
    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Teacher', 'Courses', 'Action']);
    expect(within(await sidebar()).getByRole('link', { name: 'Messages' })).toBeInTheDocument();

    await user.click(within(row).getByRole('link', { name: 'Chat with Amara Obi' }));
    const log = await screen.findByRole('log', { name: 'Conversation with Amara Obi' });
    expect(await within(log).findByText('Welcome to the course!')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('Still works');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Message has been sent');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("the student's group message", () => {
  it("posts, as the student, to the teachers of the student's courses, and clears the box on success", async () => {
    const sent: Record<string, string | File>[] = [];
    const teacherGroup = jest.fn();
    mockEndpoint('sendGroupMessage', () => {
      teacherGroup();
      return { bool: true };
    });
    mockEndpoint('sendGroupMessageFromStudent', async ({ request, params }) => {
      sent.push({ ...(await sentFields(request)), student: params.student_id });
      return { bool: 'True' as const, msg: 'Message has been sent to 1 teacher.', recipients: 1 };
    });
    const { user } = openMyTeachers();

    const open = await screen.findByRole('button', { name: messages.groupToTeachers });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: messages.groupToTeachers });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('rows', '10');

    await user.click(box);
    await user.paste('I will be away on Monday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Message has been sent to 1 teacher.');
    expect(sent).toEqual([{ msg_text: 'I will be away on Monday.', msg_from: 'student', student: '7' }]);
    expect(teacherGroup).not.toHaveBeenCalled();
    expect(box).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('keeps the text and shows the failure in red', async () => {
    failEndpoint('sendGroupMessageFromStudent', 400, { msg: 'The message must not be empty.' });
    const { user } = openMyTeachers();

    await user.click(await screen.findByRole('button', { name: messages.groupToTeachers }));
    const dialog = await screen.findByRole('dialog', { name: messages.groupToTeachers });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('Hello all');
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The message must not be empty.');
    expect(box).toHaveValue('Hello all');
  });
});
