/**
 * A PostgreSQL server of its own on a loopback port, from Debian's packages (`apt-get install -y
 * postgresql`; PG_BIN names another folder of its programs): a fresh cluster in a temporary folder,
 * trusted connections from this machine only, owned by the `postgres` user when run as root (the
 * server refuses to run as root). The provider's PostgreSQL suites start a throwaway one, which
 * `stop()` removes with its data; `npm run provider:cluster` one kept in a folder of the data
 * folder (`dir`), initialised on its first start and found again on the next.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface LocalPostgres {
  /** The server's own database, e.g. `postgres://academy@127.0.0.1:54321/postgres`. */
  url: string;
  /** Creates an empty database (its name: letters, digits and `_`); answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (if it still runs) and removes its folder, unless the folder was given (`dir`). */
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  port: number;
  /**
   * Without durability (`fsync`, `synchronous_commit` and full page writes off): for tests, whose
   * data dies with the run. Default false.
   */
  throwaway?: boolean;
  /**
   * The folder that keeps the cluster (its data under `data/`, its log `server.log`, its socket):
   * initialised on the first start, reused on the next, left in place by `stop()`. Default a
   * temporary folder, which `stop()` removes.
   */
  dir?: string;
}

const user = 'academy';

/** The folder of PostgreSQL's programs (PG_BIN, or the newest under /usr/lib/postgresql), or null. */
export function postgresPrograms(): string | null {
  if (process.env.PG_BIN) return fs.existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((version) => path.join(root, version, 'bin')).find((bin) => fs.existsSync(path.join(bin, 'initdb')));
  return found ?? null;
}

export async function startLocalPostgres({ port, throwaway = false, dir: keptDir }: LocalPostgresOptions): Promise<LocalPostgres> {
  const bin = postgresPrograms();
  if (!bin) throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` (or set PG_BIN to the folder of its programs).');
  const kept = keptDir !== undefined;
  const dir = kept ? path.resolve(keptDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'academy-postgres-'));
  if (kept) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, owner, owner);
  }
  const attempt = (program: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] as const : [path.join(bin, program), args] as const;
    return spawnSync(command[0], command[1], { encoding: 'utf8' });
  };
  const run = (program: string, args: string[]) => {
    const result = attempt(program, args);
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    // A throwaway cluster's files need not reach the disk: initdb's own flush takes seconds on a busy machine.
    run('initdb', ['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', ...(throwaway ? ['--no-sync'] : [])]);
  } else if (attempt('pg_ctl', ['-D', data, 'status']).status === 0) {
    throw new Error(
      `A PostgreSQL server already runs on ${data} (left by a run that did not stop?): stop it with \`${asRoot ? 'runuser -u postgres -- ' : ''}${path.join(bin, 'pg_ctl')} -D ${data} stop\`.`,
    );
  }
  const settings = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'"];
  if (throwaway) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', settings.join(' '), 'start']);
  const url = `postgres://${user}@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      if (!/^\w+$/.test(name)) throw new Error(`Not a database name: ${name}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://${user}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      // Ctrl-C in a terminal reaches the server too, which may have stopped already.
      if (attempt('pg_ctl', ['-D', data, 'status']).status === 0) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
