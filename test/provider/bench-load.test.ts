/**
 * `npm run bench:load` (scripts/bench-load.ts) with tiny numbers, so that it cannot rot: a small
 * academy seeded as the bench seeds it, providers in this process, a render server with a
 * stand-in render bundle, and two seconds of every kind of call; once with one provider on
 * SQLite, once with two on one PostgreSQL database and one Redis (the API calls spread over both,
 * as the bench does with INSTANCES=2). Figures are not checked, only that every kind was called
 * and answered without an error. (One second is too short on a loaded machine: a kind's first
 * call can come after the end.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { type AcademySizes, baseWorkload, kinds, markdownTable, prepareAcademy, runLoad, type Workload } from '../../scripts/bench-load';
import { freePort } from '../../scripts/localProvider';
import { type LocalPostgres, startLocalPostgres } from '../../scripts/postgres';
import { type DistServer, startDistServer } from '../../scripts/serve-dist';
import { makeFakeBuild } from './fakeBuild';
import { type RunningRedis, startRedis } from './redisServer';
import { makeDataDir, type RunningProvider, startProvider } from './support';

const shell =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title>' +
  '<script defer src=/js/main.1.js></script></head><body><div id=root></div></body></html>';

const renderBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async (url) => ({ html: '<main><h1>' + url + '</h1></main>', title: url, styleTags: '', status: 200, apiState: {} });
`;

/** Where the app is served from: every instance's APP_ORIGIN, and the Origin the writes send. */
const appOrigin = 'http://127.0.0.1:8080';

const tinyAcademy: AcademySizes = { courses: 30, students: 40, conversations: 6, longConversationMessages: 120, messagesPerConversation: 4 };

const tiny: Workload = {
  ...baseWorkload,
  unreadStudents: 10,
  unreadPeriodMs: 500,
  openConversations: 4,
  pollPeriodMs: 500,
  messagesPerSecond: 4,
  visitors: 2,
  visitorPeriodMs: 500,
  progressStudents: 3,
  progressPeriodMs: 500,
  connections: Object.fromEntries(kinds.map((kind) => [kind, 1])) as Workload['connections'],
};

describe('bench:load', () => {
  const providers: RunningProvider[] = [];
  let server: DistServer | undefined;
  let distDir: string | undefined;
  let postgres: LocalPostgres | undefined;
  let redis: RunningRedis | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
    // The instances share one data folder: the last one stopped removes it.
    for (const [index, provider] of providers.reverse().entries()) await provider.stop({ removeData: index === providers.length - 1 });
    providers.length = 0;
  });
  afterAll(async () => {
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
    await redis?.stop();
    await postgres?.stop();
  });

  /** A render server with the stand-in bundle, in front of `providerUrl`. */
  async function startRenderServer(providerUrl: string): Promise<DistServer> {
    distDir ??= makeFakeBuild({
      prefix: 'bench-load-test-',
      shell,
      renderBundle,
      dataPages: ['/detail/:course_id', '/teacher-detail/:teacher_id', '/category/:category_slug', '/all-courses', '/all-popular-courses', '/all-teachers'],
    });
    return startDistServer({ distDir, providerUrl, renderBundle: path.join(distDir, 'render.cjs'), renderWorkers: 1, trustProxy: '127.0.0.1' });
  }

  function expectEveryKindAnswered(result: Awaited<ReturnType<typeof runLoad>>): void {
    expect(result.rows.map((row) => row.kind)).toEqual([...kinds]);
    for (const row of result.rows) {
      expect({ kind: row.kind, errors: row.errorSamples }).toEqual({ kind: row.kind, errors: [] });
      expect(row.requests).toBeGreaterThan(0);
    }
    expect(result.rows.find((row) => row.kind === 'data page')?.shells).toBe(0);
  }

  it('seeds an academy on SQLite and runs every kind of call against one provider without errors', async () => {
    const academy = await prepareAcademy(makeDataDir(), tinyAcademy);
    expect(academy.students).toHaveLength(40);
    expect(academy.conversations).toHaveLength(6);
    expect(academy.databaseUrl).toBeUndefined();
    providers.push(await startProvider({ dataDir: academy.dataDir, databaseUrl: '', appOrigin, listen: true }));
    server = await startRenderServer(providers[0]!.url);

    const result = await runLoad({ providerUrls: [providers[0]!.url], renderUrl: server.url, appOrigin }, academy, tiny, 2);

    expectEveryKindAnswered(result);
    expect(markdownTable(result)).toMatch(/^\| call \| users \|/);
  });

  it('seeds an academy on PostgreSQL and spreads every kind of call over two providers on it and one Redis without errors', async () => {
    // Both servers start side by side; whichever started is stopped after, even if the other failed.
    const [startedPostgres, startedRedis] = await Promise.allSettled([freePort().then((port) => startLocalPostgres({ port, throwaway: true })), startRedis()]);
    if (startedPostgres.status === 'fulfilled') postgres = startedPostgres.value;
    if (startedRedis.status === 'fulfilled') redis = startedRedis.value;
    if (!postgres || !redis) throw [startedPostgres, startedRedis].find((outcome) => outcome.status === 'rejected')?.reason;
    const databaseUrl = await postgres.createDatabase('bench_load_test');
    const academy = await prepareAcademy(makeDataDir(), tinyAcademy, { databaseUrl });
    expect(academy.students).toHaveLength(40);
    expect(academy.conversations).toHaveLength(6);
    // Both instances on the one database, data folder (so media folder) and Redis.
    for (let instance = 0; instance < 2; instance += 1) {
      providers.push(await startProvider({ dataDir: academy.dataDir, databaseUrl, redisUrl: redis.url, appOrigin, listen: true }));
    }
    const providerUrls = providers.map((provider) => provider.url);
    server = await startRenderServer(providerUrls[0]!);

    const result = await runLoad({ providerUrls, renderUrl: server.url, appOrigin }, academy, tiny, 2);

    expectEveryKindAnswered(result);
    const [first, second] = result.callsPerInstance as [number, number];
    expect(Math.abs(first - second)).toBeLessThanOrEqual(1);
    expect(first).toBeGreaterThan(0);
  }, 90_000);
});
