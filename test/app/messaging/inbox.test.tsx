import { screen, waitFor, within } from '@testing-library/react';
import { paths, patterns } from '@/config/paths';
import { StudentInboxPage, TeacherInboxPage } from '@/features/messaging/InboxPage';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

/**
 * The inbox. The fixtures: student 7 (Ada Lovelace) takes a course of teacher 4 (Amara Obi), who
 * wrote 'Welcome to the course!' (Ada answered 'Thank you!'); teacher 5 (Tunde Okafor) may write to her too.
 */
const asStudent = loggedInAs({ student: 7 });
const asTeacher = loggedInAs({ teacher: 4 });
const inbox = () => screen.findByRole('navigation', { name: 'Conversations' });
/** The inbox alone, on its route with or without a conversation open (one screen). */
const openStudentInbox = (route: string) => renderRoute(`${patterns.studentConversation}?`, <StudentInboxPage />, { route, preloadedState: asStudent });

function message(teacher: number, from: 'teacher' | 'student', text: string, minutesAgo: number) {
  mockDb.messages.push({
    id: mockDb.messages.length + 1,
    teacher,
    student: 7,
    msg_text: text,
    msg_from: from,
    msg_time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    read: false,
  });
}

describe("the student's inbox", () => {
  it('lists the conversations newest first, with the last message, its time and the unread count, and opens one beside the list', async () => {
    message(5, 'teacher', 'Did you practise the tones?', 30);
    message(5, 'teacher', 'Answer when you can.', 20);
    message(4, 'student', 'See you tomorrow', 5);
    // Minutes ago: today's clock, or yesterday's just after midnight.
    // The whole app: the heading of the conversation opened beside the list takes the focus.
    const { user } = renderApp({ route: paths.studentMessages, preloadedState: asStudent });

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const links = await within(await inbox()).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^AOAmara Obi(yesterday )?\d\d:\d\dYou: See you tomorrow$/),
      expect.stringMatching(/^TOTunde Okafor(yesterday )?\d\d:\d\dAnswer when you can\. 22 unread messages$/),
    ]);
    const tunde = within(await inbox()).getByRole('link', { name: /^Tunde Okafor/ });
    expect(tunde).toHaveAccessibleName(expect.stringContaining('2 unread messages'));
    expect(tunde).toHaveAttribute('href', paths.studentConversation(5));

    await user.click(tunde);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tunde Okafor' });
    await waitFor(() => expect(heading).toHaveFocus());
    const log = await screen.findByRole('log', { name: 'Conversation with Tunde Okafor' });
    expect(await within(log).findByText('Answer when you can.')).toBeInTheDocument();
    expect(within(await inbox()).getByRole('link', { current: 'page' })).toHaveAccessibleName(/^Tunde Okafor/);
    // Opened, the conversation is read: its count goes.
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('link', { name: /^Tunde Okafor/ })).not.toHaveAccessibleName(/unread/));
    expect(screen.getByRole('link', { name: 'All conversations' })).toHaveAttribute('href', paths.studentMessages);
  });

  it('lists the teachers, without last messages and without an error, on a provider without the inbox', async () => {
    failEndpoint('listStudentConversations', 404);
    openStudentInbox(paths.studentMessages);

    const names = (await within(await inbox()).findAllByRole('link')).map((link) => link.textContent);
    expect(names).toEqual(['Amara Obi']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("the teacher's inbox", () => {
  it('opens the conversation with a student and sends with Send', async () => {
    const { user } = renderRoute(`${patterns.teacherConversation}?`, <TeacherInboxPage />, { route: paths.teacherMessages, preloadedState: asTeacher });

    await user.click(await within(await inbox()).findByRole('link', { name: /^Ada Lovelace.*You: Welcome to the course!|^Ada Lovelace.*Thank you!/ }));
    const log = await screen.findByRole('log', { name: 'Conversation with Ada Lovelace' });
    await within(log).findByText('Thank you!');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('Well done');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await within(log).findByText('Well done')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('link', { name: /^Ada Lovelace/ })).toHaveTextContent('You: Well done'));
  });
});

describe('voice notes', () => {
  it('sends a recording with its text as multipart (sendVoiceMessage), and plays the notes of the history with their length', async () => {
    const sent: Record<string, string | File>[] = [];
    mockEndpoint('sendVoiceMessage', async ({ request, params }) => {
      sent.push({ ...(await sentFields(request)), ...params });
      return { bool: true, msg: 'Message has been sent' };
    });
    mockEndpoint('getMessages', () => [
      { id: 1, msg_text: '', msg_from: 'teacher' as const, msg_time: '2024-11-20T10:00:00Z', voice: '/media/message_voice/hello.webm', voice_seconds: 41.5 },
    ]);
    const { user } = openStudentInbox(paths.studentConversation(4));

    const log = await screen.findByRole('log', { name: 'Conversation with Amara Obi' });
    expect(await within(log).findByLabelText('Voice note, 0:42')).toHaveAttribute('src', expect.stringMatching(/\/media\/message_voice\/hello\.webm$/));
    expect(within(log).getByRole('slider', { name: 'Position: Voice note, 0:42' })).toHaveAttribute('aria-valuetext', '0:00 of 0:42');
    expect(within(log).getByText('0:00 / 0:42')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Record a voice note'));
    // jsdom cannot record: the recorder offers to upload a recording instead.
    await user.upload(screen.getByLabelText('Upload a recording'), new File(['OggS-voice'], 'hello.webm', { type: 'audio/webm' }));
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('My numbers');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message has been sent')).toBeInTheDocument();
    expect(sent).toEqual([{ msg_from: 'student', msg_text: 'My numbers', voice: expect.any(File), teacher_id: '4', student_id: '7' }]);
    expect((sent[0]!.voice as File).type).toBe('audio/webm');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });
});
