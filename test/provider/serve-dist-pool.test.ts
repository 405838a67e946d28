/**
 * The render server's pool (scripts/serve-dist.ts, scripts/renderPool.ts), through HTTP: data
 * pages render on several worker threads, a burst beyond the workers and the queue gets the shell
 * at once, and a page that cannot be rendered in time, or whose worker dies, gets the shell while
 * its render is dropped (never finished in the background) and the worker is replaced.
 * The build is stood in for by a shell and a render bundle whose pages say which thread rendered
 * them and misbehave by URL: `/detail/sleep-<ms>-<tag>` takes that long and then leaves a file
 * `done-<tag>` (so a render that was dropped leaves none), `/detail/throw` fails, `/detail/exit`
 * ends its thread, `/detail/crash` throws outside the render; FAKE_BUNDLE_LOAD_MS in the workers'
 * environment makes loading it slow. No provider is needed. The server trusts this suite as its
 * proxy: each request names its visitor's address in X-Forwarded-For (`get`'s `from`).
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

function get(url: string, from = '192.0.2.1'): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: 'text/html', 'x-forwarded-for': from } }, (response) => {
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

/** Resolves once `count` workers have started (warmed up), the replacements included: a cold one is slow on a busy machine. */
async function workersStarted(server: DistServer, count: number): Promise<void> {
  const until = performance.now() + 10_000;
  while ((server.renderStats()?.workersStarted ?? 0) < count && performance.now() < until) await sleep(20);
}

describe('the render pool', () => {
  let distDir: string;
  const servers: DistServer[] = [];
  const serve = async (options: Partial<DistServerOptions>) => {
    const server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderBundle: path.join(distDir, 'render.cjs'), trustProxy: '127.0.0.1', ...options });
    servers.push(server);
    // Once the workers have loaded the bundle, the first page is rendered.
    await workersStarted(server, options.renderWorkers ?? 1);
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
    await workersStarted(server, 2);
    const after = await get(`${server.url}/detail/ok`, '192.0.2.2');
    expect(after).toMatchObject({ status: 200, rendered: true });
    expect(after.thread).not.toBe(before.thread);
    await sleep(1000);
    expect(done('deadline')).toBe(false);
    expect(server.renderStats()).toMatchObject({ cancelled: 1, workersStarted: 2, restarts: 1 });
  });

  it('backs off per address: after a page of its ran past its deadline, its pages get the shell unrendered for 1 s, then 2 s; other addresses are rendered', async () => {
    // The pauses are read from Date.now() in this process: it is moved on instead of waiting them
    // out (timers, performance.now(), the workers' clocks and sockets stay real).
    const realNow = Date.now.bind(Date);
    let ahead = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
    const passTime = (ms: number) => (ahead += ms);
    try {
      const server = await serve({ renderWorkers: 1, renderTimeoutMs: 400 });
      expect((await get(`${server.url}/detail/sleep-1000-late1`, '198.51.100.7')).rendered).toBe(false);
      // Its cheap page right after gets the shell at once: a render in time would not end the back-off.
      const backingOff = await get(`${server.url}/detail/ok`, '198.51.100.7');
      expect(backingOff.rendered).toBe(false);
      expect(backingOff.ms).toBeLessThan(300);
      await workersStarted(server, 2);
      expect((await get(`${server.url}/detail/ok`, '203.0.113.9')).rendered).toBe(true);
      expect(logged).toHaveBeenCalledWith('198.51.100.7: 1 data pages past their deadline or fatal to their worker: its pages get the shell for 1 s.');
      passTime(1000);
      expect((await get(`${server.url}/detail/sleep-1000-late2`, '198.51.100.7')).rendered).toBe(false);
      expect(logged).toHaveBeenCalledWith('198.51.100.7: 2 data pages past their deadline or fatal to their worker: its pages get the shell for 2 s.');
      passTime(1000);
      expect((await get(`${server.url}/detail/ok`, '198.51.100.7')).rendered).toBe(false);
      passTime(1100);
      await workersStarted(server, 3);
      expect((await get(`${server.url}/detail/ok`, '198.51.100.7')).rendered).toBe(true);
      expect(server.renderStats()).toMatchObject({ cancelled: 2, backedOff: 2, restarts: 2 });
      // The dropped renders would have ended a second after they began.
      await sleep(1000);
      expect(done('late1') || done('late2')).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('keeps a page that always misses its deadline, alternated with a cheap one from one address, to a few worker restarts; another address is served meanwhile', async () => {
    const server = await serve({ renderWorkers: 1, renderTimeoutMs: 300 });
    const attacker = '198.51.100.66';
    const until = performance.now() + 4000;
    let other = 0;
    let otherRendered = 0;
    const attack = (async () => {
      for (let index = 0; performance.now() < until; index += 1) {
        await get(`${server.url}/detail/sleep-2000-attack${index}`, attacker);
        await get(`${server.url}/detail/ok`, attacker);
      }
    })();
    const visitor = (async () => {
      while (performance.now() < until) {
        await sleep(250);
        other += 1;
        if ((await get(`${server.url}/detail/ok`, '203.0.113.10')).rendered) otherRendered += 1;
      }
    })();
    await Promise.all([attack, visitor]);
    // Restarts at about 0.3 s, 1.6 s and 3.9 s (pauses of 1, 2 and 4 s); without the back-off, one
    // about every 0.5 s (eight) and the other visitor got the shell. One more is allowed: on a
    // loaded machine a fresh worker's first cheap page can miss the 300 ms deadline too.
    expect(server.renderStats()?.restarts).toBeLessThanOrEqual(4);
    expect(server.renderStats()?.backedOff).toBeGreaterThan(20);
    expect(otherRendered).toBeGreaterThanOrEqual(other - 4);
  });

  it('caps worker restarts over a rolling minute, whatever the addresses: beyond, data pages get the shell at once', async () => {
    const server = await serve({ renderWorkers: 1, renderTimeoutMs: 300, renderRestartsPerMinute: 3 });
    for (let index = 0; index < 6; index += 1) {
      // Each from its own address, once the worker that replaced the last one has warmed up.
      await workersStarted(server, Math.min(index, 3) + 1);
      const answer = await get(`${server.url}/detail/sleep-2000-capped${index}`, `198.51.100.${index + 10}`);
      expect(answer.rendered).toBe(false);
    }
    const fresh = await get(`${server.url}/detail/ok`, '203.0.113.11');
    expect(fresh.rendered).toBe(false);
    expect(fresh.ms).toBeLessThan(200);
    expect(server.renderStats()).toMatchObject({ cancelled: 3, restarts: 3, refused: 4, backedOff: 0 });
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

  it('keeps the worker when a render fails, and replaces one that exits or crashes; such a page gets the shell at once, later pages render', async () => {
    const server = await serve({ renderWorkers: 1, renderTimeoutMs: 5000 });
    const first = await get(`${server.url}/detail/ok`);
    // A render that fails: the shell, and the same thread renders the next page.
    expect(await get(`${server.url}/detail/throw`)).toMatchObject({ status: 200, rendered: false });
    const afterFailure = await get(`${server.url}/detail/ok`);
    expect(afterFailure.rendered).toBe(true);
    expect(afterFailure.thread).toBe(first.thread);
    expect(server.renderStats()).toMatchObject({ failed: 1, workersStarted: 1 });

    const threads = [first.thread];
    for (const page of ['exit', 'crash']) {
      const dead = await get(`${server.url}/detail/${page}`, `198.51.100.${page.length}`);
      expect(dead).toMatchObject({ status: 200, rendered: false });
      expect(dead.body).toBe(shell);
      expect(dead.ms).toBeLessThan(2000);
      await workersStarted(server, threads.length + 1);
      const next = await get(`${server.url}/detail/ok`);
      expect(next.rendered).toBe(true);
      threads.push(next.thread);
    }
    expect(new Set(threads).size).toBe(3);
    expect(logged).toHaveBeenCalledWith('A render worker stopped (worker exited with code: 3) while rendering /detail/exit: a new one is started.');
    expect(logged).toHaveBeenCalledWith('A render worker stopped (boom) while rendering /detail/crash: a new one is started.');
    expect(server.renderStats()).toMatchObject({ failed: 1, crashed: 2, workersStarted: 3, restarts: 2 });
    // The rest of the build is served as before.
    expect((await get(`${server.url}/index.html`)).body).toBe(shell);
  });

  it('refuses settings that are not counts, naming them', async () => {
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderWorkers: 0 })).rejects.toThrow(/^RENDER_WORKERS \(renderWorkers\) must be a whole number from 1/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderQueue: -1 })).rejects.toThrow(/^RENDER_QUEUE \(renderQueue\)/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderTimeoutMs: Number.NaN })).rejects.toThrow(/^RENDER_TIMEOUT_MS/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderRestartsPerMinute: 0 })).rejects.toThrow(/^RENDER_RESTARTS_PER_MINUTE/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', trustProxy: 'true' })).rejects.toThrow(/^RENDER_TRUST_PROXY \(trustProxy\) takes the addresses/);
  });
});
