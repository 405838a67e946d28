import { sql } from 'kysely';
import { type Client, type RunningProvider, inDatabase, startDemoProvider } from './support';

interface ListedCourse {
  id: number;
  price: string | null;
  course_rating: number | null;
  total_enrolled_students: number;
}

/** A course's price as the orders read it: a free one (no price, empty or zero) counts as 0. */
const priceOf = (course: ListedCourse) => Number(course.price || 0);

/** The course list's `sort` and `free` extensions, over HTTP on the demo academy. */
describe('GET /api/course/ with sort and free', () => {
  let provider: RunningProvider;
  let visitor: Client;
  let all: ListedCourse[];

  beforeAll(async () => {
    ({ provider, visitor } = await startDemoProvider());
    // Two more enrolments and a rating on the last listed course (not the demo draft), so that the
    // popularity and rating orders differ from id order.
    await inDatabase(provider, async (queries) => {
      const { id: last } = (await queries.one(sql<{ id: number }>`SELECT id FROM courses WHERE status = 'published' ORDER BY id DESC LIMIT 1`))!;
      const students = (await queries.all(sql<{ id: number }>`SELECT id FROM students ORDER BY id`)).map((row) => row.id);
      for (const student of students.slice(0, 2)) {
        await queries.run(
          sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${last}, ${student}, '2026-01-01T00:00:00Z') ON CONFLICT DO NOTHING`,
        );
      }
      await queries.run(
        sql`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (${last}, ${students[0]!}, 5, '', '2026-01-01T00:00:00Z') ON CONFLICT DO NOTHING`,
      );
    });
    all = (await visitor.get<ListedCourse[]>('/api/course/')).body;
  });

  afterAll(() => provider.stop());

  const list = async (query: string) => {
    const { status, body, response } = await visitor.get<ListedCourse[]>(`/api/course/?${query}`);
    expect(status).toBe(200);
    return { ids: body.map((course) => course.id), total: Number(response.headers.get('x-total-count')) };
  };
  /** `all` ordered by `compare`, ties by id. */
  const ordered = (compare: (a: ListedCourse, b: ListedCourse) => number) => [...all].sort((a, b) => compare(a, b) || a.id - b.id).map((course) => course.id);

  it('orders by each sort value, ties by id', async () => {
    expect(all.length).toBeGreaterThan(3);
    expect((await list('sort=newest')).ids).toEqual(all.map((course) => course.id).reverse());
    expect((await list('sort=price_asc')).ids).toEqual(ordered((a, b) => priceOf(a) - priceOf(b)));
    expect((await list('sort=price_desc')).ids).toEqual(ordered((a, b) => priceOf(b) - priceOf(a)));
    expect((await list('sort=popular')).ids).toEqual(ordered((a, b) => b.total_enrolled_students - a.total_enrolled_students));
    const rated = (course: ListedCourse) => course.course_rating ?? -1;
    expect((await list('sort=rating')).ids).toEqual(ordered((a, b) => rated(b) - rated(a)));
    // The orders differ from id order on this data, so the assertions above are not vacuous.
    const idOrder = all.map((course) => course.id);
    for (const sort of ['popular', 'rating', 'price_asc', 'price_desc']) expect((await list(`sort=${sort}`)).ids).not.toEqual(idOrder);
  });

  it('keeps only the free courses with free=true, every course with free=false', async () => {
    const free = all.filter((course) => priceOf(course) === 0).map((course) => course.id);
    expect(free.length).toBeGreaterThan(0);
    expect(free.length).toBeLessThan(all.length);
    expect(await list('free=true')).toEqual({ ids: free, total: free.length });
    expect(await list('free=false')).toEqual({ ids: all.map((course) => course.id), total: all.length });
  });

  it('sorts and pages the free courses together with the other filters', async () => {
    const free = all.filter((course) => priceOf(course) === 0).map((course) => course.id);
    expect(await list('free=true&sort=newest&limit=1')).toEqual({ ids: [Math.max(...free)], total: free.length });
  });

  it('refuses an unknown sort or a free that is not true or false with 400 and a message', async () => {
    for (const query of ['sort=cheapest', 'sort=', 'free=maybe']) {
      const { status, body } = await visitor.get<{ msg?: unknown }>(`/api/course/?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(typeof body.msg).toBe('string');
    }
  });
});
