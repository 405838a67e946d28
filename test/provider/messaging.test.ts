import { sql } from 'kysely';
import { messageTexts } from '../../provider/src/routes/messages';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider } from './support';

/**
 * The messaging rules of the local provider: who reads and writes a conversation, as which
 * side, who a group message reaches, the bounds of a message, ids and order, the seed, and the
 * read marks and unread counts (extensions).
 *
 * Demo data: Maria (student) is in Spanish (Amara) and Yoruba (Kwame); Kofi (second student)
 * is in Spanish and French (both Amara). So Amara teaches both students, Kwame only Maria.
 */

interface Message {
  id: number;
  msg_text: string;
  msg_from: 'student' | 'teacher';
  msg_time: string;
  lang?: string;
}

interface Unread {
  total: number;
  conversations: { teacher_id: number; student_id: number; unread: number }[];
}

let provider: RunningProvider, ids: DemoIds, anonymous: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;

async function start() {
  ({ provider, ids, visitor: anonymous, maria, kofi, amara, kwame } = await startDemoProvider());
}

const conversation = (teacherId: number, studentId: number) => `/api/get-messages/${teacherId}/${studentId}`;
const send = (teacherId: number, studentId: number) => `/api/send-message/${teacherId}/${studentId}/`;
const markRead = (teacherId: number, studentId: number) => `/api/mark-messages-read/${teacherId}/${studentId}/`;
const form = (msg_text: string, msg_from: 'student' | 'teacher') => ({ form: { msg_text, msg_from } });

describe('messaging rules of the local provider', () => {
  beforeAll(start);
  afterAll(() => provider.stop());

  describe('seed', () => {
    it("stores Maria's group message as hers, the student's, in the conversation with each of her teachers", async () => {
      for (const [client, teacherId] of [
        [amara, ids.teacherId],
        [kwame, ids.otherTeacherId],
      ] as const) {
        const { status, body } = await client.get<Message[]>(conversation(teacherId, ids.studentId));
        expect(status).toBe(200);
        const group = body.filter((message) => message.msg_text.startsWith('I will be travelling next week'));
        expect(group.map((message) => message.msg_from)).toEqual(['student']);
      }
    });

    it('starts without unread messages on either side', async () => {
      expect((await maria.get(`/api/unread-messages/student/${ids.studentId}`)).body).toEqual({ total: 0, conversations: [] });
      expect((await amara.get(`/api/unread-messages/teacher/${ids.teacherId}`)).body).toEqual({ total: 0, conversations: [] });
    });
  });

  describe('only the two parties read a conversation, and the teacher must teach the student', () => {
    it.each([
      ['the student', () => maria, 200],
      ['the teacher', () => amara, 200],
      ['another teacher', () => kwame, 403],
      ['another student', () => kofi, 403],
      ['a visitor', () => anonymous, 401],
    ])('%s reading Amara and Maria: %s', async (_who, client, status) => {
      expect((await client().get(conversation(ids.teacherId, ids.studentId))).status).toBe(status);
    });

    it('refuses a pair where the student is not in one of the teacher’s courses, to both of them', async () => {
      // Kofi is not in any of Kwame's courses.
      expect((await kwame.get(conversation(ids.otherTeacherId, ids.otherStudentId))).status).toBe(403);
      expect((await kofi.get(conversation(ids.otherTeacherId, ids.otherStudentId))).status).toBe(403);
    });

    it('answers 404 for an unknown student of the teacher', async () => {
      const { status, body } = await amara.get(conversation(ids.teacherId, 999_999));
      expect({ status, msg: typeof body.msg }).toEqual({ status: 404, msg: 'string' });
    });
  });

  describe('only the two parties write, each as their own side', () => {
    it('lets the student and the teacher write to each other', async () => {
      expect((await maria.post(send(ids.teacherId, ids.studentId), form('Hola', 'student'))).body).toEqual({
        bool: true,
        msg: messageTexts.sent,
      });
      expect((await amara.post(send(ids.teacherId, ids.otherStudentId), form('Hello Kofi', 'teacher'))).status).toBe(200);
    });

    it('refuses writing to a pair where the student is not in one of the teacher’s courses', async () => {
      const fromStudent = await kofi.post(send(ids.otherTeacherId, ids.otherStudentId), form('Hello?', 'student'));
      expect(fromStudent.status).toBe(403);
      expect(fromStudent.body.bool).toBe(false);
      expect((await kwame.post(send(ids.otherTeacherId, ids.otherStudentId), form('Hello?', 'teacher'))).status).toBe(403);
    });

    it('refuses someone else writing in a conversation, with any side', async () => {
      expect((await kofi.post(send(ids.teacherId, ids.studentId), form('Not mine', 'student'))).status).toBe(403);
      expect((await kwame.post(send(ids.teacherId, ids.studentId), form('Not mine', 'teacher'))).status).toBe(403);
      expect((await anonymous.post(send(ids.teacherId, ids.studentId), form('Who?', 'student'))).status).toBe(401);
    });

    it('refuses a student posting as the teacher, and a teacher posting as the student', async () => {
      const before = (await maria.get<Message[]>(conversation(ids.teacherId, ids.studentId))).body.length;
      const asTeacher = await maria.post(send(ids.teacherId, ids.studentId), form('I am the teacher now', 'teacher'));
      expect(asTeacher.status).toBe(403);
      expect(asTeacher.body).toEqual({ bool: false, msg: messageTexts.notYourSide });
      const asStudent = await amara.post(send(ids.teacherId, ids.studentId), form('I am Maria', 'student'));
      expect(asStudent.status).toBe(403);
      expect((await maria.get<Message[]>(conversation(ids.teacherId, ids.studentId))).body).toHaveLength(before);
    });
  });

  describe('bounds of a message', () => {
    const writes: [string, () => Client, () => string, 'student' | 'teacher'][] = [
      ['sendMessage', () => maria, () => send(ids.teacherId, ids.studentId), 'student'],
      ['sendGroupMessage', () => amara, () => `/api/send-group-message/${ids.teacherId}/`, 'teacher'],
      ['sendGroupMessageFromStudent', () => maria, () => `/api/send-group-message-from-student/${ids.studentId}/`, 'student'],
    ];

    it.each(writes)('%s refuses an empty or blank message with 400 {msg}', async (_operation, client, path, side) => {
      for (const text of ['', '   ', '\n\t ']) {
        const { status, body } = await client().post(path(), form(text, side));
        expect(status).toBe(400);
        expect(body.bool).toBe(false);
        expect(typeof body.msg).toBe('string');
      }
    });

    it.each(writes)('%s accepts 5,000 characters and refuses 5,001 with 400 {msg}', async (_operation, client, path, side) => {
      expect((await client().post(path(), form('a'.repeat(5000), side))).status).toBe(200);
      const { status, body } = await client().post(path(), form('a'.repeat(5001), side));
      expect(status).toBe(400);
      expect(typeof body.msg).toBe('string');
    });

    it('counts characters, not bytes or UTF-16 units', async () => {
      expect((await maria.post(send(ids.teacherId, ids.studentId), form('😀'.repeat(5000), 'student'))).status).toBe(200);
    });
  });

  describe('ids, times and order', () => {
    it('gives every message an id and its time, in the order they were sent', async () => {
      const texts = ['first', 'second', 'third'];
      for (const [index, text] of texts.entries()) {
        await (index % 2 === 0 ? maria : amara).post(send(ids.teacherId, ids.studentId), form(text, index % 2 === 0 ? 'student' : 'teacher'));
      }
      const { body } = await maria.get<Message[]>(conversation(ids.teacherId, ids.studentId));
      expect(body.slice(-3).map((message) => [message.msg_text, message.msg_from])).toEqual([
        ['first', 'student'],
        ['second', 'teacher'],
        ['third', 'student'],
      ]);
      const messageIds = body.map((message) => message.id);
      expect(messageIds.every(Number.isInteger)).toBe(true);
      expect(messageIds).toEqual([...messageIds].sort((a, b) => a - b));
      expect(new Set(messageIds).size).toBe(messageIds.length);
      const times = body.map((message) => Date.parse(message.msg_time));
      expect(times.every(Number.isFinite)).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('keeps the text as sent, markup included, trimmed of surrounding blanks', async () => {
      await maria.post(send(ids.teacherId, ids.studentId), form('  <b>not bold</b>\nsecond line  ', 'student'));
      const { body } = await amara.get<Message[]>(conversation(ids.teacherId, ids.studentId));
      expect(body.at(-1)!.msg_text).toBe('<b>not bold</b>\nsecond line');
    });
  });

  describe('the language of a message (extension)', () => {
    it('keeps the language the sender gave and returns it with the message; leaves it out when none was given', async () => {
      expect((await amara.post(send(ids.teacherId, ids.studentId), { form: { msg_text: 'Ẹ káàárọ̀', msg_from: 'teacher', lang: 'yo' } })).status).toBe(200);
      expect((await maria.post(send(ids.teacherId, ids.studentId), form('Good morning', 'student'))).status).toBe(200);
      const { body } = await maria.get<Message[]>(conversation(ids.teacherId, ids.studentId));
      const [yoruba, english] = body.slice(-2);
      expect(yoruba).toMatchObject({ msg_text: 'Ẹ káàárọ̀', lang: 'yo' });
      expect(english?.msg_text).toBe('Good morning');
      expect(english).not.toHaveProperty('lang');
    });

    it('refuses a language outside the academy\'s list with 400 {msg}', async () => {
      for (const lang of ['xx', 'EN-US', '<b>', 'es; DROP']) {
        const { status, body } = await amara.post(send(ids.teacherId, ids.studentId), { form: { msg_text: 'Hola', msg_from: 'teacher', lang } });
        expect(status).toBe(400);
        expect(typeof body.msg).toBe('string');
      }
    });

    it('keeps the language of a group message for every recipient', async () => {
      expect((await amara.post(`/api/send-group-message/${ids.teacherId}/`, { form: { msg_text: '¡Buena suerte!', msg_from: 'teacher', lang: 'es' } })).status).toBe(200);
      const { body } = await maria.get<Message[]>(conversation(ids.teacherId, ids.studentId));
      expect(body.at(-1)).toMatchObject({ msg_text: '¡Buena suerte!', lang: 'es' });
    });
  });
});

describe('group messages', () => {
  beforeAll(start);
  afterAll(() => provider.stop());

  const lastText = async (client: Client, teacherId: number, studentId: number) =>
    (await client.get<Message[]>(conversation(teacherId, studentId))).body.at(-1);

  it("reaches only the students of the teacher's courses, and says how many", async () => {
    const { body } = await kwame.post(`/api/send-group-message/${ids.otherTeacherId}/`, form('Yoruba class moved to Friday', 'teacher'));
    expect(body).toEqual({ bool: true, msg: 'Message has been sent to 1 student.', recipients: 1 });
    expect(await lastText(maria, ids.otherTeacherId, ids.studentId)).toMatchObject({
      msg_text: 'Yoruba class moved to Friday',
      msg_from: 'teacher',
    });
    // Kofi is no student of Kwame's: nothing reached him, and he may not read such a conversation.
    expect((await kofi.get(conversation(ids.otherTeacherId, ids.otherStudentId))).status).toBe(403);
    expect((await kofi.get<Unread>(`/api/unread-messages/student/${ids.otherStudentId}`)).body.total).toBe(0);

    const amaras = await amara.post(`/api/send-group-message/${ids.teacherId}/`, form('No class on Monday', 'teacher'));
    // Maria, Kofi and their three seeded classmates.
    expect(amaras.body).toEqual({ bool: true, msg: 'Message has been sent to 5 students.', recipients: 5 });
    expect((await lastText(kofi, ids.teacherId, ids.otherStudentId))?.msg_text).toBe('No class on Monday');
  });

  it("reaches only the teachers of the student's courses, from the student, and says how many", async () => {
    const { body } = await maria.post(`/api/send-group-message-from-student/${ids.studentId}/`, form('I am ill today', 'student'));
    expect(body).toEqual({ bool: true, msg: 'Message has been sent to 2 teachers.', recipients: 2 });
    for (const [client, teacherId] of [
      [amara, ids.teacherId],
      [kwame, ids.otherTeacherId],
    ] as const) {
      expect(await lastText(client, teacherId, ids.studentId)).toMatchObject({ msg_text: 'I am ill today', msg_from: 'student' });
    }
    const kofis = await kofi.post(`/api/send-group-message-from-student/${ids.otherStudentId}/`, form('Hello teacher', 'student'));
    expect(kofis.body).toEqual({ bool: true, msg: 'Message has been sent to 1 teacher.', recipients: 1 });
    expect((await kwame.get<Unread>(`/api/unread-messages/teacher/${ids.otherTeacherId}`)).body.conversations).toEqual([
      { teacher_id: ids.otherTeacherId, student_id: ids.studentId, unread: 1 },
    ]);
  });

  it('refuses a group message from the wrong side or for someone else', async () => {
    expect((await amara.post(`/api/send-group-message/${ids.teacherId}/`, form('x', 'student'))).status).toBe(403);
    expect((await kwame.post(`/api/send-group-message/${ids.teacherId}/`, form('x', 'teacher'))).status).toBe(403);
    expect((await maria.post(`/api/send-group-message/${ids.teacherId}/`, form('x', 'teacher'))).status).toBe(401);
    const asTeacher = await maria.post(`/api/send-group-message-from-student/${ids.studentId}/`, form('x', 'teacher'));
    expect(asTeacher.status).toBe(403);
    expect(asTeacher.body.bool).toBe(false);
    expect((await kofi.post(`/api/send-group-message-from-student/${ids.studentId}/`, form('x', 'student'))).status).toBe(403);
    expect((await amara.post(`/api/send-group-message-from-student/${ids.studentId}/`, form('x', 'student'))).status).toBe(401);
  });
});

describe('read marks and unread counts (extensions)', () => {
  beforeAll(start);
  afterAll(() => provider.stop());

  const teacherUnread = (client: Client, teacherId: number) => client.get<Unread>(`/api/unread-messages/teacher/${teacherId}`);
  const studentUnread = (client: Client, studentId: number) => client.get<Unread>(`/api/unread-messages/student/${studentId}`);

  it("counts the other side's messages per conversation until they are marked read", async () => {
    await maria.post(send(ids.teacherId, ids.studentId), form('One', 'student'));
    await maria.post(send(ids.teacherId, ids.studentId), form('Two', 'student'));
    await kofi.post(send(ids.teacherId, ids.otherStudentId), form('Three', 'student'));

    expect((await teacherUnread(amara, ids.teacherId)).body).toEqual({
      total: 3,
      conversations: [
        { teacher_id: ids.teacherId, student_id: ids.studentId, unread: 2 },
        { teacher_id: ids.teacherId, student_id: ids.otherStudentId, unread: 1 },
      ],
    });
    // The sender's own messages are not unread for them.
    expect((await studentUnread(maria, ids.studentId)).body.total).toBe(0);

    expect((await amara.post(markRead(ids.teacherId, ids.studentId), { form: { reader: 'teacher' } })).body).toEqual({ marked: 2 });
    expect((await teacherUnread(amara, ids.teacherId)).body).toEqual({
      total: 1,
      conversations: [{ teacher_id: ids.teacherId, student_id: ids.otherStudentId, unread: 1 }],
    });
    expect((await amara.post(markRead(ids.teacherId, ids.studentId), { form: { reader: 'teacher' } })).body).toEqual({ marked: 0 });
  });

  it('counts a reply for the student, and a group message for each student', async () => {
    await amara.post(send(ids.teacherId, ids.studentId), form('Reply', 'teacher'));
    await amara.post(`/api/send-group-message/${ids.teacherId}/`, form('To all', 'teacher'));
    expect((await studentUnread(maria, ids.studentId)).body).toEqual({
      total: 2,
      conversations: [{ teacher_id: ids.teacherId, student_id: ids.studentId, unread: 2 }],
    });
    expect((await studentUnread(kofi, ids.otherStudentId)).body.total).toBe(1);
    // Marking as the student leaves the teacher's own unread count alone.
    expect((await maria.post(markRead(ids.teacherId, ids.studentId), { form: { reader: 'student' } })).body).toEqual({ marked: 2 });
    expect((await studentUnread(maria, ids.studentId)).body.total).toBe(0);
    expect((await teacherUnread(amara, ids.teacherId)).body.total).toBe(1);
  });

  it('lets only the reader of their own side mark a conversation read', async () => {
    const path = markRead(ids.teacherId, ids.otherStudentId);
    expect((await kofi.post(path, { form: { reader: 'teacher' } })).status).toBe(403);
    expect((await maria.post(path, { form: { reader: 'student' } })).status).toBe(403);
    expect((await kwame.post(path, { form: { reader: 'teacher' } })).status).toBe(403);
    expect((await anonymous.post(path, { form: { reader: 'teacher' } })).status).toBe(401);
    expect((await amara.post(path, { form: { reader: 'nobody' } })).status).toBe(400);
    expect((await teacherUnread(amara, ids.teacherId)).body.total).toBe(1);
    // A pair where the student is not in one of the teacher's courses.
    expect((await kwame.post(markRead(ids.otherTeacherId, ids.otherStudentId), { form: { reader: 'teacher' } })).status).toBe(403);
  });

  it("gives each person only their own counts", async () => {
    expect((await studentUnread(kofi, ids.studentId)).status).toBe(403);
    expect((await studentUnread(anonymous, ids.studentId)).status).toBe(401);
    expect((await teacherUnread(kwame, ids.teacherId)).status).toBe(403);
    expect((await teacherUnread(maria, ids.teacherId)).status).toBe(401);
  });
});

describe('parts of a conversation: after, before and limit (extensions)', () => {
  beforeAll(async () => {
    await start();
    // 120 messages between Amara and Maria, with Kofi's conversation with Amara written in between,
    // so that the ids of one conversation are not consecutive.
    await inDatabase(provider, (queries) =>
      queries.transaction(async (tx) => {
        const insert = (studentId: number, text: string, from: string, time: string) =>
          tx.run(sql`INSERT INTO messages (teacher_id, student_id, msg_text, msg_from, msg_time) VALUES (${ids.teacherId}, ${studentId}, ${text}, ${from}, ${time})`);
        for (let index = 0; index < 120; index += 1) {
          const time = new Date(Date.UTC(2025, 0, 1, 8, index)).toISOString();
          await insert(ids.studentId, `Message ${index}`, index % 2 ? 'teacher' : 'student', time);
          await insert(ids.otherStudentId, `Kofi ${index}`, 'student', time);
        }
      }),
    );
  });
  afterAll(() => provider.stop());

  const mariasConversation = (query = '') => maria.get<Message[]>(`${conversation(ids.teacherId, ids.studentId)}${query}`);
  const idsOf = (messages: Message[]) => messages.map((message) => message.id);
  let whole: Message[];
  beforeAll(async () => {
    whole = (await mariasConversation()).body;
  });

  it('answers the whole conversation, oldest first, without them', async () => {
    const { status, body, response } = await mariasConversation();
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(120);
    expect(body.filter((message) => message.msg_text.startsWith('Kofi'))).toEqual([]);
    expect(idsOf(body)).toEqual([...idsOf(body)].sort((a, b) => a - b));
    expect(response.headers.get('X-Total-Count')).toBeNull();
  });

  it('limit alone: the newest `limit`, oldest first, and how many there are in all', async () => {
    const { status, body, response } = await mariasConversation('?limit=50');
    expect(status).toBe(200);
    expect(body).toEqual(whole.slice(-50));
    expect(body.at(-1)?.msg_text).toBe('Message 119');
    expect(response.headers.get('X-Total-Count')).toBe(String(whole.length));
  });

  it('after: only the newer messages, oldest first (none when nothing is new), all of them without limit', async () => {
    const newest = whole.at(-1)!.id;
    const empty = await mariasConversation(`?after=${newest}`);
    expect({ status: empty.status, body: empty.body }).toEqual({ status: 200, body: [] });
    expect(empty.response.headers.get('X-Total-Count')).toBeNull();

    expect((await mariasConversation(`?after=${whole.at(-4)!.id}`)).body).toEqual(whole.slice(-3));
    expect((await mariasConversation('?after=0')).body).toEqual(whole);
    // A message sent since is the one newer message.
    await amara.post(send(ids.teacherId, ids.studentId), form('Anything new?', 'teacher'));
    expect((await mariasConversation(`?after=${newest}`)).body.map((message) => message.msg_text)).toEqual(['Anything new?']);
    whole = (await mariasConversation()).body;
  });

  it('before with limit: the newest `limit` older than the id, and how many are older in all', async () => {
    const oldestShown = whole.at(-50)!;
    const { body, response } = await mariasConversation(`?before=${oldestShown.id}&limit=50`);
    expect(body).toEqual(whole.slice(-100, -50));
    expect(response.headers.get('X-Total-Count')).toBe(String(whole.length - 50));

    const first = await mariasConversation(`?before=${whole[3]!.id}&limit=50`);
    expect(first.body).toEqual(whole.slice(0, 3));
    expect(first.response.headers.get('X-Total-Count')).toBe('3');
    expect((await mariasConversation(`?before=${whole[0]!.id}&limit=50`)).body).toEqual([]);
    expect((await mariasConversation(`?before=${whole[10]!.id}`)).body).toEqual(whole.slice(0, 10));
  });

  it('after and before together: the messages between the two', async () => {
    const { body, response } = await mariasConversation(`?after=${whole[4]!.id}&before=${whole[9]!.id}&limit=3`);
    expect(body).toEqual(whole.slice(6, 9));
    expect(response.headers.get('X-Total-Count')).toBe('4');
    expect((await mariasConversation(`?after=${whole[9]!.id}&before=${whole[4]!.id}`)).body).toEqual([]);
  });

  it.each([
    'limit=0',
    'limit=201',
    'limit=-5',
    'limit=1.5',
    'limit=fifty',
    'limit=',
    'after=-1',
    'after=abc',
    'after=9007199254740992',
    'before=0',
    'after=1&after=2',
  ])('refuses ?%s with 400 {msg}', async (query) => {
    const { status, body } = await mariasConversation(`?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ msg: expect.any(String) });
  });

  it('accepts the bounds: limit 1 and 200, the largest id', async () => {
    expect((await mariasConversation('?limit=1')).body).toEqual(whole.slice(-1));
    expect((await mariasConversation('?limit=200')).body).toEqual(whole.slice(-200));
    expect((await mariasConversation('?before=9007199254740991&limit=2')).body).toEqual(whole.slice(-2));
    expect((await mariasConversation('?after=9007199254740991')).body).toEqual([]);
  });

  it('keeps who may read as it was', async () => {
    const part = `${conversation(ids.teacherId, ids.studentId)}?limit=50`;
    expect((await amara.get(part)).status).toBe(200);
    expect((await anonymous.get(part)).status).toBe(401);
    expect((await kwame.get(part)).status).toBe(403);
    expect((await kofi.get(`${conversation(ids.teacherId, ids.studentId)}?after=0`)).status).toBe(403);
    expect((await kwame.get(`${conversation(ids.otherTeacherId, ids.otherStudentId)}?after=0`)).status).toBe(403);
  });
});
