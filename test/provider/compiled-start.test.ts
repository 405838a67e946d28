/**
 * Issue 37, item 6: the provider as production runs it, compiled (`npm run provider:build`) and
 * started with plain node (`npm run provider:start`, no tsx), its settings checked at start.
 * The build is reused while it is newer than every source file it compiles (tsc alone takes
 * 15 to 40 s on this machine).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, listenAddressFromEnv, resolveConfig } from '../../provider/src/config';
import { freePort } from '../../scripts/localProvider';
import { copySeededTemplate } from './seededTemplate';
import { makeDataDir } from './support';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
/** What `npm run provider:start` runs: `node <main.js>`. */
const mainFile = path.join(root, (manifest.scripts['provider:start'] ?? '').replace(/^node\s+/, ''));

function newestSource(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .reduce((newest, name) => Math.max(newest, fs.statSync(path.join(dir, name)).mtimeMs), 0);
}

/** Builds the provider unless its compiled main.js is newer than every file it compiles. */
function ensureBuild(): void {
  const sources = [path.join(root, 'provider', 'src'), path.join(root, 'src', 'api')];
  const newest = Math.max(...sources.map(newestSource), fs.statSync(path.join(root, 'provider', 'tsconfig.build.json')).mtimeMs);
  if (fs.existsSync(mainFile) && fs.statSync(mainFile).mtimeMs > newest) return;
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'provider/tsconfig.build.json', '--noCheck'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run provider:build failed:\n${build.stdout}${build.stderr}`);
  // tsc leaves an unchanged file as it was: the build is as new as this check.
  const now = new Date();
  fs.utimesSync(mainFile, now, now);
}

/** The mail server and Stripe a production start requires (never reached here: no mail is sent, no checkout opened). */
const productionServices = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Language Academy <no-reply@academy.example>',
  STRIPE_SECRET_KEY: 'sk_test_compiledStart',
  STRIPE_WEBHOOK_SECRET: 'whsec_compiledStart',
};

/** The environment of a production start, without the test run's own settings. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PROVIDER_LOG: '0', ...extra };
  return env;
}

/** main.js started in `env`, its output collected. */
interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves once it exited: its code and what it wrote to each stream. */
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function startCompiled(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [mainFile], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let both = '';
  child.stdout?.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (both += chunk.toString())));
  child.stderr?.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), (both += chunk.toString())));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, output: () => both, exited };
}

/** The first answer of `url`, once the child listens. */
async function firstAnswer(started: Started, url: string): Promise<Response> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`The compiled provider exited (${started.child.exitCode}):\n${started.output()}`);
    const answer = await fetch(url).catch(() => undefined);
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The compiled provider did not answer ${url} in 20 s:\n${started.output()}`);
}

beforeAll(() => ensureBuild(), 180_000);

describe('the compiled provider', () => {
  let started: Started | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    if (started && started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
    await started?.exited;
    started = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('starts with plain node in production, answers the API and /healthz, and stops on SIGTERM with code 0', async () => {
    expect(manifest.scripts['provider:start']).toMatch(/^node provider\/dist\/.*main\.js$/);
    dataDir = makeDataDir();
    copySeededTemplate(dataDir);
    const port = await freePort();
    started = startCompiled(productionEnv({ PROVIDER_PORT: String(port), PROVIDER_DATA: dataDir, APP_ORIGIN: 'https://academy.example', PROVIDER_LOG: '1', ...productionServices }));
    const base = `http://127.0.0.1:${port}`;
    const categories = await firstAnswer(started, `${base}/api/category/`);
    expect(categories.status).toBe(200);
    expect(await categories.json()).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Spanish' })]));
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    started.child.kill('SIGTERM');
    expect((await started.exited).code).toBe(0);
    // Structured logs by default: the request to the categories, as a JSON line.
    const lines = started.output().split('\n').filter((line) => line.startsWith('{'));
    expect(lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } }).some((entry) => entry.req?.url === '/api/category/')).toBe(true);
  });

  // Started for real where the start is the point (one line, exit code 1, nothing opened); each
  // malformed setting's message is read in-process below, from the same functions main.js calls.
  it('refuses to start in production when a setting is missing: one line naming it, exit code 1, nothing opened', async () => {
    dataDir = makeDataDir();
    const data = path.join(dataDir, 'data');
    started = startCompiled(productionEnv({ PROVIDER_DATA: data }));
    const run = await started.exited;
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: APP_ORIGIN is required with NODE_ENV=production/);
    expect(fs.existsSync(data)).toBe(false);
  });

  it('outside production starts without APP_ORIGIN, on the development defaults', async () => {
    dataDir = makeDataDir();
    copySeededTemplate(dataDir);
    const port = await freePort();
    started = startCompiled({ PATH: process.env.PATH, PROVIDER_PORT: String(port), PROVIDER_DATA: dataDir, PROVIDER_LOG: '0' });
    expect((await firstAnswer(started, `http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describe('the settings read at start', () => {
  const production = { NODE_ENV: 'production', APP_ORIGIN: 'https://academy.example', ...productionServices };
  const read = (env: NodeJS.ProcessEnv) => () => {
    listenAddressFromEnv(env);
    return resolveConfig({ dataDir: '/nonexistent/provider-data' }, env);
  };

  it.each([
    ['APP_ORIGIN is missing', { NODE_ENV: 'production' }, /^APP_ORIGIN is required with NODE_ENV=production/],
    ['a number is not a number', { ...production, PROVIDER_REQUEST_TIMEOUT_MS: 'five minutes' }, /^PROVIDER_REQUEST_TIMEOUT_MS takes a positive whole number, not "five minutes"\.$/],
    ['DATABASE_URL is neither sqlite: nor postgres://', { ...production, DATABASE_URL: 'mysql://academy@db/academy' }, /^DATABASE_URL must be sqlite:<file> or a postgres:\/\/ URL/],
    ['APP_ORIGIN is not https', { ...production, APP_ORIGIN: 'http://academy.example' }, /^APP_ORIGIN must be an https origin with NODE_ENV=production/],
    ['APP_ORIGIN is not an origin', { ...production, APP_ORIGIN: 'https://academy.example/app' }, /^APP_ORIGIN takes the origin of the app/],
    ['PROVIDER_PORT is not a port', { ...production, PROVIDER_PORT: '80000' }, /^PROVIDER_PORT takes a port number/],
    ['REDIS_URL is not a redis URL', { ...production, REDIS_URL: 'localhost:6379' }, /^REDIS_URL/],
    ['PROVIDER_LOG is neither 0 nor 1', { ...production, PROVIDER_LOG: 'yes' }, /^PROVIDER_LOG takes 0/],
    ['PROVIDER_LOG_LEVEL is not a level', { ...production, PROVIDER_LOG_LEVEL: 'verbose' }, /^PROVIDER_LOG_LEVEL takes one of/],
    ['PROVIDER_MIN_FREE_BYTES is not a number', { ...production, PROVIDER_MIN_FREE_BYTES: '200MB' }, /^PROVIDER_MIN_FREE_BYTES takes a positive whole number/],
    ['PROVIDER_STOP_GRACE_MS is not a number', { ...production, PROVIDER_STOP_GRACE_MS: '-1' }, /^PROVIDER_STOP_GRACE_MS takes a positive whole number/],
    ['SMTP_URL is missing', { ...production, SMTP_URL: '' }, /^SMTP_URL is required with NODE_ENV=production/],
    ['the Stripe keys are missing', { ...production, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }, /^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required with NODE_ENV=production/],
    ['development mode is asked for', { ...production, PROVIDER_DEV: '1' }, /^PROVIDER_DEV=1 .* is refused with NODE_ENV=production\.$/],
    ['outside production, a malformed APP_ORIGIN', { APP_ORIGIN: 'localhost:8080' }, /^APP_ORIGIN takes the origin of the app/],
  ])('refuses %s with a ConfigError naming the setting, on one line', (_case, env: NodeJS.ProcessEnv, message) => {
    expect(read(env)).toThrow(ConfigError);
    expect(read(env)).toThrow(message);
    expect(() => read(env)()).toThrow(/^[^\n]+$/);
  });

  it('keeps the defaults outside production, and takes the new settings', () => {
    const config = read({})();
    expect(config).toMatchObject({ appOrigin: 'http://localhost:8080', appBase: '', minFreeBytes: 200 * 1024 * 1024, stopGraceMs: 30_000, logger: { level: 'info' } });
    expect(read({ PROVIDER_LOG: '0' })().logger).toBe(false);
    expect(read({})().logMail).toBe(true);
    expect(read(production)().logMail).toBe(false);
    expect(read({ ...production, PROVIDER_MIN_FREE_BYTES: '1000', PROVIDER_STOP_GRACE_MS: '5000', PROVIDER_LOG_LEVEL: 'warn' })()).toMatchObject({
      appOrigin: 'https://academy.example',
      minFreeBytes: 1000,
      stopGraceMs: 5000,
      logger: { level: 'warn' },
    });
  });
});
