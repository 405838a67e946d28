/**
 * `npm run bench:load` (scripts/bench-load.ts) with tiny numbers, so that it cannot rot: a small
 * academy seeded as the bench seeds it, the provider in this process, a render server with a
 * stand-in render bundle, and two seconds of every kind of call. Figures are not checked, only
 * that every kind was called and answered without an error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { baseWorkload, kinds, markdownTable, prepareAcademy, runLoad, type Workload } from '../../scripts/bench-load';
import { type DistServer, startDistServer } from '../../scripts/serve-dist';
import { makeFakeBuild } from './fakeBuild';
import { makeDataDir, type RunningProvider, startProvider } from './support';

const shell =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title>' +
  '<script defer src=/js/main.1.js></script></head><body><div id=root></div></body></html>';

const renderBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async (url) => ({ html: '<main><h1>' + url + '</h1></main>', title: url, styleTags: '', status: 200, apiState: {} });
`;

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
  let provider: RunningProvider | undefined;
  let server: DistServer | undefined;
  let distDir: string | undefined;

  afterAll(async () => {
    await server?.close();
    await provider?.stop();
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('seeds an academy and runs every kind of call against it without errors', async () => {
    const academy = await prepareAcademy(makeDataDir(), { courses: 30, students: 40, conversations: 6, longConversationMessages: 120, messagesPerConversation: 4 });
    expect(academy.students).toHaveLength(40);
    expect(academy.conversations).toHaveLength(6);
    provider = await startProvider({ dataDir: academy.dataDir, listen: true });
    const dist = makeFakeBuild({
      prefix: 'bench-load-test-',
      shell,
      renderBundle,
      dataPages: ['/detail/:course_id', '/teacher-detail/:teacher_id', '/category/:category_slug', '/all-courses', '/all-popular-courses', '/all-teachers'],
    });
    server = await startDistServer({ distDir: dist, providerUrl: provider.url, renderBundle: path.join(dist, 'render.cjs'), renderWorkers: 1, trustProxy: '127.0.0.1' });

    const result = await runLoad({ providerUrl: provider.url, renderUrl: server.url, appOrigin: provider.url }, academy, tiny, 2);

    expect(result.rows.map((row) => row.kind)).toEqual([...kinds]);
    for (const row of result.rows) {
      expect({ kind: row.kind, errors: row.errorSamples }).toEqual({ kind: row.kind, errors: [] });
      expect(row.requests).toBeGreaterThan(0);
    }
    expect(result.rows.find((row) => row.kind === 'data page')?.shells).toBe(0);
    expect(markdownTable(result)).toMatch(/^\| call \| users \|/);
  });
});
