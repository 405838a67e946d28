/**
 * The teacher's courses and chapters on the provider: another teacher can neither read, change
 * nor delete them; uploads are checked for their session before their body is read, and for
 * their type and size as api-spec.yaml states (400 {msg}).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import YAML from 'yaml';
import { resolveConfig } from '../../provider/src/config';
import { type Client, type DemoIds, type RunningProvider, bytesFile, demoLogins, startDemoProvider, svgFile, videoFile } from './support';

interface Course {
  id: number;
  title: string;
  description: string;
  featured_img: string;
}

interface Chapter {
  id: number;
  course: number;
  title: string;
  video: string | null;
}

const imageLimit = 64 * 1024;
const videoLimit = 256 * 1024;
const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const webmHead = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Every file the provider holds under a folder of its data directory. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** Files of a refused upload leave the upload folder once the answer is sent: wait for that briefly. */
async function eventuallyEmpty(folder: string): Promise<string[]> {
  for (let attempt = 0; attempt < 20 && filesUnder(folder).length > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return filesUnder(folder);
}

describe('teacher courses and chapters on the provider', () => {
  let provider: RunningProvider, ids: DemoIds, amara: Client, kwame: Client, maria: Client;
  let course: Course;
  let chapter: Chapter;
  let tmpDir: string;
  let mediaDir: string;

  beforeAll(async () => {
    ({ provider, ids, amara, kwame, maria } = await startDemoProvider({ imageLimitBytes: imageLimit, videoLimitBytes: videoLimit }));
    tmpDir = path.join(provider.dataDir, 'tmp');
    mediaDir = path.join(provider.dataDir, 'media');
    course = (
      await amara.post<Course>('/api/course/', {
        multipart: { category: 2, teacher: ids.teacherId, title: "Amara's course", description: 'Mine', featured_img: svgFile() },
      })
    ).body;
    chapter = (
      await amara.post<Chapter>('/api/chapter/', {
        multipart: { course: course.id, title: "Amara's chapter", video: videoFile() },
      })
    ).body;
  });

  afterAll(() => provider.stop());

  describe("another teacher's course and chapter", () => {
    it('cannot be read (403 {msg})', async () => {
      for (const url of [`/api/teacher-course-detail/${course.id}/`, `/api/chapter/${chapter.id}/`, `/api/teacher-courses/${ids.teacherId}`]) {
        const { status, body } = await kwame.get(url);
        expect([url, status]).toEqual([url, 403]);
        expect(body).toEqual({ msg: expect.any(String) });
      }
    });

    it("cannot be changed, even with a new file, and nothing of kwame's upload is kept", async () => {
      const mediaBefore = filesUnder(mediaDir).sort();
      const courseEdit = await kwame.put(`/api/teacher-course-detail/${course.id}/`, {
        multipart: { category: 2, teacher: ids.otherTeacherId, title: 'Taken over', featured_img: svgFile('mine-now.svg') },
      });
      const courseEditAsOwner = await kwame.put(`/api/teacher-course-detail/${course.id}/`, {
        multipart: { category: 2, teacher: ids.teacherId, title: 'Taken over' },
      });
      const chapterEdit = await kwame.put(`/api/chapter/${chapter.id}/`, {
        multipart: { course: course.id, title: 'Taken over', video: videoFile('mine-now.webm') },
      });
      const chapterAdded = await kwame.post('/api/chapter/', {
        multipart: { course: course.id, title: 'Intruder', video: videoFile() },
      });
      expect([courseEdit.status, courseEditAsOwner.status, chapterEdit.status, chapterAdded.status]).toEqual([403, 403, 403, 403]);
      expect(filesUnder(mediaDir).sort()).toEqual(mediaBefore);
      expect(await eventuallyEmpty(tmpDir)).toEqual([]);
      expect((await amara.get<Course>(`/api/teacher-course-detail/${course.id}/`)).body.title).toBe("Amara's course");
      const chapters = (await amara.get<Chapter[]>(`/api/course-chapters/${course.id}`)).body;
      expect(chapters.map(({ title }) => title)).toEqual(["Amara's chapter"]);
    });

    it('cannot be deleted', async () => {
      expect((await kwame.delete(`/api/chapter/${chapter.id}/`)).status).toBe(403);
      expect((await kwame.delete(`/api/course/${course.id}/`)).status).toBe(403);
      expect((await amara.get(`/api/chapter/${chapter.id}/`)).status).toBe(200);
      expect((await amara.get(`/api/teacher-course-detail/${course.id}/`)).status).toBe(200);
    });

    it("gives the other teacher the chapter list without videos, and its video file is refused", async () => {
      const { body } = await kwame.get<Chapter[]>(`/api/course-chapters/${course.id}`);
      expect(body.map(({ video }) => video)).toEqual([null]);
      expect((await kwame.request('GET', chapter.video!)).status).toBe(403);
    });
  });

  describe('an upload without the session its operation requires', () => {
    // Bodies left unfinished: a real socket.
    beforeAll(() => provider.listen());

    /** Starts a multipart upload whose body never ends; resolves with the answer it gets meanwhile. */
    function unfinishedUpload(urlPath: string, cookies: Map<string, string>): Promise<{ status: number; body: string }> {
      const boundary = 'academy-test-boundary';
      const { hostname, port } = new URL(provider.url);
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            hostname,
            port,
            path: urlPath,
            method: 'POST',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(10 * 1024 * 1024),
              cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
              'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              request.destroy();
              resolve({ status: response.statusCode ?? 0, body });
            });
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNRESET') reject(error);
        });
        request.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSneaky\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="featured_img"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        request.write(Buffer.concat([pngHead, Buffer.alloc(32 * 1024, 0x20)]));
        // The body is left unfinished: only an answer given before reading it can arrive.
        setTimeout(() => {
          request.destroy();
          reject(new Error('No answer while the body was unfinished: the provider waited to read it.'));
        }, 10_000).unref();
      });
    }

    it('is answered 401 {msg} before its body is read, and nothing reaches the upload folder', async () => {
      const visitor = provider.client();
      await visitor.get('/api/category/');
      const { status, body } = await unfinishedUpload('/api/course/', visitor.cookies);
      expect(status).toBe(401);
      expect(JSON.parse(body)).toEqual({ msg: expect.any(String) });
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('is answered 401 to a student session too (the teacher role is required)', async () => {
      const { status } = await unfinishedUpload('/api/course/', maria.cookies);
      expect(status).toBe(401);
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('is refused the same way when its body is complete', async () => {
      const mediaBefore = filesUnder(mediaDir).length;
      const calls = [
        provider.client().post('/api/course/', { multipart: { category: 2, teacher: ids.teacherId, title: 'X', featured_img: svgFile() } }),
        provider.client().put(`/api/teacher-course-detail/${course.id}/`, { multipart: { category: 2, teacher: ids.teacherId, title: 'X', featured_img: svgFile() } }),
        provider.client().post('/api/chapter/', { multipart: { course: course.id, title: 'X', video: videoFile() } }),
        provider.client().put(`/api/chapter/${chapter.id}/`, { multipart: { course: course.id, title: 'X', video: videoFile() } }),
        provider.client().put(`/api/teacher/${ids.teacherId}/`, { multipart: { full_name: 'X', email: 'x@example.org', profile_img: svgFile() } }),
      ];
      expect((await Promise.all(calls)).map(({ status }) => status)).toEqual([401, 401, 401, 401, 401]);
      expect(filesUnder(tmpDir)).toEqual([]);
      expect(filesUnder(mediaDir)).toHaveLength(mediaBefore);
    });
  });

  describe('files of the wrong type or size', () => {
    const notAnImage = () => new File(['just some notes'], 'notes.png', { type: 'image/png' });
    const notAVideo = () => new File(['just some notes'], 'notes.webm', { type: 'video/webm' });
    const bigImage = () => bytesFile(imageLimit + 1, 'big.png', 'image/png', pngHead);
    const bigVideo = () => bytesFile(videoLimit + 1024, 'big.webm', 'video/webm', webmHead);

    type UploadCase = [operation: string, what: string, method: 'POST' | 'PUT', url: () => string, fields: () => Record<string, string | number | Blob>, message: RegExp];
    const cases: UploadCase[] = [
      ['createCourse', 'a text file as image', 'POST', () => '/api/course/', () => ({ category: 2, teacher: ids.teacherId, title: 'X', featured_img: notAnImage() }), /must be a picture/],
      ['createCourse', 'a video as image', 'POST', () => '/api/course/', () => ({ category: 2, teacher: ids.teacherId, title: 'X', featured_img: videoFile() }), /must be a picture/],
      ['createCourse', 'an image over the limit', 'POST', () => '/api/course/', () => ({ category: 2, teacher: ids.teacherId, title: 'X', featured_img: bigImage() }), /image is too large: the limit is/],
      ['updateCourse', 'a text file as image', 'PUT', () => `/api/teacher-course-detail/${course.id}/`, () => ({ category: 2, teacher: ids.teacherId, title: 'X', featured_img: notAnImage() }), /must be a picture/],
      ['updateCourse', 'an image over the limit', 'PUT', () => `/api/teacher-course-detail/${course.id}/`, () => ({ category: 2, teacher: ids.teacherId, title: 'X', featured_img: bigImage() }), /image is too large/],
      ['createChapter', 'an image as video', 'POST', () => '/api/chapter/', () => ({ course: course.id, title: 'X', video: svgFile() }), /must be a video/],
      ['createChapter', 'a video over the limit', 'POST', () => '/api/chapter/', () => ({ course: course.id, title: 'X', video: bigVideo() }), /video is too large: the limit is/],
      ['updateChapter', 'a text file as video', 'PUT', () => `/api/chapter/${chapter.id}/`, () => ({ course: course.id, title: 'X', video: notAVideo() }), /must be a video/],
      ['updateChapter', 'a video over the limit', 'PUT', () => `/api/chapter/${chapter.id}/`, () => ({ course: course.id, title: 'X', video: bigVideo() }), /video is too large/],
      ['updateTeacher', 'a text file as photo', 'PUT', () => `/api/teacher/${ids.teacherId}/`, () => ({ full_name: 'Amara', email: demoLogins.teacher.email, profile_img: notAnImage() }), /must be a picture/],
    ];

    it.each(cases)('%s: %s is answered 400 {msg} and leaves nothing behind', async (_operation, _case, method, url, fields, message) => {
      const mediaBefore = filesUnder(mediaDir).length;
      const { status, body } = await amara.json<{ msg: string }>(method, url(), { multipart: fields() });
      expect(status).toBe(400);
      expect(body.msg).toMatch(message);
      expect(await eventuallyEmpty(tmpDir)).toEqual([]);
      expect(filesUnder(mediaDir)).toHaveLength(mediaBefore);
    });

    it('keeps the course and chapter as they were', async () => {
      expect((await amara.get<Course>(`/api/teacher-course-detail/${course.id}/`)).body.title).toBe("Amara's course");
      expect((await amara.get<Chapter>(`/api/chapter/${chapter.id}/`)).body.video).toBe(chapter.video);
    });
  });

  it('defaults to the limits api-spec.yaml states for images and videos', () => {
    const spec = YAML.parse(fs.readFileSync(path.resolve(__dirname, '../../api-spec.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { 'x-max-bytes': number }> };
    };
    const defaults = resolveConfig({ dataDir: '/tmp/x' }, {});
    expect(defaults.imageLimitBytes).toBe(spec.components.schemas.ImageFile!['x-max-bytes']);
    expect(defaults.videoLimitBytes).toBe(spec.components.schemas.VideoFile!['x-max-bytes']);
  });
});
