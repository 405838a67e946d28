import http from 'node:http';
import { accountMessages } from '../../provider/src/accounts';
import { type Client, type RunningProvider, demoLogins, startProvider } from './support';

/**
 * Issue 19, items 2 and 5: nobody but the browser a code was mailed for can spend its guesses, and
 * registrations and current-password checks are throttled like logins.
 */

type Role = 'student' | 'teacher';

const registrationForms: Record<Role, (email: string) => Record<string, string>> = {
  student: (email) => ({ full_name: 'Ife Owner', email, password: 'owner-pass-1', username: email.split('@')[0]! }),
  teacher: (email) => ({ full_name: 'Ife Owner', email, password: 'owner-pass-1', qualification: 'BA', skills: 'Igbo' }),
};

async function register(client: Client, role: Role, email: string): Promise<number> {
  const { status, body } = await client.post<{ id: number }>(`/api/${role}/`, { form: registrationForms[role](email) });
  if (status !== 201) throw new Error(`Registration failed: ${status} ${JSON.stringify(body)}`);
  return body.id;
}

const verify = (client: Client, role: Role, id: number, code: string) =>
  client.post(`/api/verify-${role}/${id}/`, { form: { otp_digit: code } });

const otherThan = (code: string, offset: number) => String(100000 + ((Number(code) - 100000 + 1 + offset) % 900000));

/**
 * Sends only the headers of a POST announcing a 10 MB form body: only a refusal made before the
 * body is read answers it.
 */
function headersOnly(provider: RunningProvider, client: Client, path: string) {
  const xsrf = client.cookies.get('XSRF-TOKEN')!;
  const url = new URL(provider.url);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(10 * 1024 * 1024),
        cookie,
        'x-xsrf-token': xsrf,
      },
    });
    request.on('error', () => undefined);
    request.on('response', (response) => {
      resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      response.resume();
      request.destroy();
    });
    request.flushHeaders();
    setTimeout(() => reject(new Error('no answer before the body')), 5_000).unref();
  });
}

describe('one-time codes: only the browser that asked may check them', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    // Owner and strangers share the loopback address here; its own limit (50 failures) is not the point.
    const roomy = { free: 500, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
    provider = await startProvider({ throttle: { address: roomy } });
  });
  afterAll(() => provider.stop());

  it.each<Role>(['student', 'teacher'])(
    "gives the %s's browser an HttpOnly pending-code cookie with the registration answer",
    async (role) => {
      const response = await provider.client().request('POST', `/api/${role}/`, {
        form: registrationForms[role](`cookie.${role}@example.org`),
      });
      expect(response.status).toBe(201);
      const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith(`${role}_pending=`));
      expect(cookie).toMatch(/^\w+_pending=[\w-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    },
  );

  it.each<Role>(['student', 'teacher'])(
    "answers a stranger's 20 wrong guesses at a %s's code as wrong codes, and the owner then verifies (no 429)",
    async (role) => {
      const owner = provider.client();
      const email = `owner.${role}@example.org`;
      const id = await register(owner, role, email);
      const { code } = await owner.lastMailTo(email);

      const stranger = provider.client();
      for (let guess = 0; guess < 20; guess += 1) {
        const answer = await verify(stranger, role, id, otherThan(code!, guess));
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ bool: false, msg: accountMessages.wrongCode, [`${role}_id`]: id });
      }
      // Even the right code is no use from another browser.
      expect((await verify(stranger, role, id, code!)).body.bool).toBe(false);

      const verified = await verify(owner, role, id, code!);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ bool: true, msg: accountMessages.verified, [`${role}_id`]: id });
      expect(owner.cookies.has(`${role}_session`)).toBe(true);
      expect(stranger.cookies.has(`${role}_session`)).toBe(false);
    },
  );

  it.each<Role>(['student', 'teacher'])("burns a %s's code after five wrong guesses of its own browser", async (role) => {
    const owner = provider.client();
    const email = `careless.${role}@example.org`;
    const id = await register(owner, role, email);
    const { code } = await owner.lastMailTo(email);
    for (let guess = 0; guess < 4; guess += 1) {
      expect((await verify(owner, role, id, otherThan(code!, guess))).body).toEqual({
        bool: false,
        msg: accountMessages.wrongCode,
        [`${role}_id`]: id,
      });
    }
    // The fifth wrong guess, and the right code after it, are told the code is no longer valid.
    expect((await verify(owner, role, id, otherThan(code!, 4))).body.msg).toBe('This code is no longer valid. Please ask for a new code.');
    const late = await verify(owner, role, id, code!);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ bool: false, msg: 'This code is no longer valid. Please ask for a new code.', [`${role}_id`]: id });
    // A stranger's guesses are still answered as wrong codes: nothing about the owner's code is told.
    expect((await verify(provider.client(), role, id, code!)).body.msg).toBe(accountMessages.wrongCode);
  });

  it.each<Role>(['student', 'teacher'])(
    "mails a %s locked out by five wrong guesses a fresh code on 'Send a new code', which verifies",
    async (role) => {
      const owner = provider.client();
      const email = `resend.${role}@example.org`;
      const id = await register(owner, role, email);
      const { code } = await owner.lastMailTo(email);
      for (let guess = 0; guess < 5; guess += 1) await verify(owner, role, id, otherThan(code!, guess));

      const resent = await owner.post(`/api/${role}-resend-code/${id}/`);
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ bool: true, msg: 'We have sent a new code to your e-mail.' });
      const { code: fresh } = await owner.lastMailTo(email);
      expect(fresh).toMatch(/^\d{6}$/);
      expect(fresh).not.toBe(code);
      // The fresh code has its own five guesses; the old one stays spent.
      for (let guess = 0; guess < 4; guess += 1) {
        expect((await verify(owner, role, id, otherThan(fresh!, guess))).body.bool).toBe(false);
      }
      const verified = await verify(owner, role, id, fresh!);
      expect(verified.body).toEqual({ bool: true, msg: accountMessages.verified, [`${role}_id`]: id });
    },
  );

  it.each<Role>(['student', 'teacher'])(
    "tells any other browser, and an unknown id, to log in again, and leaves the %s's code alone",
    async (role) => {
      const owner = provider.client();
      const email = `kept.${role}@example.org`;
      const id = await register(owner, role, email);
      const { code } = await owner.lastMailTo(email);
      const refused = { bool: false, msg: 'Please log in again to get a new code.' };
      const stranger = provider.client();
      expect(await stranger.post(`/api/${role}-resend-code/${id}/`)).toEqual(expect.objectContaining({ status: 200, body: refused }));
      expect((await stranger.post(`/api/${role}-resend-code/999999/`)).body).toEqual(refused);
      // The owner's own cookie does not reach another account either.
      expect((await owner.post(`/api/${role}-resend-code/999999/`)).body).toEqual(refused);
      expect((await owner.lastMailTo(email)).code).toBe(code);
      expect((await verify(owner, role, id, code!)).body.bool).toBe(true);
    },
  );

  it('binds the fresh code of an unverified login, and a login_via_otp code, to the browser that logged in', async () => {
    const registrar = provider.client();
    const email = 'relogin@example.org';
    const studentId = await register(registrar, 'student', email);
    const laptop = provider.client();
    const login = await laptop.post('/api/student-login', { multipart: { email, password: 'owner-pass-1' } });
    expect(login.body).toEqual(expect.objectContaining({ bool: false, msg: accountMessages.verifyFirst }));
    const { code } = await laptop.lastMailTo(email);
    expect((await verify(registrar, 'student', studentId, code!)).body.bool).toBe(false);
    expect((await verify(laptop, 'student', studentId, code!)).body.bool).toBe(true);

    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    await teacher.put(`/api/teacher/${teacherId}/`, {
      multipart: { full_name: 'Amara Okafor', email: demoLogins.teacher.email, login_via_otp: 'true' },
    });
    const phone = provider.client();
    const otpLogin = await phone.post('/api/teacher-login', { form: { ...demoLogins.teacher } });
    expect(otpLogin.body).toEqual(expect.objectContaining({ bool: true, login_via_otp: true }));
    const { code: loginCode } = await phone.lastMailTo(demoLogins.teacher.email);
    expect((await verify(provider.client(), 'teacher', teacherId, loginCode!)).body.bool).toBe(false);
    expect((await verify(phone, 'teacher', teacherId, loginCode!)).body.bool).toBe(true);
    expect(phone.cookies.has('teacher_session')).toBe(true);
  });
});

describe('registration: throttled per e-mail address and per client address', () => {
  it('answers 429 {msg, retry_after} with Retry-After to registrations naming a known e-mail, after five', async () => {
    const provider = await startProvider();
    try {
      const client = provider.client();
      await register(client, 'student', 'known@example.org');
      const statuses: number[] = [];
      let refusal: { body: Record<string, unknown>; retryAfter: string | null } | undefined;
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const answer = await client.post('/api/student/', {
          form: { ...registrationForms.student(attempt % 2 ? 'KNOWN@example.org' : 'known@example.org'), username: `k${attempt}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) refusal ??= { body: answer.body, retryAfter: answer.response.headers.get('retry-after') };
      }
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(55).fill(429)]);
      expect(refusal!.body).toEqual({ msg: 'Too many attempts. Please try again in 1 minute.', retry_after: 30 });
      expect(refusal!.retryAfter).toBe('30');
      // Another e-mail address from the same client is not held up by it.
      expect((await client.post('/api/teacher/', { form: registrationForms.teacher('known@example.org') })).status).toBe(201);
    } finally {
      await provider.stop();
    }
  });

  it('makes an address that has made too many accounts wait, refusing its registrations before their body is read', async () => {
    const rule = { free: 2, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
    const provider = await startProvider({ throttle: { signup: rule }, listen: true });
    try {
      const client = provider.client();
      await register(client, 'student', 'first.signup@example.org');
      await register(client, 'teacher', 'second.signup@example.org');
      const third = await client.post('/api/student/', { form: registrationForms.student('third.signup@example.org') });
      expect(third.status).toBe(429);

      expect(await headersOnly(provider, client, '/api/teacher/')).toEqual({ status: 429, connection: 'close' });
    } finally {
      await provider.stop();
    }
  });
});

describe('the current-password check of a password change: throttled like a login', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());

  const sides = [
    { role: 'student', login: (client: Client) => client.loginStudent(), other: demoLogins.otherStudent },
    { role: 'teacher', login: (client: Client) => client.loginTeacher(), other: demoLogins.otherTeacher },
  ] as const;
  const change = (client: Client, role: Role, id: number, current: string, password = 'brand-new-pass-1') =>
    client.post(`/api/${role}/change-password/${id}/`, { form: { password, current_password: current } });

  it.each(sides)('answers a $role session 429 after five wrong current passwords, even to the right one', async ({ role, login }) => {
    const client = provider.client();
    const id = await login(client);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await change(client, role, id, `not-it-${attempt}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ bool: false, msg: accountMessages.wrongCurrentPassword });
    }
    const refused = await change(client, role, id, demoLogins[role].password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ bool: false, msg: 'Too many attempts. Please try again in 1 minute.', retry_after: 30 });
    expect(refused.response.headers.get('retry-after')).toBe('30');
    // Nothing changed: the old password still logs in.
    await login(provider.client());
  });

  it.each(sides)('starts the count again after a right current password ($role)', async ({ role, other }) => {
    const client = provider.client();
    const id = role === 'student' ? await client.loginStudent(other) : await client.loginTeacher(other);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await change(client, role, id, 'wrong-one')).status).toBe(400);
    const changed = await change(client, role, id, other.password, 'changed-pass-1');
    expect(changed.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await change(client, role, id, 'wrong-one')).status).toBe(400);
  });

  it.each(sides)('refuses a waiting address before reading the body of a password or e-mail change ($role)', async ({ role, login }) => {
    const rule = { free: 2, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
    const limited = await startProvider({ throttle: { address: rule }, listen: true });
    try {
      const client = limited.client();
      const id = await login(client);
      expect((await change(client, role, id, 'wrong-one')).status).toBe(400);
      expect((await change(client, role, id, 'wrong-two')).status).toBe(400);
      for (const path of [`/api/${role}/change-password/${id}/`, `/api/${role}/${id}/email-change/`, `/api/${role}/${id}/email-change/confirm/`]) {
        expect(await headersOnly(limited, client, path)).toEqual({ status: 429, connection: 'close' });
      }
    } finally {
      await limited.stop();
    }
  });
});

describe("'Send a new code': throttled like a login", () => {
  it('answers 429 {bool: false, msg, retry_after} with Retry-After once the account has asked as often as a login may fail', async () => {
    const tight = { free: 2, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
    const provider = await startProvider({ throttle: { login: tight } });
    try {
      const owner = provider.client();
      const id = await register(owner, 'student', 'impatient@example.org');
      for (let call = 0; call < 2; call += 1) {
        expect((await owner.post(`/api/student-resend-code/${id}/`)).body.bool).toBe(true);
      }
      const refused = await owner.post<{ bool: boolean; msg: string; retry_after: number }>(`/api/student-resend-code/${id}/`);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ bool: false, msg: 'Too many attempts. Please try again in 1 minute.', retry_after: 30 });
      expect(refused.response.headers.get('retry-after')).toBe('30');
    } finally {
      await provider.stop();
    }
  });
});
