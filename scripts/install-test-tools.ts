/**
 * Makes sure the tests have the programs they start: Debian's Chromium headless shell and the fonts
 * the pages are measured with (the browser journeys), redis-server (the provider suite of the shared store,
 * test/provider/shared-store.test.ts) and PostgreSQL (the provider's suites on PostgreSQL,
 * scripts/postgres.ts). All present (CHROMIUM_PATH, default /usr/bin/chromium-headless-shell; REDIS_SERVER,
 * default /usr/bin/redis-server; PG_BIN, default the newest /usr/lib/postgresql/N/bin): nothing to do. Any missing, as root on a machine
 * with apt-get: installs those. Otherwise says in one line what to run, and fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { postgresPrograms } from './postgres';

interface Tool {
  what: string;
  path: string;
  /** The environment variable that names another binary. */
  variable: string;
  packages: string[];
}

const tools: Tool[] = [
  { what: 'Chromium', path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', variable: 'CHROMIUM_PATH', packages: ['chromium-headless-shell', 'fonts-liberation'] },
  { what: 'redis-server', path: process.env.REDIS_SERVER ?? '/usr/bin/redis-server', variable: 'REDIS_SERVER', packages: ['redis-server'] },
  { what: 'PostgreSQL', path: path.join(postgresPrograms() ?? process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', 'initdb'), variable: 'PG_BIN', packages: ['postgresql'] },
];
const aptGet = '/usr/bin/apt-get';

function apt(...args: string[]): boolean {
  const result = spawnSync(aptGet, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

function main(): number {
  const missing = tools.filter((tool) => !existsSync(tool.path));
  for (const tool of tools) if (!missing.includes(tool)) console.log(`${tool.what}: ${tool.path}`);
  if (missing.length === 0) return 0;
  const packages = missing.flatMap((tool) => tool.packages);
  const named = missing.map((tool) => tool.what).join(' and ');
  const isRoot = process.getuid?.() === 0;
  if (missing.some((tool) => process.env[tool.variable]) || !isRoot || !existsSync(aptGet)) {
    const variables = missing.map((tool) => `${tool.variable} to its binary`).join(', ');
    console.error(`The tests need ${named}: run \`sudo apt-get install -y ${packages.join(' ')}\` (or set ${variables}).`);
    return 1;
  }
  console.log(`Installing ${packages.join(', ')} from Debian's packages for the tests…`);
  if (!apt('update', '-qq') || !apt('install', '-y', '-qq', '--no-install-recommends', ...packages)) {
    console.error(`Installing ${named} failed: run \`apt-get install -y ${packages.join(' ')}\` and npm test again.`);
    return 1;
  }
  return missing.every((tool) => existsSync(tool.path)) ? 0 : 1;
}

process.exit(main());
