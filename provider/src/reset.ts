import fs from 'node:fs';
import { dataDirFromEnv } from './config';
import { describeDemoLogins } from './demo';
import { buildProvider } from './server';

/** Wipes the data folder and seeds a fresh demo database. */
export async function resetProviderData(dataDir: string): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const app = await buildProvider({ dataDir, logMail: false });
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
