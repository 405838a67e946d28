import { accountMessages } from '../../provider/src/accounts';
import { notTeachersStudent } from '../../provider/src/routes/guards';
import { type Client, type DemoIds, type RunningProvider, demoIds, demoLogins, startProvider } from './support';

/** The teacher's 'Remember me', password change, and the fence around a teacher's students. */
describe('teacher area: sessions, password and students', () => {
  let provider: RunningProvider;
  let ids: DemoIds;
  let amara: Client;
  let kwame: Client;
  let kofiId: number;

  const dayS = 24 * 60 * 60;
  const teacherCookie = (response: Response) =>
    response.headers.getSetCookie().find((cookie) => cookie.startsWith('teacher_session='));

  /** Registers a teacher through the API and verifies the account with the mailed code. */
  async function newTeacher(email: string, password = 'teach-1234'): Promise<number> {
    const client = provider.client();
    const { body } = await client.post<{ id: number }>('/api/teacher/', {
      form: { full_name: 'Ngozi Teacher', email, password, qualification: 'BSc', mobile_no: '0801', skills: 'Igbo' },
    });
    const { code } = await client.lastMailTo(email);
    await client.post(`/api/verify-teacher/${body.id}/`, { form: { otp_digit: code } });
    return body.id;
  }

  beforeAll(async () => {
    provider = await startProvider();
    ids = await demoIds(provider);
    kofiId = ids.otherStudentId;
    amara = provider.client();
    kwame = provider.client();
    await amara.loginTeacher();
    await kwame.loginTeacher(demoLogins.otherTeacher);
  });

  afterAll(() => provider.stop());

  describe("'Remember me' at the teacher login", () => {
    it('gives a persistent cookie of 30 days when asked to remember', async () => {
      const response = await provider
        .client()
        .request('POST', '/api/teacher-login', { form: { ...demoLogins.teacher, remember: 'true' } });
      expect(teacherCookie(response)).toMatch(new RegExp(`; Max-Age=${30 * dayS}(;|$)`));
    });

    it.each([
      ['false', { remember: 'false' }],
      ['left out', {}],
    ])('gives a browser-session cookie (no Max-Age) when remember is %s', async (_case, extra) => {
      const client = provider.client();
      const response = await client.request('POST', '/api/teacher-login', { form: { ...demoLogins.teacher, ...extra } });
      const cookie = teacherCookie(response);
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/Max-Age/i);
      expect((await client.get(`/api/teacher/dashboard/${ids.teacherId}`)).status).toBe(200);
    });

    it('keeps the choice with the mailed code of a login_via_otp teacher and applies it at the code check', async () => {
      const email = 'otp.remember@example.org';
      const teacherId = await newTeacher(email);
      const owner = provider.client();
      await owner.loginTeacher({ email, password: 'teach-1234' });
      await owner.put(`/api/teacher/${teacherId}/`, { multipart: { full_name: 'Ngozi Teacher', email, login_via_otp: 'true' } });

      for (const [remember, expected] of [
        ['true', new RegExp(`; Max-Age=${30 * dayS}(;|$)`)],
        ['false', /^(?!.*Max-Age)/i],
      ] as const) {
        const client = provider.client();
        const login = await client.request('POST', '/api/teacher-login', { form: { email, password: 'teach-1234', remember } });
        expect(teacherCookie(login)).toBeUndefined();
        const { code } = await client.lastMailTo(email);
        const verified = await client.request('POST', `/api/verify-teacher/${teacherId}/`, { form: { otp_digit: code! } });
        expect(teacherCookie(verified)).toMatch(expected);
      }
    });

    it('leaves the student session as it was: a persistent cookie of 7 days', async () => {
      const response = await provider
        .client()
        .request('POST', '/api/student-login', { multipart: { ...demoLogins.student } });
      const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith('student_session='));
      expect(cookie).toMatch(new RegExp(`; Max-Age=${7 * dayS}(;|$)`));
    });
  });

  describe('password change while logged in', () => {
    it('requires the current password: missing or wrong is 400 {bool: false, msg} and changes nothing', async () => {
      const email = 'pw.required@example.org';
      const teacherId = await newTeacher(email);
      const owner = provider.client();
      await owner.loginTeacher({ email, password: 'teach-1234' });
      const url = `/api/teacher/change-password/${teacherId}/`;

      const missing = await owner.post(url, { form: { password: 'teach-5678' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual(expect.objectContaining({ bool: false, msg: expect.any(String) }));
      const wrong = await owner.post(url, { form: { password: 'teach-5678', current_password: 'not-it' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ bool: false, msg: accountMessages.wrongCurrentPassword });

      await provider.client().loginTeacher({ email, password: 'teach-1234' });
    });

    it("changes it with the right one, ends the teacher's other sessions and open reset links, keeps the caller's", async () => {
      const email = 'pw.change@example.org';
      const teacherId = await newTeacher(email);
      const owner = provider.client();
      const elsewhere = provider.client();
      await owner.loginTeacher({ email, password: 'teach-1234' });
      await elsewhere.loginTeacher({ email, password: 'teach-1234' });
      await provider.client().post('/api/teacher-forgot-password/', { form: { email } });
      const link = new URL(/http\S+/.exec((await owner.lastMailTo(email)).text)![0]);

      const changed = await owner.post(`/api/teacher/change-password/${teacherId}/`, {
        form: { password: 'teach-5678', current_password: 'teach-1234' },
      });

      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });
      expect((await owner.get(`/api/teacher/dashboard/${teacherId}`)).status).toBe(200);
      expect((await elsewhere.get(`/api/teacher/dashboard/${teacherId}`)).status).toBe(401);
      const reset = await provider.client().post(`/api/teacher-change-password/${teacherId}/`, {
        form: { password: 'teach-9999', token: link.searchParams.get('token')! },
      });
      expect(reset.status).toBe(400);
      const old = await provider.client().post('/api/teacher-login', { form: { email, password: 'teach-1234' } });
      expect(old.body.bool).toBe(false);
      await provider.client().loginTeacher({ email, password: 'teach-5678' });
    });
  });

  describe("a teacher's students", () => {
    it('lists each student once, however many of the teacher\'s courses they are enrolled in', async () => {
      const { body } = await amara.get<{ id: number; student: { id: number } }[]>(
        `/api/fetch-all-enrolled-students/${ids.teacherId}`,
      );
      const studentIds = body.map((row) => row.student.id);
      expect(new Set(studentIds).size).toBe(studentIds.length);
      expect(studentIds).toEqual(expect.arrayContaining([ids.studentId, kofiId]));
    });

    it("shows one of them with the teacher's courses they take", async () => {
      const { status, body } = await amara.get<{ student: { id: number; email: string }; courses: { title: string }[] }>(
        `/api/teacher-student/${ids.teacherId}/${kofiId}`,
      );
      expect(status).toBe(200);
      expect(body.student).toEqual(expect.objectContaining({ id: kofiId, email: demoLogins.otherStudent.email }));
      expect(body.courses.map((course) => course.title)).toHaveLength(2);
    });

    it.each([
      ['getTeacherStudent', 'GET', () => `/api/teacher-student/${ids.otherTeacherId}/${kofiId}`, undefined],
      ['listStudentAssignments', 'GET', () => `/api/student-assignment/${ids.otherTeacherId}/${kofiId}/`, undefined],
      ['getMessages', 'GET', () => `/api/get-messages/${ids.otherTeacherId}/${kofiId}`, undefined],
      [
        'createAssignment',
        'POST',
        () => `/api/student-assignment/${ids.otherTeacherId}/${kofiId}/`,
        () => ({ multipart: { teacher: ids.otherTeacherId, student: kofiId, title: 'Not yours' } }),
      ],
    ] as const)(
      '%s answers 403 {msg} to a teacher for a student outside their courses',
      async (_name, method, url, options) => {
        const { status, body } = await kwame.json(method, url(), options?.());
        expect(status).toBe(403);
        expect(body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
      },
    );

    it("says why, and refuses another teacher's course list of enrolled students", async () => {
      const { body } = await kwame.get(`/api/teacher-student/${ids.otherTeacherId}/${kofiId}`);
      expect(body).toEqual({ msg: notTeachersStudent });
      expect((await kwame.get(`/api/fetch-enrolled-students/${ids.courses.Spanish!.id}`)).status).toBe(403);
    });

    it('gives no assignment to a student outside the courses', async () => {
      await kwame.post(`/api/student-assignment/${ids.otherTeacherId}/${kofiId}/`, {
        multipart: { teacher: ids.otherTeacherId, student: kofiId, title: 'Not yours' },
      });
      const kofi = provider.client();
      await kofi.loginStudent(demoLogins.otherStudent);
      const { body } = await kofi.get<{ title: string }[]>(`/api/my-assignments/${kofiId}`);
      expect(body.map((assignment) => assignment.title)).not.toContain('Not yours');
    });

    it('answers 404 for a student that does not exist', async () => {
      expect((await amara.get(`/api/teacher-student/${ids.teacherId}/99999`)).status).toBe(404);
    });
  });
});
