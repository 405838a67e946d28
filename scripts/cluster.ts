/**
 * `npm run provider:cluster`: several provider instances behind one address, on this machine, as
 * they would run on several: one PostgreSQL database, one Redis, one media folder and the same
 * settings for all of them, and the render server (scripts/serve-dist.ts) in front, sending
 * `/api` and `/media` to each instance in turn.
 *
 * It starts, unless the environment names them:
 * - PostgreSQL (DATABASE_URL unset): Debian's `postgresql` package (scripts/postgres.ts) on a free
 *   loopback port, its data kept in `<PROVIDER_DATA>/cluster/postgres` and found again on the next
 *   start; the database `academy` in it (seeded with the demo data by the first instance);
 * - Redis (REDIS_URL unset): Debian's `redis-server` (scripts/redis.ts) on a free loopback port,
 *   saving nothing (it holds only throttle counts);
 * - the media folder (MEDIA_DIR unset): `<PROVIDER_DATA>/cluster/media`;
 * then PROVIDER_INSTANCES provider instances (default 2; provider/src/main.ts, each a child process
 * on 127.0.0.1:PROVIDER_PORT+i, default from 8000, with a data folder of its own for uploads being
 * received and its log in `<PROVIDER_DATA>/cluster/logs/`), started together (one of them migrates
 * a new database, under its lock, and seeds the demo data); then the render server on PORT (default
 * 8080; the production build, built first when `dist/` has none). Every instance gets this
 * process's environment, plus PROVIDER_TRUST_PROXY=127.0.0.1 (the render server names each
 * visitor's address), PROVIDER_DEV=1 (the outbox at each instance's /dev/outbox), PROVIDER_DEMO=1 (the demo academy in a new database) and APP_ORIGIN
 * (the render server's origin) unless they are set. Ctrl-C or SIGTERM stops what it started: the
 * render server, the instances, Redis and PostgreSQL (its data stays).
 *
 * Needs Debian's `postgresql` and `redis-server` (`npm run tools:install` installs both as root).
 * One machine only: for production, the real database, Redis and load balancer (docs/scaling.md).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { dataDirFromEnv } from '../provider/src/config';
import { describeDemoLogins } from '../provider/src/demo';
import { freePort, startLocalProvider, stopProcess, waitForProvider } from './localProvider';
import { type LocalPostgres, startLocalPostgres } from './postgres';
import { type RunningRedis, startRedis } from './redis';
import { type DistServer, pagesManifestFile, startDistServer } from './serve-dist';

const repoRoot = path.resolve(__dirname, '..');

export interface ClusterOptions {
  /** The data folder: `cluster/` under it holds PostgreSQL's data, the media and each instance's folder and log. */
  dataDir: string;
  /** Provider instances, at least 1. */
  instances: number;
  /** The render server's port (0: a free one). */
  port: number;
  /** The first instance's port, the others on the next ones (0: free ones). */
  providerPort: number;
  /** The production build the render server serves. */
  distDir: string;
  /** The build's render bundle (default the render server's). */
  renderBundle?: string;
  /** The render server's threads (default the render server's: the cores). */
  renderWorkers?: number;
  /** An existing database for the instances (`postgres://…`); unset, a PostgreSQL of its own is started. */
  databaseUrl?: string;
  /** An existing Redis or Valkey (`redis://…`); unset, a redis-server of its own is started. */
  redisUrl?: string;
  /** The shared media folder; default `<dataDir>/cluster/media`. */
  mediaDir?: string;
  /**
   * PostgreSQL started by the cluster: kept in `<dataDir>/cluster/postgres` (default), or
   * throwaway (a temporary folder without durability, removed at the end: for tests).
   */
  postgres?: 'kept' | 'throwaway';
  /** The instances' environment (default this process's), before the cluster's own settings. */
  env?: NodeJS.ProcessEnv;
  /** Progress lines (default none). */
  log?: (line: string) => void;
}

export interface ClusterInstance {
  url: string;
  /** Its output (console and, with PROVIDER_LOG_LEVEL=info, its request log). */
  logFile: string;
  child: ChildProcess;
}

export interface RunningCluster {
  /** The one address: the render server's origin. */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  redisUrl: string;
  mediaDir: string;
  /** Stops everything it started: the render server, the instances, Redis, PostgreSQL. */
  stop(): Promise<void>;
}

/** The database the cluster's own PostgreSQL keeps the academy in. */
const databaseName = 'academy';

/** Starts the cluster (see the file's comment); on a failure, stops what it had started and throws. */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  if (!Number.isInteger(options.instances) || options.instances < 1) {
    throw new Error(`PROVIDER_INSTANCES must be a whole number from 1, not ${options.instances}.`);
  }
  const log = options.log ?? (() => undefined);
  const clusterDir = path.join(path.resolve(options.dataDir), 'cluster');
  const logDir = path.join(clusterDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const started: { what: string; stop: () => Promise<void> }[] = [];
  const stopAll = async () => {
    // The last started first: the render server, the instances, then Redis and PostgreSQL.
    for (const { stop } of started.splice(0).reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    // The ports first: nothing is started when one is taken.
    const port = options.port === 0 ? await freePort() : options.port;
    const ports: number[] = [];
    for (let index = 0; index < options.instances; index += 1) ports.push(options.providerPort === 0 ? await freePort() : options.providerPort + index);
    // A port taken (by `npm start`'s provider, say) would have an instance fail while the other program answers in its place.
    for (const [setting, taken] of [['PORT', port] as const, ...ports.map((each) => ['PROVIDER_PORT', each] as const)]) {
      if (!(await portIsFree(taken))) throw new Error(`Port ${taken} of 127.0.0.1 is taken: stop what listens there, or set ${setting} to another.`);
    }

    // PostgreSQL and Redis start side by side (initdb and the server's start take a few seconds).
    const [database, redis] = await Promise.allSettled([
      options.databaseUrl ? null : ownPostgres(clusterDir, options.postgres ?? 'kept', started),
      options.redisUrl ? null : startRedis(),
    ]);
    if (redis.status === 'fulfilled' && redis.value) {
      const running = redis.value;
      started.push({ what: 'Redis', stop: () => running.stop() });
    }
    if (database.status === 'rejected') throw database.reason;
    if (redis.status === 'rejected') throw redis.reason;
    const databaseUrl = options.databaseUrl ?? (database.value as { url: string; line: string }).url;
    log(options.databaseUrl ? `PostgreSQL  ${redactedUrl(databaseUrl)} (DATABASE_URL, not started here)` : (database.value as { line: string }).line);
    const redisUrl = options.redisUrl ?? (redis.value as RunningRedis).url;
    log(options.redisUrl ? `Redis       ${redactedUrl(redisUrl)} (REDIS_URL, not started here)` : `Redis       ${redisUrl} (nothing saved)`);

    const mediaDir = path.resolve(options.mediaDir ?? path.join(clusterDir, 'media'));
    fs.mkdirSync(mediaDir, { recursive: true });
    log(`Media       ${mediaDir}`);
    const env = options.env ?? process.env;
    const publicOrigin = env.PUBLIC_ORIGIN || `http://127.0.0.1:${port}`;
    const instanceEnv: Record<string, string> = {
      PROVIDER_TRUST_PROXY: env.PROVIDER_TRUST_PROXY || '127.0.0.1',
      PROVIDER_DEV: env.PROVIDER_DEV ?? '1',
      PROVIDER_DEMO: env.PROVIDER_DEMO ?? '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      MEDIA_DIR: mediaDir,
    };

    const instances: ClusterInstance[] = [];
    const startInstance = async (index: number) => {
      const url = `http://127.0.0.1:${ports[index]}`;
      const logFile = path.join(logDir, `provider-${index + 1}.log`);
      const instanceDir = path.join(clusterDir, `instance-${index + 1}`);
      fs.mkdirSync(instanceDir, { recursive: true });
      const child = startLocalProvider({
        port: ports[index] as number,
        dataDir: instanceDir,
        appOrigin: env.APP_ORIGIN || publicOrigin,
        logFile,
        env: { ...instanceSettings(env), ...instanceEnv },
      });
      started.push({ what: `provider ${index + 1}`, stop: () => stopProcess(child) });
      await waitForProvider(url, child, logFile, 120_000);
      instances[index] = { url, logFile, child };
      log(`Provider ${index + 1}  ${url} (log ${logFile})`);
    };
    // All together: the first to take the database's migration lock migrates a new database and
    // seeds the demo data before it answers; the others wait for the lock and find it migrated.
    await Promise.all(ports.map((_, index) => startInstance(index)));

    const server: DistServer = await startDistServer({
      distDir: options.distDir,
      providerUrl: instances.map((instance) => instance.url),
      port,
      publicOrigin: env.PUBLIC_ORIGIN || undefined,
      renderBundle: options.renderBundle,
      renderWorkers: options.renderWorkers,
    });
    started.push({ what: 'render server', stop: () => server.close() });
    log(`Render server ${server.url} as ${server.publicOrigin}: /api and /media to the ${instances.length} instances in turn`);

    return {
      url: server.url,
      instances,
      databaseUrl,
      redisUrl,
      mediaDir,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The cluster's own PostgreSQL (kept under the data folder, or throwaway), added to `started` as soon as it runs. */
async function ownPostgres(
  clusterDir: string,
  kind: 'kept' | 'throwaway',
  started: { what: string; stop: () => Promise<void> }[],
): Promise<{ url: string; line: string }> {
  const dir = path.join(clusterDir, 'postgres');
  const postgres = await startLocalPostgres({ port: await freePort(), ...(kind === 'kept' ? { dir } : { throwaway: true }) });
  started.push({ what: 'PostgreSQL', stop: () => postgres.stop() });
  const url = await academyDatabase(postgres);
  return { url, line: `PostgreSQL  ${url}${kind === 'kept' ? ` (data in ${dir})` : ' (throwaway)'}` };
}

/** The cluster's database in its own PostgreSQL, created on the first start. */
async function academyDatabase(postgres: LocalPostgres): Promise<string> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  let exists: boolean;
  try {
    exists = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName])).rowCount === 1;
  } finally {
    await client.end();
  }
  if (!exists) return postgres.createDatabase(databaseName);
  const url = new URL(postgres.url);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** Whether nothing listens on `port` of 127.0.0.1. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A URL without its password, for printing. */
function redactedUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}

/** What every instance shares of `env`: all but its own port, interface, data folder and the app's origin, which the cluster gives each. */
function instanceSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const own = new Set(['PROVIDER_PORT', 'PROVIDER_HOST', 'PROVIDER_DATA', 'APP_ORIGIN']);
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && !own.has(entry[0])));
}

/** An optional whole number from the environment, or an error naming it. */
function countFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number, not "${value}".`);
  return Number(value);
}

async function main(): Promise<void> {
  const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(repoRoot, 'dist');
  if (!fs.existsSync(path.join(distDir, pagesManifestFile))) {
    console.info(`provider:cluster: no production build in ${distDir}: npm run build`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const renderWorkers = process.env.RENDER_WORKERS ? countFromEnv('RENDER_WORKERS', 1) : undefined;
  let cluster: RunningCluster | null = null;
  // An object: a flag set by the signal handlers, which the compiler would otherwise take as still false after the await.
  const state = { stopping: false };
  const stop = (signal: NodeJS.Signals) => {
    if (state.stopping) return;
    state.stopping = true;
    console.info(`${signal} received: stopping the render server, the provider instances, Redis and PostgreSQL.`);
    // While it starts, the instances stop with the same Ctrl-C, and startCluster stops the rest as it fails.
    cluster?.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Listened to before anything starts, and not once: Ctrl-C reaches this process twice (from the
  // terminal, and passed on by tsx), and a signal with no listener would end it before PostgreSQL
  // (which runs in a session of its own) is stopped.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  cluster = await startCluster({
    dataDir: dataDirFromEnv(),
    instances: countFromEnv('PROVIDER_INSTANCES', 2),
    port: countFromEnv('PORT', 8080),
    providerPort: countFromEnv('PROVIDER_PORT', 8000),
    distDir,
    renderBundle: process.env.RENDER_BUNDLE || undefined,
    renderWorkers,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    mediaDir: process.env.MEDIA_DIR || undefined,
    log: (line) => console.info(line),
  });
  if (state.stopping) {
    await cluster.stop();
    process.exit(0);
  }
  const outbox = process.env.PROVIDER_DEV === undefined || process.env.PROVIDER_DEV === '1' ? `; mails at ${cluster.instances[0]?.url}/dev/outbox` : '';
  console.info(
    `\nLanguage Academy on ${cluster.instances.length} provider instances at ${cluster.url}${outbox}\nDemo logins:\n${describeDemoLogins()}\nPress Ctrl-C to stop them all.\n`,
  );
  // An instance that stops by itself is said, and the others carry on: the render server sends the
  // GETs it refuses to the next one; other requests that meet it get a 502.
  for (const [index, instance] of cluster.instances.entries()) {
    instance.child.once('exit', (code, signal) => {
      if (!state.stopping) console.error(`Provider ${index + 1} stopped (${code ?? signal}; see ${instance.logFile}); the others carry on.`);
    });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
