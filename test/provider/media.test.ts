import fs from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../../provider/src/config';
import { type Client, type DemoIds, type RunningProvider, bytesFile, demoLogins, startDemoProvider, svgFile, videoFile } from './support';

const imageLimit = 64 * 1024;
const videoLimit = 256 * 1024;

describe('media', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;
  let videoUrl: string;
  let videoBytes: Buffer;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider({ imageLimitBytes: imageLimit, videoLimitBytes: videoLimit }));
    const { body } = await maria.get<{ course_chapters: { video: string }[] }>(
      `/api/course/${ids.courses.Spanish!.id}`,
    );
    videoUrl = body.course_chapters[0]!.video;
    videoBytes = fs.readFileSync(path.join(provider.dataDir, videoUrl));
  });

  afterAll(() => provider.stop());

  it('serves course images to anyone with their content type and a sandboxing CSP', async () => {
    const { body } = await visitor.get<{ featured_img: string }>(`/api/course/${ids.courses.Akan!.id}`);
    const response = await visitor.request('GET', body.featured_img);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('Akan');
  });

  it('serves chapter videos only to the course teacher and its enrolled students (403 otherwise)', async () => {
    expect((await visitor.request('GET', videoUrl)).status).toBe(403);
    expect((await kofi.request('GET', `/media/chapter_videos/${path.basename(videoUrl)}`)).status).toBe(200);
    const yoruba = (await maria.get<{ course_chapters: { video: string; is_preview: boolean }[] }>(`/api/course/${ids.courses.Yoruba!.id}`))
      .body;
    // Not its first chapter: a free preview, anyone's to watch.
    expect((await kofi.request('GET', yoruba.course_chapters.find((chapter) => !chapter.is_preview)!.video)).status).toBe(403);
    expect((await kwame.request('GET', videoUrl)).status).toBe(403);
    expect((await amara.request('GET', videoUrl)).status).toBe(200);
    const watched = await maria.request('GET', videoUrl);
    expect(watched.status).toBe(200);
    expect(watched.headers.get('content-type')).toBe('video/webm');
    expect(watched.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await watched.arrayBuffer()).equals(videoBytes)).toBe(true);
  });

  it('gates a chapter video by the file it opens, not by how its URL is spelt', async () => {
    // What a case-insensitive disk (macOS, Windows) or Windows' dropping of trailing dots and
    // spaces would make of these spellings, made here with links: other names for the same folder
    // and a second name for the video in a public folder.
    const media = path.join(provider.dataDir, 'media');
    const name = path.basename(videoUrl);
    for (const alias of ['Chapter_Videos', 'chapter_videos.', 'chapter_videos ', 'CHAPTER_VIDEOS..']) {
      fs.symlinkSync('chapter_videos', path.join(media, alias));
    }
    fs.symlinkSync(path.join('..', 'chapter_videos', name), path.join(media, 'course_images', `alias-${name}`));

    const spellings = [
      `/media/Chapter_Videos/${name}`,
      `/media/chapter_videos./${name}`,
      `/media/chapter_videos%2E/${name}`,
      `/media/chapter_videos%20/${name}`,
      `/media/CHAPTER_VIDEOS../${name}`,
      `/media/Chapter%5FVideos/${name}`,
      `/media/%43hapter_Videos%2F${name}`,
      `/media/chapter_videos/${name}.`,
      `/media/chapter_videos/${name}%20`,
      `/media/CHAPTER_VIDEOS/${name}`,
      `/media/course_images/alias-${name}`,
      `/media/course_images%2F..%2FChapter_Videos/${name}`,
    ];
    for (const spelling of spellings) {
      for (const stranger of [visitor, kwame]) {
        const { status } = await stranger.request('GET', spelling);
        expect({ spelling, refused: status === 403 || status === 404 }).toEqual({ spelling, refused: true });
      }
    }
    // The course's own viewers still get it, under its URL and under a spelling that opens it.
    for (const viewer of [maria, amara]) {
      expect((await viewer.request('GET', videoUrl)).status).toBe(200);
      const aliased = await viewer.request('GET', `/media/Chapter_Videos/${name}`);
      expect(aliased.status).toBe(200);
      expect(aliased.headers.get('cache-control')).toBe('private, no-cache');
      expect(Buffer.from(await aliased.arrayBuffer()).equals(videoBytes)).toBe(true);
    }
  });

  it('answers a byte range with 206 and the partial body, so videos are seekable', async () => {
    const response = await maria.request('GET', videoUrl, { headers: { range: 'bytes=100-299' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-299/${videoBytes.length}`);
    expect(response.headers.get('content-length')).toBe('200');
    expect(Buffer.from(await response.arrayBuffer()).equals(videoBytes.subarray(100, 300))).toBe(true);

    const tail = await maria.request('GET', videoUrl, { headers: { range: 'bytes=-50' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(videoBytes.subarray(-50))).toBe(true);

    const open = await maria.request('GET', videoUrl, { headers: { range: `bytes=${videoBytes.length - 10}-` } });
    expect(open.headers.get('content-range')).toBe(
      `bytes ${videoBytes.length - 10}-${videoBytes.length - 1}/${videoBytes.length}`,
    );
    await open.arrayBuffer();

    const beyond = await maria.request('GET', videoUrl, { headers: { range: `bytes=${videoBytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${videoBytes.length}`);
    await beyond.arrayBuffer();
  });

  it('answers the range asked for only while If-Range still names the file, else the whole file', async () => {
    const whole = await maria.request('GET', videoUrl);
    const etag = whole.headers.get('etag')!;
    const lastModified = whole.headers.get('last-modified')!;
    await whole.arrayBuffer();
    expect(etag).toMatch(/^W\/"/);
    for (const validator of [etag, lastModified]) {
      const current = await maria.request('GET', videoUrl, { headers: { range: 'bytes=0-9', 'if-range': validator } });
      expect({ validator, status: current.status }).toEqual({ validator, status: 206 });
      expect(Buffer.from(await current.arrayBuffer()).equals(videoBytes.subarray(0, 10))).toBe(true);
    }
    for (const validator of ['W/"0-0"', 'Thu, 01 Jan 2015 00:00:00 GMT']) {
      const stale = await maria.request('GET', videoUrl, { headers: { range: 'bytes=0-9', 'if-range': validator } });
      expect({ validator, status: stale.status }).toEqual({ validator, status: 200 });
      expect(stale.headers.get('content-range')).toBeNull();
      expect(Buffer.from(await stale.arrayBuffer()).equals(videoBytes)).toBe(true);
    }
  });

  it('answers HEAD and conditional requests', async () => {
    const head = await maria.request('HEAD', videoUrl);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(videoBytes.length));
    const etag = head.headers.get('etag')!;
    const cached = await maria.request('GET', videoUrl, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('answers 404 {msg} for missing files and paths outside the media folder', async () => {
    for (const url of [
      '/media/course_images/missing.svg',
      '/media/%2e%2e/provider.sqlite',
      '/media/..%2fprovider.sqlite',
    ]) {
      const { status, body } = await visitor.get(url);
      expect(status).toBe(404);
      expect(body).toEqual({ msg: expect.any(String) });
    }
  });

  it('refuses an image over the limit with 400 {msg}', async () => {
    const tooBig = bytesFile(imageLimit + 1, 'big.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const { status, body } = await amara.post('/api/course/', {
      multipart: { category: 1, teacher: ids.teacherId, title: 'Big', featured_img: tooBig },
    });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/image is too large/);
    expect(fs.readdirSync(path.join(provider.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses a video over the limit with 400 {msg}, and still works afterwards', async () => {
    const tooBig = bytesFile(videoLimit + 1024, 'big.webm', 'video/webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const { status, body } = await amara.post('/api/chapter/', {
      multipart: { course: ids.courses.Spanish!.id, title: 'Big', video: tooBig },
    });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/video is too large/);
    const fine = await amara.post('/api/chapter/', {
      multipart: { course: ids.courses.Spanish!.id, title: 'Small', video: videoFile() },
    });
    expect(fine.status).toBe(201);
  });

  it('refuses files that are not what the field expects with 400', async () => {
    const notAnImage = new File(['just text'], 'notes.png', { type: 'image/png' });
    const imageAsVideo = await amara.post('/api/chapter/', {
      multipart: { course: ids.courses.Spanish!.id, title: 'X', video: svgFile() },
    });
    const textAsImage = await amara.post('/api/course/', {
      multipart: { category: 1, teacher: ids.teacherId, title: 'X', featured_img: notAnImage },
    });
    const empty = await amara.post('/api/course/', {
      multipart: { category: 1, teacher: ids.teacherId, title: 'X', featured_img: new File([], 'empty.svg') },
    });
    expect([imageAsVideo.status, textAsImage.status, empty.status]).toEqual([400, 400, 400]);
    expect(textAsImage.body.msg).toMatch(/must be a picture/);
  });

  it('uploads a teacher photo and serves it back', async () => {
    const { body } = await amara.put<{ profile_img: string }>(`/api/teacher/${ids.teacherId}/`, {
      multipart: {
        full_name: 'Amara Okafor',
        email: demoLogins.teacher.email,
        profile_img: svgFile('me.svg', '<circle r="4"/>'),
      },
    });
    expect(body.profile_img).toMatch(/^\/media\/teacher_images\/[0-9a-f]+\.svg$/);
    expect(await (await visitor.request('GET', body.profile_img)).text()).toContain('<circle r="4"/>');
  });

  it('defaults to 5 MB images and 50 MB videos, configurable by option or environment', () => {
    const defaults = resolveConfig({ dataDir: '/tmp/x' }, {});
    expect([defaults.imageLimitBytes, defaults.videoLimitBytes]).toEqual([5 * 1024 * 1024, 50 * 1024 * 1024]);
    const fromEnv = resolveConfig(
      { dataDir: '/tmp/x' },
      { PROVIDER_IMAGE_LIMIT_BYTES: '1000', PROVIDER_VIDEO_LIMIT_BYTES: '2000' },
    );
    expect([fromEnv.imageLimitBytes, fromEnv.videoLimitBytes]).toEqual([1000, 2000]);
  });
});
