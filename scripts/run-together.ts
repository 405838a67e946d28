/**
 * Runs npm scripts side by side and prints each one's output whole, with its time, when it ends:
 * `tsx scripts/run-together.ts typecheck lint`. Exits with 1 when any of them failed. `npm test`
 * runs its quick static checks this way: each is one process on one core, so on a 2-core machine
 * two of them take the time of the longer.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(`\n> npm run ${script}: ${verdict} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

async function main(): Promise<number> {
  const scripts = process.argv.slice(2);
  if (scripts.length === 0) {
    console.error('usage: tsx scripts/run-together.ts SCRIPT [SCRIPT …]');
    return 2;
  }
  const results = await Promise.all(scripts.map(run));
  return results.every(Boolean) ? 0 : 1;
}

void main().then((code) => process.exit(code));
