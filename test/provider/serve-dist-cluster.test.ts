/**
 * `npm run provider:cluster`'s start (scripts/cluster.ts, `startCluster`): a throwaway PostgreSQL
 * and Redis of its own, two provider instances as child processes, the render server in front.
 * Which instance answered is read from each instance's own request log (PROVIDER_LOG_LEVEL=info), not from
 * anything in the answers. The build is a fake one (fakeBuild.ts); the CLI is a thin wrapper.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningCluster, startCluster } from '../../scripts/cluster';
import { courseTitleRenderBundle, fakeShell, makeFakeBuild } from './fakeBuild';
import { Client } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm run provider:cluster', () => {
  let cluster: RunningCluster;
  let dataDir: string;
  let distDir: string;
  /** What it printed as it started. */
  const said: string[] = [];

  /** How many requests `METHOD path` each instance's log shows (its output may reach the file a moment later). */
  const served = async (method: string, url: string, least: number): Promise<number[]> => {
    const count = () =>
      cluster.instances.map(({ logFile }) =>
        fs
          .readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"incoming request"') && line.includes(`"method":"${method}"`) && line.includes(`"url":"${url}"`)).length,
      );
    for (let waited = 0; waited < 2_000 && count().reduce((sum, each) => sum + each, 0) < least; waited += 50) await sleep(50);
    return count();
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-test-'));
    distDir = makeFakeBuild({ prefix: 'cluster-test-dist-', shell: fakeShell, renderBundle: courseTitleRenderBundle, dataPages: ['/detail/:course_id'] });
    const { DATABASE_URL: _database, REDIS_URL: _redis, MEDIA_DIR: _media, ...env } = process.env;
    cluster = await startCluster({
      dataDir,
      instances: 2,
      port: 0,
      providerPort: 0,
      distDir,
      renderBundle: path.join(distDir, 'render.cjs'),
      renderWorkers: 1,
      postgres: 'throwaway',
      env: { ...env, PROVIDER_LOG: '1', PROVIDER_LOG_LEVEL: 'info' },
      log: (line) => said.push(line),
    });
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('runs two instances on its own PostgreSQL, Redis and media folder, and answers through one address from both', async () => {
    expect(cluster.databaseUrl).toMatch(/^postgres:\/\/academy@127\.0\.0\.1:\d+\/academy$/);
    expect(cluster.redisUrl).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(cluster.mediaDir).toBe(path.join(dataDir, 'cluster', 'media'));
    expect(said).toContain(`Provider 2  ${cluster.instances[1]!.url} (log ${cluster.instances[1]!.logFile})`);

    const visitor = new Client(cluster.url);
    // The cluster asked each instance for the categories once it started, to see it answer.
    const before = await served('GET', '/api/category/', 0);
    for (let request = 0; request < 4; request += 1) expect((await visitor.get('/api/category/')).status).toBe(200);
    const after = await served('GET', '/api/category/', before[0]! + before[1]! + 4);
    expect(after.map((count, index) => count - before[index]!)).toEqual([2, 2]);
    // The seeded pictures are in the one media folder, which both serve.
    const courses = await visitor.get<{ id: number; featured_img: string }[]>('/api/course/');
    const picture = new URL(courses.body[0]!.featured_img, cluster.url).pathname;
    expect(fs.existsSync(path.join(cluster.mediaDir, picture.replace(/^\/media\//, '')))).toBe(true);
    for (let request = 0; request < 2; request += 1) expect((await fetch(`${cluster.url}${picture}`)).status).toBe(200);
    expect(await served('GET', picture, 2)).toEqual([1, 1]);
  });

  it('keeps a student registered and logged in through the address logged in on both instances', async () => {
    const browser = new Client(cluster.url);
    const registered = await browser.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Cluster Student', email: 'cluster@example.org', password: 'pass-1234', username: 'cluster', otp_digit: '000000' },
    });
    expect(registered.status).toBe(201);
    const { code } = await new Client(cluster.instances[1]!.url).lastMailTo('cluster@example.org');
    expect((await browser.post(`/api/verify-student/${registered.body.id}/`, { form: { otp_digit: code } })).body).toMatchObject({ bool: true });
    const loggedIn = await browser.post('/api/student-login', { multipart: { email: 'cluster@example.org', password: 'pass-1234' } });
    expect(loggedIn.body).toMatchObject({ bool: true, student_id: registered.body.id });

    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) statuses.push((await browser.get(`/api/student/${registered.body.id}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await served('GET', `/api/student/${registered.body.id}`, 4)).toEqual([2, 2]);
  });

  it('stops everything it started', async () => {
    const { instances } = cluster;
    await cluster.stop();
    for (const { child } of instances) expect(child.exitCode ?? child.signalCode).not.toBeNull();
    await expect(fetch(`${instances[0]!.url}/api/category/`)).rejects.toThrow();
    await expect(fetch(`${cluster.url}/api/category/`)).rejects.toThrow();
  });
});
