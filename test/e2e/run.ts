/**
 * Runs the browser journeys. The journey files are dealt into lanes (`E2E_LANES`, 2 by default,
 * one per journey at most) of about equal running time, from the times last measured
 * (journeyTimes.json; `E2E_RECORD_TIMES=1` rewrites it after a full run); each lane has its own fresh provider (temporary data folder, demo
 * data) on a free port and its own server of the production build with /api and /media proxied
 * to it, and runs its files one after the other in one process (lane.ts, under node:test's
 * reporters), APP_URL and PROVIDER_URL set. The files of a lane share its provider and its Chromium; the lanes' browsers mostly wait on
 * each other's work, which is what makes two lanes faster than one on two cores. A lane's report
 * is printed when it ends, whole. A journey that failed only because Chromium stopped painting its
 * page (browser.ts tells) is run once more in a fresh Chromium; every other failure stands.
 *
 * `npm run test:e2e` runs them all; `npm run test:e2e -- visitor student` only the
 * journey files whose names contain one of the words. Needs `npm run build` first
 * (DIST_DIR serves another build folder; CHROMIUM_PATH names another browser; E2E_LANES=1 runs
 * every journey against one provider, in order).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startLocalProvider, stopProcess, waitForProvider } from '../../scripts/localProvider';
import { startDistServer, type DistServer } from '../../scripts/serve-dist';
import { type BrowserServer } from 'playwright-core';
import { chromiumPath, launchLaneBrowser } from './chromium';

const repoRoot = path.resolve(__dirname, '..', '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(repoRoot, 'dist');
const journeysDir = path.join(__dirname, 'journeys');
const timesFile = path.join(__dirname, 'journeyTimes.json');
const timesReporter = path.join(__dirname, 'journeyTimesReporter.mjs');
const laneRunner = path.join(__dirname, 'lane.ts');
const laneCount = Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1);
const providerStartTimeoutMs = 60_000;
const renderTimeoutMs = 10_000;

interface Lane {
  name: string;
  files: string[];
  workDir: string;
  provider?: ChildProcess;
  app?: DistServer;
  browser?: BrowserServer;
}

async function main(): Promise<number> {
  checkPrerequisites();
  const lanes = dealIntoLanes(journeyFiles(process.argv.slice(2)), laneCount);

  let stopping: Promise<void> | undefined;
  const stopAll = () => {
    stopping ??= Promise.all(
      lanes.map((lane) =>
        stopProcess(lane.provider)
          .then(() => lane.app?.close())
          .then(() => lane.browser?.close()),
      ),
    ).then(() => undefined);
    return stopping;
  };
  const interrupt = () => {
    console.error('\nInterrupted: stopping the providers and the app servers.');
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    const codes = await Promise.all(lanes.map(runLane));
    if (process.env.E2E_RECORD_TIMES) recordTimes(lanes);
    return codes.some((code) => code !== 0) ? 1 : 0;
  } finally {
    await stopAll();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

/** Starts the lane's provider and app server, runs its journeys and prints their report. */
async function runLane(lane: Lane): Promise<number> {
  let code = 1;
  let report = '';
  try {
    const providerPort = await freePort();
    const providerUrl = `http://127.0.0.1:${providerPort}`;
    // One render thread a lane: the lanes share the two cores, and each thread costs a warm-up.
    // A render deadline of 10 s instead of production's 1.5 s: the journeys check that data pages
    // arrive rendered on the server, which a slow or busy machine would otherwise turn into the
    // shell (the deadline itself is tested in test/provider/serve-dist-pool.test.ts).
    lane.app = await startDistServer({ distDir, providerUrl, renderWorkers: 1, renderTimeoutMs });
    const logFile = path.join(lane.workDir, 'provider.log');
    lane.provider = startLocalProvider({
      port: providerPort,
      dataDir: path.join(lane.workDir, 'data'),
      appOrigin: lane.app.url,
      logFile,
      // Development mode: the journeys read codes and links from /dev/outbox. Cheap password
      // hashing for the throwaway accounts of the run.
      env: { PROVIDER_DEV: '1', NODE_ENV: 'test' },
    });
    await waitForProvider(providerUrl, lane.provider, logFile, providerStartTimeoutMs);
    console.info(`e2e ${lane.name}: app ${lane.app.url}, provider ${providerUrl}, data ${lane.workDir}; ${lane.files.map(journeyName).join(', ')}`);
    // One Chromium a lane, which its journey files connect to (test/e2e/chromium.ts).
    lane.browser = await launchLaneBrowser();
    const artifactsDir = path.join(lane.workDir, 'artifacts');
    // The lane's files remember there which screen states axe has passed (browser.ts, `expectAccessible`).
    const axeMemo = path.join(lane.workDir, 'axe-checked.json');
    // E2E_PROVIDER_DATA: for what only the academy's shell does (`provider:admin -- create-admin`).
    const env = { APP_URL: lane.app.url, PROVIDER_URL: providerUrl, E2E_ARTIFACTS: artifactsDir, E2E_AXE_MEMO: axeMemo, E2E_PROVIDER_DATA: path.join(lane.workDir, 'data') };
    ({ code, report } = await runJourneys(lane.files, lane.workDir, { ...env, E2E_BROWSER_WS: lane.browser.wsEndpoint() }));
    process.stdout.write(`\n── e2e ${lane.name} ──\n${report}`);
    const stalled = code === 0 ? [] : onlyStalledFailures(lane, artifactsDir);
    if (stalled.length > 0) {
      console.error(`e2e ${lane.name}: Chromium stopped painting the page of ${stalled.map(journeyName).join(', ')}; run again in a fresh browser.`);
      await lane.browser.close();
      lane.browser = await launchLaneBrowser();
      rmSync(path.join(artifactsDir, 'stalled.jsonl'), { force: true });
      ({ code, report } = await runJourneys(stalled, lane.workDir, { ...env, E2E_BROWSER_WS: lane.browser.wsEndpoint() }));
      process.stdout.write(`\n── e2e ${lane.name}, run again ──\n${report}`);
    }
    if (code !== 0) console.error(`e2e ${lane.name}: failures; screenshots in ${artifactsDir}, provider log ${logFile}`);
    return code;
  } finally {
    // Keep the data, log and screenshots of a failed lane for inspection.
    if (code === 0 && !process.env.E2E_KEEP && !process.env.E2E_RECORD_TIMES) rmSync(lane.workDir, { recursive: true, force: true });
  }
}

function checkPrerequisites(): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` before \`npm run test:e2e\`.`);
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it (\`apt-get install -y chromium-headless-shell fonts-liberation\`) or set CHROMIUM_PATH.`,
    );
  }
}

function journeyFiles(filters: string[]): string[] {
  const files = readdirSync(journeysDir)
    .filter((file) => file.endsWith('.e2e.ts'))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort()
    .map((file) => path.join(journeysDir, file));
  if (files.length === 0) throw new Error(`No journey in ${journeysDir} matches ${filters.join(', ') || '*.e2e.ts'}.`);
  return files;
}

/** The seconds each journey took when last measured, by journey name (journeyTimes.json). */
function measuredTimes(): Record<string, number> {
  return existsSync(timesFile) ? (JSON.parse(readFileSync(timesFile, 'utf8')) as Record<string, number>) : {};
}

/**
 * Deals the files into at most `count` lanes of about equal running time, the longest journey first
 * to the lane with the least so far. A journey not measured yet is estimated from its length in
 * bytes, at the seconds per byte of the measured ones.
 */
function dealIntoLanes(files: string[], count: number): Lane[] {
  const lanes = Array.from({ length: Math.min(count, files.length) }, (_, index) => ({
    lane: { name: `lane ${index + 1}`, files: [] as string[], workDir: mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-')) },
    seconds: 0,
  }));
  const times = measuredTimes();
  const sized = files.map((file) => ({ file, bytes: statSync(file).size, measured: times[journeyName(file)] }));
  const known = sized.filter((entry) => entry.measured !== undefined);
  const secondsPerByte = known.length === 0 ? 1 : known.reduce((sum, entry) => sum + (entry.measured ?? 0), 0) / known.reduce((sum, entry) => sum + entry.bytes, 0);
  const bySeconds = sized.map((entry) => ({ file: entry.file, seconds: entry.measured ?? entry.bytes * secondsPerByte })).sort((a, b) => b.seconds - a.seconds);
  for (const { file, seconds } of bySeconds) {
    const lightest = lanes.reduce((least, lane) => (lane.seconds < least.seconds ? lane : least));
    lightest.lane.files.push(file);
    lightest.seconds += seconds;
  }
  for (const { lane } of lanes) lane.files.sort();
  return lanes.map(({ lane }) => lane);
}

/** Writes the times the lanes' journeys took into journeyTimes.json (kept for journeys not run). */
function recordTimes(lanes: Lane[]): void {
  const times = measuredTimes();
  for (const lane of lanes) {
    const lines = readFileSync(path.join(lane.workDir, 'times.jsonl'), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const { journey, seconds } = JSON.parse(line) as { journey: string; seconds: number };
      times[journey] = seconds;
    }
  }
  const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(timesFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.info(`e2e: journey times written to ${path.relative(repoRoot, timesFile)}`);
}

function journeyName(file: string): string {
  return path.basename(file, '.e2e.ts');
}

/**
 * The failed journey files of a lane when each failed because Chromium stopped painting its page
 * (browser.ts records those in stalled.jsonl), none otherwise: a browser fault is worth a second
 * run, any other failure is the app's or the journey's and stands.
 */
function onlyStalledFailures(lane: Lane, artifactsDir: string): string[] {
  const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const failed = lines(path.join(lane.workDir, 'times.jsonl'))
    .map((line) => JSON.parse(line) as { journey: string; passed: boolean })
    .filter((record) => !record.passed)
    .map((record) => record.journey);
  const stalled = new Set(lines(path.join(artifactsDir, 'stalled.jsonl')).map((line) => (JSON.parse(line) as { journey: string }).journey));
  if (failed.length === 0 || failed.some((journey) => !stalled.has(journey))) return [];
  return lane.files.filter((file) => failed.includes(journeyName(file)));
}

function runJourneys(files: string[], workDir: string, env: Record<string, string>): Promise<{ code: number; report: string }> {
  const args = [
    '--import',
    'tsx',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${timesReporter}`,
    `--test-reporter-destination=${path.join(workDir, 'times.jsonl')}`,
    laneRunner,
    ...files.map((file) => path.relative(repoRoot, file)),
  ];
  return new Promise((resolve, reject) => {
    const runner = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let report = '';
    runner.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
    runner.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
    runner.once('error', reject);
    runner.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), report }));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
