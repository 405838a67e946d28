import { ConfigError, dataDirFromEnv, listenAddressFromEnv, resolveConfig } from './config';
import { describeDemoLogins } from './demo';
import { buildProvider, closeGracefully } from './server';

async function main(): Promise<void> {
  const { port, host } = listenAddressFromEnv();
  const dataDir = dataDirFromEnv();
  // Every setting is read, and a wrong one refused, before anything is opened.
  const config = resolveConfig({ dataDir });
  const app = await buildProvider({ dataDir });
  const url = await app.listen({ port, host });
  const mails = config.mail.smtp
    ? `mails over SMTP from ${config.mail.smtp.from.address}`
    : config.devMode
      ? `mails at ${url}/dev/outbox`
      : config.logMail
        ? 'mails on the console only'
        : 'mails kept in the outbox table, not printed';
  console.info(`Local provider listening on ${url} (API under ${url}/api, ${mails})`);
  const { mediaStorage: store, demo } = config;
  const media = store.kind === 'folder' ? store.dir : `bucket ${store.bucket}${store.endpoint ? ` at ${store.endpoint}` : ''}`;
  console.info(`Data folder: ${dataDir}\nMedia: ${media}\n${demo ? `Demo logins:\n${describeDemoLogins()}` : 'No demo data (PROVIDER_DEMO=1 seeds it into a new database).'}`);

  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.info(`${signal} received: finishing the requests in flight (at most ${config.stopGraceMs} ms), then closing the provider.`);
    closeGracefully(app, config.stopGraceMs).then(
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
  // A missing or malformed setting: one line naming it, no stack.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
