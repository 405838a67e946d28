import { sql } from 'kysely';
import { accountMessages } from '../../provider/src/accounts';
import { type Client, type RunningProvider, demoLogins, inDatabase, startProvider } from './support';

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  code?: string;
  created_at: string;
}

describe('accounts: registration, codes, logins and passwords', () => {
  let provider: RunningProvider;
  let client: Client;

  beforeAll(async () => {
    provider = await startProvider({ appOrigin: 'http://app.test:8080' });
  });
  beforeEach(() => {
    client = provider.client();
  });
  afterAll(() => provider.stop());

  async function registerStudent(email: string, extra: Record<string, string> = {}) {
    return client.post<{ id: number; email: string; msg?: string }>('/api/student/', {
      form: {
        full_name: 'Ada Student',
        email,
        password: 'pass-1234',
        username: email.split('@')[0]!,
        otp_digit: '123456',
        ...extra,
      },
    });
  }

  describe('students', () => {
    it('registers a student (201, no password), mails a provider-made 6-digit code, and ignores the posted otp_digit', async () => {
      const { status, body } = await registerStudent('ada@example.org');
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.any(Number),
        full_name: 'Ada Student',
        email: 'ada@example.org',
        username: 'ada',
        interested_categories: '',
      });
      const mail = await client.lastMailTo('ada@example.org');
      expect(mail.code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(mail.code);

      const withBrowserCode = await client.post(`/api/verify-student/${body.id}/`, { form: { otp_digit: '123456' } });
      if (mail.code !== '123456') expect(withBrowserCode.body.bool).toBe(false);
    });

    it('lists the outbox newest first as {id, to, subject, text, code?, created_at}', async () => {
      await registerStudent('first@example.org');
      await client.post('/api/student-forgot-password/', { form: { email: 'first@example.org' } });
      const { status, body } = await client.get<Mail[]>('/dev/outbox');
      expect(status).toBe(200);
      const [newest, previous] = body;
      expect(newest).toEqual({
        id: expect.any(Number),
        to: 'first@example.org',
        subject: expect.any(String),
        text: expect.stringContaining('/student-change-forgotten-password/'),
        created_at: expect.any(String),
      });
      expect(previous).toEqual(
        expect.objectContaining({ to: 'first@example.org', code: expect.stringMatching(/^\d{6}$/) }),
      );
      expect(newest!.id).toBeGreaterThan(previous!.id);
    });

    it('refuses a duplicate e-mail (any case) or username with 400 {msg}', async () => {
      await registerStudent('dup@example.org');
      const sameEmail = await registerStudent('DUP@example.org', { username: 'someone-else' });
      expect(sameEmail.status).toBe(400);
      expect(sameEmail.body.msg).toBe(accountMessages.duplicateEmail);
      const sameUsername = await registerStudent('other@example.org', { username: 'dup' });
      expect(sameUsername.status).toBe(400);
      expect(sameUsername.body.msg).toBe(accountMessages.duplicateUsername);
    });

    it('refuses login until the account is verified, then verifies with the mailed code and logs in', async () => {
      const { body: student } = await registerStudent('verify@example.org');
      const early = await client.post('/api/student-login', {
        multipart: { email: 'verify@example.org', password: 'pass-1234' },
      });
      expect(early.status).toBe(200);
      expect(early.body).toEqual(expect.objectContaining({ bool: false, msg: accountMessages.verifyFirst }));
      expect(client.cookies.has('student_session')).toBe(false);

      const { code } = await client.lastMailTo('verify@example.org');
      const wrong = await client.post(`/api/verify-student/${student.id}/`, {
        form: { otp_digit: code === '100000' ? '100001' : '100000' },
      });
      expect(wrong.status).toBe(200);
      expect(wrong.body).toEqual({ bool: false, msg: accountMessages.wrongCode, student_id: student.id });

      const pending = client.cookies.get('student_pending')!;
      const verified = await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code } });
      expect(verified.body).toEqual({ bool: true, msg: accountMessages.verified, student_id: student.id });
      expect(client.cookies.has('student_session')).toBe(true);
      expect(client.cookies.has('student_pending')).toBe(false);
      expect((await client.get(`/api/student/${student.id}`)).status).toBe(200);

      const replay = provider.client();
      replay.cookies.set('student_pending', pending);
      const reused = await replay.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code } });
      expect(reused.body.bool).toBe(false);

      const login = await provider.client().post('/api/student-login', {
        multipart: { email: 'verify@example.org', password: 'pass-1234' },
      });
      expect(login.body).toEqual(expect.objectContaining({ bool: true, student_id: student.id }));
    });

    it('answers an expired code with bool false', async () => {
      const { body: student } = await registerStudent('late@example.org');
      const { code } = await client.lastMailTo('late@example.org');
      await inDatabase(provider, (queries) =>
        queries.run(sql`UPDATE one_time_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ${student.id} AND role = 'student'`),
      );
      const late = await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code } });
      expect(late.status).toBe(200);
      expect(late.body).toEqual(expect.objectContaining({ bool: false, msg: accountMessages.codeSpent }));
    });

    it('burns a code after five wrong guesses', async () => {
      const { body: student } = await registerStudent('guess@example.org');
      const { code } = await client.lastMailTo('guess@example.org');
      const wrongCode = code === '111111' ? '222222' : '111111';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: wrongCode } });
      }
      const right = await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code } });
      expect(right.body.bool).toBe(false);
    });

    it('answers 400 for a code that is not six digits, and an unknown student as a wrong code', async () => {
      expect((await client.post('/api/verify-student/1/', { form: { otp_digit: '12' } })).status).toBe(400);
      const unknown = await client.post('/api/verify-student/9999/', { form: { otp_digit: '123456' } });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ bool: false, msg: accountMessages.wrongCode, student_id: 9999 });
    });

    it('answers wrong credentials with 200 {bool: false, msg}', async () => {
      for (const credentials of [
        { email: demoLogins.student.email, password: 'wrong' },
        { email: 'nobody@example.org', password: 'wrong' },
      ]) {
        const { status, body } = await client.post('/api/student-login', { multipart: credentials });
        expect(status).toBe(200);
        expect(body).toEqual({ bool: false, msg: accountMessages.wrongCredentials });
      }
    });

    it('resets a forgotten password with the single-use token of the mailed link', async () => {
      const { body: student } = await registerStudent('forgot@example.org');
      const { code } = await client.lastMailTo('forgot@example.org');
      await client.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code } });
      const asked = await client.post('/api/student-forgot-password/', { form: { email: 'forgot@example.org' } });
      expect(asked.body).toEqual({ bool: true, msg: accountMessages.resetSent });
      const mail = await client.lastMailTo('forgot@example.org');
      const link = /http\S+/.exec(mail.text)![0];
      const url = new URL(link);
      expect(`${url.origin}${url.pathname}`).toBe(
        `http://app.test:8080/student-change-forgotten-password/${student.id}`,
      );
      const token = url.searchParams.get('token')!;

      const withoutToken = await client.post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'x' },
      });
      expect(withoutToken.status).toBe(400);
      expect(withoutToken.body.bool).toBe(false);
      const wrongToken = await client.post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'new-pass-1', token: 'not-the-token' },
      });
      expect(wrongToken.status).toBe(400);
      expect(wrongToken.body).toEqual({ bool: false, msg: accountMessages.resetInvalid });

      const changed = await client.post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'new-pass-1', token },
      });
      expect(changed.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });
      const again = await client.post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'new-pass-2', token },
      });
      expect(again.status).toBe(400);

      const oldLogin = await provider.client().post('/api/student-login', {
        multipart: { email: 'forgot@example.org', password: 'pass-1234' },
      });
      expect(oldLogin.body.bool).toBe(false);
      const newLogin = await provider.client().post('/api/student-login', {
        multipart: { email: 'forgot@example.org', password: 'new-pass-1' },
      });
      expect(newLogin.body.bool).toBe(true);
    });

    it('does not reveal whether an e-mail is registered, and refuses an expired reset token', async () => {
      const unknown = await client.post('/api/student-forgot-password/', { form: { email: 'ghost@example.org' } });
      expect(unknown.body).toEqual({ bool: true, msg: accountMessages.resetSent });
      const { body: outbox } = await client.get<Mail[]>('/dev/outbox');
      expect(outbox.some((mail) => mail.to === 'ghost@example.org')).toBe(false);

      await client.post('/api/student-forgot-password/', { form: { email: demoLogins.student.email } });
      const token = new URL(
        /http\S+/.exec((await client.lastMailTo(demoLogins.student.email)).text)![0],
      ).searchParams.get('token')!;
      await inDatabase(provider, (queries) => queries.run(sql`UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z'`));
      const studentId = await provider.client().loginStudent();
      const expired = await client.post(`/api/student-change-password/${studentId}/`, {
        form: { password: 'new-pass-9', token },
      });
      expect(expired.status).toBe(400);
    });

    it('answers 400 for an invalid e-mail address', async () => {
      const { status } = await registerStudent('not-an-email');
      expect(status).toBe(400);
    });
  });

  describe('teachers', () => {
    async function registerTeacher(email: string, by = client) {
      return by.post<{ id: number; login_via_otp: boolean; email: string; msg?: string }>('/api/teacher/', {
        form: {
          full_name: 'Chidi Teacher',
          email,
          password: 'teach-1234',
          qualification: 'MSc',
          mobile_no: '08012345678',
          skills: 'Igbo',
          otp_digit: '999999',
        },
      });
    }

    /** Registers a teacher and verifies the account with the mailed code, in a browser of its own. */
    async function registerVerifiedTeacher(email: string) {
      const registrar = provider.client();
      const registered = await registerTeacher(email, registrar);
      const { code } = await registrar.lastMailTo(email);
      await registrar.post(`/api/verify-teacher/${registered.body.id}/`, { form: { otp_digit: code! } });
      return registered;
    }

    it('registers a teacher (201), approved at once by the local provider, and mails a code', async () => {
      const { status, body } = await registerTeacher('chidi@example.org');
      expect(status).toBe(201);
      expect(body).toEqual(
        expect.objectContaining({ id: expect.any(Number), email: 'chidi@example.org', login_via_otp: false }),
      );
      expect(JSON.stringify(body)).not.toMatch(/password|otp_digit/);
      const { code } = await client.lastMailTo('chidi@example.org');
      expect(code).toMatch(/^\d{6}$/);

      await client.post(`/api/verify-teacher/${body.id}/`, { form: { otp_digit: code! } });
      const login = await provider.client().post('/api/teacher-login', {
        form: { email: 'chidi@example.org', password: 'teach-1234' },
      });
      expect(login.body).toEqual({
        bool: true,
        msg: accountMessages.loggedIn,
        login_via_otp: false,
        teacher_id: body.id,
      });
    });

    it('verifies a teacher with the mailed code and sets the teacher session', async () => {
      const { body: teacher } = await registerTeacher('verify.teacher@example.org');
      const { code } = await client.lastMailTo('verify.teacher@example.org');
      const wrong = await client.post(`/api/verify-teacher/${teacher.id}/`, { form: { otp_digit: '100000' } });
      if (code !== '100000')
        expect(wrong.body).toEqual(expect.objectContaining({ bool: false, teacher_id: teacher.id }));
      const right = await client.post(`/api/verify-teacher/${teacher.id}/`, { form: { otp_digit: code } });
      expect(right.body).toEqual({ bool: true, msg: accountMessages.verified, teacher_id: teacher.id });
      expect((await client.get(`/api/teacher/dashboard/${teacher.id}`)).status).toBe(200);
    });

    it('refuses a duplicate teacher e-mail with 400 {msg}', async () => {
      await registerTeacher('twice@example.org');
      const { status, body } = await registerTeacher('twice@example.org');
      expect(status).toBe(400);
      expect(body.msg).toBe(accountMessages.duplicateEmail);
    });

    it('refuses the login of a teacher awaiting approval', async () => {
      const { status, body } = await client.post('/api/teacher-login', { form: { ...demoLogins.pendingTeacher } });
      expect(status).toBe(200);
      expect(body).toEqual({ bool: false, msg: accountMessages.approvalPending });
      expect(client.cookies.has('teacher_session')).toBe(false);
    });

    it('answers wrong teacher credentials with {bool: false, msg}', async () => {
      const { body } = await client.post('/api/teacher-login', {
        form: { email: demoLogins.teacher.email, password: 'nope' },
      });
      expect(body).toEqual({ bool: false, msg: accountMessages.wrongCredentials });
    });

    it('completes a login_via_otp login with a mailed code, without a session before it', async () => {
      const { body: teacher } = await registerVerifiedTeacher('otp@example.org');
      const owner = provider.client();
      await owner.loginTeacher({ email: 'otp@example.org', password: 'teach-1234' });
      const updated = await owner.put(`/api/teacher/${teacher.id}/`, {
        multipart: { full_name: 'Chidi Teacher', email: 'otp@example.org', login_via_otp: 'true' },
      });
      expect(updated.body.login_via_otp).toBe(true);

      const login = await client.post('/api/teacher-login', {
        form: { email: 'otp@example.org', password: 'teach-1234' },
      });
      expect(login.body).toEqual({
        bool: true,
        msg: accountMessages.codeSent,
        login_via_otp: true,
        teacher_id: teacher.id,
      });
      expect(client.cookies.has('teacher_session')).toBe(false);
      const { code, subject } = await client.lastMailTo('otp@example.org');
      expect(subject).toMatch(/login code/);
      const verified = await client.post(`/api/verify-teacher/${teacher.id}/`, { form: { otp_digit: code } });
      expect(verified.body.bool).toBe(true);
      expect(client.cookies.has('teacher_session')).toBe(true);
    });

    it('changes the logged-in teacher password (200) and resets a forgotten one with the mailed token', async () => {
      const { body: teacher } = await registerVerifiedTeacher('pw@example.org');
      const owner = provider.client();
      await owner.loginTeacher({ email: 'pw@example.org', password: 'teach-1234' });
      const changed = await owner.post(`/api/teacher/change-password/${teacher.id}/`, {
        form: { password: 'teach-5678', current_password: 'teach-1234' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });
      await provider.client().loginTeacher({ email: 'pw@example.org', password: 'teach-5678' });

      await client.post('/api/teacher-forgot-password/', { form: { email: 'pw@example.org' } });
      const link = new URL(/http\S+/.exec((await client.lastMailTo('pw@example.org')).text)![0]);
      expect(link.pathname).toBe(`/teacher-change-forgotten-password/${teacher.id}`);
      const token = link.searchParams.get('token')!;
      const wrongTeacher = await client.post('/api/teacher-change-password/1/', { form: { password: 'teach-9999', token } });
      expect(wrongTeacher.status).toBe(400);
      const reset = await client.post(`/api/teacher-change-password/${teacher.id}/`, {
        form: { password: 'teach-9999', token },
      });
      expect(reset.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });
      await provider.client().loginTeacher({ email: 'pw@example.org', password: 'teach-9999' });
      expect((await owner.get(`/api/teacher/dashboard/${teacher.id}`)).status).toBe(401);
    });

    it('updates the profile, refusing an e-mail another teacher uses', async () => {
      const teacher = provider.client();
      const teacherId = await teacher.loginTeacher(demoLogins.otherTeacher);
      const taken = await teacher.put(`/api/teacher/${teacherId}/`, {
        multipart: { full_name: 'Kwame Mensah', email: demoLogins.teacher.email },
      });
      expect(taken.status).toBe(400);
      const updated = await teacher.put(`/api/teacher/${teacherId}/`, {
        multipart: { full_name: 'Kwame A. Mensah', email: demoLogins.otherTeacher.email, skills: 'Akan, Twi' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual(
        expect.objectContaining({ full_name: 'Kwame A. Mensah', skills: 'Akan, Twi', qualification: 'BA Linguistics' }),
      );
    });
  });
});
