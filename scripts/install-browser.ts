/**
 * Makes sure the browser journeys have their browser: Debian's Chromium and the fonts the pages are
 * measured with. Present (CHROMIUM_PATH, default /usr/bin/chromium): nothing to do. Missing, as root
 * on a machine with apt-get: installs them. Otherwise says in one line what to run, and fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const packages = ['chromium', 'fonts-liberation'];
const aptGet = '/usr/bin/apt-get';

function apt(...args: string[]): boolean {
  const result = spawnSync(aptGet, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

function main(): number {
  if (existsSync(chromiumPath)) {
    console.log(`Chromium: ${chromiumPath}`);
    return 0;
  }
  const isRoot = process.getuid?.() === 0;
  if (process.env.CHROMIUM_PATH || !isRoot || !existsSync(aptGet)) {
    console.error(`The browser journeys need Chromium: run \`sudo apt-get install -y ${packages.join(' ')}\` (or set CHROMIUM_PATH to a Chromium binary).`);
    return 1;
  }
  console.log(`Installing ${packages.join(' and ')} from Debian's packages for the browser journeys…`);
  if (!apt('update', '-qq') || !apt('install', '-y', '-qq', '--no-install-recommends', ...packages)) {
    console.error(`Installing Chromium failed: run \`apt-get install -y ${packages.join(' ')}\` and npm test again.`);
    return 1;
  }
  return existsSync(chromiumPath) ? 0 : 1;
}

process.exit(main());
