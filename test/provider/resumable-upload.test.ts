/**
 * Resumable chapter videos over tus 1.0 (resumableUploads.ts), through a real socket: the
 * protocol's HEAD and PATCH are the point. The checks made before any byte is kept, the owner of
 * each later call, the content check at the end, the one use of an upload, and its expiry.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type Client,
  type DemoIds,
  type RunningProvider,
  passTime,
  seedAssets,
  startDemoProvider,
  useFakeClock,
} from './support';

const video = fs.readFileSync(path.join(seedAssets, 'videos', 'lesson-testsrc.webm'));
const limit = 1024 * 1024;

function metadata(fields: Record<string, string | number>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');
}

/** POST /api/uploads/: the answer, and the upload's path (its Location). */
async function create(client: Client, fields: Record<string, string | number>, length = video.length) {
  const response = await client.request('POST', '/api/uploads/', {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': metadata(fields) },
  });
  return { response, location: response.headers.get('location') ?? '' };
}

function patch(client: Client, location: string, offset: number, bytes: Buffer) {
  return client.request('PATCH', location, {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    raw: new Blob([new Uint8Array(bytes)]),
  });
}

function head(client: Client, location: string) {
  return client.request('HEAD', location, { headers: { 'Tus-Resumable': '1.0.0' } });
}

async function msgOf(response: Response): Promise<string> {
  return ((await response.json()) as { msg: string }).msg;
}

describe('resumable chapter videos', () => {
  let provider: RunningProvider, ids: DemoIds, amara: Client, kwame: Client, visitor: Client;
  let courseId: number;
  const received = () => fs.readdirSync(path.join(provider.dataDir, 'uploads'));

  beforeAll(async () => {
    ({ provider, ids, amara, kwame, visitor } = await startDemoProvider({ listen: true, resumableVideoLimitBytes: limit }));
    courseId = ids.courses.Spanish!.id;
  });
  afterAll(() => provider.stop());

  useFakeClock();

  it('takes a video in two parts, resumes from the offset HEAD gives, and gives it once to a new chapter', async () => {
    const options = await amara.get<{ max_bytes: number; types: string[] }>('/api/uploads/');
    expect(options.body).toMatchObject({ max_bytes: limit, types: ['video/webm', 'video/mp4', 'video/ogg'] });

    const { response, location } = await create(amara, { course: courseId, filetype: 'video/webm', filename: 'lesson.webm' });
    expect(response.status).toBe(201);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);
    const half = Math.floor(video.length / 2);
    expect((await patch(amara, location, 0, video.subarray(0, half))).headers.get('upload-offset')).toBe(String(half));

    // A pause (the page reloaded): the client asks where to go on from.
    const paused = await head(amara, location);
    expect([paused.status, paused.headers.get('upload-offset'), paused.headers.get('upload-length')]).toEqual([
      200,
      String(half),
      String(video.length),
    ]);
    const last = await patch(amara, location, half, video.subarray(half));
    expect([last.status, last.headers.get('upload-offset')]).toEqual([204, String(video.length)]);
    // Whole now, as a client resuming after a reload sees it; its bytes left the uploads area.
    expect((await head(amara, location)).headers.get('upload-offset')).toBe(String(video.length));
    expect(received()).toEqual([]);

    const uploadId = location.split('/').pop() as string;
    const chapter = await amara.post<{ id: number; video: string }>('/api/chapter/', {
      multipart: { course: courseId, title: 'Sent in two parts', video_upload: uploadId },
    });
    expect(chapter.status).toBe(201);
    const served = await amara.request('GET', chapter.body.video);
    expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);

    const again = await amara.post('/api/chapter/', { multipart: { course: courseId, title: 'Again', video_upload: uploadId } });
    expect([again.status, again.body.msg]).toEqual([400, 'This upload cannot be used: it is unfinished, expired or already used.']);
    const update = await amara.put(`/api/chapter/${chapter.body.id}/`, {
      multipart: { course: courseId, title: 'Again', video_upload: uploadId },
    });
    expect(update.status).toBe(400);
  });

  it('refuses before keeping any byte: no teacher, not the teacher’s course or chapter, too big, not a video, no token', async () => {
    const fields = { course: courseId, filetype: 'video/webm', filename: 'lesson.webm' };
    const refusals = [
      await create(visitor, fields),
      await create(kwame, fields),
      await create(kwame, { chapter: (await amara.get<{ id: number }[]>(`/api/course-chapters/${courseId}`)).body[0]!.id, filetype: 'video/webm' }),
      await create(amara, fields, limit + 1),
      await create(amara, { ...fields, filetype: 'application/pdf' }),
    ];
    expect(await Promise.all(refusals.map(async ({ response }) => [response.status, await msgOf(response)]))).toEqual([
      [401, expect.any(String)],
      [403, expect.any(String)],
      [403, expect.any(String)],
      [413, 'The video is too large: the limit is 1 MB.'],
      [415, 'The chapter video must be a WebM, MP4 or Ogg video.'],
    ]);
    const tokenless = await amara.request('POST', '/api/uploads/', {
      xsrf: false,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': metadata(fields) },
    });
    expect(tokenless.status).toBe(403);
    expect(received()).toEqual([]);
  });

  it('lets only its teacher go on with an upload, and keeps nothing that is not a video', async () => {
    const text = Buffer.from('not a video at all');
    const { location } = await create(amara, { course: courseId, filetype: 'video/webm' }, text.length);
    expect((await head(kwame, location)).status).toBe(403);
    expect((await patch(kwame, location, 0, text)).status).toBe(403);
    expect((await head(visitor, location)).status).toBe(401);

    const finished = await patch(amara, location, 0, text);
    expect([finished.status, await msgOf(finished)]).toEqual([415, 'The chapter video must be a WebM, MP4 or Ogg video.']);
    expect(received()).toEqual([]);
    const used = await amara.post('/api/chapter/', {
      multipart: { course: courseId, title: 'Text', video_upload: location.split('/').pop() as string },
    });
    expect(used.status).toBe(400);
  });

  it('expires an upload left unfinished a day, and sweeps its bytes', async () => {
    const { location } = await create(amara, { course: courseId, filetype: 'video/webm' });
    await patch(amara, location, 0, video.subarray(0, 1000));
    expect(received()).toHaveLength(2);
    passTime(24 * 60 * 60 * 1000 + 1);
    expect((await head(amara, location)).status).toBe(410);
    expect((await patch(amara, location, 1000, video.subarray(1000))).status).toBe(410);
    // The periodic sweep (every uploadSweepIntervalMs) removes it.
    await provider.app.resumableUploads.sweep();
    expect(received()).toEqual([]);
  });
});
