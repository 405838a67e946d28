import { type RawBuilder, sql } from 'kysely';
import { reviewerName } from '../../provider/src/routes/courses';
import {
  type Client,
  type DemoIds,
  type RunningProvider,
  inDatabase,
  passTime,
  useFakeClock,
  startDemoProvider,
  watchChapter,
} from './support';

/**
 * The learning extensions of issue 22 over HTTP: chapter lengths, course reviews, certificates,
 * and the teacher's views of each student's progress and of what needs attention.
 */

interface Chapter {
  id: number;
  video: string | null;
  duration: number | null;
}

interface CourseReviews {
  ratings: number;
  average: number | null;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  reviews_total: number;
  reviews: { id: number; rating: number; review: string; reviewer: string; rated_at: string }[];
}

interface CourseProgress {
  course: number;
  chapters_total: number;
  chapters_watched: number;
  completed_at: string | null;
  certificate: string | null;
}

const day = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * day).toISOString();

describe('learning extensions', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara } = await startDemoProvider());
  });

  afterAll(() => provider.stop());

  /** A course of the demo teacher with no chapters, ratings or enrolments; its id. */
  const emptyCourse = (title: string) =>
    inDatabase(provider, async (queries) =>
      (await queries.one(
        sql<{ id: number }>`INSERT INTO courses (category_id, teacher_id, title, created_at)
          VALUES ((SELECT MIN(id) FROM categories), ${ids.teacherId}, ${title}, ${daysAgo(1)}) RETURNING id`,
      ))!.id,
    );

  it("seeds a demo where the course page has reviews and the demo teacher's dashboard has something to look at", async () => {
    const reviews = await visitor.get<CourseReviews>(`/api/course-reviews/${ids.courses.Spanish!.id}`);
    expect(reviews.body).toMatchObject({ ratings: 3, average: 4.7, reviews_total: 3 });
    expect(reviews.body.reviews.map(({ reviewer }) => reviewer)).toEqual(['Maria S.', 'Tomás N.', 'Ngozi A.']);

    const attention = await amara.get<{
      new_enrolments: { student: { full_name: string }; course: { title: string } }[];
      inactive_students: { student: { full_name: string }; course: { title: string } }[];
    }>(`/api/teacher-attention/${ids.teacherId}`);
    const names = (entries: { student: { full_name: string }; course: { title: string } }[]) =>
      entries.map((entry) => `${entry.student.full_name}: ${entry.course.title}`);
    expect(names(attention.body.new_enrolments)).toEqual(['Lucía Fernández: French Conversation']);
    expect(names(attention.body.inactive_students)).toEqual(['Ngozi Adeyemi: Spanish for Beginners']);

    // The demo student finishes nothing and rates Yoruba herself in the browser journeys.
    const progress = await maria.get<CourseProgress[]>(`/api/student-progress/${ids.studentId}`);
    expect(progress.body.map(({ certificate }) => certificate)).toEqual([null, null]);
    const rated = await maria.get(`/api/fetch-rating-status/${ids.studentId}/${ids.courses.Yoruba!.id}`);
    expect(rated.body.bool).toBe(false);
  });

  describe('chapter lengths', () => {
    it('tells everyone how long each chapter is, without the video for a visitor', async () => {
      const spanish = ids.courses.Spanish!.id;
      const seen = await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`);
      expect(seen.status).toBe(200);
      expect(seen.body.length).toBeGreaterThan(0);
      for (const chapter of seen.body) {
        expect(chapter.video).toBeNull();
        expect(chapter.duration).toBeCloseTo(4, 1);
      }
      const enrolled = await maria.get<Chapter[]>(`/api/course-chapters/${spanish}`);
      expect(enrolled.body[0]!.video).toEqual(expect.any(String));
      expect(enrolled.body[0]!.duration).toBeCloseTo(4, 1);
    });

    it('sends null when the length is unknown', async () => {
      const courseId = ids.courses.Spanish!.id;
      const [first] = (await visitor.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body;
      await inDatabase(provider, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = NULL WHERE id = ${first!.id}`));
      const [again] = (await visitor.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body;
      expect(again).toMatchObject({ id: first!.id, duration: null });
      await inDatabase(provider, (queries) =>
        queries.run(sql`UPDATE chapters SET duration_seconds = ${first!.duration} WHERE id = ${first!.id}`),
      );
    });
  });

  describe('course reviews', () => {
    it('names a reviewer by first name and last initial only', () => {
      expect(reviewerName('Maria Silva')).toBe('Maria S.');
      expect(reviewerName('  ana maría  lópez  ')).toBe('ana L.');
      expect(reviewerName('Ọlá ọ̀ṣun')).toBe('Ọlá Ọ̀.');
      expect(reviewerName('Cher')).toBe('Cher');
      expect(reviewerName('   ')).toBe('A student');
    });

    it('gives anyone the count, average, stars and the written reviews, newest first, a page at a time', async () => {
      const courseId = await emptyCourse('Reviewed course');
      await inDatabase(provider, async (queries) => {
        const ratings: [string, number, string, number][] = [
          ['Ada Lovelace', 5, 'Clear and friendly.', 3],
          ['Grace Hopper', 4, '   ', 2],
          ['Kofi Annan', 2, 'Too fast for me.', 1],
          ['', 5, 'Wonderful.', 5],
          ['Alan Turing', 3, 'Good, wanted more exercises.', 8],
          ['Edsger Dijkstra', 5, '', 9],
        ];
        for (const [index, [name, stars, review, days]] of ratings.entries()) {
          const student = await queries.one(
            sql<{ id: number }>`INSERT INTO students (full_name, email, username, password_hash, verified, created_at)
              VALUES (${name}, ${`reviewer${index}@example.org`}, ${`reviewer${index}`}, 'x', 1, ${daysAgo(30)}) RETURNING id`,
          );
          await queries.run(
            sql`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (${courseId}, ${student!.id}, ${stars}, ${review}, ${daysAgo(days)})`,
          );
        }
      });

      const all = await visitor.get<CourseReviews>(`/api/course-reviews/${courseId}`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({
        ratings: 6,
        average: 4,
        distribution: { '1': 0, '2': 1, '3': 1, '4': 1, '5': 3 },
        reviews_total: 4,
      });
      expect(all.body.reviews.map(({ reviewer, rating, review }) => [reviewer, rating, review])).toEqual([
        ['Kofi A.', 2, 'Too fast for me.'],
        ['Ada L.', 5, 'Clear and friendly.'],
        ['A student', 5, 'Wonderful.'],
        ['Alan T.', 3, 'Good, wanted more exercises.'],
      ]);
      expect(JSON.stringify(all.body)).not.toMatch(/@|reviewer\d|"student"/);

      const page = await visitor.get<CourseReviews>(`/api/course-reviews/${courseId}?limit=2&offset=1`);
      expect(page.body.reviews_total).toBe(4);
      expect(page.body.reviews.map(({ reviewer }) => reviewer)).toEqual(['Ada L.', 'A student']);
    });

    it('answers the first 10 written reviews without a limit, and nothing for a course nobody rated', async () => {
      const courseId = await emptyCourse('Much reviewed course');
      const unrated = await emptyCourse('Unrated course');
      await inDatabase(provider, async (queries) => {
        for (let index = 0; index < 12; index += 1) {
          const student = await queries.one(
            sql<{ id: number }>`INSERT INTO students (full_name, email, password_hash, verified, created_at)
              VALUES (${`Many ${index}`}, ${`many${index}@example.org`}, 'x', 1, ${daysAgo(30)}) RETURNING id`,
          );
          await queries.run(
            sql`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (${courseId}, ${student!.id}, 4, ${`Review ${index}`}, ${daysAgo(20 - index)})`,
          );
        }
      });
      const first = await visitor.get<CourseReviews>(`/api/course-reviews/${courseId}`);
      expect(first.body.reviews_total).toBe(12);
      expect(first.body.reviews).toHaveLength(10);
      expect(first.body.reviews[0]!.review).toBe('Review 11');

      expect((await visitor.get<CourseReviews>(`/api/course-reviews/${unrated}`)).body).toEqual({
        ratings: 0,
        average: null,
        distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
        reviews_total: 0,
        reviews: [],
      });
    });

    it('answers 404 for an unknown course and 400 with a msg for a bad page', async () => {
      const courseId = ids.courses.Spanish!.id;
      const unknown = await visitor.get(`/api/course-reviews/999999`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toEqual(expect.any(String));
      for (const query of ['limit=0', 'limit=101', 'limit=ten', 'offset=-1']) {
        const bad = await visitor.get(`/api/course-reviews/${courseId}?${query}`);
        expect({ query, status: bad.status, msg: typeof bad.body.msg }).toEqual({ query, status: 400, msg: 'string' });
      }
    });
  });

  describe('certificates', () => {
    const progressOf = async (client: Client, studentId: number, courseId: number) => {
      const { status, body } = await client.get<CourseProgress[]>(`/api/student-progress/${studentId}`);
      expect(status).toBe(200);
      return body.find((entry) => entry.course === courseId);
    };
    const certificatesOf = (studentId: number) =>
      inDatabase(provider, (queries) => queries.all(sql`SELECT * FROM certificates WHERE student_id = ${studentId}`));

    it('issues one certificate when the last chapter is watched, which anyone verifies by its code', async () => {
      const kofiId = ids.otherStudentId;
      const french = ids.courses.French!.id;
      const [chapter] = (await kofi.get<Chapter[]>(`/api/course-chapters/${french}`)).body;
      const save = (form: Record<string, string>) =>
        kofi.put(`/api/chapter-progress/${kofiId}/${chapter!.id}/`, { form });

      expect((await save({ position: '1', watched: 'false' })).status).toBe(200);
      expect(await progressOf(kofi, kofiId, french)).toMatchObject({ completed_at: null, certificate: null });
      expect(await certificatesOf(kofiId)).toEqual([]);

      expect((await watchChapter(kofi, kofiId, chapter!)).body.watched).toBe(true);
      const finished = await progressOf(kofi, kofiId, french);
      expect(finished).toMatchObject({ chapters_total: 1, chapters_watched: 1 });
      expect(finished!.certificate).toMatch(/^[A-Z0-9]{12}$/);
      expect(Date.parse(finished!.completed_at!)).toBeGreaterThan(Date.now() - 60_000);
      const code = finished!.certificate!;

      // Watching it again issues nothing more, and the finish keeps its date.
      await save({ position: '0', watched: 'true' });
      expect(await certificatesOf(kofiId)).toHaveLength(1);
      expect(await progressOf(kofi, kofiId, french)).toMatchObject({
        completed_at: finished!.completed_at,
        certificate: code,
      });

      // Only Kofi reads his progress; anyone verifies the certificate, in any letter case.
      expect((await maria.get(`/api/student-progress/${kofiId}`)).status).toBe(403);
      const expected = {
        code,
        student_name: 'Kofi Boateng',
        course: french,
        course_title: 'French Conversation',
        teacher_name: 'Amara Okafor',
        completed_at: finished!.completed_at,
      };
      const verified = await visitor.get(`/api/certificate/${code}`);
      expect(verified).toMatchObject({ status: 200, body: expected });
      expect(Object.keys(verified.body).sort()).toEqual(Object.keys(expected).sort());
      expect(JSON.stringify(verified.body)).not.toContain('@');
      expect((await visitor.get(`/api/certificate/${code.toLowerCase()}`)).body).toEqual(expected);

      // Names stay as they were at issue.
      await inDatabase(provider, (queries) => queries.run(sql`UPDATE students SET full_name = 'Kofi Renamed' WHERE id = ${kofiId}`));
      expect((await visitor.get(`/api/certificate/${code}`)).body).toEqual(expected);

      // A chapter added later unfinishes the course; the certificate stays, and still verifies.
      await inDatabase(provider, (queries) =>
        queries.run(sql`INSERT INTO chapters (course_id, title, created_at) VALUES (${french}, 'Later chapter', ${daysAgo(0)})`),
      );
      expect(await progressOf(kofi, kofiId, french)).toMatchObject({
        chapters_total: 2,
        chapters_watched: 1,
        completed_at: null,
        certificate: code,
      });
      expect((await visitor.get(`/api/certificate/${code}`)).status).toBe(200);
    });

    it('answers 404 for a code never issued and 400 for one that is not 12 letters and digits', async () => {
      const unknown = await visitor.get('/api/certificate/AAAAAAAAAAAA');
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toEqual(expect.any(String));
      for (const code of ['ABC', 'ABCDEFGHJKMNP', 'ABCDEFGHJKM-', 'ABCDEFGHJKM%C3%9C']) {
        const bad = await visitor.get(`/api/certificate/${code}`);
        expect({ code, status: bad.status, msg: typeof bad.body.msg }).toEqual({ code, status: 400, msg: 'string' });
      }
    });

    it('never finishes a course without chapters, and issues a certificate for a course finished before', async () => {
      const empty = await emptyCourse('Course without chapters');
      const yoruba = ids.courses.Yoruba!.id;
      const yorubaChapters = (await maria.get<Chapter[]>(`/api/course-chapters/${yoruba}`)).body;
      // Progress saved directly, as rows from before certificates existed.
      const watchedAt = daysAgo(2);
      await inDatabase(provider, async (queries) => {
        await queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${empty}, ${ids.studentId}, ${daysAgo(1)})`);
        for (const chapter of yorubaChapters) {
          await queries.run(
            sql`INSERT INTO chapter_progress (student_id, chapter_id, position, watched, updated_at) VALUES (${ids.studentId}, ${chapter.id}, 4, 1, ${watchedAt})`,
          );
        }
      });
      expect(await progressOf(maria, ids.studentId, empty)).toMatchObject({
        chapters_total: 0,
        completed_at: null,
        certificate: null,
      });
      const yorubaProgress = await progressOf(maria, ids.studentId, yoruba);
      expect(yorubaProgress).toMatchObject({ chapters_watched: 2, completed_at: watchedAt });
      expect(yorubaProgress!.certificate).toMatch(/^[A-Z0-9]{12}$/);
      expect((await visitor.get(`/api/certificate/${yorubaProgress!.certificate}`)).body).toMatchObject({
        student_name: 'Maria Silva',
        course_title: 'Yoruba Basics',
        teacher_name: 'Kwame Mensah',
      });
    });
  });

  describe('watched, as the provider saw it (issue 33, item 3)', () => {
    interface Saved {
      chapter: number;
      position: number;
      watched: boolean;
    }
    let count = 0;

    /** A new student, logged in on their own client and enrolled in `courseId` (by its row). */
    async function enrolledStudent(fullName: string, courseId: number) {
      count += 1;
      const client = provider.client();
      const email = `watcher${count}@example.org`;
      const { body } = await client.post<{ id: number }>('/api/student/', {
        form: { full_name: fullName, email, password: 'pass-1234', username: `watcher${count}` },
      });
      const { code } = await client.lastMailTo(email);
      expect((await client.post(`/api/verify-student/${body.id}/`, { form: { otp_digit: code } })).body.bool).toBe(true);
      await client.loginStudent({ email, password: 'pass-1234' });
      await inDatabase(provider, (queries) =>
        queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${courseId}, ${body.id}, ${new Date().toISOString()})`),
      );
      return { id: body.id, client, email };
    }

    const chaptersOf = async (courseId: number) => (await visitor.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body;
    const save = (client: Client, studentId: number, chapterId: number, form: Record<string, string>) =>
      client.put<Saved>(`/api/chapter-progress/${studentId}/${chapterId}/`, { form });
    const certificateOf = async (client: Client, studentId: number, courseId: number) =>
      (await client.get<CourseProgress[]>(`/api/student-progress/${studentId}`)).body.find((entry) => entry.course === courseId)
        ?.certificate;

    it('issues no certificate for saves that say watched=true without the chapter having played', async () => {
      const german = ids.courses.German!.id;
      const student = await enrolledStudent('Quick Saver', german);
      const chapters = await chaptersOf(german);
      // The review's attack: position=0&watched=true twice, in a few milliseconds; then the end.
      for (const chapter of chapters) {
        for (const position of ['0', '0', String(chapter.duration)]) {
          const saved = await save(student.client, student.id, chapter.id, { position, watched: 'true' });
          expect(saved.status).toBe(200);
          expect(saved.body.watched).toBe(false);
        }
      }
      expect(await certificateOf(student.client, student.id, german)).toBeNull();
      const certificates = await inDatabase(provider, (queries) =>
        queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count FROM certificates WHERE student_id = ${student.id}`),
      );
      expect(certificates!.count).toBe(0);
    });

    it('counts a chapter watched when its saves cover 90% of it at no more than double speed, whatever the browser says', async () => {
      const spanish = ids.courses.Spanish!.id;
      const student = await enrolledStudent('Patient Watcher', spanish);
      const [first, second] = (await chaptersOf(spanish)) as [Chapter, Chapter];
      expect(first.duration).toBeCloseTo(4, 1);

      // The first chapter played for a second, then the end saved: 4 s of video in 1 s is too fast.
      await save(student.client, student.id, first.id, { position: '0', watched: 'false' });
      passTime(1_000);
      expect((await save(student.client, student.id, first.id, { position: String(first.duration), watched: 'true' })).body.watched).toBe(false);

      // Played from the start at double speed: watched, although the browser did not say so.
      await save(student.client, student.id, second.id, { position: '0', watched: 'false' });
      passTime(2_100);
      const end = await save(student.client, student.id, second.id, { position: String(second.duration), watched: 'false' });
      expect(end.body).toMatchObject({ chapter: second.id, watched: true });
      expect(await certificateOf(student.client, student.id, spanish)).toBeNull();

      // The first one watched again, for real this time: the course is finished, and certified.
      expect((await watchChapter(student.client, student.id, first)).body.watched).toBe(true);
      expect(await certificateOf(student.client, student.id, spanish)).toMatch(/^[A-Z0-9]{12}$/);
    });

    it('does not count chapters played side by side as watched twice over', async () => {
      const yoruba = ids.courses.Yoruba!.id;
      const student = await enrolledStudent('Two Tabs', yoruba);
      const chapters = (await chaptersOf(yoruba)) as [Chapter, Chapter];
      for (const chapter of chapters) await save(student.client, student.id, chapter.id, { position: '0', watched: 'false' });
      passTime(2_100);
      const ends = [];
      for (const chapter of chapters) {
        ends.push((await save(student.client, student.id, chapter.id, { position: String(chapter.duration), watched: 'true' })).body.watched);
      }
      // The real time served the first chapter; the second one's end came right after it.
      expect(ends).toEqual([true, false]);
      expect(await certificateOf(student.client, student.id, yoruba)).toBeNull();
    });

    it('never counts a chapter of unknown length watched', async () => {
      const german = ids.courses.German!.id;
      const student = await enrolledStudent('Unknown Length', german);
      const [chapter] = (await chaptersOf(german)) as [Chapter];
      await inDatabase(provider, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = NULL WHERE id = ${chapter.id}`));
      try {
        expect((await watchChapter(student.client, student.id, { id: chapter.id, duration: 4 })).body.watched).toBe(false);
      } finally {
        await inDatabase(provider, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = ${chapter.duration} WHERE id = ${chapter.id}`));
      }
    });

    it('issues the certificate in the name the student held at enrolment, not one borrowed during the course', async () => {
      const yoruba = ids.courses.Yoruba!.id;
      const student = await enrolledStudent('Ife Adebayo', yoruba);
      const rename = async (fullName: string) => {
        const { status } = await student.client.put(`/api/student/${student.id}/`, {
          form: { full_name: fullName, email: student.email, username: `ife${student.id}` },
        });
        expect(status).toBe(200);
      };
      await rename('Dr. Amara Okafor, MA');
      for (const chapter of await chaptersOf(yoruba)) await watchChapter(student.client, student.id, chapter);
      const code = await certificateOf(student.client, student.id, yoruba);
      expect(code).toMatch(/^[A-Z0-9]{12}$/);
      await rename('Ife Adebayo');

      const verified = await visitor.get(`/api/certificate/${code}`);
      expect(verified.body).toMatchObject({ student_name: 'Ife Adebayo', course_title: 'Yoruba Basics' });
      expect(JSON.stringify(verified.body)).not.toContain('Okafor, MA');
    });
  });

  describe("the teacher's views of progress", () => {
    interface AttentionEntry {
      student: { id: number; full_name: string };
      course: { id: number; title: string };
      enrolled_at: string;
      last_activity: string | null;
    }
    interface Attention {
      new_enrolments_total: number;
      new_enrolments: AttentionEntry[];
      inactive_students_total: number;
      inactive_students: AttentionEntry[];
    }
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

    let teacher: Client;
    let teacherId: number;
    /** Students and courses of the new teacher, by name. */
    const student: Record<string, number> = {};
    const course: Record<string, number> = {};
    const chapters: Record<string, number[]> = {};
    const enrolledAt: Record<string, string> = {};
    let quietLastSave: string;

    beforeAll(async () => {
      // A teacher of their own, so the demo data does not change the counts.
      teacher = provider.client();
      const email = 'progress.teacher@example.org';
      const { body } = await teacher.post<{ id: number }>('/api/teacher/', {
        form: { full_name: 'Tess Teacher', email, password: 'pass-1234', qualification: 'MA', mobile_no: '1', skills: 'Igbo' },
      });
      teacherId = body.id;
      const { code } = await teacher.lastMailTo(email);
      expect((await teacher.post(`/api/verify-teacher/${teacherId}/`, { form: { otp_digit: code } })).body.bool).toBe(true);

      await inDatabase(provider, async (queries) => {
        const inserted = async (query: RawBuilder<{ id: number }>) => (await queries.one(query))!.id;
        for (const [name, count] of [['Two', 2], ['One', 1], ['Empty', 0]] as const) {
          const courseId = await inserted(
            sql`INSERT INTO courses (category_id, teacher_id, title, created_at)
              VALUES ((SELECT MIN(id) FROM categories), ${teacherId}, ${`Course ${name}`}, ${daysAgo(60)}) RETURNING id`,
          );
          const chapterIds: number[] = [];
          for (let index = 0; index < count; index += 1) {
            chapterIds.push(
              await inserted(sql`INSERT INTO chapters (course_id, title, created_at) VALUES (${courseId}, ${`Chapter ${index + 1}`}, ${daysAgo(60)}) RETURNING id`),
            );
          }
          course[name] = courseId;
          chapters[name] = chapterIds;
        }
        const enrol = (courseId: number, studentId: number, at: string) =>
          queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${courseId}, ${studentId}, ${at})`);
        const progress = (studentId: number, chapterId: number, watched: number, updatedAt: string) =>
          queries.run(
            sql`INSERT INTO chapter_progress (student_id, chapter_id, position, watched, updated_at) VALUES (${studentId}, ${chapterId}, 1, ${watched}, ${updatedAt})`,
          );
        const people: [string, string, number][] = [
          // name, course, hours since enrolment
          ['Newest', 'Two', 7 * 24 - 1],
          ['Week old', 'Two', 7 * 24 + 1],
          ['Recent saver', 'Two', 20 * 24],
          ['Quiet saver', 'Two', 20 * 24],
          ['Never started', 'Two', 30 * 24],
          ['Finisher', 'One', 40 * 24],
          ['Empty course', 'Empty', 40 * 24],
          ['Newest', 'One', 24],
        ];
        for (const [name, courseName, hours] of people) {
          const studentId = (student[name] ??= await inserted(
            sql`INSERT INTO students (full_name, email, password_hash, verified, created_at)
              VALUES (${name}, ${`${name.replace(' ', '.')}@example.org`}, 'x', 1, ${daysAgo(90)}) RETURNING id`,
          ));
          const at = hoursAgo(hours);
          enrolledAt[`${name}/${courseName}`] = at;
          await enrol(course[courseName]!, studentId, at);
        }
        await progress(student['Recent saver']!, chapters.Two![0]!, 0, hoursAgo(14 * 24 - 1));
        await progress(student['Quiet saver']!, chapters.Two![0]!, 1, hoursAgo(15 * 24));
        quietLastSave = hoursAgo(14 * 24 + 1);
        await progress(student['Quiet saver']!, chapters.Two![1]!, 0, quietLastSave);
        await progress(student.Finisher!, chapters.One![0]!, 1, hoursAgo(30 * 24));
      });
    });

    it('shows View Student the progress of each of the teacher\'s courses the student takes', async () => {
      const { status, body } = await teacher.get<{ courses: unknown[] }>(
        `/api/teacher-student/${teacherId}/${student['Quiet saver']}`,
      );
      expect(status).toBe(200);
      expect(body.courses).toEqual([
        {
          id: course.Two,
          title: 'Course Two',
          chapters_total: 2,
          chapters_watched: 1,
          enrolled_at: enrolledAt['Quiet saver/Two'],
          last_activity: quietLastSave,
        },
      ]);
      const newest = await teacher.get<{ courses: { id: number; chapters_total: number; last_activity: null }[] }>(
        `/api/teacher-student/${teacherId}/${student.Newest}`,
      );
      expect(newest.body.courses.map(({ id, chapters_total, last_activity }) => [id, chapters_total, last_activity])).toEqual([
        [course.Two, 2, null],
        [course.One, 1, null],
      ]);
    });

    it("gives My Students one progress row per student, in the order of the teacher's student list", async () => {
      const { status, body } = await teacher.get<
        { student: number; courses: number; chapters_total: number; chapters_watched: number; last_activity: string | null }[]
      >(`/api/teacher-students-progress/${teacherId}`);
      expect(status).toBe(200);
      const { body: enrolled } = await teacher.get<{ student: { id: number } }[]>(
        `/api/fetch-all-enrolled-students/${teacherId}`,
      );
      expect(body.map((row) => row.student)).toEqual(enrolled.map((row) => row.student.id));
      const byStudent = new Map(body.map((row) => [row.student, row]));
      expect(byStudent.get(student.Newest!)).toEqual({
        student: student.Newest,
        courses: 2,
        chapters_total: 3,
        chapters_watched: 0,
        last_activity: null,
      });
      expect(byStudent.get(student['Quiet saver']!)).toMatchObject({
        courses: 1,
        chapters_total: 2,
        chapters_watched: 1,
        last_activity: quietLastSave,
      });
      expect(byStudent.get(student.Finisher!)).toMatchObject({ courses: 1, chapters_total: 1, chapters_watched: 1 });
      expect(byStudent.get(student['Empty course']!)).toMatchObject({ courses: 1, chapters_total: 0, chapters_watched: 0 });
    });

    it('opens the dashboard on the enrolments of the last 7 days and the students quiet for 14 days', async () => {
      const { status, body } = await teacher.get<Attention>(`/api/teacher-attention/${teacherId}`);
      expect(status).toBe(200);
      const summary = (entries: AttentionEntry[]) => entries.map((entry) => [entry.student.full_name, entry.course.title]);
      expect(body.new_enrolments_total).toBe(2);
      expect(summary(body.new_enrolments)).toEqual([
        ['Newest', 'Course One'],
        ['Newest', 'Course Two'],
      ]);
      expect(body.new_enrolments[0]).toEqual({
        student: { id: student.Newest, full_name: 'Newest' },
        course: { id: course.One, title: 'Course One' },
        enrolled_at: enrolledAt['Newest/One'],
        last_activity: null,
      });
      // Not 'Recent saver' (13 days 23 hours), 'Finisher' (all watched) nor 'Empty course' (nothing to watch).
      expect(body.inactive_students_total).toBe(2);
      expect(summary(body.inactive_students)).toEqual([
        ['Never started', 'Course Two'],
        ['Quiet saver', 'Course Two'],
      ]);
      expect(body.inactive_students[1]!.last_activity).toBe(quietLastSave);
      expect(JSON.stringify(body)).not.toContain('@');
    });

    it('lists at most 20 of each, with the totals', async () => {
      await inDatabase(provider, async (queries) => {
        const enrol = (courseId: number, studentId: number, at: string) =>
          queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${courseId}, ${studentId}, ${at})`);
        for (let index = 0; index < 25; index += 1) {
          const crowd = await queries.one(
            sql<{ id: number }>`INSERT INTO students (full_name, email, password_hash, verified, created_at)
              VALUES (${`Crowd ${index}`}, ${`crowd${index}@example.org`}, 'x', 1, ${daysAgo(90)}) RETURNING id`,
          );
          await enrol(course.One!, crowd!.id, hoursAgo(48));
          await enrol(course.Two!, crowd!.id, hoursAgo(20 * 24 + index));
        }
      });
      const { body } = await teacher.get<Attention>(`/api/teacher-attention/${teacherId}`);
      expect(body.new_enrolments_total).toBe(27);
      expect(body.new_enrolments).toHaveLength(20);
      expect(body.new_enrolments[0]!.student.full_name).toBe('Newest');
      expect(body.inactive_students_total).toBe(27);
      expect(body.inactive_students).toHaveLength(20);
      expect(body.inactive_students[0]!.student.full_name).toBe('Never started');
      expect(body.inactive_students[1]!.student.full_name).toBe('Crowd 24');
    });

    it('answers only the teacher themself: 401 without a teacher session, 403 for another teacher', async () => {
      for (const path of [`/api/teacher-students-progress/${teacherId}`, `/api/teacher-attention/${teacherId}`]) {
        expect((await visitor.get(path)).status).toBe(401);
        expect((await maria.get(path)).status).toBe(401);
        const forbidden = await amara.get(path);
        expect(forbidden.status).toBe(403);
        expect(forbidden.body.msg).toEqual(expect.any(String));
      }
      expect((await visitor.get(`/api/teacher-attention/0`)).status).toBe(400);
    });
  });
});
