import { sql } from 'kysely';
import { type Client, type DemoIds, type RequestOptions, type RunningProvider, demoLogins, inDatabase, startDemoProvider, svgFile, videoFile } from './support';

describe('server-side enforcement', () => {
  let provider: RunningProvider, ids: DemoIds, maria: Client, kofi: Client, amara: Client, kwame: Client;
  let spanishChapterId: number;
  let pendingAssignmentId: number;

  beforeAll(async () => {
    ({ provider, ids, maria, kofi, amara, kwame } = await startDemoProvider());
    const { body: chapters } = await amara.get<{ id: number }[]>(`/api/course-chapters/${ids.courses.Spanish!.id}`);
    spanishChapterId = chapters[0]!.id;
    const { body: assignments } = await maria.get<{ id: number; student_status: boolean }[]>(
      `/api/my-assignments/${ids.studentId}`,
    );
    pendingAssignmentId = assignments.find((assignment) => !assignment.student_status)!.id;
  });

  afterAll(() => provider.stop());

  describe('sessions and ownership', () => {
    interface Case {
      name: string;
      method: string;
      url: () => string;
      options?: () => RequestOptions;
    }
    const call = (name: string, method: string, url: () => string, options?: () => RequestOptions): Case => ({
      name,
      method,
      url,
      options,
    });
    const spanish = () => ids.courses.Spanish!.id;

    /** Operations on the demo student's data; the other student gets 403. */
    const studentCases: Case[] = [
      call('fetchEnrollStatus', 'GET', () => `/api/fetch-enroll-status/${ids.studentId}/${spanish()}`),
      call('fetchRatingStatus', 'GET', () => `/api/fetch-rating-status/${ids.studentId}/${spanish()}`),
      call('getStudentDashboard', 'GET', () => `/api/student/dashboard/${ids.studentId}`),
      call('getStudent', 'GET', () => `/api/student/${ids.studentId}`),
      call('fetchEnrolledCourses', 'GET', () => `/api/fetch-enrolled-courses/${ids.studentId}`),
      call('listMyAssignments', 'GET', () => `/api/my-assignments/${ids.studentId}`),
      call('fetchMyTeachers', 'GET', () => `/api/fetch-my-teachers/${ids.studentId}`),
      call(
        'rateCourse',
        'POST',
        () => `/api/course-rating/${ids.courses.French!.id}`,
        () => ({ form: { course: ids.courses.French!.id, student: ids.studentId, rating: 5 } }),
      ),
      call(
        'createPaymentSession',
        'POST',
        () => '/api/create-payment-session/',
        () => ({ form: { course_id: ids.courses.German!.id, student_id: ids.studentId } }),
      ),
      call(
        'updateAssignment',
        'PUT',
        () => `/api/update-assignment/${pendingAssignmentId}/`,
        () => ({ multipart: { student_status: 'true' } }),
      ),
      call('getMessages', 'GET', () => `/api/get-messages/${ids.teacherId}/${ids.studentId}`),
      call('getCourseProgress', 'GET', () => `/api/course-progress/${ids.studentId}/${spanish()}`),
      call(
        'saveChapterProgress',
        'PUT',
        () => `/api/chapter-progress/${ids.studentId}/${spanishChapterId}/`,
        () => ({ form: { position: 1, watched: 'true' } }),
      ),
      call('listStudentProgress', 'GET', () => `/api/student-progress/${ids.studentId}`),
      call(
        'addFavoriteCourse',
        'POST',
        () => '/api/student-add-favorite-course/',
        () => ({ form: { course: spanish(), student: ids.studentId } }),
      ),
      call('removeFavoriteCourse', 'DELETE', () => `/api/student-remove-favorite-course/${spanish()}/${ids.studentId}`),
      call('fetchFavoriteStatus', 'GET', () => `/api/fetch-favorite-status/${ids.studentId}/${spanish()}`),
      call('fetchFavoriteCourses', 'GET', () => `/api/fetch-favorite-courses/${ids.studentId}`),
      call(
        'updateStudent',
        'PUT',
        () => `/api/student/${ids.studentId}/`,
        () => ({ form: { full_name: 'X', email: 'x@example.org', username: 'x' } }),
      ),
      call(
        'changeStudentPassword',
        'POST',
        () => `/api/student/change-password/${ids.studentId}/`,
        () => ({ form: { password: 'hijacked', current_password: demoLogins.student.password } }),
      ),
      call(
        'sendMessage',
        'POST',
        () => `/api/send-message/${ids.teacherId}/${ids.studentId}/`,
        () => ({ form: { msg_text: 'hi', msg_from: 'student' } }),
      ),
    ];

    /** Operations on the demo teacher's data; the other teacher gets 403. */
    const teacherCases: Case[] = [
      call(
        'sendGroupMessage',
        'POST',
        () => `/api/send-group-message/${ids.teacherId}/`,
        () => ({ form: { msg_text: 'hi', msg_from: 'teacher' } }),
      ),
      call(
        'changeTeacherPassword',
        'POST',
        () => `/api/teacher/change-password/${ids.teacherId}/`,
        () => ({ form: { password: 'hijacked', current_password: demoLogins.teacher.password } }),
      ),
      call('getTeacherDashboard', 'GET', () => `/api/teacher/dashboard/${ids.teacherId}`),
      call(
        'updateTeacher',
        'PUT',
        () => `/api/teacher/${ids.teacherId}/`,
        () => ({ multipart: { full_name: 'X', email: 'x@example.org' } }),
      ),
      call('listTeacherCourses', 'GET', () => `/api/teacher-courses/${ids.teacherId}`),
      call('deleteCourse', 'DELETE', () => `/api/course/${spanish()}/`),
      call(
        'createCourse',
        'POST',
        () => '/api/course/',
        () => ({ multipart: { category: 1, teacher: ids.teacherId, title: 'X', featured_img: svgFile() } }),
      ),
      call('getTeacherCourseDetail', 'GET', () => `/api/teacher-course-detail/${spanish()}/`),
      call(
        'updateCourse',
        'PUT',
        () => `/api/teacher-course-detail/${spanish()}/`,
        () => ({ multipart: { category: 1, teacher: ids.teacherId, title: 'X' } }),
      ),
      call(
        'createChapter',
        'POST',
        () => '/api/chapter/',
        () => ({ multipart: { course: spanish(), title: 'X', video: videoFile() } }),
      ),
      call('getChapter', 'GET', () => `/api/chapter/${spanishChapterId}/`),
      call(
        'updateChapter',
        'PUT',
        () => `/api/chapter/${spanishChapterId}/`,
        () => ({ multipart: { course: spanish(), title: 'X' } }),
      ),
      call('deleteChapter', 'DELETE', () => `/api/chapter/${spanishChapterId}/`),
      call('fetchEnrolledStudents', 'GET', () => `/api/fetch-enrolled-students/${spanish()}`),
      call('fetchAllEnrolledStudents', 'GET', () => `/api/fetch-all-enrolled-students/${ids.teacherId}`),
      call(
        'createAssignment',
        'POST',
        () => `/api/student-assignment/${ids.teacherId}/${ids.studentId}/`,
        () => ({ multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'X' } }),
      ),
      call('listStudentAssignments', 'GET', () => `/api/student-assignment/${ids.teacherId}/${ids.studentId}/`),
      call('getTeacherStudent', 'GET', () => `/api/teacher-student/${ids.teacherId}/${ids.studentId}`),
    ];

    it.each([...studentCases, ...teacherCases])(
      '$name answers 401 {msg} without a session',
      async ({ method, url, options }) => {
        const { status, body } = await provider.client().json(method, url(), options?.());
        expect(status).toBe(401);
        expect(body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
      },
    );

    it.each(studentCases)('$name answers 403 {msg} to another student', async ({ method, url, options }) => {
      const { status, body } = await kofi.json(method, url(), options?.());
      expect(status).toBe(403);
      expect(body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
    });

    it.each(teacherCases)('$name answers 403 {msg} to another teacher', async ({ method, url, options }) => {
      const { status, body } = await kwame.json(method, url(), options?.());
      expect(status).toBe(403);
      expect(body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
    });

    it('keeps the student and the teacher session apart: a teacher session is no student session', async () => {
      expect((await amara.get(`/api/student/${ids.studentId}`)).status).toBe(401);
      expect((await maria.get(`/api/teacher/dashboard/${ids.teacherId}`)).status).toBe(401);
    });

    it('lets one browser hold both sessions', async () => {
      const both = provider.client();
      await both.loginStudent();
      await both.loginTeacher();
      expect([...both.cookies.keys()]).toEqual(expect.arrayContaining(['student_session', 'teacher_session']));
      expect((await both.get(`/api/student/${ids.studentId}`)).status).toBe(200);
      expect((await both.get(`/api/teacher/dashboard/${ids.teacherId}`)).status).toBe(200);
    });

    it('lets either side of a conversation read it', async () => {
      expect((await maria.get(`/api/get-messages/${ids.teacherId}/${ids.studentId}`)).status).toBe(200);
      expect((await amara.get(`/api/get-messages/${ids.teacherId}/${ids.studentId}`)).status).toBe(200);
      expect((await kwame.get(`/api/get-messages/${ids.teacherId}/${ids.studentId}`)).status).toBe(403);
    });

    it('refuses a message whose msg_from does not match the caller', async () => {
      const asTeacher = await maria.post(`/api/send-message/${ids.teacherId}/${ids.studentId}/`, {
        form: { msg_text: 'pretending', msg_from: 'teacher' },
      });
      // She is logged in as the conversation's student: posting as its teacher is refused.
      expect(asTeacher.status).toBe(403);
      const bothSessions = provider.client();
      await bothSessions.loginStudent(demoLogins.otherStudent);
      await bothSessions.loginTeacher(demoLogins.otherTeacher);
      const forged = await bothSessions.post(`/api/send-message/${ids.teacherId}/${ids.studentId}/`, {
        form: { msg_text: 'pretending', msg_from: 'teacher' },
      });
      expect(forged.status).toBe(403);
    });
  });

  describe('session cookies', () => {
    it('are HttpOnly, SameSite=Lax, Path=/ and separate per role', async () => {
      const client = provider.client();
      const student = await client.request('POST', '/api/student-login', { multipart: { ...demoLogins.student } });
      const teacher = await client.request('POST', '/api/teacher-login', { form: { ...demoLogins.teacher } });
      const studentCookie = student.headers.getSetCookie().find((cookie) => cookie.startsWith('student_session='));
      const teacherCookie = teacher.headers.getSetCookie().find((cookie) => cookie.startsWith('teacher_session='));
      for (const cookie of [studentCookie, teacherCookie]) {
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; SameSite=Lax/);
        expect(cookie).toMatch(/; Path=\//);
      }
    });

    it('end on the server at logout: the old cookie no longer opens anything, the other side stays', async () => {
      const client = provider.client();
      await client.loginStudent();
      await client.loginTeacher();
      const studentToken = client.cookies.get('student_session');
      const logout = await client.request('POST', '/api/student-logout/');
      expect(logout.status).toBe(200);
      expect(logout.headers.getSetCookie().some((cookie) => /^student_session=;.*Max-Age=0/.test(cookie))).toBe(true);

      const replay = provider.client();
      replay.cookies.set('student_session', studentToken!);
      expect((await replay.get(`/api/student/${ids.studentId}`)).status).toBe(401);
      expect((await client.get(`/api/teacher/dashboard/${ids.teacherId}`)).status).toBe(200);
    });

    it("name their student to whoever carries them (the render server's question), and nobody without one", async () => {
      const client = provider.client();
      expect((await client.get('/api/student-session/')).status).toBe(401);
      await client.loginTeacher();
      expect((await client.get('/api/student-session/')).status).toBe(401);
      await client.loginStudent();
      const answer = await client.get('/api/student-session/');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ student_id: ids.studentId });
    });

    it('end with the browser told to drop its cache of the origin (the revalidated inboxes and counts), on both sides', async () => {
      const client = provider.client();
      await client.loginStudent();
      await client.loginTeacher();
      for (const path of ['/api/student-logout/', '/api/teacher-logout/']) {
        const logout = await client.request('POST', path);
        expect(logout.status).toBe(200);
        expect(logout.headers.get('clear-site-data')).toBe('"cache"');
      }
    });

    it.each([
      ['student', 'student_session', () => `/api/student/${ids.studentId}`, () => `/api/student/${ids.otherStudentId}`],
      ['teacher', 'teacher_session', () => `/api/teacher/dashboard/${ids.teacherId}`, () => `/api/teacher/dashboard/${ids.otherTeacherId}`],
    ] as const)('end on the server when another %s logs in in the same browser: the replaced cookie no longer opens anything', async (side, cookie, firstPage, secondPage) => {
      const client = provider.client();
      const logIn = (credentials?: { email: string; password: string }) => (side === 'student' ? client.loginStudent(credentials) : client.loginTeacher(credentials));
      await logIn();
      const replaced = client.cookies.get(cookie)!;
      await logIn(side === 'student' ? demoLogins.otherStudent : demoLogins.otherTeacher);
      expect(client.cookies.get(cookie)).not.toBe(replaced);
      expect((await client.get(secondPage())).status).toBe(200);

      const replay = provider.client();
      replay.cookies.set(cookie, replaced);
      expect((await replay.get(firstPage())).status).toBe(401);
    });

    it('are backed by the sessions table: an unknown token is no session', async () => {
      const client = provider.client();
      client.cookies.set('student_session', 'forged-token');
      expect((await client.get(`/api/student/${ids.studentId}`)).status).toBe(401);
    });
  });

  describe('XSRF', () => {
    it('sets a readable XSRF-TOKEN cookie on an answer when the browser has none', async () => {
      const response = await provider.client().request('GET', '/api/category/');
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith('XSRF-TOKEN='));
      expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Lax$/);
      expect(cookie).not.toMatch(/HttpOnly/);
    });

    it("sets it on the app's bodiless HEAD of the category list, so a fresh browser's first login is not refused", async () => {
      const client = provider.client();
      const head = await client.request('HEAD', '/api/category/');
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(client.cookies.get('XSRF-TOKEN')).toBeTruthy();
      const login = await client.post('/api/student-login', { multipart: { ...demoLogins.student } });
      expect(login.status).toBe(200);
      expect(login.body.bool).toBe(true);
    });

    it('does not set it again once the browser has it', async () => {
      const client = provider.client();
      await client.get('/api/category/');
      const again = await client.request('GET', '/api/category/');
      expect(again.headers.getSetCookie()).toEqual([]);
    });

    it('refuses a POST without the header with 403, setting the cookie so the app can retry', async () => {
      const client = provider.client();
      const refused = await client.json('POST', '/api/student-login', {
        multipart: { ...demoLogins.student },
        xsrf: false,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(expect.objectContaining({ msg: 'Missing or invalid XSRF token.' }));
      expect(client.cookies.get('XSRF-TOKEN')).toBeTruthy();
      const retried = await client.post('/api/student-login', { multipart: { ...demoLogins.student } });
      expect(retried.status).toBe(200);
      expect(retried.body.bool).toBe(true);
    });

    it('refuses a mismatched header on PUT and DELETE too', async () => {
      const teacher = provider.client();
      await teacher.loginTeacher();
      const headers = { 'x-xsrf-token': 'not-the-cookie' };
      const put = await teacher.json('PUT', `/api/teacher/${ids.teacherId}/`, {
        multipart: { full_name: 'X', email: 'x@example.org' },
        xsrf: false,
        headers,
      });
      const remove = await teacher.json('DELETE', `/api/chapter/${spanishChapterId}/`, { xsrf: false, headers });
      expect([put.status, remove.status]).toEqual([403, 403]);
      expect((await teacher.get(`/api/chapter/${spanishChapterId}/`)).status).toBe(200);
    });

    it('does not let a header without the cookie pass', async () => {
      const client = provider.client();
      const response = await client.json('POST', '/api/student-forgot-password/', {
        form: { email: demoLogins.student.email },
        xsrf: false,
        headers: { 'x-xsrf-token': 'guessed' },
      });
      expect(response.status).toBe(403);
    });
  });

  describe('secrets', () => {
    it('stores passwords as salted scrypt hashes, never in plain text', async () => {
      await inDatabase(provider, async (queries) => {
        const hashes = (
          await queries.all(sql<{ password_hash: string }>`SELECT password_hash FROM students UNION ALL SELECT password_hash FROM teachers`)
        ).map((row) => row.password_hash);
        expect(hashes.length).toBeGreaterThanOrEqual(5);
        for (const hash of hashes) expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
        expect(new Set(hashes).size).toBe(hashes.length);
        const everything = JSON.stringify(await queries.all(sql`SELECT * FROM students`));
        expect(everything).not.toContain(demoLogins.student.password);
      });
    });

    it('returns no password, hash or code in any answer', async () => {
      const answers = await Promise.all([
        maria.get(`/api/student/${ids.studentId}`),
        amara.get(`/api/teacher/${ids.teacherId}`),
        provider.client().get('/api/teacher/'),
        amara.get(`/api/fetch-enrolled-students/${ids.courses.Spanish!.id}`),
        maria.get(`/api/fetch-my-teachers/${ids.studentId}`),
        provider.client().post('/api/student/', {
          form: {
            full_name: 'S',
            email: 'secret@example.org',
            password: 'pw-secret-9',
            username: 's',
            otp_digit: 111111,
          },
        }),
      ]);
      const text = JSON.stringify(answers.map((answer) => answer.body));
      expect(text).not.toMatch(/password|otp_digit|scrypt|pw-secret-9|"code"/);
    });

    it('shows a teacher e-mail and mobile number only to that teacher', async () => {
      const publicView = await provider.client().get(`/api/teacher/${ids.teacherId}`);
      const ownView = await amara.get(`/api/teacher/${ids.teacherId}`);
      expect(publicView.body).not.toHaveProperty('email');
      expect(publicView.body).not.toHaveProperty('mobile_no');
      expect(ownView.body).toEqual(
        expect.objectContaining({ email: demoLogins.teacher.email, mobile_no: '07700900123' }),
      );
    });
  });

  describe('invalid requests', () => {
    it.each([
      ['a non-numeric id', 'GET', '/api/course/abc'],
      ['a zero id', 'GET', '/api/course/0'],
      ['a bad query value', 'GET', '/api/course/?result=many'],
    ])('answer 400 {msg} for %s', async (_, method, url) => {
      const { status, body } = await provider.client().json(method, url);
      expect(status).toBe(400);
      expect(body).toEqual({ msg: expect.any(String) });
    });

    it('answer 400 for a missing field, a wrong type or a value out of range', async () => {
      const missing = await maria.post(`/api/course-rating/${ids.courses.Spanish!.id}`, {
        form: { course: ids.courses.Spanish!.id, student: ids.studentId },
      });
      const wrongType = await maria.post(`/api/course-rating/${ids.courses.Spanish!.id}`, {
        form: { course: ids.courses.Spanish!.id, student: ids.studentId, rating: 'five' },
      });
      const outOfRange = await maria.post(`/api/course-rating/${ids.courses.Spanish!.id}`, {
        form: { course: ids.courses.Spanish!.id, student: ids.studentId, rating: 9 },
      });
      for (const answer of [missing, wrongType, outOfRange]) {
        expect(answer.status).toBe(400);
        expect(answer.body.msg).toMatch(/rating/);
      }
    });

    it('answer 400 for a body in the wrong encoding', async () => {
      const json = await provider.client().json('POST', '/api/teacher-login', { json: demoLogins.teacher });
      const form = await provider.client().json('POST', '/api/student-login', { form: { ...demoLogins.student } });
      const text = await provider.client().json('POST', '/api/teacher-login', {
        headers: { 'content-type': 'text/plain' },
      });
      expect([json.status, form.status, text.status]).toEqual([400, 400, 400]);
      expect(json.body.msg).toMatch(/application\/x-www-form-urlencoded/);
    });

    it.each([
      ['an empty multipart body', 'multipart/form-data; boundary=xyz', ''],
      ['a multipart body without boundary', 'multipart/form-data', 'email=x'],
      [
        'a truncated multipart body',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx',
      ],
      [
        'a multipart part named __proto__',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--xyz--\r\n',
      ],
    ])('answer 400 {msg}, never 500, for %s', async (_, contentType, raw) => {
      const { status, body } = await provider.client().json('POST', '/api/student-login', {
        headers: { 'content-type': contentType },
        raw,
      });
      expect(status).toBe(400);
      expect(body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
    });

    it('answer 400 {msg} for malformed JSON and malformed URLs', async () => {
      const json = await provider.client().json('POST', '/api/teacher-login', {
        headers: { 'content-type': 'application/json' },
        raw: '{not json',
      });
      expect(json.status).toBe(400);
      for (const url of ['/api/course/%E0%A4%A', '/media/%E0%A4%A']) {
        const { status, body } = await provider.client().get(url);
        expect(status).toBe(400);
        expect(body).toEqual({ msg: expect.any(String) });
      }
    });

    it('answer 400 {msg} for a form body over the body limit', async () => {
      const { status, body } = await provider.client().post('/api/teacher-login', {
        form: { email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) },
      });
      expect(status).toBe(400);
      expect(body.msg).toBe('The request body is too large.');
    });

    it('answer 400 for a file sent in a text field', async () => {
      const teacher = provider.client();
      await teacher.loginTeacher();
      const wrongFile = await teacher.post('/api/chapter/', {
        multipart: { course: ids.courses.Spanish!.id, title: 'X', video: videoFile(), remarks: svgFile() },
      });
      expect(wrongFile.status).toBe(400);
    });

    it('answer 404 {msg} for unknown routes and for a path without its trailing slash', async () => {
      for (const url of ['/api/nothing-here', '/api/course', '/api/chapter/1', '/elsewhere']) {
        const { status, body } = await provider.client().get(url);
        expect(status).toBe(404);
        expect(body.msg).toMatch(/^Route not found/);
      }
      const post = await provider.client().post('/api/nothing-here/', { xsrf: false });
      expect(post.status).toBe(404);
    });

    it('answer 404 {msg} for ids that do not exist', async () => {
      expect((await provider.client().get('/api/course/9999')).status).toBe(404);
      expect((await provider.client().get('/api/teacher/9999')).status).toBe(404);
      expect((await amara.get('/api/chapter/9999/')).status).toBe(404);
    });
  });
});
