/**
 * The course page sells (issue 39, extensions): a course's level and 'What you will learn' lines,
 * set only by its teacher and checked; the catalogue's level filter; chapters marked as free
 * previews, whose video anyone may play once the course is published, and no other chapter's.
 */
import { type Client, type DemoIds, type RunningProvider, startDemoProvider, svgFile, videoFile } from './support';

interface Course {
  id: number;
  title: string;
  status: 'draft' | 'published';
  level: string | null;
  outcomes: string[];
  course_chapters: { id: number; video: string | null; is_preview: boolean }[];
  msg?: string;
}

interface Chapter {
  id: number;
  video: string | null;
  captions: string | null;
  is_preview: boolean;
  msg?: string;
}

describe('the course page sells', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, amara: Client, kwame: Client;
  let courseId: number;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, amara, kwame } = await startDemoProvider());
  });

  afterAll(() => provider.stop());

  const courseForm = (fields: Record<string, string>) => ({
    multipart: { category: 1, teacher: ids.teacherId, title: 'Spanish Small Talk', featured_img: svgFile(), ...fields },
  });

  it("keeps the level and the 'What you will learn' lines its teacher sets, checked, and shows them to everyone", async () => {
    const created = await amara.post<Course>(
      '/api/course/',
      courseForm({ level: 'A2', outcomes: JSON.stringify(['Greet people', '  Order a coffee ', '']) }),
    );
    expect(created.status).toBe(201);
    courseId = created.body.id;
    expect(created.body).toMatchObject({ level: 'A2', outcomes: ['Greet people', 'Order a coffee'] });
    expect((await visitor.get<Course>(`/api/course/${courseId}`)).body).toMatchObject({ level: 'A2', outcomes: ['Greet people', 'Order a coffee'] });

    const refused = async (fields: Record<string, string>) => (await amara.post<Course>('/api/course/', courseForm(fields))).body.msg;
    expect(await refused({ level: 'D1' })).toMatch(/level/);
    expect(await refused({ outcomes: JSON.stringify(['1', '2', '3', '4', '5', '6', '7']) })).toBe(
      "A course has at most six 'What you will learn' lines.",
    );
    expect(await refused({ outcomes: JSON.stringify(['x'.repeat(121)]) })).toBe(
      "Each 'What you will learn' line must be at most 120 characters long.",
    );
    expect(await refused({ outcomes: 'Greet people' })).toBe("The 'What you will learn' lines are not valid.");

    const update = (client: Client, fields: Record<string, string | number>) =>
      client.put<Course>(`/api/teacher-course-detail/${courseId}/`, {
        multipart: { category: 1, teacher: ids.teacherId, title: 'Spanish Small Talk', ...fields },
      });
    expect((await update(kwame, { level: 'C2' })).status).toBe(403);
    // Omitted, they stay; an empty level is none.
    expect((await update(amara, { description: 'Chat in Spanish.' })).body).toMatchObject({ level: 'A2', outcomes: ['Greet people', 'Order a coffee'] });
    expect((await update(amara, { level: '', outcomes: '[]' })).body).toMatchObject({ level: null, outcomes: [] });
    expect((await update(amara, { level: 'all' })).body.level).toBe('all');
  });

  it('filters the catalogue by level, and refuses a level it does not know', async () => {
    const titles = async (url: string) => (await visitor.get<Course[]>(url)).body.map((course) => course.title);
    // The demo's Pidgin course is for all levels, its English one B1.
    expect((await titles('/api/course/?level=all')).sort()).toEqual(['Pidgin English Everyday Talk', 'Spanish Small Talk']);
    expect((await titles('/api/course/?level=all&limit=5')).sort()).toEqual(['Pidgin English Everyday Talk', 'Spanish Small Talk']);
    expect(await titles('/api/course/?level=B1')).toEqual(['English Pronunciation']);
    expect(await titles('/api/course/?level=C2')).toEqual([]);
    expect((await titles('/api/course/')).length).toBeGreaterThan(1);
    expect((await visitor.get('/api/course/?level=Z9')).status).toBe(400);
  });

  it("serves a free preview's video to anyone while the course is published, and no other chapter's", async () => {
    const preview = await amara.post<Chapter>('/api/chapter/', {
      multipart: { course: courseId, title: 'Hello', video: videoFile('hello.webm'), is_preview: 'true' },
    });
    expect(preview.body.is_preview).toBe(true);
    const closed = await amara.post<Chapter>('/api/chapter/', { multipart: { course: courseId, title: 'Goodbye', video: videoFile('bye.webm') } });
    expect(closed.body.is_preview).toBe(false);
    // Another teacher may not make a chapter of hers a preview.
    expect((await kwame.put(`/api/chapter/${closed.body.id}/`, { multipart: { course: courseId, title: 'Goodbye', is_preview: 'true' } })).status).toBe(403);

    const seen = (await visitor.get<Course>(`/api/course/${courseId}`)).body.course_chapters;
    expect(seen).toEqual([
      expect.objectContaining({ id: preview.body.id, is_preview: true, video: preview.body.video }),
      expect.objectContaining({ id: closed.body.id, is_preview: false, video: null }),
    ]);
    const listed = (await visitor.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body;
    expect(listed.map((chapter) => [chapter.is_preview, chapter.video])).toEqual([
      [true, preview.body.video],
      [false, null],
    ]);
    const play = async (client: Client, url: string | null) => (await client.request('GET', url ?? '/media/none')).status;
    expect(await play(visitor, preview.body.video)).toBe(200);
    expect(await play(maria, preview.body.video)).toBe(200);
    expect(await play(visitor, closed.body.video)).toBe(403);
    expect(await play(maria, closed.body.video)).toBe(403);

    // Unpublished, the course's previews are its teacher's again.
    expect((await amara.post(`/api/course-status/${courseId}/`, { form: { status: 'draft' } })).status).toBe(200);
    expect(await play(visitor, preview.body.video)).toBe(403);
    expect(await play(amara, preview.body.video)).toBe(200);
    expect((await amara.post(`/api/course-status/${courseId}/`, { form: { status: 'published' } })).status).toBe(200);

    // No longer a preview: closed to visitors; the teacher's update keeps the choice when it is omitted.
    expect((await amara.put<Chapter>(`/api/chapter/${preview.body.id}/`, { multipart: { course: courseId, title: 'Hello!' } })).body.is_preview).toBe(true);
    expect((await amara.put<Chapter>(`/api/chapter/${preview.body.id}/`, { multipart: { course: courseId, title: 'Hello', is_preview: 'false' } })).body.is_preview).toBe(false);
    expect(await play(visitor, preview.body.video)).toBe(403);
  });
});
