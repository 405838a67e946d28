import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { dataDirFromEnv, resolveConfig } from './config';

/**
 * Copies the provider's SQLite database to `destination` while the provider runs: SQLite's online
 * backup (a consistent snapshot of the last commit; writes go on meanwhile), then an integrity
 * check of the copy. The media are files under the data folder (or the configured store): copy
 * them beside it. Refuses to overwrite an existing file.
 */
export async function backUpDatabase(databaseFile: string, destination: string): Promise<{ pages: number; bytes: number }> {
  if (!fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}: nothing to back up.`);
  if (fs.existsSync(destination)) throw new Error(`${destination} exists: name a new file for the backup.`);
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await source.backup(destination);
    const copy = new Database(destination, { readonly: true });
    try {
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

// `npm run provider:backup -- <file>`
if (require.main === module) {
  const destination = process.argv[2];
  if (!destination) {
    console.error('Name the backup file: npm run provider:backup -- backups/provider-2026-11-29.sqlite');
    process.exit(1);
  }
  const { database } = resolveConfig({ dataDir: dataDirFromEnv() });
  if (database.engine === 'postgres') {
    console.error('DATABASE_URL names PostgreSQL: back it up with pg_dump (docs/scaling.md), not this command.');
    process.exit(1);
  }
  const databaseFile = database.file;
  backUpDatabase(databaseFile, destination).then(
    ({ bytes }) => console.info(`Backed up ${databaseFile} to ${destination} (${Math.round(bytes / 1024)} KB), integrity checked.`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
