/**
 * The build's prerender step (after `webpack --mode production`): renders each public page that
 * needs no provider data (src/app/prerenderedPages.ts) with the prerender bundle webpack made for
 * Node, and writes it to `dist/pages/<name>.html` with its brotli and gzip copies: the app's
 * markup inside `#root` (marked `data-prerendered`, so the app hydrates it), the critical CSS
 * Emotion collected, the screen's title, and the boot script that loads the app's code with the
 * route's chunks once the page has painted (scripts/pageDocument.ts).
 * Also gives the shell (`index.html`) its script (scripts/shellDocument.ts: the route's chunks
 * and a logged-in student's first reads, started from the HTML), and writes
 * `dist/pages/manifest.json` for the server (scripts/serve-dist.ts): which file serves which
 * route, the not-found page, every route pattern of the app, and the data pages it renders per
 * request with their chunks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bareShell, initialScriptsOf, pageDocument } from './pageDocument';
import type { PagesManifest } from './serve-dist';
import { shellConfig, shellDocument } from './shellDocument';

process.env.NODE_ENV = 'production';

const repoRoot = path.resolve(__dirname, '..');
const distDir = path.join(repoRoot, 'dist');
const prerenderDir = path.join(repoRoot, 'node_modules', '.cache', 'prerender');

interface PrerenderBundle {
  prerenderedPages: { path: string; file: string; chunk: string }[];
  dataPages: string[];
  NOT_FOUND_PATH: string;
  prerenderPage: (url: string) => Promise<{ html: string; title: string | null; styleTags: string }>;
  routePatterns: () => string[];
}

function writeWithCopies(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(content, 'utf8');
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

async function main(): Promise<void> {
  const started = Date.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bundle = require(path.join(prerenderDir, 'prerender.js')) as PrerenderBundle;
  const chunkGroups = JSON.parse(fs.readFileSync(path.join(prerenderDir, 'chunk-groups.json'), 'utf8')) as Record<string, string[]>;
  const shellFile = path.join(distDir, 'index.html');
  const shell = bareShell(fs.readFileSync(shellFile, 'utf8'));
  const initialScripts = initialScriptsOf(shell);
  const routes = bundle.routePatterns().filter((pattern) => !pattern.includes('*'));
  const unknownDataPages = bundle.dataPages.filter((pattern) => !routes.includes(pattern));
  if (unknownDataPages.length > 0) throw new Error(`dataPages that are no route of the app: ${unknownDataPages.join(', ')}`);

  const manifest: PagesManifest = { pages: {}, notFound: '', routes, dataPages: bundle.dataPages, dataPageChunks: chunkGroups.public ?? [] };
  for (const page of bundle.prerenderedPages) {
    const { html, title, styleTags } = await bundle.prerenderPage(page.path);
    const chunks = chunkGroups[page.chunk];
    if (!chunks) throw new Error(`${page.path}: webpack made no chunk "${page.chunk}" (see prerenderedPages.ts and routes.tsx)`);
    writeWithCopies(path.join(distDir, 'pages', page.file), pageDocument(shell, { html, title, styleTags, chunks }));
    const file = `pages/${page.file}`;
    if (page.path === bundle.NOT_FOUND_PATH) manifest.notFound = file;
    else manifest.pages[page.path] = file;
  }
  fs.writeFileSync(path.join(distDir, 'pages', 'manifest.json'), JSON.stringify(manifest, null, 2));

  // The shell serves the routes that need data: its script fetches the route's screen code
  // alongside the entry scripts instead of after them, and a logged-in student's first reads.
  writeWithCopies(shellFile, shellDocument(shell, shellConfig(chunkGroups, initialScripts, process.env.API_BASE || '/api')));
  console.log(`Prerendered ${bundle.prerenderedPages.length} pages into dist/pages/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
