/**
 * The render server's prerendered pages (scripts/serve-dist.ts, written by scripts/prerender.ts
 * with brotli and gzip copies), asked for as browsers, curl and crawlers ask: with an encoding of
 * their choice or none at all. No provider is needed.
 */
import fs from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type DistServer, startDistServer } from '../../scripts/serve-dist';
import { makeFakeBuild } from './fakeBuild';

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
