/**
 * A redis-server of its own on a loopback port, from Debian's packages: what the shared-store
 * suites and `npm run provider:cluster` start when no REDIS_URL is given. Nothing is saved: the
 * throttles' counts it holds are worth nothing after a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './localProvider';

/** Debian's Redis (`apt-get install -y redis-server`; `npm run tools:install` does it as root), or REDIS_SERVER. */
export const redisServerPath = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>`, for `redisUrl` / REDIS_URL. */
  url: string;
  port: number;
  /** Stops the server (its data goes with it: nothing is saved). */
  stop(): Promise<void>;
}

/**
 * Starts a real redis-server on a free loopback port, in a temporary folder, saving nothing
 * (`--save '' --appendonly no`), or on `port` (a server started again); `stop()` ends it. Throws
 * one line saying what to install when the binary is missing: a suite that needs it fails, it is
 * never skipped.
 */
export async function startRedis({ port }: { port?: number } = {}): Promise<RunningRedis> {
  if (!fs.existsSync(redisServerPath)) {
    throw new Error(
      `redis-server is not installed (${redisServerPath} is missing): install redis-server (\`npm run tools:install\` as root, or \`sudo apt-get install -y redis-server\`), or set REDIS_SERVER to its path.`,
    );
  }
  if (port !== undefined) return startOn(port);
  // A port found free may be taken before the server binds it: try again with another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOn(await freePort());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startOn(port: number): Promise<RunningRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-redis-'));
  const child = spawn(
    redisServerPath,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await ready(child);
  } catch (error) {
    child.kill('SIGKILL');
    removeDir();
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      removeDir();
    },
  };
}

/** Resolves once the server says it accepts connections; rejects with its output if it exits or takes over 10 s. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail('did not start within 10 s'), 10_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`redis-server ${why}:\n${output}`));
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(`exited (${code})`));
    child.once('error', (error) => fail(error.message));
  });
}
