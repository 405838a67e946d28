/**
 * The render server's prerendered pages (scripts/serve-dist.ts, written by scripts/prerender.ts
 * with brotli and gzip copies), asked for as browsers, curl and crawlers ask: with an encoding of
 * their choice or none at all. No provider is needed.
 */
import fs from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type DistServer, startDistServer } from '../../scripts/serve-dist';
import { fakeShell, makeFakeBuild } from './fakeBuild';

const shell = '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title></head><body><div id=root></div></body></html>';
const home = '<!doctype html><html lang=en><head><title>Language Academy</title></head><body><div id=root><h1>Learn a language</h1></div></body></html>';
const about = '<!doctype html><html lang=en><head><title>About us</title></head><body><div id=root><h1>About us</h1></div></body></html>';

/** A GET whose body arrives as sent, decoded here by its Content-Encoding. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, encoding, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

describe('the prerendered pages of the render server', () => {
  let distDir: string;
  let server: DistServer;

  beforeAll(async () => {
    distDir = makeFakeBuild({ prefix: 'serve-dist-pages-test-', shell, renderBundle: '', dataPages: [], pages: { '/': home, '/about': about } });
    server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it.each([
    ['no Accept-Encoding', {}, undefined],
    ['Accept-Encoding: identity', { 'accept-encoding': 'identity' }, undefined],
    ['Accept-Encoding: gzip', { 'accept-encoding': 'gzip' }, 'gzip'],
    ['Accept-Encoding: br, gzip', { 'accept-encoding': 'br, gzip' }, 'br'],
  ])('sends the prerendered pages, / among them, to a request with %s', async (_, headers: Record<string, string>, encoding) => {
    for (const url of ['/', '/about', '/about/']) {
      const page = await get(`${server.url}${url}`, { accept: 'text/html', ...headers });
      expect({ url, status: page.status, encoding: page.encoding }).toEqual({ url, status: 200, encoding });
      expect(page.body).toBe(url === '/' ? home : about);
    }
  });

  it('answers a folder of the build that is no route with the not-found page, not 403', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const page = await get(`${server.url}/pages/`, { accept: 'text/html', ...headers });
      expect(page.status).toBe(404);
      expect(page.body).toBe(shell);
    }
  });
});

describe('a page both prerendered and rendered with its data (the home page)', () => {
  let distDir: string;
  let server: DistServer;

  beforeAll(async () => {
    // While the build holds `fail-renders`, the render fails, as it does when the provider cannot answer.
    const renderBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async () => {
  if (require('node:fs').existsSync(require('node:path').join(__dirname, 'fail-renders'))) throw new Error('the provider did not answer');
  return { html: '<h1>Learn a language</h1><h3>Yoruba for Beginners</h3>', title: 'Language Academy', styleTags: '', status: 200, apiState: { courses: 1 } };
};
`;
    distDir = makeFakeBuild({ prefix: 'serve-dist-home-test-', shell: fakeShell, renderBundle, dataPages: ['/'], pages: { '/': home, '/about': about } });
    server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderBundle: `${distDir}/render.cjs`, renderWorkers: 1, renderCacheEntries: 0 });
    // Asked for once its render worker has started (on a busy machine, about a second).
    while ((server.renderStats()?.workersStarted ?? 0) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the page rendered with the data, and its prerendered page when that render fails, never the shell', async () => {
    const rendered = await get(`${server.url}/`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(rendered.status).toBe(200);
    expect(rendered.body).toContain('<h3>Yoruba for Beginners</h3>');
    expect(rendered.body).toContain('<script type="application/json" id="api-state">{"courses":1}</script>');

    fs.writeFileSync(`${distDir}/fail-renders`, '');
    const prerendered = await get(`${server.url}/`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(prerendered).toEqual({ status: 200, encoding: 'br', body: home });
    // A page that is only prerendered is never rendered.
    expect((await get(`${server.url}/about`, { accept: 'text/html' })).body).toBe(about);
    expect(server.renderStats()).toMatchObject({ rendered: 1 });
  });
});

describe("a kept data page's compression", () => {
  let distDir: string;
  let server: DistServer;
  let provider: http.Server;

  beforeAll(async () => {
    // A provider whose course list the page is rendered from: two hundred courses, a page of about 30 KB.
    const courses = Array.from({ length: 200 }, (_, index) => ({ id: index + 1, title: `Course ${index + 1} of the catalogue`, price: (index * 7) % 40 }));
    provider = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(JSON.stringify(courses)));
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const renderBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async (url, { origin, fetch }) => {
  const courses = await (await fetch(origin + '/api/course/')).json();
  const html = '<main><h1>Browse Courses</h1><ul>' + courses.map((course) => '<li><h3>' + course.title + '</h3><p>' + course.price + ' USD</p></li>').join('') + '</ul></main>';
  return { html, title: 'Browse Courses', styleTags: '', status: 200, apiState: { courses } };
};
`;
    distDir = makeFakeBuild({ prefix: 'serve-dist-packed-test-', shell: fakeShell, renderBundle, dataPages: ['/all-courses'] });
    const { port } = provider.address() as { port: number };
    server = await startDistServer({ distDir, providerUrl: `http://127.0.0.1:${port}`, renderBundle: `${distDir}/render.cjs`, renderWorkers: 1 });
    while ((server.renderStats()?.workersStarted ?? 0) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => provider.close(resolve));
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  /** The page's brotli bytes as sent, and the document they hold. */
  async function fetchBrotli(headers: Record<string, string> = { 'accept-encoding': 'gzip, br' }) {
    return new Promise<{ encoding: string | undefined; bytes: number; body: string }>((resolve, reject) => {
      http
        .get(`${server.url}/all-courses`, { headers: { accept: 'text/html', ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            resolve({ encoding, bytes: raw.length, body: (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8') });
          });
        })
        .on('error', reject);
    });
  }

  it('is made once at a higher quality for the visitors after the second, smaller than on the fly, the same document', async () => {
    const first = await fetchBrotli();
    const second = await fetchBrotli();
    expect([first.encoding, second.encoding]).toEqual(['br', 'br']);
    expect(second).toEqual(first);
    expect(first.body).toContain('<h3>Course 200 of the catalogue</h3>');
    let later = await fetchBrotli();
    for (let attempt = 0; attempt < 50 && later.bytes === first.bytes; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      later = await fetchBrotli();
    }
    expect(later.encoding).toBe('br');
    expect(later.body).toBe(first.body);
    expect(later.bytes).toBeLessThan(first.bytes);
    // Not rendered again: the same kept page, sent again.
    expect(server.renderStats()).toMatchObject({ rendered: 1 });

    // Who does not take brotli gets the page compressed as it asked, or not at all.
    expect(await fetchBrotli({ 'accept-encoding': 'gzip, br;q=0' })).toMatchObject({ encoding: 'gzip', body: first.body });
    expect(await fetchBrotli({})).toMatchObject({ encoding: undefined, body: first.body });
  });
});
