import { sql } from 'kysely';
import { type RunningProvider, inDatabase, startProvider } from './support';

interface TeacherAnswer {
  id: number;
  teacher_courses: { id: number; title: string }[];
  teacher_courses_total?: number;
  teacher_courses_rating?: number | null;
}

/** `getTeacher` with `courses_limit` and `courses_offset` (extension): a page of the courses, newest first, and the total. */
describe('getTeacher: a page of the teacher courses', () => {
  let provider: RunningProvider;
  const teacherId = 4242;
  /** The published courses' ids, oldest first; one draft is left out of everything. */
  const published: number[] = [];

  beforeAll(async () => {
    provider = await startProvider();
    await inDatabase(provider, async (queries) => {
      const categoryId = (await queries.one(sql<{ id: number }>`SELECT id FROM categories ORDER BY id LIMIT 1`))!.id;
      const teacher = (await queries.one(sql<Record<string, unknown>>`SELECT * FROM teachers ORDER BY id LIMIT 1`))!;
      const copy: Record<string, unknown> = { ...teacher, id: teacherId, email: 'paging.teacher@example.org', full_name: 'Paging Teacher' };
      await queries.run(
        sql`INSERT INTO teachers (${sql.join(Object.keys(copy).map((key) => sql.ref(key)))}) VALUES (${sql.join(Object.values(copy))})`,
      );
      const insert = async (title: string, status: string) =>
        (await queries.one(
          sql<{ id: number }>`INSERT INTO courses (category_id, teacher_id, title, created_at, status)
            VALUES (${categoryId}, ${teacherId}, ${title}, '2026-01-01T00:00:00.000Z', ${status}) RETURNING id`,
        ))!.id;
      for (let index = 1; index <= 30; index += 1) {
        published.push(await insert(`Course ${index}`, 'published'));
        if (index === 15) await insert('A draft', 'draft');
      }
    });
  });

  afterAll(() => provider.stop());

  const read = (query = '') => provider.client().get<TeacherAnswer>(`/api/teacher/${teacherId}${query}`);

  it('answers the whole list oldest first, without a total, when no page is asked for', async () => {
    const { status, body } = await read();
    expect(status).toBe(200);
    expect(body.teacher_courses.map((course) => course.id)).toEqual(published);
    expect(body).not.toHaveProperty('teacher_courses_total');
    expect(body).not.toHaveProperty('teacher_courses_rating');
  });

  it('answers the first page newest first with the total of published courses', async () => {
    const { status, body } = await read('?courses_limit=12');
    expect(status).toBe(200);
    expect(body.teacher_courses.map((course) => course.id)).toEqual([...published].reverse().slice(0, 12));
    expect(body.teacher_courses[0]!.title).toBe('Course 30');
    expect(body.teacher_courses_total).toBe(30);
    // Nobody rated these courses: the average over all of them is null (one page could not tell).
    expect(body.teacher_courses_rating).toBeNull();
  });

  it('answers a later page from the offset, and the short last page', async () => {
    const second = await read('?courses_limit=12&courses_offset=12');
    expect(second.body.teacher_courses.map((course) => course.id)).toEqual([...published].reverse().slice(12, 24));
    const last = await read('?courses_limit=12&courses_offset=24');
    expect(last.body.teacher_courses.map((course) => course.title)).toEqual(['Course 6', 'Course 5', 'Course 4', 'Course 3', 'Course 2', 'Course 1']);
    expect(last.body.teacher_courses_total).toBe(30);
    const beyond = await read('?courses_limit=12&courses_offset=40');
    expect(beyond.body.teacher_courses).toEqual([]);
    expect(beyond.body.teacher_courses_total).toBe(30);
  });

  it.each(['courses_limit=0', 'courses_limit=101', 'courses_limit=abc', 'courses_limit=2.5', 'courses_limit=12&courses_offset=-1', 'courses_offset=12'])(
    'answers 400 with a message in plain words for %s',
    async (query) => {
      const { status, body } = await provider.client().get<{ msg?: unknown }>(`/api/teacher/${teacherId}?${query}`);
      expect(status).toBe(400);
      expect(typeof body.msg).toBe('string');
      expect(body.msg).toMatch(/^[A-Z][^{}]*\.$/);
    },
  );
});
