import { bookedLesson, joinRoom, minute, roomRefusal } from './lessonRoomSupport';
import { type Client, type DemoIds, type RunningProvider, startDemoProvider } from './support';

/**
 * A booked lesson's room (issue 40): who may open it and when, the ICE servers, the chat, and the
 * signalling WebSocket that relays the two people's messages to each other and nobody else.
 */
let provider: RunningProvider;
let ids: DemoIds;
let maria: Client;
let kofi: Client;
let amara: Client;
let kwame: Client;
let visitor: Client;

const turnSecret = 'a-turn-secret-shared-with-coturn';

beforeAll(async () => {
  ({ provider, ids, maria, kofi, amara, kwame, visitor } = await startDemoProvider({
    listen: true,
    ice: { stunUrls: ['stun:stun.academy.test:3478'], turnUrls: ['turn:turn.academy.test:3478?transport=udp'], turnSecret },
  }));
});
afterAll(() => provider.stop());

/** A lesson of Maria's with Amara, starting `inMs` from now (negative: already started), booked unless said. */
const lessonStartingIn = (inMs: number, status?: 'booked' | 'cancelled' | 'awaiting_payment') => bookedLesson(provider, ids, inMs, status);
const join = (client: Client, lessonId: number, headers?: Record<string, string>) => joinRoom(provider, client, lessonId, headers);
const refusal = (client: Client, lessonId: number, headers?: Record<string, string>) => roomRefusal(provider, client, lessonId, headers);

describe('getLessonRoom', () => {
  test('tells each side when the room opens and closes, who the other is, and gives TURN credentials that end with the room', async () => {
    const lessonId = await lessonStartingIn(30 * minute);
    const { status, body } = await maria.get<Record<string, unknown>>(`/api/lessons/${lessonId}/room/`);
    expect(status).toBe(200);
    const startsAt = Date.parse(body.starts_at as string);
    expect(Date.parse(body.opens_at as string)).toBe(startsAt - 10 * minute);
    expect(Date.parse(body.closes_at as string)).toBe(Date.parse(body.ends_at as string) + 10 * minute);
    expect(body).toMatchObject({ lesson_id: lessonId, role: 'student', other_name: 'Amara Okafor', signal_path: `/api/lessons/${lessonId}/room/signal`, messages: [] });
    const [stun, turn] = body.ice_servers as { urls: string[]; username?: string; credential?: string }[];
    expect(stun).toEqual({ urls: ['stun:stun.academy.test:3478'] });
    expect(turn?.urls).toEqual(['turn:turn.academy.test:3478?transport=udp']);
    const [expiry, label] = (turn?.username as string).split(':');
    expect(Number(expiry) * 1000).toBeGreaterThanOrEqual(Date.parse(body.closes_at as string));
    expect(label).toBe(`lesson-${lessonId}-student`);
    // coturn checks the password as the base64 HMAC-SHA1 of the user name under the shared secret.
    const { createHmac } = await import('node:crypto');
    expect(turn?.credential).toBe(createHmac('sha1', turnSecret).update(turn?.username as string).digest('base64'));

    const teacherSide = await amara.get<Record<string, unknown>>(`/api/lessons/${lessonId}/room/`);
    expect(teacherSide.body).toMatchObject({ role: 'teacher', other_name: expect.stringMatching(/\S/) });
  });

  test('is for the lesson\'s two people only, and for a booked lesson only', async () => {
    const lessonId = await lessonStartingIn(5 * minute);
    expect((await visitor.get(`/api/lessons/${lessonId}/room/`)).status).toBe(401);
    expect((await kofi.get(`/api/lessons/${lessonId}/room/`)).status).toBe(403);
    expect((await kwame.get(`/api/lessons/${lessonId}/room/`)).status).toBe(403);
    const cancelled = await lessonStartingIn(5 * minute, 'cancelled');
    expect((await maria.get(`/api/lessons/${cancelled}/room/`)).status).toBe(404);
    const unpaid = await lessonStartingIn(5 * minute, 'awaiting_payment');
    expect((await maria.get(`/api/lessons/${unpaid}/room/`)).status).toBe(404);
    expect((await maria.get('/api/lessons/999999/room/')).status).toBe(404);
  });
});

describe('the signalling socket', () => {
  test('relays each side\'s signals to the other and tells each when the other comes and goes', async () => {
    const lessonId = await lessonStartingIn(5 * minute);
    const student = await join(maria, lessonId);
    expect(await student.next('peer')).toEqual({ type: 'peer', present: false });
    const teacher = await join(amara, lessonId);
    expect(await student.next('peer')).toEqual({ type: 'peer', present: true });
    // The teacher hears the student is there (after its own first "not yet").
    expect(await teacher.next('peer')).toEqual({ type: 'peer', present: false });
    expect(await teacher.next('peer')).toEqual({ type: 'peer', present: true });

    const offer = { description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
    student.ws.send(JSON.stringify({ type: 'signal', data: offer }));
    expect(await teacher.next('signal')).toEqual({ type: 'signal', data: offer });
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0' } };
    teacher.ws.send(JSON.stringify({ type: 'signal', data: candidate }));
    expect(await student.next('signal')).toEqual({ type: 'signal', data: candidate });

    teacher.ws.close();
    expect(await student.next('peer')).toEqual({ type: 'peer', present: false });
    student.ws.close();
  });

  test('a second window of the same person takes the room over; the other side does not see them leave', async () => {
    const lessonId = await lessonStartingIn(5 * minute);
    const teacher = await join(amara, lessonId);
    expect(await teacher.next('peer')).toEqual({ type: 'peer', present: false });
    const first = await join(maria, lessonId);
    expect(await teacher.next('peer')).toEqual({ type: 'peer', present: true });
    const second = await join(maria, lessonId);
    expect(await first.closed).toEqual({ code: 4001, reason: 'You joined the lesson from another window.' });
    second.ws.send(JSON.stringify({ type: 'signal', data: { from: 'second' } }));
    expect(await teacher.next('signal')).toEqual({ type: 'signal', data: { from: 'second' } });
    // The student's first window closing is no news to the teacher: present again, never absent.
    expect(await teacher.next('peer')).toEqual({ type: 'peer', present: true });
    teacher.ws.close();
    second.ws.close();
  });

  test('opens for the lesson\'s two people only, from the app\'s origin, while the room is open', async () => {
    const open = await lessonStartingIn(5 * minute);
    expect(await refusal(visitor, open)).toEqual({ status: 401, msg: 'Please log in.' });
    expect((await refusal(kofi, open)).status).toBe(403);
    expect((await refusal(maria, open, { origin: 'https://elsewhere.example' })).status).toBe(403);

    const later = await lessonStartingIn(11 * minute);
    expect(await refusal(maria, later)).toEqual({ status: 409, msg: 'The lesson room opens 10 minutes before the lesson.' });
    const over = await lessonStartingIn(-36 * minute);
    expect(await refusal(amara, over)).toEqual({ status: 409, msg: 'The lesson room is closed.' });
  });

  test('closes a socket that sends anything but a signal', async () => {
    const lessonId = await lessonStartingIn(5 * minute);
    const student = await join(maria, lessonId);
    student.ws.send('not json');
    expect((await student.closed).code).toBe(4400);
  });
});

describe('sendLessonMessage', () => {
  test('keeps the message with the lesson and sends it to both people in the room', async () => {
    const lessonId = await lessonStartingIn(5 * minute);
    const student = await join(maria, lessonId);
    const teacher = await join(amara, lessonId);
    const { status, body } = await amara.post<Record<string, unknown>>(`/api/lessons/${lessonId}/room/messages/`, { form: { text: '  Can you hear me?  ' } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ lesson_id: lessonId, author: 'teacher', text: 'Can you hear me?' });
    expect(await student.next('message')).toEqual({ type: 'message', message: body });
    expect(await teacher.next('message')).toEqual({ type: 'message', message: body });
    const room = await maria.get<{ messages: unknown[] }>(`/api/lessons/${lessonId}/room/`);
    expect(room.body.messages).toEqual([body]);
    student.ws.close();
    teacher.ws.close();
  });

  test('refuses a blank or too long message, and any message outside the room\'s hours or from a third person', async () => {
    const lessonId = await lessonStartingIn(5 * minute);
    expect((await maria.post(`/api/lessons/${lessonId}/room/messages/`, { form: { text: '   ' } })).body).toEqual({ msg: 'Please write a message.' });
    expect((await maria.post(`/api/lessons/${lessonId}/room/messages/`, { form: { text: 'x'.repeat(2001) } })).status).toBe(400);
    expect((await kofi.post(`/api/lessons/${lessonId}/room/messages/`, { form: { text: 'Hello' } })).status).toBe(403);
    const later = await lessonStartingIn(60 * minute);
    expect((await maria.post(`/api/lessons/${later}/room/messages/`, { form: { text: 'Hello' } })).body).toEqual({ msg: 'The lesson room is closed.' });
  });
});
