import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { onPostgres } from './engine';
import { type Client, type DemoIds, type RunningProvider, demoLogins, inDatabase, startDemoProvider, startProvider, svgFile, videoFile } from './support';

interface Course {
  id: number;
  title: string;
  teacher: { id: number; full_name: string };
  course_chapters: { id: number; title: string; video: string | null }[];
  course_rating: number | null;
  total_enrolled_students: number;
}

/**
 * The whole course list as a client gets it, the same whichever encoding it accepts (the cached
 * brotli and gzip forms are the cached JSON), and the same as each course's own answer.
 */
async function wholeList(client: Client): Promise<Course[]> {
  const answers = await Promise.all(
    ['br', 'gzip', 'identity'].map(async (encoding) => {
      const response = await client.request('GET', '/api/course/', { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const list = JSON.parse(await response.text()) as Course[];
      expect(Number(response.headers.get('x-total-count'))).toBe(list.length);
      return list;
    }),
  );
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  return answers[0] as Course[];
}

/** The whole list equals the courses' own answers (`GET course/{id}`) for this caller. */
async function expectListAsCourses(client: Client): Promise<Course[]> {
  const list = await wholeList(client);
  const one = await Promise.all(list.map(async (course) => (await client.get<Course>(`/api/course/${course.id}`)).body));
  expect(list).toEqual(one);
  return list;
}

const find = (list: Course[], id: number) => list.find((course) => course.id === id);

describe('the whole course list, cached, never stale', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara } = await startDemoProvider());
    // Every caller's list is made (and cached) before anything changes.
    for (const client of [visitor, maria, kofi, amara]) await expectListAsCourses(client);
  });

  afterAll(() => provider.stop());

  it('shows chapter videos in the list only to those who may watch them, as each course does', async () => {
    const spanish = ids.courses.Spanish!.id;
    const videos = async (client: Client) =>
      find(await expectListAsCourses(client), spanish)!.course_chapters.map((chapter) => chapter.video);
    expect(await videos(visitor)).toEqual([null, null]);
    expect(await videos(maria)).toEqual([expect.stringMatching(/^\/media\/chapter_videos\//), expect.any(String)]);
    expect(await videos(amara)).toEqual(await videos(maria));
    const german = ids.courses.German!.id;
    expect(find(await wholeList(amara), german)!.course_chapters.every((chapter) => chapter.video === null)).toBe(true);
  });

  let courseId: number;

  it('lists a course as soon as it is created, and its new title once edited', async () => {
    const created = await amara.post<Course>('/api/course/', {
      multipart: { category: 2, teacher: ids.teacherId, title: 'Cached French', featured_img: svgFile() },
    });
    expect(created.status).toBe(201);
    courseId = created.body.id;
    expect(find(await expectListAsCourses(visitor), courseId)?.title).toBe('Cached French');

    const edited = await amara.put(`/api/teacher-course-detail/${courseId}/`, {
      multipart: { category: 2, teacher: ids.teacherId, title: 'Cached French, edited' },
    });
    expect(edited.status).toBe(200);
    expect(find(await expectListAsCourses(visitor), courseId)?.title).toBe('Cached French, edited');
    expect(find(await expectListAsCourses(maria), courseId)?.title).toBe('Cached French, edited');
    const page = (await visitor.get<Course[]>(`/api/course/?teacher=${ids.teacherId}&limit=100`)).body;
    expect(find(page, courseId)?.title).toBe('Cached French, edited');
  });

  it('lists a new chapter: its video to the teacher, none to a visitor', async () => {
    const chapter = await amara.post<{ id: number }>('/api/chapter/', {
      multipart: { course: courseId, title: 'Cached chapter', video: videoFile() },
    });
    expect(chapter.status).toBe(201);
    expect(find(await expectListAsCourses(visitor), courseId)?.course_chapters).toEqual([
      { id: chapter.body.id, title: 'Cached chapter', video: null, is_preview: false },
    ]);
    expect(find(await expectListAsCourses(amara), courseId)?.course_chapters).toEqual([
      { id: chapter.body.id, title: 'Cached chapter', video: expect.stringMatching(/^\/media\/chapter_videos\//), is_preview: false },
    ]);
  });

  it('counts a new enrolment, and shows the new student the videos of that course', async () => {
    const pidgin = ids.courses.Pidgin!.id;
    const before = find(await wholeList(visitor), pidgin)!;
    expect(find(await wholeList(kofi), pidgin)!.course_chapters.every((chapter) => chapter.video === null)).toBe(true);

    const enrolled = await kofi.post('/api/student-enroll-course/', {
      form: { course: pidgin, student: ids.otherStudentId },
    });
    expect(enrolled.status).toBe(201);
    expect(find(await expectListAsCourses(visitor), pidgin)!.total_enrolled_students).toBe(
      before.total_enrolled_students + 1,
    );
    const kofisPidgin = find(await expectListAsCourses(kofi), pidgin)!;
    expect(kofisPidgin.course_chapters.length).toBeGreaterThan(0);
    expect(kofisPidgin.course_chapters.every((chapter) => chapter.video !== null)).toBe(true);
    expect(find(await wholeList(visitor), pidgin)!.course_chapters.every((chapter) => chapter.video === null)).toBe(
      true,
    );
  });

  it('shows a new rating in the course rating', async () => {
    const yoruba = ids.courses.Yoruba!.id;
    expect(find(await wholeList(visitor), yoruba)!.course_rating).toBeNull();
    const rated = await maria.post(`/api/course-rating/${yoruba}`, {
      form: { course: yoruba, student: ids.studentId, rating: '3', reviews: 'Fine.' },
    });
    expect(rated.status).toBe(201);
    expect(find(await expectListAsCourses(visitor), yoruba)!.course_rating).toBe(3);
  });

  it("shows a teacher's new name on their courses", async () => {
    const renamed = await amara.put(`/api/teacher/${ids.teacherId}/`, {
      multipart: { full_name: 'Amara Okafor-Cached', email: demoLogins.teacher.email },
    });
    expect(renamed.status).toBe(200);
    const list = await expectListAsCourses(visitor);
    const names = list.filter((course) => course.teacher.id === ids.teacherId).map((course) => course.teacher.full_name);
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names)).toEqual(new Set(['Amara Okafor-Cached']));
  });

  it('shows what another process wrote to the database, past every route', async () => {
    const german = ids.courses.German!.id;
    expect(find(await wholeList(visitor), german)?.title).not.toBe('Written elsewhere');
    // A connection of its own, as another process's (support.ts inDatabase).
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE courses SET title = ${'Written elsewhere'} WHERE id = ${german}`));
    expect(find(await expectListAsCourses(visitor), german)?.title).toBe('Written elsewhere');
  });

  it('drops a deleted course, with or without chapters', async () => {
    const bare = await amara.post<Course>('/api/course/', {
      multipart: { category: 3, teacher: ids.teacherId, title: 'Short-lived', featured_img: svgFile() },
    });
    expect(find(await wholeList(visitor), bare.body.id)?.title).toBe('Short-lived');
    for (const removed of [bare.body.id, courseId]) {
      expect((await amara.request('DELETE', `/api/course/${removed}/`)).status).toBe(204);
      expect(find(await expectListAsCourses(visitor), removed)).toBeUndefined();
      expect(find(await wholeList(amara), removed)).toBeUndefined();
    }
  });
});

/** Counts the SQL statements run (every run, get, all and iterate of any prepared statement). */
function statementCounter() {
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  const methods = ['run', 'get', 'all', 'iterate'] as const;
  const originals = methods.map((name) => [name, prototype[name]] as const);
  let count = 0;
  for (const [name, original] of originals) {
    prototype[name] = function counted(this: unknown, ...args: unknown[]) {
      count += 1;
      return (original as (...values: unknown[]) => unknown).apply(this, args);
    };
  }
  return {
    async during(action: () => Promise<unknown>): Promise<number> {
      const before = count;
      await action();
      return count - before;
    },
    restore() {
      for (const [name, original] of originals) prototype[name] = original;
    },
  };
}

// It counts the statements better-sqlite3 runs: SQLite's only.
(onPostgres() ? describe.skip : describe)('the cost of a course list', () => {
  let counter: ReturnType<typeof statementCounter>;
  beforeAll(() => {
    counter = statementCounter();
  });
  afterAll(() => counter.restore());

  /** Statements run by each kind of course-list call on a catalogue of `seedCourses` more courses. */
  async function statementsWith(seedCourses: number) {
    const provider = await startProvider({ seedCourses });
    try {
      const visitor = provider.client();
      const student = provider.client();
      await student.loginStudent();
      const list = async (client: Client, query = '') => {
        const { status, body } = await client.get<unknown[]>(`/api/course/${query}`);
        expect(status).toBe(200);
        return body;
      };
      const courses = await counter.during(async () => expect((await list(visitor)).length).toBeGreaterThan(seedCourses));
      return {
        courses,
        cachedCourses: await counter.during(() => list(visitor)),
        student: await counter.during(() => list(student)),
        page: await counter.during(() => list(visitor, '?limit=12&offset=3')),
        category: await counter.during(() => list(student, '?category=1')),
        popular: await counter.during(() => list(visitor, '?result=3')),
        teacherCourses: await counter.during(async () => {
          const teacher = provider.client();
          const teacherId = await teacher.loginTeacher();
          await teacher.get(`/api/teacher-courses/${teacherId}`);
        }),
      };
    } finally {
      await provider.stop();
    }
  }

  let small: Awaited<ReturnType<typeof statementsWith>>;
  let large: typeof small;
  beforeAll(async () => {
    small = await statementsWith(10);
    large = await statementsWith(200);
  });

  it('runs as many statements for 200 more courses as for 10: none per course', () => {
    expect(large).toEqual(small);
    // A handful each, whatever the size.
    for (const count of Object.values(small)) expect(count).toBeLessThanOrEqual(12);
  });

  it('reuses the whole list until the catalogue changes: a repeated call runs fewer statements', () => {
    expect(small.cachedCourses).toBeLessThan(small.courses);
    expect(large.cachedCourses).toBeLessThan(large.courses);
  });
});
