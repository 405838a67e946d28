/**
 * A PostgreSQL server of its own on a loopback port, from Debian's packages (`apt-get install -y
 * postgresql`; PG_BIN names another folder of its programs): a fresh cluster in a temporary folder,
 * trusted connections from this machine only, owned by the `postgres` user when run as root (the
 * server refuses to run as root). The provider's PostgreSQL suites and `npm run provider:cluster`
 * start one; `stop()` removes it with its data.
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
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  port: number;
  /**
   * Without durability (`fsync`, `synchronous_commit` and full page writes off): for tests, whose
   * data dies with the run. Default false.
   */
  throwaway?: boolean;
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

export async function startLocalPostgres({ port, throwaway = false }: LocalPostgresOptions): Promise<LocalPostgres> {
  const bin = postgresPrograms();
  if (!bin) throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` (or set PG_BIN to the folder of its programs).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-postgres-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, owner, owner);
  }
  const run = (program: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] as const : [path.join(bin, program), args] as const;
    const result = spawnSync(command[0], command[1], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
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
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
