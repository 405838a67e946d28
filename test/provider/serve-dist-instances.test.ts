/**
 * The render server (scripts/serve-dist.ts) as the one address in front of several provider
 * instances (PROVIDER_URL with several addresses): two real providers on one data folder, each
 * with a listener of the test's own on its HTTP server noting the requests that reach it (no
 * header is added to the answers for this). The build is a fake one (fakeBuild.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type DistServer, type DistServerOptions, startDistServer } from '../../scripts/serve-dist';
import { freePort } from '../../scripts/localProvider';
import { courseTitleRenderBundle, fakeShell, makeFakeBuild } from './fakeBuild';
import { Client, type RunningProvider, startProvider } from './support';

interface Instance {
  provider: RunningProvider;
  /** `METHOD path` of every request that reached it over its socket. */
  seen: string[];
}

describe('the render server in front of several provider instances', () => {
  const instances: Instance[] = [];
  let distDir: string;
  const servers: DistServer[] = [];
  const serve = async (options: Partial<DistServerOptions> = {}) => {
    const server = await startDistServer({
      distDir,
      providerUrl: instances.map((instance) => instance.provider.url).join(','),
      renderBundle: path.join(distDir, 'render.cjs'),
      renderWorkers: 1,
      ...options,
    });
    servers.push(server);
    while ((server.renderStats()?.workersStarted ?? 0) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    return server;
  };
  const forget = () => instances.forEach((instance) => instance.seen.splice(0));
  /** How many requests `METHOD path` (a prefix) reached each instance. */
  const counts = (request: string) => instances.map(({ seen }) => seen.filter((each) => each.startsWith(request)).length);

  beforeAll(async () => {
    const first = await startProvider({ trustProxy: '127.0.0.1' });
    const second = await startProvider({ dataDir: first.dataDir, trustProxy: '127.0.0.1' });
    for (const provider of [first, second]) {
      const seen: string[] = [];
      provider.app.server.on('request', (request: { method?: string; url?: string }) => seen.push(`${request.method} ${request.url}`));
      await provider.listen();
      instances.push({ provider, seen });
    }
    distDir = makeFakeBuild({ prefix: 'serve-dist-instances-', shell: fakeShell, renderBundle: courseTitleRenderBundle, dataPages: ['/detail/:course_id'] });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await instances[1]?.provider.stop({ removeData: false });
    await instances[0]?.provider.stop();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends /api and /media requests and the render threads’ calls to each instance in turn', async () => {
    const server = await serve({ renderCacheEntries: 0 });
    forget();
    const visitor = new Client(server.url);
    for (let request = 0; request < 4; request += 1) expect((await visitor.get('/api/category/')).status).toBe(200);
    expect(counts('GET /api/category/')).toEqual([2, 2]);

    const courses = await visitor.get<{ id: number; featured_img: string }[]>('/api/course/');
    const picture = new URL(courses.body[0]!.featured_img, server.url).pathname;
    for (let request = 0; request < 2; request += 1) expect((await fetch(`${server.url}${picture}`)).status).toBe(200);
    expect(counts(`GET ${picture}`)).toEqual([1, 1]);

    const course = courses.body[0]!.id;
    for (let request = 0; request < 2; request += 1) {
      expect(await (await fetch(`${server.url}/detail/${course}`)).text()).toContain('data-prerendered');
    }
    expect(counts(`GET /api/course/${course}`)).toEqual([1, 1]);
  });

  it('keeps a student registered and logged in through the address logged in for every later request, whichever instance answers', async () => {
    const server = await serve();
    const browser = new Client(server.url);
    const registered = await browser.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Through One Address', email: 'one-address@example.org', password: 'pass-1234', username: 'one-address', otp_digit: '000000' },
    });
    expect(registered.status).toBe(201);
    const { code } = await instances[1]!.provider.client().lastMailTo('one-address@example.org');
    const verified = await browser.post(`/api/verify-student/${registered.body.id}/`, { form: { otp_digit: code } });
    expect(verified.body).toMatchObject({ bool: true, student_id: registered.body.id });
    const loggedIn = await browser.post('/api/student-login', { multipart: { email: 'one-address@example.org', password: 'pass-1234' } });
    expect(loggedIn.body).toMatchObject({ bool: true, student_id: registered.body.id });

    forget();
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) statuses.push((await browser.get(`/api/student/${registered.body.id}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(counts(`GET /api/student/${registered.body.id}`)).toEqual([2, 2]);
  });

  it('sends a GET refused by an instance to the next one, and answers any other request it refuses with 502', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    const server = await serve({ providerUrl: [instances[0]!.provider.url, gone], renderCacheEntries: 0 });
    const visitor = new Client(server.url);
    const reads: number[] = [];
    for (let request = 0; request < 4; request += 1) reads.push((await visitor.get('/api/category/')).status);
    expect(reads).toEqual([200, 200, 200, 200]);
    // The render thread's calls too.
    for (let request = 0; request < 2; request += 1) {
      expect(await (await fetch(`${server.url}/detail/1`)).text()).toContain('data-prerendered');
    }

    const writes: { status: number; text: string }[] = [];
    for (let request = 0; request < 2; request += 1) {
      const answer = await fetch(`${server.url}/api/student-login`, { method: 'POST', body: new URLSearchParams({ email: 'nobody@example.org', password: 'wrong-password' }) });
      writes.push({ status: answer.status, text: await answer.text() });
    }
    const refused = writes.filter((write) => write.status === 502);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.text).toContain(`the provider at ${gone} did not answer`);
    expect(writes.find((write) => write.status !== 502)?.status).toBeLessThan(500);
  });

  it('refuses a PROVIDER_URL that names no provider or not an http address', async () => {
    await expect(startDistServer({ distDir, providerUrl: ' , ' })).rejects.toThrow(/^PROVIDER_URL \(providerUrl\) names no provider/);
    await expect(startDistServer({ distDir, providerUrl: 'http://127.0.0.1:8000,127.0.0.1:8001' })).rejects.toThrow(/^PROVIDER_URL \(providerUrl\) takes http/);
  });
});
