import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { accountMessages } from '../../provider/src/accounts';
import { emailChangeMessages } from '../../provider/src/emailChange';
import { favoriteMessages } from '../../provider/src/routes/favorites';
import { type Client, type DemoIds, type RunningProvider, demoLogins, inDatabase, passTime, startDemoProvider, useFakeClock, videoFile } from './support';

interface ChapterProgress {
  chapter: number;
  position: number;
  watched: boolean;
  updated_at: string;
}

interface CourseProgress {
  course: number;
  chapters_total: number;
  chapters_watched: number;
  last_chapter: number | null;
  last_position: number;
  updated_at: string | null;
}

const fixture = (name: string, type: string) =>
  new File([fs.readFileSync(path.join(__dirname, 'fixtures', name))], name, { type });

describe('student area: progress, favourites, profile and password', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, maria: Client, kofi: Client, amara: Client;
  /** Chapters of the demo courses, in order. */
  let spanishChapters: number[];
  let yorubaChapters: number[];
  let germanChapters: number[];

  beforeAll(async () => {
    ({ provider, ids, maria, kofi, amara } = await startDemoProvider());
    const chaptersOf = async (courseId: number) =>
      (await provider.client().get<{ id: number }[]>(`/api/course-chapters/${courseId}`)).body.map(({ id }) => id);
    spanishChapters = await chaptersOf(ids.courses.Spanish!.id);
    yorubaChapters = await chaptersOf(ids.courses.Yoruba!.id);
    germanChapters = await chaptersOf(ids.courses.German!.id);
  });

  afterAll(() => provider.stop());

  const durationOf = (chapterId: number) =>
    inDatabase(provider, async (queries) =>
      (await queries.one(sql<{ duration_seconds: number | null }>`SELECT duration_seconds FROM chapters WHERE id = ${chapterId}`))!.duration_seconds,
    );

  /** A new verified student, logged in on the returned client. */
  async function newStudent(
    name: string,
    password = 'pass-1234',
  ): Promise<{ id: number; email: string; client: Client }> {
    const client = provider.client();
    const email = `${name}@example.org`;
    const { body } = await client.post<{ id: number }>('/api/student/', {
      form: { full_name: `${name} Student`, email, password, username: name },
    });
    const { code } = await client.lastMailTo(email);
    const verified = await client.post(`/api/verify-student/${body.id}/`, { form: { otp_digit: code } });
    expect(verified.body.bool).toBe(true);
    return { id: body.id, email, client };
  }

  const saveProgress = (
    client: Client,
    studentId: number,
    chapterId: number,
    form: Record<string, string | undefined>,
  ) => client.put<ChapterProgress & { msg?: string }>(`/api/chapter-progress/${studentId}/${chapterId}/`, { form });

  describe('video durations', () => {
    it('records the duration of the seeded chapter videos', async () => {
      for (const chapterId of [...spanishChapters, ...yorubaChapters, ...germanChapters]) {
        expect(await durationOf(chapterId)).toBeCloseTo(4, 1);
      }
    });

    it('reads the duration of uploaded WebM and MP4 videos, and keeps it when the video stays', async () => {
      const created = await amara.post<{ id: number }>('/api/chapter/', {
        multipart: { course: ids.courses.English!.id, title: 'Duration', video: videoFile() },
      });
      expect(created.status).toBe(201);
      expect(await durationOf(created.body.id)).toBeCloseTo(4, 1);

      const renamed = await amara.put(`/api/chapter/${created.body.id}/`, {
        multipart: { course: ids.courses.English!.id, title: 'Duration, renamed' },
      });
      expect(renamed.status).toBe(200);
      expect(await durationOf(created.body.id)).toBeCloseTo(4, 1);

      const replaced = await amara.put(`/api/chapter/${created.body.id}/`, {
        multipart: {
          course: ids.courses.English!.id,
          title: 'Duration',
          video: fixture('lesson-3s.mp4', 'video/mp4'),
        },
      });
      expect(replaced.status).toBe(200);
      expect(await durationOf(created.body.id)).toBeCloseTo(3, 1);
    });

    it('leaves the duration unknown when the parser finds none (a Theora Ogg)', async () => {
      const created = await amara.post<{ id: number }>('/api/chapter/', {
        multipart: {
          course: ids.courses.English!.id,
          title: 'Ogg',
          video: fixture('lesson-2_5s.ogv', 'video/ogg'),
        },
      });
      expect(created.status).toBe(201);
      expect(await durationOf(created.body.id)).toBeNull();
    });
  });

  describe('progress', () => {
    it('seeds the demo student: first Spanish chapter watched, second stopped at 2 seconds', async () => {
      const { status, body } = await maria.get<ChapterProgress[]>(
        `/api/course-progress/${ids.studentId}/${ids.courses.Spanish!.id}`,
      );
      expect(status).toBe(200);
      expect(body).toEqual([
        { chapter: spanishChapters[0], position: 4, watched: true, updated_at: expect.any(String) },
        { chapter: spanishChapters[1], position: 2, watched: false, updated_at: expect.any(String) },
      ]);
      const yoruba = await maria.get(`/api/course-progress/${ids.studentId}/${ids.courses.Yoruba!.id}`);
      expect(yoruba.body).toEqual([]);
    });

    it('lists one entry per enrolled course, the most recently watched first', async () => {
      const { status, body } = await maria.get<CourseProgress[]>(`/api/student-progress/${ids.studentId}`);
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          course: ids.courses.Spanish!.id,
          chapters_total: 2,
          chapters_watched: 1,
          last_chapter: spanishChapters[1],
          last_position: 2,
          updated_at: expect.any(String),
          completed_at: null,
          certificate: null,
        },
        {
          course: ids.courses.Yoruba!.id,
          chapters_total: 2,
          chapters_watched: 0,
          last_chapter: null,
          last_position: 0,
          updated_at: null,
          completed_at: null,
          certificate: null,
        },
      ]);
    });

    it('saves a position, keeps watched true once set, and moves the course to the top of the list', async () => {
      const student = await newStudent('progress');
      await inDatabase(provider, (queries) =>
        queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${ids.courses.Yoruba!.id}, ${student.id}, '2025-01-01T00:00:00Z')`),
      );
      await inDatabase(provider, (queries) =>
        queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${ids.courses.Spanish!.id}, ${student.id}, '2025-01-02T00:00:00Z')`),
      );
      const [first, second] = yorubaChapters as [number, number];

      const saved = await saveProgress(student.client, student.id, first, { position: '1.5', watched: 'false' });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ chapter: first, position: 1.5, watched: false, updated_at: expect.any(String) });

      // Played on at double speed to the end (progress.ts counts a chapter watched from what it saw).
      passTime(2_100);
      const watched = await saveProgress(student.client, student.id, first, { position: '4', watched: 'true' });
      expect(watched.body).toEqual(expect.objectContaining({ position: 4, watched: true }));
      const rewound = await saveProgress(student.client, student.id, first, { position: '0.5', watched: 'false' });
      expect(rewound.body).toEqual(expect.objectContaining({ position: 0.5, watched: true }));
      const withoutFlag = await saveProgress(student.client, student.id, first, { position: '1' });
      expect(withoutFlag.body).toEqual(expect.objectContaining({ position: 1, watched: true }));
      await saveProgress(student.client, student.id, second, { position: '3' });

      const { body: course } = await student.client.get<ChapterProgress[]>(
        `/api/course-progress/${student.id}/${ids.courses.Yoruba!.id}`,
      );
      expect(course.map(({ chapter, position, watched }) => ({ chapter, position, watched }))).toEqual([
        { chapter: first, position: 1, watched: true },
        { chapter: second, position: 3, watched: false },
      ]);

      const { body: list } = await student.client.get<CourseProgress[]>(`/api/student-progress/${student.id}`);
      expect(list).toEqual([
        expect.objectContaining({
          course: ids.courses.Yoruba!.id,
          chapters_watched: 1,
          last_chapter: second,
          last_position: 3,
        }),
        expect.objectContaining({ course: ids.courses.Spanish!.id, chapters_watched: 0, last_chapter: null }),
      ]);

      // A moment later (saves in the same millisecond would tie).
      passTime(1_000);
      await saveProgress(student.client, student.id, spanishChapters[0]!, { position: '2' });
      const { body: reordered } = await student.client.get<CourseProgress[]>(`/api/student-progress/${student.id}`);
      expect(reordered.map(({ course }) => course)).toEqual([ids.courses.Spanish!.id, ids.courses.Yoruba!.id]);
    });

    it('refuses a negative, non-numeric, missing or too large position with 400 {msg}', async () => {
      const chapter = spanishChapters[1]!;
      for (const form of [{ position: '-1' }, { position: 'soon' }, {}, { position: '' }, { position: '86401' }]) {
        const { status, body } = await saveProgress(maria, ids.studentId, chapter, form);
        expect({ form, status }).toEqual({ form, status: 400 });
        expect(body).toEqual({ msg: expect.any(String) });
      }
    });

    it('refuses a position beyond the end of the video, allowing one second for players rounding', async () => {
      const chapter = spanishChapters[1]!;
      const beyond = await saveProgress(maria, ids.studentId, chapter, { position: '10' });
      expect(beyond.status).toBe(400);
      expect(beyond.body.msg).toBe('The position is beyond the end of the video (4 seconds).');
      expect((await saveProgress(maria, ids.studentId, chapter, { position: '5.5' })).status).toBe(400);
      const atEnd = await saveProgress(maria, ids.studentId, chapter, { position: '4.2' });
      expect(atEnd.status).toBe(200);
      await saveProgress(maria, ids.studentId, chapter, { position: '2' });
    });

    it('accepts any position up to 24 hours when the duration is unknown', async () => {
      const chapter = yorubaChapters[1]!;
      await inDatabase(provider, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = NULL WHERE id = ${chapter}`));
      try {
        const long = await saveProgress(maria, ids.studentId, chapter, { position: '3600' });
        expect(long.status).toBe(200);
        expect(long.body.position).toBe(3600);
        expect((await saveProgress(maria, ids.studentId, chapter, { position: '86400' })).status).toBe(200);
        expect((await saveProgress(maria, ids.studentId, chapter, { position: '86400.5' })).status).toBe(400);
      } finally {
        await inDatabase(provider, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = 4 WHERE id = ${chapter}`));
        await inDatabase(provider, (queries) =>
          queries.run(sql`DELETE FROM chapter_progress WHERE student_id = ${ids.studentId} AND chapter_id = ${chapter}`),
        );
      }
    });

    it('answers 401 without the student session', async () => {
      const anonymous = provider.client();
      const chapter = spanishChapters[0]!;
      expect((await anonymous.get(`/api/course-progress/${ids.studentId}/${ids.courses.Spanish!.id}`)).status).toBe(
        401,
      );
      expect((await saveProgress(anonymous, ids.studentId, chapter, { position: '1' })).status).toBe(401);
      expect((await anonymous.get(`/api/student-progress/${ids.studentId}`)).status).toBe(401);
      expect((await amara.get(`/api/student-progress/${ids.studentId}`)).status).toBe(401);
    });

    it("answers 403 for another student's id and for courses the student is not enrolled in", async () => {
      const spanish = ids.courses.Spanish!.id;
      expect((await kofi.get(`/api/course-progress/${ids.studentId}/${spanish}`)).status).toBe(403);
      expect((await saveProgress(kofi, ids.studentId, spanishChapters[0]!, { position: '1' })).status).toBe(403);
      expect((await kofi.get(`/api/student-progress/${ids.studentId}`)).status).toBe(403);

      const german = ids.courses.German!.id;
      const notEnrolled = await maria.get(`/api/course-progress/${ids.studentId}/${german}`);
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.body).toEqual({ msg: expect.any(String) });
      expect((await saveProgress(maria, ids.studentId, germanChapters[0]!, { position: '1' })).status).toBe(403);
      // Kofi's own progress stays his: he is enrolled in Spanish too and starts from nothing.
      expect((await kofi.get(`/api/course-progress/${ids.otherStudentId}/${spanish}`)).body).toEqual([]);
    });

    it('answers 404 for an unknown course or chapter', async () => {
      expect((await maria.get(`/api/course-progress/${ids.studentId}/9999`)).status).toBe(404);
      expect((await saveProgress(maria, ids.studentId, 9999, { position: '1' })).status).toBe(404);
    });
  });

  describe('favourites', () => {
    it('seeds one favourite for the demo student, with the whole course', async () => {
      const { status, body } = await maria.get<
        { id: number; course: { id: number; title: string }; student: number }[]
      >(`/api/fetch-favorite-courses/${ids.studentId}`);
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          id: expect.any(Number),
          course: expect.objectContaining({
            id: ids.courses.French!.id,
            title: 'French Conversation',
            teacher: expect.objectContaining({ id: ids.teacherId }),
            // Its one chapter is a free preview: its video is anyone's to play.
            course_chapters: [expect.objectContaining({ is_preview: true, video: expect.stringMatching(/^\/media\/chapter_videos\//) })],
          }),
          student: ids.studentId,
        },
      ]);
      const french = await maria.get(`/api/fetch-favorite-status/${ids.studentId}/${ids.courses.French!.id}`);
      expect(french.body).toEqual({ bool: true });
      const spanish = await maria.get(`/api/fetch-favorite-status/${ids.studentId}/${ids.courses.Spanish!.id}`);
      expect(spanish.body).toEqual({ bool: false });
    });

    it('adds a favourite (201), answers a repeated add with 200 and the same record, and lists the newest first', async () => {
      const course = ids.courses.Akan!.id;
      const added = await maria.post('/api/student-add-favorite-course/', {
        form: { course, student: ids.studentId },
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(Number), course, student: ids.studentId });
      const again = await maria.post('/api/student-add-favorite-course/', { form: { course, student: ids.studentId } });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(added.body);

      const { body: list } = await maria.get<{ id: number; course: { id: number } }[]>(
        `/api/fetch-favorite-courses/${ids.studentId}`,
      );
      expect(list.map((favorite) => favorite.course.id)).toEqual([course, ids.courses.French!.id]);
      expect((await maria.get(`/api/fetch-favorite-status/${ids.studentId}/${course}`)).body).toEqual({ bool: true });
    });

    it('removes a favourite, and answers bool true for a course that is not one', async () => {
      const course = ids.courses.Pidgin!.id;
      await maria.post('/api/student-add-favorite-course/', { form: { course, student: ids.studentId } });
      const removed = await maria.delete(`/api/student-remove-favorite-course/${course}/${ids.studentId}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ bool: true, msg: favoriteMessages.removed });
      const again = await maria.delete(`/api/student-remove-favorite-course/${course}/${ids.studentId}`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ bool: true, msg: favoriteMessages.notFavorite });
      expect((await maria.get(`/api/fetch-favorite-status/${ids.studentId}/${course}`)).body).toEqual({ bool: false });
    });

    it('refuses an unknown or missing course with 400 {msg}', async () => {
      const unknown = await maria.post('/api/student-add-favorite-course/', {
        form: { course: 9999, student: ids.studentId },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ msg: favoriteMessages.unknownCourse });
      const missing = await maria.post('/api/student-add-favorite-course/', { form: { student: ids.studentId } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ msg: expect.any(String) });
      expect((await maria.get(`/api/fetch-favorite-status/${ids.studentId}/9999`)).status).toBe(404);
    });

    it("answers 401 without the student session and 403 for another student's id", async () => {
      const anonymous = provider.client();
      const french = ids.courses.French!.id;
      const calls = [
        (client: Client) =>
          client.post('/api/student-add-favorite-course/', { form: { course: french, student: ids.studentId } }),
        (client: Client) => client.delete(`/api/student-remove-favorite-course/${french}/${ids.studentId}`),
        (client: Client) => client.get(`/api/fetch-favorite-status/${ids.studentId}/${french}`),
        (client: Client) => client.get(`/api/fetch-favorite-courses/${ids.studentId}`),
      ];
      for (const call of calls) {
        const without = await call(anonymous);
        expect(without.status).toBe(401);
        expect(without.body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
        const other = await call(kofi);
        expect(other.status).toBe(403);
        expect(other.body).toEqual(expect.objectContaining({ msg: expect.any(String) }));
      }
      const removeAsOther = await kofi.delete(`/api/student-remove-favorite-course/${french}/${ids.studentId}`);
      expect(removeAsOther.body).toEqual({ bool: false, msg: expect.any(String) });
      expect((await maria.get(`/api/fetch-favorite-status/${ids.studentId}/${french}`)).body).toEqual({ bool: true });
    });
  });

  describe('profile', () => {
    it('updates the profile and keeps the interests when they are omitted', async () => {
      const student = await newStudent('profile');
      // The address stays (a new one goes through email-change.test.ts); its case does not matter.
      const updated = await student.client.put(`/api/student/${student.id}/`, {
        form: {
          full_name: 'Profile Renamed',
          email: 'Profile@Example.org',
          username: 'profile-new',
          interested_categories: 'Akan',
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({
        id: student.id,
        full_name: 'Profile Renamed',
        email: 'profile@example.org',
        username: 'profile-new',
        interested_categories: 'Akan',
      });
      const kept = await student.client.put(`/api/student/${student.id}/`, {
        form: { full_name: 'Profile Renamed', email: 'profile@example.org', username: 'PROFILE-NEW' },
      });
      expect(kept.body).toEqual(expect.objectContaining({ username: 'PROFILE-NEW', interested_categories: 'Akan' }));
      expect((await student.client.get(`/api/student/${student.id}`)).body).toEqual(kept.body);
      await provider.client().loginStudent({ email: 'profile@example.org', password: 'pass-1234' });
    });

    it('refuses another e-mail address, and a username another student uses in any case, with 400 {msg}', async () => {
      const student = await newStudent('taken');
      const email = await student.client.put(`/api/student/${student.id}/`, {
        form: { full_name: 'Taken', email: demoLogins.otherStudent.email.toUpperCase(), username: 'taken' },
      });
      expect(email.status).toBe(400);
      expect(email.body).toEqual({ msg: emailChangeMessages.useEmailChange });
      const username = await student.client.put(`/api/student/${student.id}/`, {
        form: { full_name: 'Taken', email: student.email, username: 'KOFI' },
      });
      expect(username.status).toBe(400);
      expect(username.body).toEqual({ msg: accountMessages.duplicateUsername });
      expect((await student.client.get<{ username: string }>(`/api/student/${student.id}`)).body.username).toBe(
        'taken',
      );
    });

    it('refuses an empty name or username, an invalid e-mail address and missing fields with 400 {msg}', async () => {
      const student = await newStudent('invalid');
      for (const form of [
        { full_name: ' ', email: student.email, username: 'invalid' },
        { full_name: 'Invalid', email: student.email, username: '  ' },
        { full_name: 'Invalid', email: 'not-an-email', username: 'invalid' },
        { full_name: 'Invalid', username: 'invalid' },
      ]) {
        const { status, body } = await student.client.put(`/api/student/${student.id}/`, { form });
        expect({ form, status }).toEqual({ form, status: 400 });
        expect(body).toEqual({ msg: expect.any(String) });
      }
    });

    it("answers 401 without the student session and 403 for another student's id", async () => {
      const form = { full_name: 'Hijacked', email: 'hijack@example.org', username: 'hijack' };
      expect((await provider.client().put(`/api/student/${ids.studentId}/`, { form })).status).toBe(401);
      expect((await amara.put(`/api/student/${ids.studentId}/`, { form })).status).toBe(401);
      expect((await kofi.put(`/api/student/${ids.studentId}/`, { form })).status).toBe(403);
      expect((await maria.get<{ full_name: string }>(`/api/student/${ids.studentId}`)).body.full_name).toBe(
        'Maria Silva',
      );
    });
  });

  describe('password change while logged in', () => {
    it('checks the current password, then ends the other sessions and the unused reset links', async () => {
      const student = await newStudent('changer', 'old-pass-1');
      const otherBrowser = provider.client();
      await otherBrowser.loginStudent({ email: student.email, password: 'old-pass-1' });
      await provider.client().post('/api/student-forgot-password/', { form: { email: student.email } });
      const token = new URL(
        /http\S+/.exec((await provider.client().lastMailTo(student.email)).text)![0],
      ).searchParams.get('token')!;
      const url = `/api/student/change-password/${student.id}/`;

      const wrong = await student.client.post(url, { form: { password: 'new-pass-1', current_password: 'nope' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ bool: false, msg: accountMessages.wrongCurrentPassword });
      const missing = await student.client.post(url, { form: { password: 'new-pass-1' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ bool: false, msg: expect.any(String) });
      const blank = await student.client.post(url, { form: { password: 'new-pass-1', current_password: '' } });
      expect(blank.body).toEqual({ bool: false, msg: accountMessages.currentPasswordMissing });
      const empty = await student.client.post(url, { form: { password: ' ', current_password: 'old-pass-1' } });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ bool: false, msg: accountMessages.passwordTooShort });
      // Refused attempts change nothing.
      expect((await otherBrowser.get(`/api/student/${student.id}`)).status).toBe(200);

      const changed = await student.client.post(url, {
        form: { password: 'new-pass-1', current_password: 'old-pass-1' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });

      expect((await student.client.get(`/api/student/${student.id}`)).status).toBe(200);
      expect((await otherBrowser.get(`/api/student/${student.id}`)).status).toBe(401);
      const reset = await provider.client().post(`/api/student-change-password/${student.id}/`, {
        form: { password: 'via-link', token },
      });
      expect(reset.status).toBe(400);
      expect(reset.body).toEqual({ bool: false, msg: accountMessages.resetInvalid });

      const oldLogin = await provider.client().post('/api/student-login', {
        multipart: { email: student.email, password: 'old-pass-1' },
      });
      expect(oldLogin.body.bool).toBe(false);
      await provider.client().loginStudent({ email: student.email, password: 'new-pass-1' });
    });

    it("answers 401 {bool: false, msg} without the student session and 403 for another student's id", async () => {
      const form = { password: 'hijacked', current_password: demoLogins.student.password };
      const url = `/api/student/change-password/${ids.studentId}/`;
      const without = await provider.client().post(url, { form });
      expect(without.status).toBe(401);
      expect(without.body).toEqual({ bool: false, msg: expect.any(String) });
      const other = await kofi.post(url, { form });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ bool: false, msg: expect.any(String) });
      await provider.client().loginStudent();
    });

    it("shares the flow with the teacher's change: the teacher's other sessions and reset links end too", async () => {
      const registrar = provider.client();
      const { body: teacher } = await registrar.post<{ id: number }>('/api/teacher/', {
        form: { full_name: 'Ngozi Teacher', email: 'ngozi@example.org', password: 'teach-1111', skills: 'Igbo' },
      });
      const { code } = await registrar.lastMailTo('ngozi@example.org');
      await registrar.post(`/api/verify-teacher/${teacher.id}/`, { form: { otp_digit: code! } });
      const credentials = { email: 'ngozi@example.org', password: 'teach-1111' };
      const caller = provider.client();
      const otherBrowser = provider.client();
      await caller.loginTeacher(credentials);
      await otherBrowser.loginTeacher(credentials);
      await provider.client().post('/api/teacher-forgot-password/', { form: { email: credentials.email } });
      const token = new URL(
        /http\S+/.exec((await provider.client().lastMailTo(credentials.email)).text)![0],
      ).searchParams.get('token')!;

      const changed = await caller.post(`/api/teacher/change-password/${teacher.id}/`, {
        form: { password: 'teach-2222', current_password: credentials.password },
      });
      expect(changed.body).toEqual({ bool: true, msg: accountMessages.passwordChanged });
      expect((await caller.get(`/api/teacher/dashboard/${teacher.id}`)).status).toBe(200);
      expect((await otherBrowser.get(`/api/teacher/dashboard/${teacher.id}`)).status).toBe(401);
      const reset = await provider.client().post(`/api/teacher-change-password/${teacher.id}/`, {
        form: { password: 'via-link', token },
      });
      expect(reset.status).toBe(400);
    });
  });

  describe('assignments: only the own student marks work done, and nothing else changes', () => {
    interface Assignment {
      id: number;
      title: string;
      detail: string;
      student: { id: number; full_name: string };
      teacher: { id: number; full_name: string };
      student_status: boolean;
    }

    it('applies only student_status true and ignores the title, detail, teacher and student the browser sends', async () => {
      const { body: created } = await amara.post<Assignment>(
        `/api/student-assignment/${ids.teacherId}/${ids.studentId}/`,
        { multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'Dialogue', detail: 'Ten lines.' } },
      );
      const url = `/api/update-assignment/${created.id}/`;
      const form = {
        student_status: 'true',
        title: 'Nothing to do',
        detail: '',
        teacher: ids.otherTeacherId,
        student: ids.otherStudentId,
      };

      expect((await provider.client().put(url, { multipart: form })).status).toBe(401);
      expect((await amara.put(url, { multipart: form })).status).toBe(401);
      const other = await kofi.put(url, { multipart: form });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ msg: expect.any(String) });

      const done = await maria.put<Assignment>(url, { multipart: form });
      expect(done.status).toBe(200);
      const unchanged = {
        id: created.id,
        title: 'Dialogue',
        detail: 'Ten lines.',
        student: { id: ids.studentId, full_name: 'Maria Silva' },
        teacher: { id: ids.teacherId, full_name: 'Amara Okafor' },
      };
      expect(done.body).toEqual(expect.objectContaining({ ...unchanged, student_status: true }));

      const back = await maria.put(url, { multipart: { ...form, student_status: 'false' } });
      expect(back.status).toBe(400);
      expect(back.body).toEqual({ msg: expect.any(String) });
      const { body: list } = await amara.get<Assignment[]>(
        `/api/student-assignment/${ids.teacherId}/${ids.studentId}/`,
      );
      expect(list.find((assignment) => assignment.id === created.id)).toEqual(
        expect.objectContaining({ ...unchanged, student_status: true }),
      );
      const { body: kofisList } = await kofi.get<Assignment[]>(`/api/my-assignments/${ids.otherStudentId}`);
      expect(kofisList.some((assignment) => assignment.id === created.id)).toBe(false);
    });
  });
});
