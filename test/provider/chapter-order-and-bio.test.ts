import { type Client, type DemoIds, type RunningProvider, startDemoProvider, svgFile, useFakeClock, videoFile, watchChapter } from './support';

/**
 * Issue 39, item 6 over HTTP: the teacher's chapter order (`reorderChapters`) and every read
 * that follows it, its refusals; the teacher's bio and intro video through `updateTeacher`
 * (extension fields), their checks and who may set them.
 */

interface Chapter {
  id: number;
  title: string;
  duration: number | null;
}

interface Teacher {
  id: number;
  detail: string;
  intro_video: string | null;
  profile_img: string | null;
  msg?: string;
}

describe('chapter order and the teacher page', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, amara: Client, kwame: Client;
  let spanish: number, chapters: Chapter[];

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, amara, kwame } = await startDemoProvider());
    spanish = ids.courses.Spanish!.id;
    // A third chapter, so that a move is more than a swap; a new chapter goes last.
    const added = await amara.post<Chapter>('/api/chapter/', { multipart: { course: spanish, title: 'Cafés', video: videoFile() } });
    expect(added.status).toBe(201);
    chapters = (await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`)).body;
    expect(chapters.map((chapter) => chapter.title)).toEqual(['Greetings', 'Numbers', 'Cafés']);
  });

  afterAll(() => provider.stop());

  const reorder = (client: Client, courseId: number, chapterIds: number[] | string) =>
    client.put<Chapter[] & { msg?: string }>(`/api/course-chapters/${courseId}/order/`, {
      form: { chapter_ids: Array.isArray(chapterIds) ? chapterIds.join(',') : chapterIds },
    });
  const titles = (list: { title: string }[]) => list.map((chapter) => chapter.title);

  it('puts the chapters in the order the teacher sends, and every list of them follows it', async () => {
    const [greetings, numbers, cafes] = chapters as [Chapter, Chapter, Chapter];
    const answer = await reorder(amara, spanish, [cafes.id, greetings.id, numbers.id]);
    expect(answer.status).toBe(200);
    expect(titles(answer.body)).toEqual(['Cafés', 'Greetings', 'Numbers']);

    expect(titles((await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`)).body)).toEqual(['Cafés', 'Greetings', 'Numbers']);
    const { body: course } = await visitor.get<{ course_chapters: { title: string }[] }>(`/api/course/${spanish}`);
    expect(titles(course.course_chapters)).toEqual(['Cafés', 'Greetings', 'Numbers']);
    const { body: catalogue } = await visitor.get<{ id: number; course_chapters: { title: string }[] }[]>('/api/course/');
    expect(titles(catalogue.find((entry) => entry.id === spanish)!.course_chapters)).toEqual(['Cafés', 'Greetings', 'Numbers']);
    const { body: counts } = await maria.get<{ chapters: { chapter_id: number }[] }>(`/api/course-exercise-counts/${spanish}/`);
    expect(counts.chapters.map((entry) => entry.chapter_id)).toEqual([cafes.id, greetings.id, numbers.id]);
    // The student's progress lists the chapters watched in the course's order, not the order watched.
    await watchChapter(maria, ids.studentId, numbers);
    await watchChapter(maria, ids.studentId, cafes);
    const { body: progress } = await maria.get<{ chapter: number }[]>(`/api/course-progress/${ids.studentId}/${spanish}`);
    const watched = progress.map((entry) => entry.chapter);
    expect(watched).toEqual(expect.arrayContaining([cafes.id, numbers.id]));
    expect(watched).toEqual([cafes.id, greetings.id, numbers.id].filter((chapterId) => watched.includes(chapterId)));

    // A chapter added later goes last.
    const later = await amara.post<Chapter>('/api/chapter/', { multipart: { course: spanish, title: 'Shopping', video: videoFile() } });
    expect(titles((await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`)).body)).toEqual(['Cafés', 'Greetings', 'Numbers', 'Shopping']);
    expect((await amara.delete(`/api/chapter/${later.body.id}/`)).status).toBe(204);
  });

  it('refuses an order that is not exactly the course\'s chapters, and anyone but its teacher', async () => {
    const [greetings, numbers, cafes] = chapters as [Chapter, Chapter, Chapter];
    const french = ids.courses.French!.id;
    const { body: frenchChapters } = await visitor.get<Chapter[]>(`/api/course-chapters/${french}`);
    const msg = 'List every chapter of the course once.';
    for (const order of [[greetings.id, numbers.id], [greetings.id, numbers.id, numbers.id], [greetings.id, numbers.id, frenchChapters[0]!.id]]) {
      expect(await reorder(amara, spanish, order)).toMatchObject({ status: 400, body: { msg } });
    }
    expect((await reorder(amara, spanish, 'Greetings')).status).toBe(400);
    expect((await reorder(visitor, spanish, [greetings.id, numbers.id, cafes.id])).status).toBe(401);
    expect((await reorder(maria, spanish, [greetings.id, numbers.id, cafes.id])).status).toBe(401);
    expect((await reorder(kwame, spanish, [greetings.id, numbers.id, cafes.id])).status).toBe(403);
    expect((await reorder(amara, 987_654, [greetings.id])).status).toBe(404);
    // Nothing changed.
    expect(titles((await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`)).body)).toEqual(['Cafés', 'Greetings', 'Numbers']);
  });

  const profile = (client: Client, teacherId: number, fields: Record<string, string | boolean | Blob>) =>
    client.put<Teacher>(`/api/teacher/${teacherId}/`, { multipart: { full_name: 'Amara Okafor', email: 'teacher@academy.test', ...fields } });

  it("keeps the teacher's bio with its paragraphs, within 1,500 characters, and shows it to anyone", async () => {
    const { body: before } = await visitor.get<Teacher>(`/api/teacher/${ids.teacherId}`);
    expect(before.intro_video).toBeNull();
    const bio = 'I teach Spanish and Yoruba.\n\nTen years in Lagos and Seville.';
    const { body: teacher } = await amara.get<Teacher & { full_name: string; email: string }>(`/api/teacher/${ids.teacherId}`);
    const fields = { full_name: teacher.full_name, email: teacher.email };
    expect(await profile(amara, ids.teacherId, { ...fields, detail: bio })).toMatchObject({ status: 200, body: { detail: bio } });
    expect((await visitor.get<Teacher>(`/api/teacher/${ids.teacherId}`)).body.detail).toBe(bio);
    // Omitted keeps it; over the limit is refused and keeps it too.
    expect((await profile(amara, ids.teacherId, fields)).body.detail).toBe(bio);
    expect((await profile(amara, ids.teacherId, { ...fields, detail: 'a'.repeat(1501) })).status).toBe(400);
    expect((await visitor.get<Teacher>(`/api/teacher/${ids.teacherId}`)).body.detail).toBe(bio);
    expect((await profile(kwame, ids.teacherId, { ...fields, detail: 'Not mine' })).status).toBe(403);
  });

  it('takes a video as the intro video, refuses anything else, replaces and removes it', async () => {
    const { body: teacher } = await amara.get<Teacher & { full_name: string; email: string }>(`/api/teacher/${ids.teacherId}`);
    const fields = { full_name: teacher.full_name, email: teacher.email };
    const refused = await profile(amara, ids.teacherId, { ...fields, intro_video: svgFile('intro.webm') });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/video/i);
    expect((await profile(kwame, ids.teacherId, { ...fields, intro_video: videoFile('intro.webm') })).status).toBe(403);
    expect((await visitor.get<Teacher>(`/api/teacher/${ids.teacherId}`)).body.intro_video).toBeNull();

    const first = (await profile(amara, ids.teacherId, { ...fields, intro_video: videoFile('intro.webm') })).body.intro_video!;
    expect(first).toMatch(/^\/media\/teacher_videos\//);
    // Public, like the photo: a visitor plays it.
    const served = await visitor.request('GET', first);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^video\/webm/);

    const second = (await profile(amara, ids.teacherId, { ...fields, intro_video: videoFile('again.webm') })).body.intro_video!;
    expect(second).not.toBe(first);
    expect((await visitor.request('GET', first)).status).toBe(404);
    expect((await profile(amara, ids.teacherId, { ...fields, remove_intro_video: true })).body.intro_video).toBeNull();
    expect((await visitor.request('GET', second)).status).toBe(404);
  });
});
