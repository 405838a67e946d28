/**
 * A throwaway local provider next to the served build, and the Chromium flags of this machine:
 * what the browser journeys (test/e2e/run.ts) and the benchmark (scripts/bench-web.ts) both need.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');

/** The flags of /work/shared/STACK.md: headless, no first-run work, no calls to outside hosts. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface LocalProviderOptions {
  port: number;
  /** Its database and media folder (fresh: the demo data is seeded). */
  dataDir: string;
  /** The origin the app is served from (CORS and Origin checks). */
  appOrigin: string;
  /** Where its output goes. */
  logFile: string;
  /** More environment, e.g. `PROVIDER_DEV: '1'`. */
  env?: Record<string, string>;
}

/** Starts provider/src/main.ts on 127.0.0.1; `waitForProvider` tells when it answers. */
export function startLocalProvider({ port, dataDir, appOrigin, logFile, env = {} }: LocalProviderOptions): ChildProcess {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('provider', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PROVIDER_PORT: String(port),
      PROVIDER_HOST: '127.0.0.1',
      PROVIDER_DATA: dataDir,
      APP_ORIGIN: appOrigin,
      PROVIDER_DEMO: '1',
      // Warnings and errors (a 500 with its stack) in the log file, not a line per request.
      PROVIDER_LOG_LEVEL: process.env.PROVIDER_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '(no log)');

/** Resolves once the provider answers its category list; fails with its log if it exits or stays silent. */
export async function waitForProvider(providerUrl: string, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The provider exited while starting (${child.exitCode ?? child.signalCode}):\n${readLog(logFile)}`);
    }
    try {
      const answer = await fetch(`${providerUrl}/api/category/`, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The provider did not answer at ${providerUrl} within ${timeoutMs / 1000} s:\n${readLog(logFile)}`);
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}
