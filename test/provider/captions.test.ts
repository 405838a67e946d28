/**
 * Chapter captions on the provider (extension): WebVTT files uploaded with a chapter, checked by
 * their content and size, answered as the chapter's `captions` URL and served as text/vtt under
 * the video's rule (the course's teacher and enrolled students); the demo chapters have them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Client, type DemoIds, type RunningProvider, bytesFile, startDemoProvider, videoFile } from './support';

interface Chapter {
  id: number;
  course: number;
  title: string;
  video: string | null;
  captions: string | null;
  is_preview: boolean;
}

const webvtt = (text: string, name = 'captions.vtt') => new File([text], name, { type: 'text/vtt' });
const greetings = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nGood morning.\n';

describe('chapter captions on the provider', () => {
  let provider: RunningProvider, ids: DemoIds, amara: Client, maria: Client, kofi: Client, visitor: Client;
  let courseId: number;

  beforeAll(async () => {
    ({ provider, ids, amara, maria, kofi, visitor } = await startDemoProvider());
    courseId = ids.courses.Spanish!.id;
  });

  afterAll(() => provider.stop());

  /** The chapter videos and captions the provider keeps. */
  const mediaFiles = () =>
    ['chapter_videos', 'chapter_captions'].flatMap((folder) => fs.readdirSync(path.join(provider.dataDir, 'media', folder)).sort());

  it('gives every demo chapter captions, served as text/vtt to an enrolled student', async () => {
    const { body: chapters } = await maria.get<Chapter[]>(`/api/course-chapters/${courseId}`);
    expect(chapters.length).toBeGreaterThan(0);
    for (const chapter of chapters) {
      expect(chapter.captions).toMatch(/^\/media\/chapter_captions\/[0-9a-f]+-.+\.vtt$/);
      const answer = await maria.request('GET', chapter.captions!);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      expect(await answer.text()).toMatch(/^WEBVTT/);
    }
  });

  it('keeps the captions from those who may not watch the video: null in answers, 403 on the file', async () => {
    // Yoruba Basics' first chapter is a free preview, anyone's to watch; its second is not.
    const { body: own } = await maria.get<Chapter[]>(`/api/course-chapters/${ids.courses.Yoruba!.id}`);
    const captionsUrl = own.find((chapter) => !chapter.is_preview)!.captions!;
    // Kofi is not enrolled in Yoruba Basics; a visitor has no session.
    for (const outsider of [kofi, visitor]) {
      const { body: chapters } = await outsider.get<Chapter[]>(`/api/course-chapters/${ids.courses.Yoruba!.id}`);
      const kept = chapters.filter((chapter) => !chapter.is_preview);
      expect(kept).toHaveLength(1);
      expect(kept.every((chapter) => chapter.captions === null && chapter.video === null)).toBe(true);
      expect((await outsider.request('GET', captionsUrl)).status).toBe(403);
    }
  });

  it('stores captions sent with a new chapter and answers their URL; a chapter without them says null', async () => {
    const created = await amara.post<Chapter>('/api/chapter/', {
      multipart: { course: courseId, title: 'With captions', video: videoFile(), captions: webvtt(greetings) },
    });
    expect(created.status).toBe(201);
    expect(created.body.captions).toMatch(/^\/media\/chapter_captions\/[0-9a-f]+\.vtt$/);
    const served = await amara.request('GET', created.body.captions!);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await served.text()).toBe(greetings);

    const bare = await amara.post<Chapter>('/api/chapter/', { multipart: { course: courseId, title: 'Without captions', video: videoFile() } });
    expect(bare.status).toBe(201);
    expect(bare.body.captions).toBeNull();
    expect((await amara.get<Chapter>(`/api/chapter/${bare.body.id}/`)).body.captions).toBeNull();
  });

  it('replaces the captions on update, keeps them when none are sent, and removes the old file', async () => {
    const { body: chapter } = await amara.post<Chapter>('/api/chapter/', {
      multipart: { course: courseId, title: 'To update', video: videoFile(), captions: webvtt(greetings) },
    });
    const kept = await amara.put<Chapter>(`/api/chapter/${chapter.id}/`, { multipart: { course: courseId, title: 'Renamed' } });
    expect(kept.body.captions).toBe(chapter.captions);

    const replaced = await amara.put<Chapter>(`/api/chapter/${chapter.id}/`, {
      multipart: { course: courseId, title: 'Renamed', captions: webvtt('WEBVTT Lesson\r\n\r\n00:00.000 --> 00:01.000\r\nHello\r\n') },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.captions).not.toBe(chapter.captions);
    expect(replaced.body.video).toBe(chapter.video);
    expect((await amara.request('GET', chapter.captions!)).status).toBe(404);

    expect((await amara.delete(`/api/chapter/${chapter.id}/`)).status).toBe(204);
    expect(fs.existsSync(path.join(provider.dataDir, replaced.body.captions!))).toBe(false);
  });

  it.each([
    ['a text file that is not WebVTT', () => webvtt('Hello\n00:00.000 --> 00:01.000\nHi\n', 'notes.vtt'), /captions file must be a WebVTT captions file/],
    ['WEBVTT run into other text', () => webvtt('WEBVTTX\n', 'almost.vtt'), /captions file must be a WebVTT captions file/],
    ['a binary file named .vtt', () => bytesFile(64, 'video.vtt', 'text/vtt', Buffer.from('WEBVTT\n\0\0')), /captions file must be a WebVTT captions file/],
    ['a file over 1 MB', () => webvtt(`WEBVTT\n\n${'x'.repeat(1024 * 1024)}`, 'long.vtt'), /captions file is too large: the limit is 1 MB/],
  ])('refuses %s with 400 {msg} and keeps neither file', async (_case, captions, msg) => {
    const before = (await amara.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body.length;
    const keptFiles = mediaFiles();
    const { status, body } = await amara.post<{ msg: string }>('/api/chapter/', {
      multipart: { course: courseId, title: 'Refused', video: videoFile(), captions: captions() },
    });
    expect(status).toBe(400);
    expect(body.msg).toMatch(msg);
    expect((await amara.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body).toHaveLength(before);
    expect(mediaFiles()).toEqual(keptFiles);
  });
});
