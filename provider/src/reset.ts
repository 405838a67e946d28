import fs from 'node:fs';
import { dataDirFromEnv, resolveConfig } from './config';
import { emptyPostgres } from './database';
import { describeDemoLogins } from './demo';
import { buildProvider } from './server';

/**
 * Wipes the provider's data and seeds a new database (the demo academy with `demo` or PROVIDER_DEMO=1): the data folder (with its SQLite file
 * and media), the PostgreSQL database `databaseUrl` (or DATABASE_URL) names (every table of its
 * schema), and a media folder of its own (MEDIA_DIR). A bucket's objects are left: remove them
 * with the bucket's own tools.
 */
export async function resetProviderData(dataDir: string, { databaseUrl, demo }: { databaseUrl?: string; demo?: boolean } = {}): Promise<void> {
  const { database, mediaStorage } = resolveConfig({ dataDir, databaseUrl });
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (mediaStorage.kind === 'folder') fs.rmSync(mediaStorage.dir, { recursive: true, force: true });
  if (database.engine === 'postgres') {
    await emptyPostgres(database.url);
  }
  const app = await buildProvider({ dataDir, databaseUrl, demo, logMail: false });
  await app.close();
}

// `npm run provider:reset`
if (require.main === module) {
  const dataDir = dataDirFromEnv();
  resetProviderData(dataDir).then(
    () => console.info(`Provider data reset in ${dataDir}.\nDemo logins:\n${describeDemoLogins()}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
