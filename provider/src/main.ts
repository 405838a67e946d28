import { dataDirFromEnv, resolveConfig } from './config';
import { describeDemoLogins } from './demo';
import { buildProvider } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.PROVIDER_PORT ?? 8000);
  const host = process.env.PROVIDER_HOST ?? '127.0.0.1';
  const dataDir = dataDirFromEnv();
  const app = await buildProvider({ dataDir, logger: process.env.PROVIDER_LOG === '1' });
  const url = await app.listen({ port, host });
  const mails = process.env.PROVIDER_DEV === '1' ? `mails at ${url}/dev/outbox` : 'mails on the console only';
  console.info(`Local provider listening on ${url} (API under ${url}/api, ${mails})`);
  const { mediaStorage: store, demo } = resolveConfig({ dataDir });
  const media = store.kind === 'folder' ? store.dir : `bucket ${store.bucket}${store.endpoint ? ` at ${store.endpoint}` : ''}`;
  console.info(`Data folder: ${dataDir}\nMedia: ${media}\n${demo ? `Demo logins:\n${describeDemoLogins()}` : 'No demo data (PROVIDER_DEMO=1 seeds it into a new database).'}`);

  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.info(`${signal} received, closing the provider.`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
