/**
 * Both sides' inboxes (listStudentConversations, listTeacherConversations) and voice notes in
 * messages (sendVoiceMessage), extensions: one conversation per pair, newest first, with the last
 * message and the unread count; a voice note is served only to the two people of its conversation.
 */
import { sql } from 'kysely';
import { opusOggBytes, voiceFile } from './opusFile';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider, svgFile } from './support';

interface Message {
  id: number;
  msg_text: string;
  msg_from: 'student' | 'teacher';
  msg_time: string;
  voice: string | null;
  voice_seconds: number | null;
}

interface Conversation {
  teacher: { id: number; full_name: string; profile_img: string | null };
  student: { id: number; full_name: string };
  last_message: Message | null;
  unread: number;
}

describe('inboxes and voice notes', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;

  beforeAll(async () => ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider()));

  afterAll(() => provider.stop());

  const studentInbox = async (client: Client, studentId: number) =>
    (await client.get<Conversation[]>(`/api/student-conversations/${studentId}`)).body;
  const teacherInbox = async (client: Client, teacherId: number) =>
    (await client.get<Conversation[]>(`/api/teacher-conversations/${teacherId}`)).body;
  /** Each conversation as [the other person, the last message's text or null, unread]. */
  const summary = (conversations: Conversation[], side: 'student' | 'teacher') =>
    conversations.map((conversation) => [
      (side === 'student' ? conversation.teacher : conversation.student).full_name,
      conversation.last_message?.msg_text ?? null,
      conversation.unread,
    ]);

  it("lists each side's conversations, newest first, pairs without messages last by name, for the owner only", async () => {
    const hers = await studentInbox(maria, ids.studentId);
    const travelling = 'I will be travelling next week; I will catch up on the chapters after.';
    // Her group message went to Amara, then Kwame: Kwame's copy is the newest.
    expect(summary(hers, 'student')).toEqual([
      ['Kwame Mensah', travelling, 0],
      ['Amara Okafor', travelling, 0],
    ]);
    expect(hers[1]).toEqual({
      teacher: { id: ids.teacherId, full_name: 'Amara Okafor', profile_img: expect.stringMatching(/^\/media\/teacher_images\//) },
      student: { id: ids.studentId, full_name: 'Maria Silva' },
      last_message: expect.objectContaining({ msg_from: 'student', voice: null, voice_seconds: null }),
      unread: 0,
    });
    expect(summary(await teacherInbox(amara, ids.teacherId), 'teacher')).toEqual([
      ['Maria Silva', travelling, 0],
      ['Kofi Boateng', null, 0],
      ['Lucía Fernández', null, 0],
      ['Ngozi Adeyemi', null, 0],
      ['Tomás Novak', null, 0],
    ]);

    expect((await visitor.get(`/api/student-conversations/${ids.studentId}`)).status).toBe(401);
    expect((await kofi.get(`/api/student-conversations/${ids.studentId}`)).status).toBe(403);
    expect((await amara.get(`/api/student-conversations/${ids.studentId}`)).status).toBe(401);
    expect((await kwame.get(`/api/teacher-conversations/${ids.teacherId}`)).status).toBe(403);
  });

  it('moves a conversation to the top with its new message and counts it unread until read', async () => {
    const sent = await kofi.post(`/api/send-message/${ids.teacherId}/${ids.otherStudentId}/`, {
      form: { msg_text: '¿Hay clase el viernes?', msg_from: 'student' },
    });
    expect(sent.status).toBe(200);
    expect(summary(await teacherInbox(amara, ids.teacherId), 'teacher').slice(0, 2)).toEqual([
      ['Kofi Boateng', '¿Hay clase el viernes?', 1],
      ['Maria Silva', expect.any(String), 0],
    ]);
    expect(summary(await studentInbox(kofi, ids.otherStudentId), 'student')).toEqual([
      ['Amara Okafor', '¿Hay clase el viernes?', 0],
    ]);
    await amara.post(`/api/mark-messages-read/${ids.teacherId}/${ids.otherStudentId}/`, { form: { reader: 'teacher' } });
    expect((await teacherInbox(amara, ids.teacherId))[0]!.unread).toBe(0);
  });

  it('sends a voice note under the rules of sendMessage and serves it only to the two people', async () => {
    const url = `/api/send-voice-message/${ids.teacherId}/${ids.studentId}`;
    const sent = await maria.post(url, { multipart: { msg_from: 'student', voice: voiceFile(2), msg_text: '  Mis números  ' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ bool: true, msg: 'Voice note has been sent.' });

    const conversation = (await amara.get<Message[]>(`/api/get-messages/${ids.teacherId}/${ids.studentId}`)).body;
    const note = conversation.at(-1)!;
    expect(note).toEqual(
      expect.objectContaining({ msg_text: 'Mis números', msg_from: 'student', voice: expect.stringMatching(/^\/media\/message_voices\/\w+\.oga$/) }),
    );
    expect(note.voice_seconds).toBeCloseTo(2, 0);
    const inbox = await teacherInbox(amara, ids.teacherId);
    expect(inbox[0]).toEqual(expect.objectContaining({ student: expect.objectContaining({ id: ids.studentId }), unread: 1 }));
    expect(inbox[0]!.last_message).toEqual(note);

    for (const client of [maria, amara]) {
      const served = await client.request('GET', note.voice!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('audio/ogg');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(opusOggBytes(2));
    }
    for (const client of [visitor, kofi, kwame]) expect((await client.request('GET', note.voice!)).status).toBe(404);

    // A teacher's note to the student, without text.
    const fromTeacher = await amara.post(url, { multipart: { msg_from: 'teacher', voice: voiceFile(1) } });
    expect(fromTeacher.status).toBe(200);
    expect((await studentInbox(maria, ids.studentId))[0]).toEqual(
      expect.objectContaining({ last_message: expect.objectContaining({ msg_text: '', msg_from: 'teacher' }), unread: 1 }),
    );

    // The other side's name, someone else's conversation, a pair without a shared course: 403.
    expect((await maria.post(url, { multipart: { msg_from: 'teacher', voice: voiceFile() } })).status).toBe(403);
    expect((await kwame.post(url, { multipart: { msg_from: 'teacher', voice: voiceFile() } })).status).toBe(403);
    const stranger = await kwame.post(`/api/send-voice-message/${ids.otherTeacherId}/${ids.otherStudentId}`, {
      multipart: { msg_from: 'teacher', voice: voiceFile() },
    });
    expect(stranger.status).toBe(403);
    expect((await visitor.post(url, { multipart: { msg_from: 'student', voice: voiceFile() } })).status).toBe(401);

    // No note, not a recording, longer than 5 minutes, too much text: 400 with a message, nothing sent.
    const refusals = [
      { msg_from: 'student' },
      { msg_from: 'student', voice: svgFile('voice.ogg') },
      { msg_from: 'student', voice: voiceFile(301.5) },
      { msg_from: 'student', voice: voiceFile(), msg_text: 'x'.repeat(5001) },
    ];
    for (const multipart of refusals) {
      const refused = await maria.post<{ msg: string }>(url, { multipart });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toEqual(expect.any(String));
    }
    expect((await maria.post<{ msg: string }>(url, { multipart: refusals[2] })).body.msg).toBe(
      'The voice recording is too long: the limit is 5 minutes.',
    );
    expect((await amara.get<Message[]>(`/api/get-messages/${ids.teacherId}/${ids.studentId}`)).body).toHaveLength(
      conversation.length + 1,
    );

    // Once Maria is in none of Amara's courses, the note goes to nobody, and the conversation, which
    // getMessages no longer opens for them, leaves her inbox.
    await inDatabase(provider, (queries) =>
      queries.run(
        sql`DELETE FROM enrollments WHERE student_id = ${ids.studentId} AND course_id IN (SELECT id FROM courses WHERE teacher_id = ${ids.teacherId})`,
      ),
    );
    expect((await maria.request('GET', note.voice!)).status).toBe(404);
    expect((await amara.request('GET', note.voice!)).status).toBe(404);
    expect((await studentInbox(maria, ids.studentId)).map((entry) => entry.teacher.full_name)).not.toContain('Amara Okafor');
  });
});
