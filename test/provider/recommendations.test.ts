/**
 * Recommended Courses from the provider (listRecommendedCourses, extension): the student's
 * interests first (category titles or languages), best rated, then most enrolled, then by title;
 * courses they joined and drafts left out; the popular fallback without interests or a match;
 * only the student themself.
 */
import { sql } from 'kysely';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider } from './support';

interface Course {
  id: number;
  title: string;
  course_rating: number | null;
  total_enrolled_students: number;
}

interface Recommendations {
  kind: 'interests' | 'no_match' | 'popular';
  interests: string[];
  courses: Course[];
}

describe('recommended courses', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client;

  beforeAll(async () => ({ provider, ids, visitor, maria, kofi, amara } = await startDemoProvider()));

  afterAll(() => provider.stop());

  const url = (studentId: number, query = '') => `/api/student/${studentId}/recommended-courses/${query}`;
  const recommendations = async (client: Client, studentId: number, query = '') => {
    const answer = await client.get<Recommendations>(url(studentId, query));
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const titles = (answer: Recommendations) => answer.courses.map((course) => course.title);

  const setInterests = (studentId: number, interests: string) =>
    inDatabase(provider, (queries) => queries.run(sql`UPDATE students SET interested_categories = ${interests} WHERE id = ${studentId}`));

  /** The catalogue as `listCourses` presents it to the caller. */
  const catalogue = async (client: Client) => (await client.get<Course[]>('/api/course/')).body;

  /** The popular order, computed here from the course list: the most enrolled, then the best rated, then by title. */
  const popularOf = (courses: Course[], enrolledIds: number[]) =>
    courses
      .filter((course) => !enrolledIds.includes(course.id))
      .sort(
        (a, b) =>
          b.total_enrolled_students - a.total_enrolled_students ||
          (b.course_rating ?? -1) - (a.course_rating ?? -1) ||
          a.title.localeCompare(b.title),
      )
      .slice(0, 6)
      .map((course) => course.title);

  const enrolledIds = (studentId: number) =>
    inDatabase(provider, async (queries) =>
      (await queries.all(sql<{ course_id: number }>`SELECT course_id FROM enrollments WHERE student_id = ${studentId}`)).map((row) => row.course_id),
    );

  it('answers only the student themself: 401 without the student session, 403 for another student', async () => {
    expect((await visitor.get(url(ids.studentId))).status).toBe(401);
    expect((await amara.get(url(ids.studentId))).status).toBe(401);
    expect((await kofi.get(url(ids.studentId))).status).toBe(403);
    expect((await maria.get(url(ids.otherStudentId))).status).toBe(403);
    expect((await maria.get(url(ids.studentId))).status).toBe(200);
    for (const limit of ['0', '13', 'many']) expect((await maria.get(url(ids.studentId, `?limit=${limit}`))).status).toBe(400);
  });

  it('leaves out drafts: a student whose only unjoined match is a draft gets the popular courses, with their interests', async () => {
    // Maria (Spanish, Yoruba) joined Spanish for Beginners and Yoruba Basics; Spanish Past Tenses is a draft.
    const answer = await recommendations(maria, ids.studentId);
    expect(answer.kind).toBe('no_match');
    expect(answer.interests).toEqual(['Spanish', 'Yoruba']);
    expect(titles(answer)).toEqual(popularOf(await catalogue(maria), await enrolledIds(ids.studentId)));
    expect(titles(answer)).not.toContain('Spanish Past Tenses');

    // Published, the draft is recommended (the catalogue cache follows the status change).
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE courses SET status = 'published' WHERE title = 'Spanish Past Tenses'`));
    const published = await recommendations(maria, ids.studentId);
    expect({ kind: published.kind, titles: titles(published) }).toEqual({ kind: 'interests', titles: ['Spanish Past Tenses'] });
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE courses SET status = 'draft' WHERE title = 'Spanish Past Tenses'`));
    expect((await recommendations(maria, ids.studentId)).kind).toBe('no_match');
  });

  it('ranks the courses of the interests by rating as answered, then enrolments, then title, leaving out joined courses', async () => {
    await recommendations(kofi, ids.otherStudentId); // the catalogue cache is built: what follows changes it
    await inDatabase(provider, async (queries) => {
      const categoryId = async (title: string) => (await queries.one(sql<{ id: number }>`SELECT id FROM categories WHERE title = ${title}`))!.id;
      const fillers: number[] = [];
      for (let index = 0; index < 25; index += 1) {
        const filler = await queries.one(
          sql<{ id: number }>`INSERT INTO students (full_name, email, username, password_hash, interested_categories, verified, created_at)
            VALUES (${`Filler ${index}`}, ${`filler${index}@example.org`}, ${`filler${index}`}, 'x', '', 1, '2026-01-01T00:00:00.000Z') RETURNING id`,
        );
        fillers.push(filler!.id);
      }
      const addCourse = async (title: string, category: string, languages: string, ratings: number[], enrolled: number, status = 'published') => {
        const course = await queries.one(
          sql<{ id: number }>`INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at, status)
            VALUES (${await categoryId(category)}, ${ids.otherTeacherId}, ${title}, '', ${languages}, NULL, NULL, '2026-01-01T00:00:00.000Z', ${status}) RETURNING id`,
        );
        const courseId = course!.id;
        for (const [index, rating] of ratings.entries()) {
          await queries.run(
            sql`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (${courseId}, ${fillers[index]!}, ${rating}, '', '2026-01-02')`,
          );
        }
        for (const student of fillers.slice(0, enrolled)) {
          await queries.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${courseId}, ${student}, '2026-01-02')`);
        }
      };
      await addCourse('Twi Songs', 'Pidgin', ' Twi; AKAN ', [5], 1); // matched by a language, whatever its case
      await addCourse('German Stories', 'German', 'German', [4], 2);
      await addCourse('Akan Proverbs', 'Akan', 'Akan', [4], 2); // the same figures as German Stories: by title
      await addCourse('Akan Rounded', 'Akan', 'Akan', [...Array<number>(24).fill(4), 5], 0); // 4.04, answered 4.0: after both
      await addCourse('German Drafts', 'German', 'German', [5], 3, 'draft');
      await addCourse('Spanish Songs', 'Spanish', 'Spanish', [5], 5); // not an interest
      // Kofi joins German Grammar Essentials: left out.
      await queries.run(
        sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${ids.courses.German!.id}, ${ids.otherStudentId}, '2026-01-02')`,
      );
    });
    await setInterests(ids.otherStudentId, 'Akan; german, akan');

    const answer = await recommendations(kofi, ids.otherStudentId);
    expect(answer.kind).toBe('interests');
    expect(answer.interests).toEqual(['Akan', 'german']);
    expect(titles(answer)).toEqual(['Twi Songs', 'Akan Proverbs', 'German Stories', 'Akan Rounded', 'Akan (Twi) Greetings and Culture']);
    expect(answer.courses.map((course) => course.course_rating)).toEqual([5, 4, 4, 4, null]);

    // Presented as the course list presents them.
    const listed = new Map((await catalogue(kofi)).map((course) => [course.id, course]));
    for (const course of answer.courses) expect(course).toEqual(listed.get(course.id));

    expect(titles(await recommendations(kofi, ids.otherStudentId, '?limit=2'))).toEqual(['Twi Songs', 'Akan Proverbs']);

    // A new rating moves a course up at once (a 5 like Twi Songs, which has one student more).
    await inDatabase(provider, (queries) =>
      queries.run(
        sql`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (${ids.courses.Akan!.id}, ${ids.studentId}, 5, '', '2026-01-03')`,
      ),
    );
    expect(titles(await recommendations(kofi, ids.otherStudentId)).slice(0, 3)).toEqual(['Twi Songs', 'Akan (Twi) Greetings and Culture', 'Akan Proverbs']);
  });

  it('shows at most 12 courses of the interests', async () => {
    await inDatabase(provider, async (queries) => {
      for (let index = 10; index < 25; index += 1) {
        await queries.run(
          sql`INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at, status)
            VALUES ((SELECT id FROM categories WHERE title = 'English'), ${ids.otherTeacherId}, ${`Latin ${index}`}, '', 'Latin', NULL, NULL, '2026-01-01T00:00:00.000Z', 'published')`,
        );
      }
    });
    await setInterests(ids.otherStudentId, 'Latin');
    const answer = await recommendations(kofi, ids.otherStudentId);
    expect(titles(answer)).toEqual(Array.from({ length: 12 }, (_, index) => `Latin ${index + 10}`));
  });

  it('falls back to the most popular courses the student has not joined: without interests, and when none matches', async () => {
    const expected = popularOf(await catalogue(kofi), await enrolledIds(ids.otherStudentId));
    expect(expected).toHaveLength(6);

    await setInterests(ids.otherStudentId, ' ; , ');
    expect(await recommendations(kofi, ids.otherStudentId)).toEqual({ kind: 'popular', interests: [], courses: expect.any(Array) });
    expect(titles(await recommendations(kofi, ids.otherStudentId))).toEqual(expected);

    await setInterests(ids.otherStudentId, 'Klingon');
    const noMatch = await recommendations(kofi, ids.otherStudentId);
    expect({ kind: noMatch.kind, interests: noMatch.interests, titles: titles(noMatch) }).toEqual({
      kind: 'no_match',
      interests: ['Klingon'],
      titles: expected,
    });
    expect(titles(await recommendations(kofi, ids.otherStudentId, '?limit=3'))).toEqual(expected.slice(0, 3));
  });
});
