/**
 * `npm start`: the local provider and the webpack dev server together. The dev server proxies
 * /api and /media to the provider, so the app and the provider share one origin. Ctrl-C stops
 * both; the provider's data folder (PROVIDER_DATA, default .provider-data/) is kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describeDemoLogins } from '../provider/src/demo';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const appPort = Number(process.env.PORT ?? 8080);
const providerPort = Number(process.env.PROVIDER_PORT ?? 8000);
const appUrl = `http://localhost:${appPort}`;

const env = {
  ...process.env,
  PORT: String(appPort),
  PROVIDER_PORT: String(providerPort),
  PROVIDER_URL: `http://127.0.0.1:${providerPort}`,
  APP_ORIGIN: process.env.APP_ORIGIN ?? appUrl,
  // Development mode: the outbox at /dev/outbox, for this machine only.
  PROVIDER_DEV: '1',
  PROVIDER_DEMO: '1',
  // The provider's warnings and errors (a 500 with its stack) on the console, not a line per request.
  PROVIDER_LOG_LEVEL: process.env.PROVIDER_LOG_LEVEL ?? 'warn',
};

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['provider/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${child.spawnargs.slice(0, 2).join(' ')} stopped (exit ${code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

waitFor(`${appUrl}/api/category/`)
  .then(() => {
    console.info(`\nLanguage Academy is running at ${appUrl}\nDemo logins:\n${describeDemoLogins()}\nPress Ctrl-C to stop.\n`);
  })
  .catch((error: unknown) => {
    console.error(error);
    stop(1);
  });
