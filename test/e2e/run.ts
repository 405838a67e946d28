/**
 * Runs the browser journeys: a fresh provider (temporary data folder, demo data) on a
 * free port, the production build served with /api and /media proxied to it, then
 * `node --test` over test/e2e/journeys/*.e2e.ts with APP_URL and PROVIDER_URL set.
 *
 * `npm run test:e2e` runs them all; `npm run test:e2e -- visitor student` only the
 * journey files whose names contain one of the words. Needs `npm run build` first
 * (DIST_DIR serves another build folder; CHROMIUM_PATH names another browser).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startLocalProvider, stopProcess, waitForProvider } from '../../scripts/localProvider';
import { startDistServer, type DistServer } from '../../scripts/serve-dist';

const repoRoot = path.resolve(__dirname, '..', '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(repoRoot, 'dist');
const journeysDir = path.join(__dirname, 'journeys');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const providerStartTimeoutMs = 60_000;
/** A generous bound per test: a stuck step fails instead of hanging the run. */
const testTimeoutMs = 120_000;

async function main(): Promise<number> {
  checkPrerequisites();
  const journeys = journeyFiles(process.argv.slice(2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-'));
  const artifactsDir = path.join(workDir, 'artifacts');
  let provider: ChildProcess | undefined;
  let app: DistServer | undefined;
  let failedRun = true;

  let stopping: Promise<void> | undefined;
  const stopAll = () => {
    stopping ??= stopProcess(provider).then(() => app?.close());
    return stopping;
  };
  const interrupt = () => {
    console.error('\nInterrupted: stopping the provider and the app server.');
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    const providerPort = await freePort();
    const providerUrl = `http://127.0.0.1:${providerPort}`;
    app = await startDistServer({ distDir, providerUrl });
    const logFile = path.join(workDir, 'provider.log');
    provider = startLocalProvider({
      port: providerPort,
      dataDir: path.join(workDir, 'data'),
      appOrigin: app.url,
      logFile,
      // Development mode: the journeys read codes and links from /dev/outbox. Cheap password
      // hashing for the throwaway accounts of the run.
      env: { PROVIDER_DEV: '1', NODE_ENV: 'test' },
    });
    await waitForProvider(providerUrl, provider, logFile, providerStartTimeoutMs);
    console.info(`e2e: app ${app.url}, provider ${providerUrl}, data ${workDir}`);

    const code = await runJourneys(journeys, { APP_URL: app.url, PROVIDER_URL: providerUrl, E2E_ARTIFACTS: artifactsDir });
    failedRun = code !== 0;
    if (failedRun) console.error(`e2e: failures; screenshots in ${artifactsDir}, provider log ${path.join(workDir, 'provider.log')}`);
    return code;
  } finally {
    await stopAll();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    // Keep the data, log and screenshots of a failed run for inspection.
    if (!failedRun && !process.env.E2E_KEEP) rmSync(workDir, { recursive: true, force: true });
  }
}

function checkPrerequisites(): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` before \`npm run test:e2e\`.`);
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it (\`apt-get install -y chromium fonts-liberation\`) or set CHROMIUM_PATH.`,
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

function runJourneys(files: string[], env: Record<string, string>): Promise<number> {
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    `--test-timeout=${testTimeoutMs}`,
    '--test-reporter=spec',
    ...files.map((file) => path.relative(repoRoot, file)),
  ];
  return new Promise((resolve, reject) => {
    const runner = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'inherit' });
    runner.once('error', reject);
    runner.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
