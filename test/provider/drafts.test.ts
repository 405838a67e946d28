/**
 * Course drafts (extension: `Course.status`, setCourseStatus): a draft is seen only by its teacher
 * and by students enrolled before an unpublish; it is left out of every public answer.
 */
import { sql } from 'kysely';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider, svgFile, videoFile } from './support';

interface Course {
  id: number;
  title: string;
  status: 'draft' | 'published';
  course_chapters: { id: number; video: string | null }[];
}

describe('course drafts', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;
  let draftId: number;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider());
    const own = (await amara.get<Course[]>(`/api/teacher-courses/${ids.teacherId}`)).body;
    draftId = own.find((course) => course.title === 'Spanish Past Tenses')!.id;
  });

  afterAll(() => provider.stop());

  const titles = async (client: Client, url: string) => {
    const { body, response } = await client.get<Course[]>(url);
    return { titles: body.map((course) => course.title), total: Number(response.headers.get('x-total-count')) };
  };
  const counts = async () =>
    (await visitor.get<{ courses: number; languages: { language: string; courses: number }[] }>('/api/catalogue-counts/')).body;

  it("shows the demo teacher's draft only to her, and leaves it out of every public answer", async () => {
    const own = (await amara.get<Course[]>(`/api/teacher-courses/${ids.teacherId}`)).body;
    expect(own.map((course) => [course.title, course.status])).toEqual([
      ['Spanish for Beginners', 'published'],
      ['French Conversation', 'published'],
      ['English Pronunciation', 'published'],
      ['Spanish Past Tenses', 'draft'],
    ]);
    expect((await amara.get<Course>(`/api/course/${draftId}`)).body.status).toBe('draft');
    expect((await amara.get<Course>(`/api/teacher-course-detail/${draftId}/`)).body.status).toBe('draft');

    for (const client of [visitor, maria, kwame]) {
      expect((await client.get(`/api/course/${draftId}`)).status).toBe(404);
      expect((await client.get(`/api/course-chapters/${draftId}`)).status).toBe(404);
      expect((await client.get(`/api/course-reviews/${draftId}`)).status).toBe(404);
    }
    const all = await titles(visitor, '/api/course/');
    expect(all.titles).not.toContain('Spanish Past Tenses');
    expect(all.total).toBe(7);
    expect(await titles(visitor, '/api/course/?search=past&limit=5')).toEqual({ titles: [], total: 0 });
    expect((await titles(amara, `/api/course/?teacher=${ids.teacherId}&sort=newest`)).titles).toEqual([
      'English Pronunciation',
      'French Conversation',
      'Spanish for Beginners',
    ]);
    expect((await titles(visitor, '/api/course/?result=10')).total).toBe(7);
    const profile = (await visitor.get<{ teacher_courses: Course[] }>(`/api/teacher/${ids.teacherId}`)).body;
    expect(profile.teacher_courses.map((course) => course.title)).not.toContain('Spanish Past Tenses');
    expect((await counts()).courses).toBe(7);

    // Nobody enrols in, pays for or favours a draft: it is answered as an unknown course.
    expect((await maria.post('/api/create-payment-session/', { form: { course_id: draftId, student_id: ids.studentId } })).status).toBe(404);
    expect((await maria.post('/api/student-enroll-course/', { form: { course: draftId, student: ids.studentId } })).status).toBe(404);
    expect((await maria.post('/api/student-add-favorite-course/', { form: { course: draftId, student: ids.studentId } })).status).toBe(400);
    expect((await maria.get(`/api/fetch-enroll-status/${ids.studentId}/${draftId}`)).status).toBe(404);
  });

  it('publishes only for the course teacher, and only with a chapter and an image (400 naming what is missing)', async () => {
    const publish = (client: Client, courseId: number, status = 'published') =>
      client.post<Course & { msg?: string }>(`/api/course-status/${courseId}/`, { form: { status } });
    expect((await publish(visitor, draftId)).status).toBe(401);
    expect((await publish(kwame, draftId)).status).toBe(403);
    expect((await publish(amara, 99999)).status).toBe(404);
    expect((await publish(amara, draftId, 'hidden')).status).toBe(400);

    const created = await amara.post<Course>('/api/course/', {
      multipart: { category: 1, teacher: ids.teacherId, title: 'Spanish Idioms', status: 'draft', featured_img: svgFile() },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('draft');
    const empty = await publish(amara, created.body.id);
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Before publishing, add at least one chapter to the course.');
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE courses SET featured_img = NULL WHERE id = ${created.body.id}`));
    expect((await publish(amara, created.body.id)).body.msg).toBe(
      'Before publishing, add at least one chapter and a course image to the course.',
    );
    expect((await titles(visitor, '/api/course/')).titles).not.toContain('Spanish Idioms');

    // Publishing puts it in the cached list, the counts and the teacher's profile at once.
    const before = await counts();
    const published = await publish(amara, draftId);
    expect(published.status).toBe(200);
    expect(published.body).toEqual(expect.objectContaining({ id: draftId, status: 'published' }));
    expect((await titles(visitor, '/api/course/')).titles).toContain('Spanish Past Tenses');
    expect((await visitor.get<Course>(`/api/course/${draftId}`)).body.status).toBe('published');
    expect((await counts()).courses).toBe(before.courses + 1);
    const profile = (await visitor.get<{ teacher_courses: Course[] }>(`/api/teacher/${ids.teacherId}`)).body;
    expect(profile.teacher_courses.map((course) => course.title)).toContain('Spanish Past Tenses');
    // Publishing twice changes nothing.
    expect((await publish(amara, draftId)).body.status).toBe('published');
  });

  it('creates a published course without status, and keeps an unpublished course for its enrolled students', async () => {
    const created = await amara.post<Course>('/api/course/', {
      multipart: { category: 7, teacher: ids.teacherId, title: 'Free English Warm-ups', price: '0', featured_img: svgFile() },
    });
    expect(created.body.status).toBe('published');
    const courseId = created.body.id;
    await amara.post('/api/chapter/', { multipart: { course: courseId, title: 'Tongue twisters', video: videoFile() } });
    expect((await maria.post('/api/student-enroll-course/', { form: { course: courseId, student: ids.studentId } })).status).toBe(201);

    const unpublished = await amara.post<Course>(`/api/course-status/${courseId}/`, { form: { status: 'draft' } });
    expect(unpublished.body.status).toBe('draft');
    expect((await titles(visitor, '/api/course/')).titles).not.toContain('Free English Warm-ups');
    expect((await titles(maria, '/api/course/')).titles).not.toContain('Free English Warm-ups');
    // Maria, enrolled before, still opens the course and plays its chapters; Kofi cannot find it.
    const hers = await maria.get<Course>(`/api/course/${courseId}`);
    expect(hers.status).toBe(200);
    expect(hers.body.course_chapters[0]!.video).toMatch(/^\/media\/chapter_videos\//);
    expect((await maria.get<{ video: string | null }[]>(`/api/course-chapters/${courseId}`)).body[0]!.video).not.toBeNull();
    expect((await maria.get(`/api/fetch-enroll-status/${ids.studentId}/${courseId}`)).body).toEqual(
      expect.objectContaining({ bool: true }),
    );
    expect((await kofi.get(`/api/course/${courseId}`)).status).toBe(404);
    expect((await kofi.post('/api/student-enroll-course/', { form: { course: courseId, student: ids.otherStudentId } })).status).toBe(404);
  });
});
