/**
 * Issue 36, item 2: with REDIS_URL set, the brute-force limits and the uploads in flight are
 * counted in Redis, so several instances of the provider keep one count: two instances on one
 * data folder and one real redis-server. A Redis that does not answer costs no request: the
 * instance counts in its memory, with a warning, and in Redis again once it answers. (Without
 * REDIS_URL, every other provider suite runs on the memory store.)
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { accountMessages } from '../../provider/src/accounts';
import { concurrentUploadsPerAddress, uploadSlotTexts } from '../../provider/src/uploadSlots';
import { voiceFile } from './opusFile';
import { freePort } from '../../scripts/localProvider';
import { bookedLesson, joinRoom, minute } from './lessonRoomSupport';
import { type RunningRedis, startRedis } from './redisServer';
import { type Client, type RunningProvider, demoIds, demoLogins, makeDataDir, startProvider } from './support';

const tooMany = { bool: false, msg: 'Too many attempts. Please try again in 1 minute.', retry_after: 30 };

const login = (client: Client, credentials: { email: string; password: string }) =>
  client.post('/api/student-login', { multipart: credentials });
const wrong = (email: string) => ({ email, password: 'not-the-password' });

/** Waits until `check` holds (polling), or fails with `what` after `timeoutMs`. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('two instances on one data folder and one Redis', () => {
  let redis: RunningRedis;
  let one: RunningProvider, two: RunningProvider;

  beforeAll(async () => {
    redis = await startRedis();
    // Real sockets: uploads are held open mid-body below.
    one = await startProvider({ redisUrl: redis.url, listen: true });
    two = await startProvider({ redisUrl: redis.url, listen: true, dataDir: one.dataDir });
  });
  afterAll(async () => {
    await two?.stop({ removeData: false });
    await one?.stop();
    await redis?.stop();
  });

  it('lets a student on one instance and a teacher on the other meet in a lesson room: signals and chat cross over Redis', async () => {
    const ids = await demoIds(one);
    const maria = one.client();
    await maria.loginStudent();
    const amara = two.client();
    await amara.loginTeacher();
    const lessonId = await bookedLesson(one, ids, 5 * minute);
    const student = await joinRoom(one, maria, lessonId);
    const teacher = await joinRoom(two, amara, lessonId);
    expect(await student.nextPeerChange()).toEqual({ type: 'peer', present: false });
    expect(await student.nextPeerChange()).toEqual({ type: 'peer', present: true });
    expect(await teacher.nextPeerChange()).toEqual({ type: 'peer', present: false });
    expect(await teacher.nextPeerChange()).toEqual({ type: 'peer', present: true });
    student.ws.send(JSON.stringify({ type: 'signal', data: { description: { type: 'offer', sdp: 'v=0' } } }));
    expect(await teacher.next('signal')).toEqual({ type: 'signal', data: { description: { type: 'offer', sdp: 'v=0' } } });
    const sent = await amara.post(`/api/lessons/${lessonId}/room/messages/`, { form: { text: 'Hello from the other instance' } });
    expect(await student.next('message')).toEqual({ type: 'message', message: sent.body });
    teacher.ws.close();
    expect(await student.nextPeerChange()).toEqual({ type: 'peer', present: false });
    student.ws.close();
  });

  it(`counts the uploads in flight of an address on both instances: ${concurrentUploadsPerAddress} at most`, async () => {
    const ids = await demoIds(one);
    const maria = one.client();
    await maria.loginStudent();
    // The session is a row of the shared database: the same cookies upload through either instance.
    const mariaOnTwo = two.client();
    for (const [name, value] of maria.cookies) mariaOnTwo.cookies.set(name, value);
    const voiceUrl = `/api/send-voice-message/${ids.teacherId}/${ids.studentId}`;
    const tmpFiles = () => fs.readdirSync(path.join(one.dataDir, 'tmp'));

    const held = Array.from({ length: concurrentUploadsPerAddress }, (_, index) =>
      holdUpload(index % 2 === 0 ? one : two, maria, voiceUrl),
    );
    try {
      await eventually(() => tmpFiles().length === concurrentUploadsPerAddress, 'the held uploads to reach tmp/');
      for (const client of [maria, mariaOnTwo]) {
        const refused = await client.post(voiceUrl, { multipart: { msg_from: 'student', voice: voiceFile(2) } });
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ bool: false, msg: uploadSlotTexts.busy, retry_after: 10 });
        expect(refused.response.headers.get('retry-after')).toBe('10');
      }

      // An upload dropped on the first instance frees a slot for the second.
      held.shift()!.drop();
      let sent: Awaited<ReturnType<Client['post']>> | undefined;
      await eventually(async () => {
        sent = await mariaOnTwo.post(voiceUrl, { multipart: { msg_from: 'student', voice: voiceFile(2) } });
        return sent.status !== 429;
      }, 'the dropped upload to free its slot');
      expect(sent).toMatchObject({ status: 200, body: { bool: true, msg: 'Voice note has been sent.' } });
    } finally {
      for (const upload of held) upload.drop();
    }
    await eventually(() => tmpFiles().length === 0, 'an empty tmp/');
  });

  it('makes an account wait after five wrong passwords spread across both instances, on both', async () => {
    const [onOne, onTwo] = [one.client(), two.client()];
    const email = demoLogins.student.email;
    for (const client of [onOne, onTwo, onOne, onTwo, onOne]) {
      expect((await login(client, wrong(email))).body).toEqual({ bool: false, msg: accountMessages.wrongCredentials });
    }
    for (const client of [onTwo, onOne]) {
      const refused = await login(client, demoLogins.student);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(tooMany);
      expect(refused.response.headers.get('retry-after')).toBe('30');
    }
  });

  it('gives the attempts back on both instances when the right password comes through either', async () => {
    const [onOne, onTwo] = [one.client(), two.client()];
    const { email } = demoLogins.otherStudent;
    for (const client of [onOne, onTwo, onOne, onTwo]) await login(client, wrong(email));
    // The fifth attempt is the right one, on the other instance than the last wrong one: it counts
    // against nothing after, so five more wrong passwords are answered before the wait.
    expect((await login(onTwo, demoLogins.otherStudent)).body).toMatchObject({ bool: true });
    for (const client of [onOne, onTwo, onOne, onTwo, onOne]) {
      expect((await login(client, wrong(email))).body).toEqual({ bool: false, msg: accountMessages.wrongCredentials });
    }
    expect((await login(onTwo, wrong(email))).body).toEqual(tooMany);
  });

  it('answers logins from memory, at once, with one warning per instance, while Redis is down', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await redis.stop();
      // Each instance notices on its own (a dropped connection, or its next command).
      await login(two.client(), wrong('nobody@example.org'));
      const client = one.client();
      const { email } = demoLogins.teacher;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const started = Date.now();
        const answer = await client.post('/api/teacher-login', { form: wrong(email) });
        expect(answer.body).toEqual({ bool: false, msg: accountMessages.wrongCredentials });
        expect(Date.now() - started).toBeLessThan(1000);
      }
      expect((await client.post('/api/teacher-login', { form: demoLogins.teacher })).body).toEqual(tooMany);
      const storeWarnings = warn.mock.calls.filter(([message]) => String(message).startsWith('Shared store'));
      expect(storeWarnings).toHaveLength(2);
      for (const [message] of storeWarnings) expect(String(message)).toMatch(/^Shared store redis:\/\/127\.0\.0\.1:\d+\/? is unreachable \(.+\): this instance counts/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a Redis that stops and comes back', () => {
  it('is counted in again by every instance once it answers', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    let redis = await startRedis();
    const one = await startProvider({ redisUrl: redis.url });
    const two = await startProvider({ redisUrl: redis.url, dataDir: one.dataDir });
    try {
      await redis.stop();
      for (const provider of [one, two]) await login(provider.client(), wrong('nobody@example.org'));
      expect(warn.mock.calls.filter(([message]) => String(message).startsWith('Shared store'))).toHaveLength(2);

      redis = await startRedis({ port: redis.port });
      const storeNews = () => info.mock.calls.filter(([message]) => String(message).startsWith('Shared store'));
      await eventually(() => storeNews().length === 2, 'both instances to reconnect', 10_000);
      for (const [message] of storeNews()) expect(String(message)).toMatch(/^Shared store redis:\/\/127\.0\.0\.1:\d+\/? answers again/);
      const [onOne, onTwo] = [one.client(), two.client()];
      for (const client of [onOne, onTwo, onOne, onTwo, onOne]) await login(client, wrong(demoLogins.student.email));
      expect((await login(onTwo, demoLogins.student)).body).toEqual(tooMany);
    } finally {
      await two.stop({ removeData: false });
      await one.stop();
      await redis.stop();
      warn.mockRestore();
      info.mockRestore();
    }
  });
});

describe('a Redis that cannot be reached from the start', () => {
  it('lets the provider start and answer: logins are counted in memory, with one warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const provider = await startProvider({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
    try {
      const client = provider.client();
      await client.loginStudent();
      for (let attempt = 0; attempt < 5; attempt += 1) await login(client, wrong(demoLogins.otherStudent.email));
      expect((await login(client, demoLogins.otherStudent)).body).toEqual(tooMany);
      // One line each from the throttles' store and the lesson rooms' relay, not one per retry.
      expect(warn.mock.calls.map(([message]) => String(message).split(' ').slice(0, 2).join(' ')).sort()).toEqual(['Lesson rooms:', 'Shared store']);
    } finally {
      await provider.stop();
      warn.mockRestore();
    }
  });

  it('stops the provider at start with a REDIS_URL that is not a redis:// URL', async () => {
    const dataDir = makeDataDir();
    try {
      await expect(startProvider({ redisUrl: '127.0.0.1:6379', dataDir })).rejects.toThrow(
        'REDIS_URL / redisUrl takes a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379.',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

interface HeldUpload {
  /** Drops the connection, as a browser tab closed mid-upload does. */
  drop(): void;
}

/** Sends a voice note's headers (declaring 10 MB) and 64 KB of its body over a socket, and holds it there. */
function holdUpload(provider: RunningProvider, client: Client, urlPath: string): HeldUpload {
  const boundary = 'held-boundary';
  const url = new URL(provider.url);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  socket.write(
    `POST ${urlPath} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${10 * 1024 * 1024}\r\nAccept: application/json\r\nCookie: ${cookie}\r\n` +
      `X-XSRF-TOKEN: ${client.cookies.get('XSRF-TOKEN') ?? ''}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="msg_from"\r\n\r\nstudent\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="voice"; filename="note.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`,
  );
  socket.write(Buffer.alloc(64 * 1024, 0x41));
  return { drop: () => socket.destroy() };
}
