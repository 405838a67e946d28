/**
 * `npm run provider:backup -- <folder>` and `npm run provider:restore -- <folder>`: a consistent
 * copy of the provider's data taken while it runs, and that copy put back (with the provider
 * stopped). The folder holds the database (SQLite's online backup as `provider.sqlite`, or
 * PostgreSQL's `pg_dump` as `database.dump`), the media of a folder store (`media/`, copied after
 * the database, so every file the copy names is there) and `backup.json` saying what it holds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type ProviderConfig, dataDirFromEnv, resolveConfig } from './config';
import { emptyPostgres } from './database';

/** What a backup folder holds (its `backup.json`). */
export interface BackupManifest {
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  /** Whether the media are in the folder: not for a bucket, which keeps its own versions. */
  media: boolean;
}

const manifestFile = 'backup.json';
const sqliteCopy = 'provider.sqlite';
const postgresDump = 'database.dump';

/**
 * Copies the SQLite database to `destination` while the provider runs: SQLite's online backup (a
 * consistent snapshot of the last commit; writes go on meanwhile), then an integrity check of the
 * copy. Refuses to overwrite an existing file.
 */
export async function backUpDatabase(databaseFile: string, destination: string): Promise<{ pages: number; bytes: number }> {
  if (!fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}: nothing to back up.`);
  if (fs.existsSync(destination)) throw new Error(`${destination} exists: name a new file for the backup.`);
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await source.backup(destination);
    const copy = new Database(destination, { fileMustExist: true });
    try {
      // The copy keeps the source's WAL mode, which leaves -wal and -shm files beside it: one file instead.
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy at ${destination} failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    return { pages: totalPages, bytes: fs.statSync(destination).size };
  } finally {
    source.close();
  }
}

/** A program of PostgreSQL's client (PG_BIN's, the newest of Debian's under /usr/lib/postgresql, or the PATH's). */
function postgresProgram(name: string): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin', name)).find((file) => fs.existsSync(file));
  return found ?? name;
}

function runProgram(program: string, args: string[]): void {
  const result = spawnSync(program, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${path.basename(program)} could not run (${result.error.message}): install PostgreSQL's client programs, or set PG_BIN.`);
  if (result.status !== 0) throw new Error(`${path.basename(program)} failed: ${(result.stderr || result.stdout).trim()}`);
}

/** The provider's data, backed up into `folder` (new, or empty) while it runs. */
export async function backUp(config: ProviderConfig, folder: string): Promise<BackupManifest> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: name a new folder for the backup.`);
  fs.mkdirSync(folder, { recursive: true });
  const { database, mediaStorage } = config;
  if (database.engine === 'sqlite') await backUpDatabase(database.file, path.join(folder, sqliteCopy));
  else runProgram(postgresProgram('pg_dump'), ['--format=custom', '--no-owner', `--file=${path.join(folder, postgresDump)}`, `--dbname=${database.url}`]);
  const media = mediaStorage.kind === 'folder';
  if (media && fs.existsSync(mediaStorage.dir)) fs.cpSync(mediaStorage.dir, path.join(folder, 'media'), { recursive: true });
  const manifest: BackupManifest = { engine: database.engine, createdAt: new Date().toISOString(), media };
  fs.writeFileSync(path.join(folder, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts the backup in `folder` back in place of the provider's data (the provider stopped): its
 * database, and its media into the folder store. The engine must be the backup's.
 */
export async function restore(config: ProviderConfig, folder: string): Promise<BackupManifest> {
  const manifestPath = path.join(folder, manifestFile);
  if (!fs.existsSync(manifestPath)) throw new Error(`${folder} holds no backup (no ${manifestFile}).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  const { database, mediaStorage } = config;
  if (manifest.engine !== database.engine) {
    throw new Error(`The backup in ${folder} is of ${manifest.engine}; the provider's database (DATABASE_URL) is ${database.engine}.`);
  }
  if (database.engine === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${database.file}${suffix}`, { force: true });
    fs.copyFileSync(path.join(folder, sqliteCopy), database.file);
  } else {
    await emptyPostgres(database.url);
    runProgram(postgresProgram('pg_restore'), ['--no-owner', `--dbname=${database.url}`, path.join(folder, postgresDump)]);
  }
  if (manifest.media && mediaStorage.kind === 'folder') {
    fs.rmSync(mediaStorage.dir, { recursive: true, force: true });
    const media = path.join(folder, 'media');
    if (fs.existsSync(media)) fs.cpSync(media, mediaStorage.dir, { recursive: true });
  }
  return manifest;
}

// `npm run provider:backup -- <folder>`, `npm run provider:restore -- <folder>`
if (require.main === module) {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    console.error('Name the folder: npm run provider:backup -- backups/2026-11-29 (or provider:restore -- backups/2026-11-29, with the provider stopped)');
    process.exit(1);
  }
  const config = resolveConfig({ dataDir: dataDirFromEnv() });
  (command === 'backup' ? backUp(config, folder) : restore(config, folder)).then(
    (manifest) =>
      console.info(
        command === 'backup'
          ? `Backed up the ${manifest.engine} database${manifest.media ? ' and the media' : ''} to ${folder}.`
          : `Restored the ${manifest.engine} database${manifest.media ? ' and the media' : ''} of ${manifest.createdAt} from ${folder}.`,
      ),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
