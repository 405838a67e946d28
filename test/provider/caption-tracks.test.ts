/**
 * Caption tracks in several languages (extension, issue 39): the course's teacher adds, replaces
 * and removes one language's WebVTT track (`en` being the chapter's `captions`); tracks are listed
 * on the chapter as `caption_tracks` and served under the video's rule. Runs on both engines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Client, type DemoIds, type RunningProvider, startDemoProvider, videoFile } from './support';

interface Track {
  lang: string;
  label: string;
  url: string;
}
interface Chapter {
  id: number;
  title: string;
  captions: string | null;
  caption_tracks: Track[];
}

const webvtt = (text: string) => new File([text], 'track.vtt', { type: 'text/vtt' });
const english = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nGood morning.\n';
const yoruba = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nẸ káàárọ̀.\n';

describe('caption tracks on the provider', () => {
  let provider: RunningProvider, ids: DemoIds, amara: Client, kwame: Client, maria: Client, visitor: Client;
  let courseId: number;
  let chapter: Chapter;

  beforeAll(async () => {
    ({ provider, ids, amara, kwame, maria, visitor } = await startDemoProvider());
    courseId = ids.courses.Spanish!.id;
    ({ body: chapter } = await amara.post<Chapter>('/api/chapter/', {
      multipart: { course: courseId, title: 'Tracks', video: videoFile(), captions: webvtt(english) },
    }));
  });

  afterAll(() => provider.stop());

  const put = (client: Client, lang: string, text = yoruba, chapterId = chapter.id) =>
    client.put<Chapter & { msg: string }>(`/api/chapter-captions/${chapterId}/${lang}/`, { multipart: { captions: webvtt(text) } });
  const keptFile = (url: string) => fs.existsSync(path.join(provider.dataDir, url));
  const tracksSeenBy = async (client: Client) =>
    (await client.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body.find((row) => row.id === chapter.id)!.caption_tracks;

  it('gives the demo Spanish greetings a Spanish track beside the English one', async () => {
    const { body: chapters } = await maria.get<Chapter[]>(`/api/course-chapters/${courseId}`);
    const greetings = chapters.find((row) => row.title === 'Greetings')!;
    expect(greetings.caption_tracks.map(({ lang, label }) => [lang, label])).toEqual([
      ['en', 'English'],
      ['es', 'Spanish'],
    ]);
    expect(greetings.caption_tracks[0]!.url).toBe(greetings.captions);
    const served = await maria.request('GET', greetings.caption_tracks[1]!.url);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await served.text()).toMatch(/^WEBVTT[\s\S]*Buenos días/);
  });

  it('adds a language for the teacher, lists it to enrolled students and serves it only to them', async () => {
    const added = await put(amara, 'yo');
    expect(added.status).toBe(200);
    expect(added.body.caption_tracks).toEqual([
      { lang: 'en', label: 'English', url: chapter.captions },
      { lang: 'yo', label: 'Yoruba', url: expect.stringMatching(/^\/media\/chapter_captions\/[0-9a-f]+\.vtt$/) as string },
    ]);
    const url = added.body.caption_tracks[1]!.url;
    expect(await tracksSeenBy(maria)).toEqual(added.body.caption_tracks);
    expect(await (await maria.request('GET', url)).text()).toBe(yoruba);

    // A visitor sees no track and may not fetch the file; nor may another teacher.
    expect(await tracksSeenBy(visitor)).toEqual([]);
    expect((await visitor.request('GET', url)).status).toBe(403);
    expect((await kwame.request('GET', url)).status).toBe(403);
  });

  it('replaces a language in place (its old file removed), canonical tags included, and `en` as the chapter captions', async () => {
    const before = (await put(amara, 'yo')).body.caption_tracks.find((track) => track.lang === 'yo')!.url;
    const replaced = await put(amara, 'YO', 'WEBVTT\n\n00:00.000 --> 00:01.000\nẸ n lẹ.\n');
    const after = replaced.body.caption_tracks.filter((track) => track.lang === 'yo');
    expect(after).toHaveLength(1);
    expect(after[0]!.url).not.toBe(before);
    expect(keptFile(before)).toBe(false);

    const brazilian = await put(amara, 'pt-br');
    expect(brazilian.body.caption_tracks.map((track) => track.label)).toContain('Brazilian Portuguese');
    expect(brazilian.body.caption_tracks.map((track) => track.lang)).toContain('pt-BR');

    const oldEnglish = chapter.captions!;
    const newEnglish = await put(amara, 'en', english);
    expect(newEnglish.body.captions).not.toBe(oldEnglish);
    expect(newEnglish.body.caption_tracks[0]).toEqual({ lang: 'en', label: 'English', url: newEnglish.body.captions });
    expect(keptFile(oldEnglish)).toBe(false);
    chapter = newEnglish.body;
  });

  it.each([
    ['no session', () => visitor, 'yo', yoruba, 401],
    ['another teacher', () => kwame, 'yo', yoruba, 403],
    ['a tag naming no language', () => amara, 'xx', yoruba, 400],
    ['a path that is not a tag', () => amara, 'yo_NG1', yoruba, 400],
    ['a file that is not WebVTT', () => amara, 'fr', 'Bonjour\n', 400],
  ])('refuses %s and keeps no file', async (_case, client, lang, text, status) => {
    const files = fs.readdirSync(path.join(provider.dataDir, 'media', 'chapter_captions')).length;
    const answer = await put(client(), lang, text);
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.msg).toEqual(expect.any(String));
    expect(fs.readdirSync(path.join(provider.dataDir, 'media', 'chapter_captions'))).toHaveLength(files);
  });

  it('deletes one language (404 once gone, 403 for another teacher), `en` emptying the captions', async () => {
    const yo = (await tracksSeenBy(amara)).find((track) => track.lang === 'yo')!;
    expect((await kwame.delete(`/api/chapter-captions/${chapter.id}/yo/`)).status).toBe(403);
    expect((await amara.delete(`/api/chapter-captions/${chapter.id}/yo/`)).status).toBe(204);
    expect(keptFile(yo.url)).toBe(false);
    expect((await amara.delete(`/api/chapter-captions/${chapter.id}/yo/`)).status).toBe(404);

    expect((await amara.delete(`/api/chapter-captions/${chapter.id}/en/`)).status).toBe(204);
    const { body } = await amara.get<Chapter>(`/api/chapter/${chapter.id}/`);
    expect(body.captions).toBeNull();
    expect(body.caption_tracks.map((track) => track.lang)).toEqual(['pt-BR']);
    expect(keptFile(chapter.captions!)).toBe(false);
  });

  it('removes the tracks\' files with their chapter', async () => {
    const urls = (await put(amara, 'fr')).body.caption_tracks.map((track) => track.url);
    expect(urls.length).toBeGreaterThan(0);
    expect((await amara.delete(`/api/chapter/${chapter.id}/`)).status).toBe(204);
    expect(urls.filter(keptFile)).toEqual([]);
  });
});
