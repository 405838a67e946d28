import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type DemoIds, type RunningProvider, demoIds, startProvider } from './support';

interface RawAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
  json(): unknown;
}

/** A GET whose body arrives as sent (fetch would decompress it; Jest cannot load light-my-request's cookie). */
function rawGet(base: string, url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, base), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            rawPayload,
            json: () => JSON.parse(rawPayload.toString('utf8')) as unknown,
          });
        });
      })
      .on('error', reject);
  });
}

/** Compressed JSON answers and cacheable media. */
describe('compression and caching', () => {
  let provider: RunningProvider;
  let ids: DemoIds;
  let imageUrl: string;

  beforeAll(async () => {
    // The bytes as sent, compressed or not, read off the socket.
    provider = await startProvider({ listen: true });
    ids = await demoIds(provider);
    const course = await rawGet(provider.url, `/api/course/${ids.courses.Akan!.id}`);
    imageUrl = (course.json() as { featured_img: string }).featured_img;
  });

  afterAll(() => provider.stop());

  const listCourses = (encoding?: string) =>
    rawGet(provider.url, '/api/course/', encoding ? { 'accept-encoding': encoding } : {});

  it('sends JSON lists in brotli or gzip as the client accepts, and plain otherwise', async () => {
    const plain = await listCourses();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const courses = plain.json() as unknown[];
    expect(courses.length).toBeGreaterThan(0);

    const brotli = await listCourses('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(courses);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await listCourses('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(courses);
  });

  it('caches course images for a week and answers their validators with 304', async () => {
    const first = await rawGet(provider.url, imageUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=604800');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^W\/"/);

    const byTag = await rawGet(provider.url, imageUrl, { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byDate = await rawGet(provider.url, imageUrl, { 'if-modified-since': lastModified });
    expect(byDate.statusCode).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const changed = await rawGet(provider.url, imageUrl, { 'if-modified-since': older });
    expect(changed.statusCode).toBe(200);
    const otherTag = await rawGet(provider.url, imageUrl, { 'if-none-match': 'W/"other"', 'if-modified-since': lastModified });
    expect(otherTag.statusCode).toBe(200);
  });

  it('never compresses a range answer', async () => {
    const part = await rawGet(provider.url, imageUrl, { range: 'bytes=0-15', 'accept-encoding': 'br, gzip' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.length).toBe(16);
  });
});
