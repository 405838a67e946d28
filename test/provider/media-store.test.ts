import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { resolveConfig } from '../../provider/src/config';
import { copySeededTemplate } from './seededTemplate';
import {
  type Client,
  type DemoIds,
  type RunningProvider,
  demoIds,
  demoLogins,
  inDatabase,
  makeDataDir,
  startDemoProvider,
  startProvider,
  svgFile,
  videoFile,
} from './support';

/** Media kept outside the data folder: an S3-compatible bucket, a folder several providers share. */

const bucket = 'academy-media';

/** Sets environment variables for the suite (the provider reads its settings there), restored after it. */
function useEnvironment(variables: () => Record<string, string>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(variables())) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('media in an S3-compatible bucket (s3rver on a free port)', () => {
  let server: S3rver, serverDir: string, endpoint: string, s3: S3Client;
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client;

  beforeAll(async () => {
    serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: serverDir, silent: true });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    // s3rver takes any key pair; the provider finds this one in the environment, as the SDK's default chain does.
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  });
  useEnvironment(() => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  }));
  beforeAll(async () => {
    // A new data folder on a bucket is seeded as in production: the demo media go into the bucket.
    ({ provider, ids, visitor, maria, kofi, amara } = await startDemoProvider());
  });
  afterAll(async () => {
    await provider?.stop();
    s3?.destroy();
    await server?.close();
    fs.rmSync(serverDir, { recursive: true, force: true });
  });

  const inBucket = async (url: string) =>
    s3.send(new HeadObjectCommand({ Bucket: bucket, Key: url.slice('/media/'.length) })).then(
      (head) => head,
      () => null,
    );

  it('keeps a chapter video in the bucket and serves it whole, by range, and again only while If-Range names it', async () => {
    const created = await amara.post<{ id: number; video: string; duration: number | null }>('/api/chapter/', {
      multipart: { course: ids.courses.Spanish!.id, title: 'From the bucket', video: videoFile() },
    });
    expect(created.status).toBe(201);
    const { video: url } = created.body;
    const sent = await bytesOf(new Response(videoFile()));
    expect(await inBucket(url)).toMatchObject({ ContentLength: sent.length, ContentType: 'video/webm' });
    // Checked and measured in tmp/ first, then moved: nothing left there, nothing in the data folder's media/.
    expect(created.body.duration).toBeCloseTo(4, 1);
    expect(fs.readdirSync(path.join(provider.dataDir, 'tmp'))).toEqual([]);
    expect(fs.existsSync(path.join(provider.dataDir, 'media'))).toBe(false);

    const whole = await maria.request('GET', url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('cache-control')).toBe('private, no-cache');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(sent.length));
    const etag = whole.headers.get('etag')!;
    const lastModified = whole.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await bytesOf(whole)).equals(sent)).toBe(true);

    const part = await maria.request('GET', url, { headers: { range: 'bytes=100-299' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-299/${sent.length}`);
    expect(part.headers.get('content-length')).toBe('200');
    expect((await bytesOf(part)).equals(sent.subarray(100, 300))).toBe(true);
    const tail = await maria.request('GET', url, { headers: { range: 'bytes=-50' } });
    expect((await bytesOf(tail)).equals(sent.subarray(-50))).toBe(true);

    const beyond = await maria.request('GET', url, { headers: { range: `bytes=${sent.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${sent.length}`);
    expect(await beyond.json()).toEqual({ msg: 'Range not satisfiable.' });

    for (const validator of [etag, lastModified]) {
      const current = await maria.request('GET', url, { headers: { range: 'bytes=0-9', 'if-range': validator } });
      expect({ validator, status: current.status }).toEqual({ validator, status: 206 });
      expect((await bytesOf(current)).equals(sent.subarray(0, 10))).toBe(true);
    }
    for (const stale of ['W/"0-0"', 'Thu, 01 Jan 2015 00:00:00 GMT']) {
      const answer = await maria.request('GET', url, { headers: { range: 'bytes=0-9', 'if-range': stale } });
      expect({ stale, status: answer.status, range: answer.headers.get('content-range') }).toEqual({ stale, status: 200, range: null });
      expect((await bytesOf(answer)).equals(sent)).toBe(true);
    }
    expect((await maria.request('GET', url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // The gate is the same: a visitor is refused before the bucket is read.
    expect((await visitor.request('GET', url)).status).toBe(403);
  });

  it('serves course images, seeded and uploaded, to a visitor for a week', async () => {
    const seeded = (await visitor.get<{ featured_img: string }>(`/api/course/${ids.courses.Akan!.id}`)).body.featured_img;
    expect(await inBucket(seeded)).not.toBeNull();
    const created = await amara.post<{ featured_img: string }>('/api/course/', {
      multipart: { category: 1, teacher: ids.teacherId, title: 'Bucket course', featured_img: svgFile('cover.svg', '<text>bucket</text>') },
    });
    expect(created.status).toBe(201);
    for (const [url, text] of [[seeded, 'Akan'], [created.body.featured_img, '<text>bucket</text>']] as const) {
      const shown = await visitor.request('GET', url);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/svg+xml');
      expect(shown.headers.get('cache-control')).toBe('public, max-age=604800');
      expect(shown.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(await shown.text()).toContain(text);
    }
  });

  it("serves a student's answer file to their teacher and to nobody else", async () => {
    const assigned = await amara.post<{ id: number }>(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
      multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'Essay', detail: 'Write it.', answer_kind: 'file' },
    });
    expect(assigned.status).toBe(201);
    const answered = await maria.post<{ answer: { file: string } }>(`/api/assignment-answer/${assigned.body.id}/`, {
      multipart: { file: new File(['Mi ensayo, en el cubo.\n'], 'ensayo.txt', { type: 'text/plain' }) },
    });
    expect(answered.status).toBe(200);
    const url = answered.body.answer.file;
    expect(await inBucket(url)).not.toBeNull();

    const read = await amara.request('GET', url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-disposition')).toBe('attachment; filename="ensayo.txt"; filename*=UTF-8\'\'ensayo.txt');
    expect(read.headers.get('cache-control')).toBe('private, no-cache');
    expect(await read.text()).toBe('Mi ensayo, en el cubo.\n');
    // Kofi is Amara's student too, but the file is not his: he does not learn it exists.
    for (const other of [kofi, visitor]) expect((await other.request('GET', url)).status).toBe(404);
  });

  it("removes a deleted chapter's video from the bucket", async () => {
    const created = await amara.post<{ id: number; video: string; captions: string }>('/api/chapter/', {
      multipart: {
        course: ids.courses.Spanish!.id,
        title: 'Short-lived',
        video: videoFile(),
        captions: new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n'], 'es.vtt', { type: 'text/vtt' }),
      },
    });
    expect(created.status).toBe(201);
    const { video, captions } = created.body;
    expect(await inBucket(video)).not.toBeNull();
    expect(await inBucket(captions)).not.toBeNull();

    expect((await amara.delete(`/api/chapter/${created.body.id}/`)).status).toBe(204);
    expect(await inBucket(video)).toBeNull();
    expect(await inBucket(captions)).toBeNull();
    expect((await amara.request('GET', video)).status).toBe(404);
  });

  it('reads from the bucket the duration of a video kept before durations were recorded', async () => {
    const created = await amara.post<{ id: number }>('/api/chapter/', {
      multipart: { course: ids.courses.Spanish!.id, title: 'Older', video: videoFile() },
    });
    const durationOf = () =>
      inDatabase(provider, async (queries) =>
        (await queries.one(sql<{ duration_seconds: number | null }>`SELECT duration_seconds FROM chapters WHERE id = ${created.body.id}`))!.duration_seconds,
      );
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = NULL WHERE id = ${created.body.id}`));
    // A provider starting on this data folder finds it (server.ts recordMissingDurations), reads it through tmp/.
    const restarted = await startProvider({ dataDir: provider.dataDir });
    await restarted.stop({ removeData: false });
    expect(await durationOf()).toBeCloseTo(4, 1);
    expect(fs.readdirSync(path.join(provider.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers every range and conditional request as a provider on its data folder does', async () => {
    // Beside it, a provider on its data folder's media (the option outweighs S3_BUCKET), the demo
    // data and media copied from the run's seeded template rather than seeded again (it seeds
    // itself when there is none).
    const localData = makeDataDir();
    copySeededTemplate(localData);
    const local = await startDemoProvider({ dataDir: localData, mediaDir: path.join(localData, 'media') });
    try {
      // The same seeded video on both (Spanish, first chapter), read by Amara, its teacher.
      const videoOf = async (client: Client, courseId: number) =>
        (await client.get<{ video: string }[]>(`/api/course-chapters/${courseId}`)).body[0]!.video;
      const answersOf = async (client: Client, url: string) => {
        const first = await client.request('GET', url);
        const etag = first.headers.get('etag')!;
        const size = (await bytesOf(first)).length;
        const requests: [string, Record<string, string>][] = [
          ['GET', {}],
          ['HEAD', {}],
          ['HEAD', { range: 'bytes=0-9' }],
          ['GET', { range: 'bytes=0-1,5-6' }],
          ['GET', { range: 'bytes=0-1,2-6' }],
          ['GET', { range: 'bytes=abc' }],
          ['GET', { range: 'items=0-5' }],
          ['GET', { range: `bytes=0-${size + 100}` }],
          ['GET', { range: 'bytes=0-9', 'if-range': 'garbage' }],
          ['GET', { 'if-none-match': `"x", ${etag}` }],
          ['GET', { 'if-none-match': etag, 'cache-control': 'no-cache' }],
          ['GET', { 'if-none-match': 'W/"other"', 'if-modified-since': first.headers.get('last-modified')! }],
          ['GET', { 'if-match': '"nope"', range: 'bytes=0-9' }],
          ['GET', { 'if-unmodified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' }],
        ];
        const answers = [];
        for (const [index, [method, headers]] of requests.entries()) {
          const answer = await client.request(method, url, { headers });
          // Everything but the validators' values (a file's time and size, the bucket's hash).
          const shown = Object.fromEntries([...answer.headers].filter(([name]) => !['date', 'etag', 'last-modified'].includes(name)));
          const body = createHash('sha256').update(await bytesOf(answer)).digest('hex');
          answers.push({ request: index, method, status: answer.status, headers: shown, body });
        }
        return answers;
      };
      const fromBucket = await answersOf(amara, await videoOf(amara, ids.courses.Spanish!.id));
      const fromFolder = await answersOf(local.amara, await videoOf(local.amara, local.ids.courses.Spanish!.id));
      expect(fromBucket).toEqual(fromFolder);
    } finally {
      await local.provider.stop();
    }
  });
});

describe('media in a folder two providers share (MEDIA_DIR)', () => {
  let mediaDir: string, dataDir: string, first: RunningProvider, second: RunningProvider;
  useEnvironment(() => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-media-'));
    return { MEDIA_DIR: mediaDir };
  });
  beforeAll(async () => {
    // One data folder (one SQLite file: sessions are rows), one media folder; the first seeds both.
    dataDir = makeDataDir();
    first = await startProvider({ dataDir });
    second = await startProvider({ dataDir });
  });
  afterAll(async () => {
    await second?.stop({ removeData: false });
    await first?.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('serves through either provider the files uploaded through the other', async () => {
    const ids = await demoIds(first);
    const amaraOnFirst = first.client();
    await amaraOnFirst.loginTeacher();
    const amaraOnSecond = second.client();
    await amaraOnSecond.loginTeacher();
    const mariaOnSecond = second.client();
    await mariaOnSecond.loginStudent(demoLogins.student);

    const chapter = await amaraOnFirst.post<{ id: number; video: string }>('/api/chapter/', {
      multipart: { course: ids.courses.Spanish!.id, title: 'Shared', video: videoFile() },
    });
    expect(chapter.status).toBe(201);
    const sent = await bytesOf(new Response(videoFile()));
    expect(fs.readFileSync(path.join(mediaDir, chapter.body.video.slice('/media/'.length))).equals(sent)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);
    const watched = await mariaOnSecond.request('GET', chapter.body.video, { headers: { range: 'bytes=100-199' } });
    expect(watched.status).toBe(206);
    expect((await bytesOf(watched)).equals(sent.subarray(100, 200))).toBe(true);

    const course = await amaraOnSecond.post<{ featured_img: string }>('/api/course/', {
      multipart: { category: 1, teacher: ids.teacherId, title: 'Shared course', featured_img: svgFile('shared.svg', '<text>shared</text>') },
    });
    expect(course.status).toBe(201);
    const shown = await first.client().request('GET', course.body.featured_img);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<text>shared</text>');

    // A chapter uploaded through the first and deleted through the second leaves the shared folder.
    expect((await amaraOnSecond.delete(`/api/chapter/${chapter.body.id}/`)).status).toBe(204);
    expect(fs.existsSync(path.join(mediaDir, chapter.body.video.slice('/media/'.length)))).toBe(false);
    expect((await first.client().request('GET', chapter.body.video)).status).toBe(404);
  });
});

describe('the media store setting', () => {
  it('is the data folder by default, MEDIA_DIR or S3_BUCKET when set, and never both', () => {
    expect(resolveConfig({ dataDir: '/srv/academy' }, {}).mediaStorage).toEqual({ kind: 'folder', dir: '/srv/academy/media' });
    expect(resolveConfig({ dataDir: '/srv/academy' }, { MEDIA_DIR: '/mnt/media' }).mediaStorage).toEqual({ kind: 'folder', dir: '/mnt/media' });
    expect(resolveConfig({ dataDir: '/srv/academy' }, { S3_BUCKET: 'media' }).mediaStorage).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      resolveConfig(
        { dataDir: '/srv/academy' },
        { S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' },
      ).mediaStorage,
    ).toEqual({ kind: 's3', bucket: 'media', endpoint: 'http://minio:9000', region: 'eu-west-1', forcePathStyle: true });
    expect(() => resolveConfig({ dataDir: '/srv/academy' }, { S3_BUCKET: 'media', MEDIA_DIR: '/mnt/media' })).toThrow(/not both/);
    expect(() => resolveConfig({ dataDir: '/srv/academy' }, { S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
