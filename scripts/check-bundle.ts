/**
 * Bundle budgets of the production build (`dist/`), in gzip bytes: what a first visit downloads
 * before any route loads, and each route area's chunk. Also checks that the areas are split and
 * that Stripe.js stays out of the initial download.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const budgets = { initial: 240 * KB, areaChunk: 80 * KB };
const areas = ['public', 'student', 'teacher'];

const dist = path.resolve(__dirname, '..', 'dist');
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initialScripts = [...html.matchAll(/<script[^>]+src="?\/([^"\s>]+\.js)/g)].map((match) => match[1] as string);
if (initialScripts.length === 0) throw new Error('dist/index.html loads no script: is the build complete?');
const chunkFiles = readdirSync(path.join(dist, 'js')).filter((file) => file.endsWith('.js'));
const failures: string[] = [];

const initialSize = initialScripts.reduce((sum, file) => sum + gzipSize(file), 0);
console.log(`initial JS (${initialScripts.length} files): ${kb(initialSize)} gzip, budget ${kb(budgets.initial)}`);
if (initialSize > budgets.initial) failures.push(`initial JS is ${kb(initialSize)}, over ${kb(budgets.initial)}`);
if (initialScripts.some((file) => readFileSync(path.join(dist, file), 'utf8').includes('js.stripe.com'))) {
  failures.push('Stripe.js is referenced by the initial download');
}

for (const area of areas) {
  const file = chunkFiles.find((name) => name.startsWith(`${area}.`));
  if (!file) {
    failures.push(`no separate "${area}" chunk`);
    continue;
  }
  const size = gzipSize(path.join('js', file));
  console.log(`${area} chunk: ${kb(size)} gzip, budget ${kb(budgets.areaChunk)}`);
  if (size > budgets.areaChunk) failures.push(`${area} chunk is ${kb(size)}, over ${kb(budgets.areaChunk)}`);
}

if (failures.length > 0) {
  console.error(`Bundle budget failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle budgets met.');
