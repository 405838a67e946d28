/**
 * Holes an outside probe found in the provider and its sessions, one describe per finding;
 * each test failed on the provider before its fix.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Passwords } from '../../provider/src/auth';
import { defaultSpecFile, resolveConfig } from '../../provider/src/config';
import { openDatabase } from '../../provider/src/db';
import { migrations } from '../../provider/src/migrations';
import { buildProvider } from '../../provider/src/server';
import { fieldWords } from '../../provider/src/fieldLabels';
import { type JsonSchema, inlineRefs, listOperations, loadSpec, objectProperties } from '../../provider/src/spec';
import { defaultThrottleLimits } from '../../provider/src/throttle';
import { onPostgres } from './engine';
import { type Client, type DemoIds, type RunningProvider, demoIds, demoLogins, makeDataDir, seedAssets, startProvider, svgFile } from './support';

describe('XSRF and origins: decided by the route matched, not the raw URL', () => {
  let provider: RunningProvider;
  const appOrigin = 'http://app.localhost:8080';

  beforeAll(async () => {
    provider = await startProvider({ listen: true, appOrigin });
  });

  afterAll(() => provider.stop());

  /** Every spelling of `path` with one of its characters percent-encoded. */
  const encodedVariants = (path: string) =>
    [...path]
      .map((char, index) =>
        /[a-z-]/i.test(char)
          ? `${path.slice(0, index)}%${char.charCodeAt(0).toString(16).padStart(2, '0')}${path.slice(index + 1)}`
          : null,
      )
      .filter((variant): variant is string => variant !== null);

  const passwordChange = (password: string) => ({
    form: { password, current_password: demoLogins.teacher.password },
  });

  it('refuses a state-changing call on a percent-encoded /api path without the header', async () => {
    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const variants = encodedVariants(`/api/teacher/change-password/${teacherId}/`);
    expect(variants.length).toBe(25);
    const statuses = new Set<number>();
    for (const variant of variants) {
      const answer = await teacher.json('POST', variant, { ...passwordChange('hijacked-password'), xsrf: false });
      statuses.add(answer.status);
    }
    expect([...statuses]).toEqual([403]);
    // The password is the demo one still.
    await provider.client().loginTeacher();
  });

  it('refuses a state-changing call from another origin, even with the token', async () => {
    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const url = `/api/teacher/change-password/${teacherId}/`;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:1' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const answer = await teacher.json('POST', url, { ...passwordChange('hijacked-password'), headers });
      expect({ headers, status: answer.status }).toEqual({ headers, status: 403 });
      expect(answer.body).toEqual({ bool: false, msg: expect.stringMatching(/origin|site/i) });
    }
    await provider.client().loginTeacher();
  });

  it("accepts the provider's own origin, the configured app origin and same-origin or same-site fetches", async () => {
    const ownOrigin = new URL(provider.url).origin;
    const allowed: Record<string, string>[] = [
      { origin: ownOrigin },
      { origin: appOrigin },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const [index, headers] of allowed.entries()) {
      const answer = await provider.client().post('/api/student-forgot-password/', {
        form: { email: `origin-${index}@example.org` },
        headers,
      });
      expect({ headers, status: answer.status }).toEqual({ headers, status: 200 });
    }
  });

  it('refuses the checkout forms from another origin', async () => {
    const maria: Client = provider.client();
    const studentId = await maria.loginStudent();
    const { body: courses } = await maria.get<{ id: number; price: string | null }[]>('/api/course/');
    const { body: enrolled } = await maria.get<{ course: { id: number } }[]>(`/api/fetch-enrolled-courses/${studentId}`);
    const paid = courses.find(
      (course) => Number(course.price) > 0 && !enrolled.some((row) => row.course.id === course.id),
    )!;
    const { body: session } = await maria.post<{ url: string }>('/api/create-payment-session/', {
      form: { course_id: paid.id, student_id: studentId },
    });
    const forged = await maria.request('POST', `${session.url}/pay`, {
      form: { xsrf_token: maria.cookies.get('XSRF-TOKEN') },
      xsrf: false,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await maria.get(`/api/fetch-enroll-status/${studentId}/${paid.id}`)).body.bool).toBe(false);
  });
});

describe('the outbox: development mode only, loopback only', () => {
  let devProvider: RunningProvider;

  beforeAll(async () => {
    devProvider = await startProvider({ listen: true, devMode: true });
  });

  afterAll(() => devProvider.stop());

  /** GET /dev/outbox with a chosen `Host` header (fetch would send the URL's). */
  const outbox = (url: string, host: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${url}/dev/outbox`, { headers: { host } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });

  it('does not exist outside development mode', async () => {
    const production = await startProvider({ listen: true, devMode: false });
    try {
      expect((await production.client().request('GET', '/dev/outbox')).status).toBe(404);
      expect(await outbox(production.url, 'localhost:8000')).toBe(404);
    } finally {
      await production.stop();
    }
  });

  it('answers a loopback client that addressed a loopback host', async () => {
    expect((await devProvider.client().request('GET', '/dev/outbox')).status).toBe(200);
    for (const host of ['localhost:8000', '127.0.0.1', '127.0.0.1:8000', '[::1]:8000', 'LOCALHOST']) {
      expect({ host, status: await outbox(devProvider.url, host) }).toEqual({ host, status: 200 });
    }
  });

  it('hides itself from other hosts (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:8000', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5']) {
      expect({ host, status: await outbox(devProvider.url, host) }).toEqual({ host, status: 404 });
    }
  });

  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

  (external ? it : it.skip)('hides itself from a client on another address', async () => {
    // Copied from the seeded demo data (startProvider), and listening on that address instead of loopback.
    const onExternal = await startProvider({ devMode: true });
    try {
      const url = await onExternal.app.listen({ port: 0, host: external });
      expect(await outbox(url, 'localhost')).toBe(404);
    } finally {
      await onExternal.stop();
    }
  });
});

describe('brute force: per-account and per-address limits, answered 429 without hashing', () => {
  const tooMany = (seconds: number) => ({
    bool: false,
    msg: `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
    retry_after: seconds,
  });

  const wrongLogin = (client: Client, email: string) =>
    client.post('/api/student-login', { multipart: { email, password: 'not-the-password' } });

  describe('logins', () => {
    let provider: RunningProvider;
    beforeAll(async () => {
      provider = await startProvider();
    });
    afterAll(() => provider.stop());

    it('makes an account wait after five wrong passwords, with Retry-After, whatever the next password', async () => {
      const client = provider.client();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await wrongLogin(client, demoLogins.student.email)).body).toEqual({
          bool: false,
          msg: 'Invalid email or password.',
        });
      }
      const refused = await client.post('/api/student-login', { multipart: { ...demoLogins.student } });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(tooMany(30));
      expect(refused.response.headers.get('retry-after')).toBe('30');
      // Other accounts of the same address are not held up.
      await provider.client().loginStudent(demoLogins.otherStudent);
      await provider.client().loginTeacher();
    });

    it('lets no more than five guesses of a parallel burst reach the password check', async () => {
      const verify = jest.spyOn(Passwords.prototype, 'verify');
      try {
        const answers = await Promise.all(
          Array.from({ length: 30 }, () => wrongLogin(provider.client(), demoLogins.otherStudent.email)),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses.filter((status) => status === 200)).toHaveLength(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(25);
        expect(verify).toHaveBeenCalledTimes(5);
      } finally {
        verify.mockRestore();
      }
    });

    it('makes an e-mail address that has no account wait the same way', async () => {
      const client = provider.client();
      for (let attempt = 0; attempt < 5; attempt += 1) await wrongLogin(client, 'nobody@example.org');
      expect((await wrongLogin(client, 'NOBODY@Example.org')).status).toBe(429);
    });
  });

  it('makes an address wait after fifty failed logins, whatever the accounts', async () => {
    const provider = await startProvider();
    try {
      const client = provider.client();
      for (let attempt = 0; attempt < 50; attempt += 1) {
        expect((await wrongLogin(client, `probe-${attempt}@example.org`)).status).toBe(200);
      }
      const refused = await client.post('/api/teacher-login', { form: { ...demoLogins.teacher } });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ ...tooMany(30), bool: false });
    } finally {
      await provider.stop();
    }
  });

  it('makes the code checks of an account wait after ten wrong codes, across codes', async () => {
    const provider = await startProvider();
    try {
      const client = provider.client();
      const { body: student } = await client.post<{ id: number }>('/api/student/', {
        form: { full_name: 'Code Guesser', email: 'guess@example.org', password: 'guess-me-1', username: 'guesser' },
      });
      // Five wrong guesses burn a code: the login of the unverified account mails a fresh one.
      const freshCode = () =>
        client.post('/api/student-login', { multipart: { email: 'guess@example.org', password: 'guess-me-1' } });
      for (let attempt = 0; attempt < 10; attempt += 1) {
        if (attempt === 5) await freshCode();
        const answer = await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: 100000 + attempt } });
        expect(answer.body.bool).toBe(false);
      }
      await freshCode();
      const { code } = await client.lastMailTo('guess@example.org');
      const refused = await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code! } });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(tooMany(30));
      const teacher = await client.post('/api/verify-teacher/1/', { form: { otp_digit: 123456 } });
      expect(teacher.status).toBe(200);
    } finally {
      await provider.stop();
    }
  });

  describe('mails', () => {
    let provider: RunningProvider;
    beforeAll(async () => {
      provider = await startProvider();
    });
    afterAll(() => provider.stop());

    it('sends at most three reset links an hour to one address, answering unknown addresses the same', async () => {
      const mailsTo = async (email: string) => {
        const { body } = await provider.client().get<{ to: string }[]>('/dev/outbox');
        return body.filter((mail) => mail.to === email).length;
      };
      for (const email of [demoLogins.teacher.email, 'nobody@example.org']) {
        const client = provider.client();
        const answers = [];
        for (let attempt = 0; attempt < 4; attempt += 1) {
          answers.push(await client.post('/api/teacher-forgot-password/', { form: { email } }));
        }
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
        expect(answers[3]!.body).toEqual({ ...tooMany(300), bool: false });
        expect(answers[3]!.response.headers.get('retry-after')).toBe('300');
      }
      expect(await mailsTo(demoLogins.teacher.email)).toBe(3);
    });

    it('mails at most five codes an hour to one account', async () => {
      const client = provider.client();
      const credentials = { email: 'unverified@example.org', password: 'unverified-1' };
      await client.post('/api/student/', { form: { ...credentials, full_name: 'Not Yet', username: 'notyet' } });
      for (let login = 0; login < 4; login += 1) {
        const answer = await client.post('/api/student-login', { multipart: credentials });
        expect(answer.body).toEqual(expect.objectContaining({ bool: false, student_id: expect.any(Number) }));
      }
      const refused = await client.post('/api/student-login', { multipart: credentials });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        bool: false,
        msg: 'Too many codes have been sent to this account. Please try again in 60 minutes.',
        retry_after: expect.any(Number),
      });
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(3500);
      const { body: outbox } = await client.get<{ to: string }[]>('/dev/outbox');
      expect(outbox.filter((mail) => mail.to === credentials.email)).toHaveLength(5);
    });
  });
});

describe('uploads: checked before a byte is stored', () => {
  let provider: RunningProvider;
  let teacher: Client;
  let courseId: number;

  beforeAll(async () => {
    provider = await startProvider({ listen: true });
    teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const { body: courses } = await teacher.get<{ id: number }[]>(`/api/teacher-courses/${teacherId}`);
    courseId = courses[0]!.id;
  });

  afterAll(() => provider.stop());

  const boundary = 'hardening-boundary';
  const filePart = (field: string, name = 'lesson.webm') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
    'Content-Type: video/webm\r\n\r\n';
  const textPart = (field: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;

  interface Streamed {
    status: number;
    body: string;
    /** Bytes of the body written before the answer arrived. */
    sentBeforeAnswer: number;
    /** Whether the provider closed the connection after answering, rather than wait for (and read) the rest. */
    cut: boolean;
  }

  /**
   * Sends a multipart POST whose body is `head` followed by filler bytes up to `total`, a chunk
   * at a time; stops writing once the provider answers, then waits up to a second for the
   * provider to close the connection.
   */
  const streamUpload = (
    urlPath: string,
    { head, total, as, chunked = false }: { head: string; total: number; as: Client; chunked?: boolean },
  ) =>
    new Promise<Streamed>((resolve, reject) => {
      const url = new URL(provider.url);
      let sent = 0;
      let answered = false;
      const request = http.request({
        host: url.hostname,
        port: url.port,
        path: urlPath,
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(chunked ? {} : { 'content-length': String(total) }),
          accept: 'application/json',
          cookie: [...as.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-xsrf-token': as.cookies.get('XSRF-TOKEN') ?? '',
        },
      });
      request.on('error', () => undefined);
      request.on('response', (response) => {
        answered = true;
        const sentBeforeAnswer = sent;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          const socket = request.socket;
          const finish = (cut: boolean) => {
            clearTimeout(timer);
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body, sentBeforeAnswer, cut });
          };
          const timer = setTimeout(() => finish(false), 1000);
          if (!socket || socket.destroyed || socket.readableEnded) finish(true);
          else socket.once('close', () => finish(true)).once('end', () => finish(true));
        });
      });
      request.write(head);
      sent += head.length;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (sent < total && !answered && !request.destroyed) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        if (!answered && !request.destroyed) request.end();
      };
      pump();
      setTimeout(() => reject(new Error(`No answer after ${sent} bytes`)), 20_000).unref();
    });

  const storedFiles = () =>
    ['tmp', 'media/chapter_videos'].flatMap((folder) => {
      const dir = path.join(provider.dataDir, folder);
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${folder}/${name}`) : [];
    });

  it('answers an anonymous 40 MB chapter upload 401 after its headers, stores nothing and closes the connection', async () => {
    const before = storedFiles();
    const anonymous = provider.client();
    await anonymous.get('/api/category/');
    const answer = await streamUpload('/api/chapter/', { head: filePart('video'), total: 40 * 1024 * 1024, as: anonymous });
    expect(answer.status).toBe(401);
    expect(answer.sentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
    expect(answer.cut).toBe(true);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a body declared larger than the operation can take before reading it (400)', async () => {
    const before = storedFiles();
    const answer = await streamUpload('/api/chapter/', {
      head: textPart('course', String(courseId)) + textPart('title', 'Huge') + filePart('video'),
      total: 200 * 1024 * 1024,
      as: teacher,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ msg: expect.stringMatching(/too large/i) });
    expect(answer.sentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
  });

  it('cuts a chunked body once it passes the cap, keeping nothing', async () => {
    const before = storedFiles();
    const answer = await streamUpload('/api/chapter/', {
      head: textPart('course', String(courseId)) + textPart('title', 'Endless') + textPart('video', 'x'.repeat(10)),
      total: 200 * 1024 * 1024,
      chunked: true,
      as: teacher,
    });
    expect(answer.status).toBe(400);
    expect(answer.sentBeforeAnswer).toBeLessThan(120 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
  });

  it('accepts one file per file field: a second video part is refused before it is written', async () => {
    const before = storedFiles();
    const video = new Blob([fs.readFileSync(path.join(seedAssets, 'videos', 'lesson-bars.webm'))], { type: 'video/webm' });
    const form = new FormData();
    form.append('course', String(courseId));
    form.append('title', 'Twice');
    form.append('video', video, 'one.webm');
    form.append('video', video, 'two.webm');
    const answer = await teacher.json('POST', '/api/chapter/', { raw: form as unknown as string });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ msg: expect.stringMatching(/one file/i) });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a text field the parser had to cut, instead of storing it shortened', async () => {
    const form = new FormData();
    form.append('course', String(courseId));
    form.append('title', 'Long remarks');
    form.append('remarks', 'r'.repeat(2 * 1024 * 1024));
    form.append('video', new Blob([fs.readFileSync(path.join(seedAssets, 'videos', 'lesson-bars.webm'))]), 'a.webm');
    const answer = await teacher.json('POST', '/api/chapter/', { raw: form as unknown as string });
    expect(answer.status).toBe(400);
    const { body: chapters } = await teacher.get<{ title: string }[]>(`/api/course-chapters/${courseId}`);
    expect(chapters.map((chapter) => chapter.title)).not.toContain('Long remarks');
  });
});

describe('teachers verify their e-mail before they log in', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());

  it('answers an unverified teacher as an unverified student, with a fresh code and no session', async () => {
    const client = provider.client();
    const credentials = { email: 'unverified.teacher@example.org', password: 'teach-1234' };
    const { body: teacher } = await client.post<{ id: number }>('/api/teacher/', {
      form: { ...credentials, full_name: 'Not Verified', skills: 'Igbo' },
    });
    const registrationCode = (await client.lastMailTo(credentials.email)).code;

    const login = await client.post('/api/teacher-login', { form: credentials });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      bool: false,
      msg: 'Please verify your account with the code we sent to your e-mail.',
      teacher_id: teacher.id,
    });
    expect(client.cookies.has('teacher_session')).toBe(false);
    expect((await client.get(`/api/teacher/dashboard/${teacher.id}`)).status).toBe(401);
    const fresh = await client.lastMailTo(credentials.email);
    expect(fresh.code).toMatch(/^\d{6}$/);
    expect(fresh.subject).toMatch(/verification code/);

    // The registration code was replaced by the fresh one.
    if (registrationCode !== fresh.code) {
      const stale = await client.post(`/api/verify-teacher/${teacher.id}/`, { form: { otp_digit: registrationCode! } });
      expect(stale.body.bool).toBe(false);
    }
    const verified = await client.post(`/api/verify-teacher/${teacher.id}/`, { form: { otp_digit: fresh.code! } });
    expect(verified.body).toEqual(expect.objectContaining({ bool: true, teacher_id: teacher.id }));
    await provider.client().loginTeacher(credentials);
  });

  it('answers wrong credentials of an unverified teacher as any wrong credentials', async () => {
    const client = provider.client();
    await client.post('/api/teacher/', {
      form: { email: 'quiet.teacher@example.org', password: 'teach-1234', full_name: 'Quiet' },
    });
    const login = await client.post('/api/teacher-login', {
      form: { email: 'quiet.teacher@example.org', password: 'wrong-password' },
    });
    expect(login.body).toEqual({ bool: false, msg: 'Invalid email or password.' });
  });
});

describe('races and limits: 400 {msg}, never 500 or a duplicate', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    // The production hashing cost: a registration's hash then takes long enough for its
    // parallel twins to pass the duplicate checks before the first one is stored. Registrations
    // are not throttled here: the races are the point (the limits have their own suite).
    const unlimited = { free: 1000, firstDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 1000 };
    provider = await startProvider({
      scryptCost: 16384,
      throttle: { address: unlimited, registration: unlimited, signup: unlimited },
    });
  });
  afterAll(() => provider.stop());

  // Eight at once: each passes the duplicate checks within a millisecond, long before the first
  // hash (tens of milliseconds) is done, so all but one reach the unique key; more would only add hashing.
  const parallel = 8;
  const register = (client: Client, fields: Record<string, string>) =>
    client.post('/api/student/', {
      form: { full_name: 'Racer', password: 'race-pass-1', ...fields } as Record<string, string>,
    });

  it('lets one of eight parallel registrations with one e-mail through and refuses the others 400', async () => {
    const clients = Array.from({ length: parallel }, () => provider.client());
    await Promise.all(clients.map((client) => client.get('/api/category/')));
    const answers = await Promise.all(
      clients.map((client, index) =>
        register(client, { email: index % 2 ? 'Race@Example.org' : 'race@example.org', username: `racer-${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(parallel - 1).fill(400)]);
    for (const answer of answers.filter((candidate) => candidate.status === 400)) {
      expect(answer.body).toEqual({ msg: 'An account with this e-mail address already exists.' });
    }
  });

  it('lets one of eight parallel registrations with one username through, whatever its case', async () => {
    const clients = Array.from({ length: parallel }, () => provider.client());
    await Promise.all(clients.map((client) => client.get('/api/category/')));
    const answers = await Promise.all(
      clients.map((client, index) =>
        register(client, { email: `same-name-${index}@example.org`, username: index % 2 ? 'SameName' : 'samename' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(parallel - 1).fill(400)]);
    for (const answer of answers.filter((candidate) => candidate.status === 400)) {
      expect(answer.body).toEqual({ msg: 'This username is already taken.' });
    }
  });

  it('lets one of eight parallel teacher registrations with one e-mail through', async () => {
    const clients = Array.from({ length: parallel }, () => provider.client());
    await Promise.all(clients.map((client) => client.get('/api/category/')));
    const answers = await Promise.all(
      clients.map((client) =>
        client.post('/api/teacher/', {
          form: { full_name: 'Racing Teacher', email: 'race.teacher@example.org', password: 'race-pass-1' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(parallel - 1).fill(400)]);
  });

  // SQLite's migrations, on a file of its own.
  (onPostgres() ? it.skip : it)('keeps the first of the usernames that were duplicated before the unique index (the others get their id)', () => {
    const dataDir = makeDataDir();
    try {
      const file = path.join(dataDir, 'provider.sqlite');
      const before = openDatabase(file, migrations.filter((migration) => migration.version < 5)).db;
      const insert = before.prepare(
        "INSERT INTO students (full_name, email, username, password_hash, created_at) VALUES ('S', ?, ?, 'x', 'now')",
      );
      for (const [email, username] of [
        ['a@example.org', 'twin'],
        ['b@example.org', 'Twin'],
        ['c@example.org', ''],
        ['d@example.org', ''],
        ['e@example.org', 'solo'],
      ]) {
        insert.run(email, username);
      }
      before.close();
      const after = openDatabase(file).db;
      expect(after.prepare('SELECT id, username FROM students ORDER BY id').all()).toEqual([
        { id: 1, username: 'twin' },
        { id: 2, username: 'Twin-2' },
        { id: 3, username: '' },
        { id: 4, username: '' },
        { id: 5, username: 'solo' },
      ]);
      expect(() =>
        after
          .prepare("INSERT INTO students (full_name, email, username, password_hash, created_at) VALUES ('S', ?, ?, 'x', 'now')")
          .run('f@example.org', 'TWIN'),
      ).toThrow(/UNIQUE/);
      after.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a result too large to be a count with 400 {msg}', async () => {
    const client = provider.client();
    for (const result of ['99999999999999999999', '1001', '1e300']) {
      const answer = await client.get(`/api/course/?result=${result}`);
      expect({ result, status: answer.status }).toEqual({ result, status: 400 });
      expect(answer.body).toEqual({ msg: expect.any(String) });
    }
    expect((await client.get('/api/course/?result=1000')).status).toBe(200);
  });

  it('states a maxLength for every text field of a request, and the provider refuses longer values with 400', async () => {
    const document = loadSpec(defaultSpecFile);
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.type === 'string' && schema.format !== 'binary' && !schema.enum && schema.maxLength === undefined) {
        unbounded.push(where);
      }
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
        walk(property, `${where}.${name}`);
      }
      for (const part of [...((schema.allOf ?? []) as JsonSchema[]), ...((schema.oneOf ?? []) as JsonSchema[])]) {
        walk(part, where);
      }
    };
    for (const operation of listOperations(document)) {
      if (operation.body) walk(inlineRefs(document, operation.body.schema), `${operation.operationId} body`);
      for (const parameter of operation.queryParameters) {
        walk(inlineRefs(document, parameter.schema ?? {}), `${operation.operationId} ${parameter.name}`);
      }
    }
    expect(unbounded).toEqual([]);

    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const tooLong = await teacher.post('/api/course/', {
      multipart: {
        category: 1,
        teacher: teacherId,
        title: 't'.repeat(201),
        featured_img: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' }),
      },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ msg: 'The title must be at most 200 characters long.' });
    const longName = await register(provider.client(), {
      email: 'long.name@example.org',
      username: 'longname',
      full_name: 'n'.repeat(101),
    });
    expect(longName.body).toEqual({ msg: 'The full name must be at most 100 characters long.' });
  });

  it('bounds the price of a course', async () => {
    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const answer = await teacher.post('/api/course/', {
      multipart: {
        category: 1,
        teacher: teacherId,
        title: 'Priceless',
        price: '1000000000',
        featured_img: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' }),
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ msg: 'The price must be at most 100000.' });
  });
});

describe('credentials that outlive a change', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());

  const tooShort = 'The password must be at least 8 characters long.';

  /** A verified student with a session, and a helper reading the token of the newest reset mail. */
  async function newStudent(email: string, password = 'first-pass-1') {
    const client = provider.client();
    const { body } = await client.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Changer', email, password, username: email.split('@')[0]! },
    });
    const { code } = await client.lastMailTo(email);
    await client.post(`/api/verify-student/${body.id}/`, { form: { otp_digit: code! } });
    const resetToken = async () => {
      await provider.client().post('/api/student-forgot-password/', { form: { email } });
      const { text } = await client.lastMailTo(email);
      return new URL(/http\S+/.exec(text)![0]).searchParams.get('token')!;
    };
    return { id: body.id, client, resetToken };
  }

  it('ends every other reset link, and every session, once a reset link is used', async () => {
    const student = await newStudent('links@example.org');
    const older = await student.resetToken();
    const newer = await student.resetToken();
    const used = await provider.client().post(`/api/student-change-password/${student.id}/`, {
      form: { password: 'second-pass-2', token: newer },
    });
    expect(used.body).toEqual({ bool: true, msg: 'Your password has been changed.' });
    const replayed = await provider.client().post(`/api/student-change-password/${student.id}/`, {
      form: { password: 'third-pass-3', token: older },
    });
    expect(replayed.status).toBe(400);
    expect((await student.client.get(`/api/student/${student.id}`)).status).toBe(401);
    await provider.client().loginStudent({ email: 'links@example.org', password: 'second-pass-2' });
  });

  it('ends the other sessions and every reset link on a change while logged in, keeping the caller in', async () => {
    const student = await newStudent('change@example.org');
    const elsewhere = provider.client();
    await elsewhere.loginStudent({ email: 'change@example.org', password: 'first-pass-1' });
    const link = await student.resetToken();
    const changed = await student.client.post(`/api/student/change-password/${student.id}/`, {
      form: { password: 'second-pass-2', current_password: 'first-pass-1' },
    });
    expect(changed.body).toEqual({ bool: true, msg: 'Your password has been changed.' });
    expect((await student.client.get(`/api/student/${student.id}`)).status).toBe(200);
    expect((await elsewhere.get(`/api/student/${student.id}`)).status).toBe(401);
    const reset = await provider.client().post(`/api/student-change-password/${student.id}/`, {
      form: { password: 'third-pass-3', token: link },
    });
    expect(reset.status).toBe(400);
  });

  it('refuses passwords under eight characters at registration, reset and change', async () => {
    const client = provider.client();
    const student = await client.post('/api/student/', {
      form: { full_name: 'Short', email: 'short@example.org', password: 'a', username: 'short' },
    });
    expect(student.status).toBe(400);
    expect(student.body).toEqual({ msg: tooShort });
    const teacher = await client.post('/api/teacher/', {
      form: { full_name: 'Short', email: 'short.teacher@example.org', password: '1234567' },
    });
    expect(teacher.body).toEqual({ msg: tooShort });

    const changer = await newStudent('short.change@example.org');
    const change = await changer.client.post(`/api/student/change-password/${changer.id}/`, {
      form: { password: 'x', current_password: 'first-pass-1' },
    });
    expect(change.body).toEqual({ bool: false, msg: tooShort });
    const reset = await provider.client().post(`/api/student-change-password/${changer.id}/`, {
      form: { password: 'seven77', token: await changer.resetToken() },
    });
    expect(reset.body).toEqual({ bool: false, msg: tooShort });
    await provider.client().loginStudent({ email: 'short.change@example.org', password: 'first-pass-1' });
    // Existing passwords are checked as they are at login (no length rule there).
    const login = await provider.client().post('/api/student-login', {
      multipart: { email: 'short.change@example.org', password: 'x' },
    });
    expect(login.body).toEqual({ bool: false, msg: 'Invalid email or password.' });
  });

  it('checks a reset token before it hashes the new password', async () => {
    const student = await newStudent('hash@example.org');
    const hash = jest.spyOn(Passwords.prototype, 'hash');
    try {
      const forged = await provider.client().post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'forged-pass-1', token: 'not-a-token' },
      });
      expect(forged.status).toBe(400);
      expect(hash).not.toHaveBeenCalled();
      const real = await provider.client().post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'second-pass-2', token: await student.resetToken() },
      });
      expect(real.body.bool).toBe(true);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });
});

describe('smaller hardening', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());

  const setCookies = (response: Response, name: string) =>
    response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${name}=`));

  it('marks cookies Secure when the request came over HTTPS, trusting X-Forwarded-Proto only behind a trusted proxy', async () => {
    const httpsHeaders = { 'x-forwarded-proto': 'https' };
    const plain = await provider.client().request('GET', '/api/category/', { headers: httpsHeaders });
    expect(setCookies(plain, 'XSRF-TOKEN')[0]).not.toMatch(/Secure/);

    const proxied = await startProvider({ trustProxy: '127.0.0.1' });
    try {
      const client = proxied.client();
      const xsrf = await client.request('GET', '/api/category/', { headers: httpsHeaders });
      expect(setCookies(xsrf, 'XSRF-TOKEN')[0]).toMatch(/; Secure/);
      const login = await client.request('POST', '/api/student-login', {
        multipart: { ...demoLogins.student },
        headers: httpsHeaders,
      });
      expect(setCookies(login, 'student_session')[0]).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
      const overHttp = await proxied.client().request('GET', '/api/category/', { headers: { 'x-forwarded-proto': 'http' } });
      expect(setCookies(overHttp, 'XSRF-TOKEN')[0]).not.toMatch(/Secure/);
    } finally {
      await proxied.stop();
    }
  });

  it('behind a trusted proxy, takes the address the proxy saw: what the client wrote in X-Forwarded-For moves no counter', async () => {
    const proxied = await startProvider({ trustProxy: '127.0.0.1', throttle: { address: { ...defaultThrottleLimits.address, free: 3 } } });
    try {
      const client = proxied.client();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await client.post('/api/student-login', {
          multipart: { email: `spoof-${attempt}@example.org`, password: 'wrong-password' },
          // The client's own entry, then the one a proxy on 127.0.0.1 adds: the address it saw.
          headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.9` },
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    } finally {
      await proxied.stop();
    }
  });

  it('refuses to start trusting any proxy, which would let a client pick its own address', async () => {
    expect(() => resolveConfig({ dataDir: os.tmpdir() }, { PROVIDER_TRUST_PROXY: 'true' })).toThrow(/^PROVIDER_TRUST_PROXY takes the addresses/);
    expect(() => resolveConfig({ dataDir: os.tmpdir() }, { PROVIDER_TRUST_PROXY: '0.0.0.0/0' })).toThrow(/^PROVIDER_TRUST_PROXY takes/);
    expect(() => resolveConfig({ dataDir: os.tmpdir() }, { PROVIDER_TRUST_PROXY: '2' })).toThrow(/^PROVIDER_TRUST_PROXY takes/);
    const dataDir = makeDataDir();
    try {
      await expect(buildProvider({ dataDir, trustProxy: true as unknown as string })).rejects.toThrow(/^trustProxy takes the addresses/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(resolveConfig({ dataDir: os.tmpdir() }, { PROVIDER_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted: rotating it evades no address limit', async () => {
    const spoofed = await startProvider();
    try {
      const client = spoofed.client();
      let last: number | undefined;
      for (let attempt = 0; attempt < 51; attempt += 1) {
        const answer = await client.post('/api/student-login', {
          multipart: { email: `spoof-${attempt}@example.org`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        });
        last = answer.status;
      }
      expect(last).toBe(429);
    } finally {
      await spoofed.stop();
    }
  });

  it('answers the API with nosniff and no-store, errors included, and leaves media caching alone', async () => {
    const client = provider.client();
    for (const url of ['/api/course/', '/api/course/999999', '/api/student/1', '/api/no-such-route/']) {
      const response = await client.request('GET', url);
      expect({ url, nosniff: response.headers.get('x-content-type-options') }).toEqual({ url, nosniff: 'nosniff' });
      expect({ url, cache: response.headers.get('cache-control') }).toEqual({ url, cache: 'no-store' });
    }
    const { body: courses } = await client.get<{ featured_img: string }[]>('/api/course/');
    const image = await client.request('GET', courses[0]!.featured_img);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toMatch(/max-age/);
  });

  it('cuts a request whose body trickles in slower than the request timeout', async () => {
    const slow = await startProvider({ listen: true, requestTimeoutMs: 1000 });
    try {
      const url = new URL(slow.url);
      const started = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(url.port), url.hostname, () => {
          socket.write(
            'POST /api/student-forgot-password/ HTTP/1.1\r\nHost: localhost\r\n' +
              'Content-Type: application/x-www-form-urlencoded\r\nCookie: XSRF-TOKEN=slow\r\nX-XSRF-TOKEN: slow\r\n' +
              'Content-Length: 100000\r\n\r\nemail=',
          );
        });
        const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        const giveUp = setTimeout(() => {
          clearInterval(trickle);
          socket.destroy();
          resolve('still open');
        }, 8000);
        socket.on('close', () => {
          clearInterval(trickle);
          clearTimeout(giveUp);
          resolve(answer.split('\r\n')[0] ?? '');
        });
        socket.on('error', () => undefined);
      });
      expect(outcome).not.toBe('still open');
      expect(outcome === '' || /^HTTP\/1\.1 4\d\d/.test(outcome)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await slow.client().get('/api/category/')).status).toBe(200);
    } finally {
      await slow.stop();
    }
  });

  // SQLite's own settings.
  (onPostgres() ? it.skip : it)('writes every commit through to the disk (synchronous=FULL under WAL)', () => {
    const dataDir = makeDataDir();
    try {
      const { db } = openDatabase(path.join(dataDir, 'provider.sqlite'));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      db.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers a code check for an id that does not exist as a wrong code', async () => {
    const client = provider.client();
    const { body: student } = await client.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Known', email: 'known@example.org', password: 'known-pass-1', username: 'known' },
    });
    const { code } = await client.lastMailTo('known@example.org');
    const wrongCode = String(((Number(code) - 100000 + 1) % 900000) + 100000);
    const known = await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: wrongCode } });
    const unknown = await client.post('/api/verify-student/999999/', { form: { otp_digit: wrongCode } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ ...known.body, student_id: 999999 });

    const knownTeacher = await client.post('/api/verify-teacher/1/', { form: { otp_digit: 123456 } });
    const unknownTeacher = await client.post('/api/verify-teacher/999999/', { form: { otp_digit: 123456 } });
    expect(unknownTeacher.status).toBe(200);
    expect(unknownTeacher.body).toEqual({ ...knownTeacher.body, teacher_id: 999999 });
  });

  it('tells that a teacher awaits approval only to whoever holds the right code', async () => {
    const { body: teachers } = await provider.client().get<{ id: number }[]>('/api/teacher/');
    const approved = new Set(teachers.map((teacher) => teacher.id));
    const pendingId = [1, 2, 3, 4, 5, 6].find((candidate) => !approved.has(candidate))!;
    const answer = await provider.client().post(`/api/verify-teacher/${pendingId}/`, { form: { otp_digit: 123456 } });
    expect(answer.body).toEqual({
      bool: false,
      msg: 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.',
      teacher_id: pendingId,
    });
  });
});

describe('the checkout returns to the origin it was started from', () => {
  let provider: RunningProvider;
  let ids: DemoIds;
  // As `npm start` runs it: APP_ORIGIN says localhost, the student may have opened 127.0.0.1.
  const appOrigin = 'http://localhost:8080';

  beforeAll(async () => {
    provider = await startProvider({ listen: true, appOrigin });
    ids = await demoIds(provider);
  });
  afterAll(() => provider.stop());

  /** Starts and pays a checkout as a browser on `origin` would, answering the redirect and the page's CSP. */
  async function payFrom(origin: string | undefined, courseId: number) {
    const client = provider.client();
    const studentId = await client.loginStudent(demoLogins.otherStudent);
    const headers: Record<string, string> = origin ? { origin } : {};
    const { body } = await client.post<{ url: string }>('/api/create-payment-session/', {
      form: { course_id: courseId, student_id: studentId },
      headers,
    });
    if (!body.url.startsWith('/api/checkout/')) return { start: body.url, location: null, csp: null };
    const page = await client.request('GET', body.url);
    const token = /name="xsrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const paid = await client.request('POST', `${body.url}/pay`, { form: { xsrf_token: token }, xsrf: false, headers });
    return {
      start: body.url,
      location: paid.headers.get('location'),
      csp: page.headers.get('content-security-policy'),
    };
  }

  /** The demo courses the second demo student has not joined, paid ones first. */
  async function notJoined(paid: boolean) {
    const kofi = provider.client();
    await kofi.loginStudent(demoLogins.otherStudent);
    const courses = [];
    for (const course of Object.values(ids.courses)) {
      if (Number(course.price) > 0 !== paid) continue;
      const status = await kofi.get(`/api/fetch-enroll-status/${ids.otherStudentId}/${course.id}`);
      if (status.body.bool === false) courses.push(course);
    }
    return courses;
  }

  it('stays on the origin the app and the provider share (root-relative)', async () => {
    const ownOrigin = new URL(provider.url).origin;
    const course = (await notJoined(true))[0]!;
    const { location } = await payFrom(ownOrigin, course.id);
    expect(location).toBe(`/detail/${course.id}?checkout=success`);
  });

  it('returns to the configured app origin the checkout was started from', async () => {
    const course = (await notJoined(true))[0]!;
    const { location, csp } = await payFrom(appOrigin, course.id);
    expect(location).toBe(`${appOrigin}/detail/${course.id}?checkout=success`);
    expect(csp).toContain(`form-action 'self' ${appOrigin}`);
  });

  it('sends a free course straight back to where the enrolment started', async () => {
    const ownOrigin = new URL(provider.url).origin;
    const free = (await notJoined(false))[0]!;
    const { start } = await payFrom(ownOrigin, free.id);
    expect(start).toBe(`/detail/${free.id}?checkout=success`);
  });
});

describe('load: a login flood is refused before its body is read', () => {
  it("answers a waiting address's further logins 429 after the headers and closes the connection", async () => {
    const rule = { free: 2, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
    const provider = await startProvider({ listen: true, throttle: { address: rule } });
    try {
      const client = provider.client();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await client.post('/api/student-login', {
          multipart: { email: `flood-${attempt}@example.org`, password: 'wrong-password' },
        });
      }
      const url = new URL(provider.url);
      const xsrf = client.cookies.get('XSRF-TOKEN')!;
      const answer = await new Promise<{ status: number; connection: string | undefined; body: string; sent: number }>(
        (resolve, reject) => {
          let sent = 0;
          const request = http.request({
            host: url.hostname,
            port: url.port,
            path: '/api/student-login',
            method: 'POST',
            headers: {
              'content-type': 'multipart/form-data; boundary=flood',
              'content-length': String(40 * 1024 * 1024),
              cookie: `XSRF-TOKEN=${xsrf}`,
              'x-xsrf-token': xsrf,
            },
          });
          request.on('error', () => undefined);
          request.on('response', (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body, sent });
              request.destroy();
            });
          });
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          const pump = () => {
            while (sent < 40 * 1024 * 1024 && !request.destroyed) {
              sent += chunk.length;
              if (!request.write(chunk)) return void request.once('drain', pump);
            }
          };
          pump();
          setTimeout(() => reject(new Error('no answer')), 10_000).unref();
        },
      );
      expect(answer.status).toBe(429);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({
        bool: false,
        msg: 'Too many attempts. Please try again in 1 minute.',
        retry_after: expect.any(Number),
      });
      // Written before the answer came: what the loopback's socket buffers took, not the 40 MB.
      expect(answer.sent).toBeLessThan(8 * 1024 * 1024);
    } finally {
      await provider.stop();
    }
  });
});

describe('issue 33 item 10: refusals name fields as the forms label them', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());

  /** What no message may hold: a raw field name, a schema path or keyword, a type name. */
  const developerWords = /_|\b(?:body|querystring|params)\/|must (?:match|have|NOT)|\b(?:integer|string|boolean)\b|Invalid request/;

  it('words a code that is not 6 digits, a text file named .png as a course image, and a missing or too long field', async () => {
    const student = provider.client();
    const { body: created } = await student.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Ada', email: 'ada.words@example.org', password: 'pass-1234', username: 'adawords' },
    });
    const code = await student.post(`/api/verify-student/${created.id}/`, { form: { otp_digit: '000000' } });
    expect(code).toMatchObject({ status: 400, body: { bool: false, msg: 'The code must be 6 digits.' } });
    expect((await student.post(`/api/verify-student/${created.id}/`, { form: { otp_digit: 'abc' } })).body.msg).toBe('The code must be 6 digits.');

    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const image = await teacher.post('/api/course/', {
      multipart: { category: 1, teacher: teacherId, title: 'Words', featured_img: new File(['just some notes'], 'notes.png', { type: 'image/png' }) },
    });
    expect(image).toMatchObject({ status: 400, body: { msg: 'The course image must be a picture (PNG, JPEG, GIF, WebP or SVG).' } });

    const missing = await provider.client().post('/api/student/', { form: { full_name: 'Ada', email: 'ada.two@example.org', password: 'pass-1234' } });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'Please fill in the username.' } });
    const long = await provider.client().post('/api/teacher/', {
      form: { full_name: 'Amara', email: 'amara.words@example.org', password: 'pass-1234', mobile_no: '1'.repeat(21) },
    });
    expect(long).toMatchObject({ status: 400, body: { msg: 'The mobile number must be at most 20 characters long.' } });
    const badEmail = await provider.client().post('/api/student/', { form: { full_name: 'Ada', email: 'ada', password: 'pass-1234', username: 'ada3' } });
    expect(badEmail.body.msg).toBe('Please enter a valid e-mail address, like name@example.com.');
    const badPrice = await teacher.post('/api/course/', {
      multipart: { category: 1, teacher: teacherId, title: 'Words', price: 'lots', featured_img: svgFile() },
    });
    expect(badPrice).toMatchObject({ status: 400, body: { msg: 'The price is not valid. Please check it and try again.' } });
    const badId = await provider.client().post('/api/verify-student/abc/', { form: { otp_digit: '123456' } });
    expect(badId).toMatchObject({ status: 400, body: { msg: 'This address is not valid: please check the link.' } });

    for (const answer of [code, image, missing, long, badEmail, badPrice, badId]) {
      expect((answer.body as { msg: string }).msg).not.toMatch(developerWords);
    }
  });

  it('has words for every request field of api-spec.yaml', () => {
    const document = loadSpec(defaultSpecFile);
    const unnamed = listOperations(document).flatMap((operation) =>
      operation.body ? Object.keys(objectProperties(inlineRefs(document, operation.body.schema))).filter((name) => fieldWords(name) === null) : [],
    );
    expect(unnamed).toEqual([]);
  });
});
