/**
 * The render server's pool (scripts/serve-dist.ts, scripts/renderPool.ts), through HTTP: data
 * pages render on several worker threads, a burst beyond the workers and the queue gets the shell
 * at once, and a page that cannot be rendered in time, or whose worker dies, gets the shell while
 * its render is dropped (never finished in the background) and the worker is replaced.
 * The build is stood in for by a shell and a render bundle whose pages say which thread rendered
 * them and misbehave by URL: `/detail/sleep-<ms>-<tag>` takes that long and then leaves a file
 * `done-<tag>` (so a render that was dropped leaves none), `/detail/throw` fails, `/detail/exit`
 * ends its thread, `/detail/crash` throws outside the render; FAKE_BUNDLE_LOAD_MS in the workers'
 * environment makes loading it slow. No provider is needed.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type DistServer, type DistServerOptions, startDistServer } from '../../scripts/serve-dist';
import { makeFakeBuild } from './fakeBuild';

jest.setTimeout(30_000);

const shell =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title>' +
  '<script defer src=/js/main.1.js></script></head><body><div id=root></div></body></html>';

const renderBundle = `
const fs = require('node:fs');
const path = require('node:path');
const { threadId } = require('node:worker_threads');
if (process.env.FAKE_BUNDLE_LOAD_MS) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.FAKE_BUNDLE_LOAD_MS));
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async (url) => {
  const name = url.split('/').pop();
  const sleep = /^sleep-(\\d+)-(\\w+)$/.exec(name);
  if (sleep) {
    await new Promise((resolve) => setTimeout(resolve, Number(sleep[1])));
    fs.writeFileSync(path.join(__dirname, 'done-' + sleep[2]), '');
  }
  if (name === 'throw') throw new Error('the provider did not answer');
  if (name === 'exit') process.exit(3);
  if (name === 'crash') {
    setTimeout(() => { throw new Error('boom'); });
    await new Promise(() => undefined);
  }
  return { html: '<main><h1>' + name + '</h1><p>thread ' + threadId + '</p></main>', title: name, styleTags: '', status: 200, apiState: {} };
};
`;

interface Answer {
  status: number;
  body: string;
  ms: number;
  /** The render's page (not the shell), and the thread that rendered it. */
  rendered: boolean;
  thread: number | null;
}

function get(url: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: 'text/html' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const thread = /thread (\d+)/.exec(body);
          resolve({
            status: response.statusCode ?? 0,
            body,
            ms: performance.now() - started,
            rendered: body.includes('data-prerendered'),
            thread: thread ? Number(thread[1]) : null,
          });
        });
      })
      .on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the render pool', () => {
  let distDir: string;
  const servers: DistServer[] = [];
  const serve = async (options: Partial<DistServerOptions>) => {
    const server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderBundle: path.join(distDir, 'render.cjs'), ...options });
    servers.push(server);
    // The first page waits for a worker to load the bundle: after it, the workers are ready.
    expect((await get(`${server.url}/detail/warm-up`)).rendered).toBe(true);
    return server;
  };
  const done = (tag: string) => fs.existsSync(path.join(distDir, `done-${tag}`));
  let logged: jest.SpyInstance;

  beforeAll(() => {
    distDir = makeFakeBuild({ prefix: 'serve-dist-pool-test-', shell, renderBundle, dataPages: ['/detail/:course_id'] });
  });
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    logged.mockRestore();
    for (const server of servers.splice(0)) await server.close();
  });
  afterAll(() => {
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('renders pages at the same time on its workers', async () => {
    const server = await serve({ renderWorkers: 2 });
    const started = performance.now();
    const [first, second] = await Promise.all([get(`${server.url}/detail/sleep-700-parallel1`), get(`${server.url}/detail/sleep-700-parallel2`)]);
    expect(first).toMatchObject({ status: 200, rendered: true });
    expect(first.body).toContain('<h1>sleep-700-parallel1</h1>');
    expect(second).toMatchObject({ status: 200, rendered: true });
    expect(first.thread).not.toBe(second.thread);
    expect(performance.now() - started).toBeLessThan(1400);
  });

  it('answers a burst beyond the workers and the queue with the shell at once, and renders only what it sent', async () => {
    const server = await serve({ renderWorkers: 1, renderQueue: 1, renderTimeoutMs: 5000 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => get(`${server.url}/detail/sleep-800-burst${index}`)));
    const rendered = answers.filter((answer) => answer.rendered);
    const shells = answers.filter((answer) => !answer.rendered);
    // One rendering, one waiting; the other four get the shell before the first render is done.
    expect(rendered).toHaveLength(2);
    expect(shells).toHaveLength(4);
    for (const answer of shells) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(shell);
      expect(answer.ms).toBeLessThan(700);
    }
    await sleep(900);
    expect(Array.from({ length: 6 }, (_, index) => done(`burst${index}`)).filter(Boolean)).toHaveLength(2);
    expect(server.renderStats()).toMatchObject({ rendered: 3, refused: 4, cancelled: 0 });
  });

  it('refuses at once a page that the pages ahead of it would take past its deadline', async () => {
    const server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderBundle: path.join(distDir, 'render.cjs'), renderWorkers: 1, renderQueue: 10, renderTimeoutMs: 1500 });
    servers.push(server);
    // Renders take 600 ms here: one rendering and one waiting make 1.2 s; a third would wait past 1.5 s.
    expect((await get(`${server.url}/detail/sleep-600-typical`)).rendered).toBe(true);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => get(`${server.url}/detail/sleep-600-ahead${index}`)));
    expect(answers.filter((answer) => answer.rendered)).toHaveLength(2);
    for (const answer of answers.filter((candidate) => !candidate.rendered)) expect(answer.ms).toBeLessThan(500);
    expect(server.renderStats()).toMatchObject({ rendered: 3, refused: 2, expiredWaiting: 0, cancelled: 0 });
  });

  it('stops a render past its deadline: the shell goes out, the render is not finished, and a new worker renders the next pages', async () => {
    const server = await serve({ renderWorkers: 1, renderTimeoutMs: 800 });
    const before = await get(`${server.url}/detail/ok`);
    const slow = await get(`${server.url}/detail/sleep-1500-deadline`);
    expect(slow).toMatchObject({ status: 200, rendered: false });
    expect(slow.ms).toBeLessThan(1400);
    const after = await get(`${server.url}/detail/ok`);
    expect(after).toMatchObject({ status: 200, rendered: true });
    expect(after.thread).not.toBe(before.thread);
    await sleep(1000);
    expect(done('deadline')).toBe(false);
    expect(server.renderStats()).toMatchObject({ cancelled: 1, workersStarted: 2 });
  });

  it('rests a worker whose renders keep running past the deadline: the shell at once meanwhile, then it renders again', async () => {
    const server = await serve({ renderWorkers: 1, renderTimeoutMs: 400 });
    for (const tag of ['late1', 'late2']) expect((await get(`${server.url}/detail/sleep-1000-${tag}`)).rendered).toBe(false);
    // Two in a row: the worker's slot rests for a second before a new one starts.
    const resting = await get(`${server.url}/detail/ok`);
    expect(resting.rendered).toBe(false);
    expect(resting.ms).toBeLessThan(300);
    expect(logged).toHaveBeenCalledWith('2 renders in a row ran past 400 ms: starting a new render worker in 1 s.');
    await sleep(1200);
    expect((await get(`${server.url}/detail/ok`)).rendered).toBe(true);
    expect(server.renderStats()).toMatchObject({ cancelled: 2, refused: 1, workersStarted: 3 });
    expect(done('late1') || done('late2')).toBe(false);
  });

  it('takes a page whose time ran out while it waited out of the queue, unrendered', async () => {
    // Workers that take a second to load the bundle: the first pages wait for them.
    process.env.FAKE_BUNDLE_LOAD_MS = '1000';
    const server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderBundle: path.join(distDir, 'render.cjs'), renderWorkers: 1, renderTimeoutMs: 500 });
    servers.push(server);
    delete process.env.FAKE_BUNDLE_LOAD_MS;
    const waiting = await get(`${server.url}/detail/sleep-10-waiting`);
    expect(waiting).toMatchObject({ status: 200, rendered: false });
    expect(waiting.ms).toBeLessThan(900);
    await sleep(800);
    const later = await get(`${server.url}/detail/sleep-10-later`);
    expect(later.rendered).toBe(true);
    expect(done('later')).toBe(true);
    expect(done('waiting')).toBe(false);
    expect(server.renderStats()).toMatchObject({ expiredWaiting: 1, rendered: 1, cancelled: 0 });
  });

  it('replaces a worker that exits or crashes; its page gets the shell at once, later pages render', async () => {
    const server = await serve({ renderWorkers: 1, renderTimeoutMs: 5000 });
    const threads = [(await get(`${server.url}/detail/ok`)).thread];
    for (const page of ['exit', 'crash']) {
      const dead = await get(`${server.url}/detail/${page}`);
      expect(dead).toMatchObject({ status: 200, rendered: false });
      expect(dead.body).toBe(shell);
      expect(dead.ms).toBeLessThan(2000);
      const next = await get(`${server.url}/detail/ok`);
      expect(next.rendered).toBe(true);
      threads.push(next.thread);
    }
    expect(new Set(threads).size).toBe(3);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^A render worker stopped \(exit code 3\) while rendering \/detail\/exit: starting a new one\.$/));
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^A render worker stopped \(exit code 1, boom\) while rendering \/detail\/crash/));
    expect(server.renderStats()).toMatchObject({ crashed: 2, workersStarted: 3 });
    // The rest of the build is served as before.
    expect((await get(`${server.url}/index.html`)).body).toBe(shell);
  });

  it('keeps the worker when a render fails: the shell, and the same thread renders the next page', async () => {
    const server = await serve({ renderWorkers: 1 });
    const before = await get(`${server.url}/detail/ok`);
    expect(await get(`${server.url}/detail/throw`)).toMatchObject({ status: 200, rendered: false });
    const after = await get(`${server.url}/detail/ok`);
    expect(after.rendered).toBe(true);
    expect(after.thread).toBe(before.thread);
    expect(server.renderStats()).toMatchObject({ failed: 1, workersStarted: 1 });
  });

  it('refuses settings that are not counts, naming them', async () => {
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderWorkers: 0 })).rejects.toThrow(/^RENDER_WORKERS \(renderWorkers\) must be a whole number from 1/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderQueue: -1 })).rejects.toThrow(/^RENDER_QUEUE \(renderQueue\)/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderTimeoutMs: Number.NaN })).rejects.toThrow(/^RENDER_TIMEOUT_MS/);
  });
});
