/**
 * The build's prerender step (after `webpack --mode production`): renders each public page that
 * needs no provider data (src/app/prerenderedPages.ts) with the prerender bundle webpack made for
 * Node, and writes it to `dist/pages/<name>.html` with its brotli and gzip copies: the app's
 * markup inside `#root` (marked `data-prerendered`, so the app hydrates it), the critical CSS
 * Emotion collected, the screen's title, and the boot script that loads the app's code with the
 * route's chunks once the page has painted (scripts/pageDocument.ts).
 * (The shell, `index.html`, gets its own script inside the webpack build, ShellScriptPlugin in
 * webpack.config.ts, so that the service worker precaches the final file.) Also writes
 * `dist/pages/manifest.json` for the server (scripts/serve-dist.ts): which file serves which
 * route, the not-found page, every route pattern of the app, and the data pages and a student's
 * first screens it renders per request with their chunks.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bareShell, pageDocument } from './pageDocument';
import type { PagesManifest } from './serve-dist';
import { routeChunkGroups } from './shellDocument';

process.env.NODE_ENV = 'production';

const repoRoot = path.resolve(__dirname, '..');
const distDir = path.join(repoRoot, 'dist');
const prerenderDir = path.join(repoRoot, 'dist-render');

interface PrerenderBundle {
  prerenderedPages: { path: string; file: string; chunk: string }[];
  dataPages: string[];
  studentPages: string[];
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

/** The script chunks of a route's screen (its group in routeChunkGroups), which its page loads. */
function filesOfRoute(chunkGroups: Record<string, string[]>, pattern: string): string[] {
  const files = chunkGroups[routeChunkGroups[pattern] ?? ''];
  if (!files) throw new Error(`${pattern}: no chunk group of its screen (see routeChunkGroups in scripts/shellDocument.ts and src/app/routes.tsx)`);
  return files;
}

async function main(): Promise<void> {
  const started = Date.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bundle = require(path.join(prerenderDir, 'prerender.js')) as PrerenderBundle;
  const chunkGroups = JSON.parse(fs.readFileSync(path.join(prerenderDir, 'chunk-groups.json'), 'utf8')) as Record<string, string[]>;
  const shell = bareShell(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const routes = bundle.routePatterns().filter((pattern) => !pattern.includes('*'));
  const unknownDataPages = [...bundle.dataPages, ...bundle.studentPages].filter((pattern) => !routes.includes(pattern));
  if (unknownDataPages.length > 0) throw new Error(`dataPages that are no route of the app: ${unknownDataPages.join(', ')}`);

  const manifest: PagesManifest = {
    pages: {},
    notFound: '',
    routes,
    dataPages: bundle.dataPages,
    dataPageChunks: Object.fromEntries(bundle.dataPages.map((pattern) => [pattern, filesOfRoute(chunkGroups, pattern)])),
    studentPages: bundle.studentPages,
    studentPageChunks: chunkGroups.student ?? [],
  };
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
  checkPrecachedShell();
  console.log(`Prerendered ${bundle.prerenderedPages.length} pages into dist/pages/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * The service worker answers the student area with its precached shell: the revision its precache
 * list gives `/index.html` must be the served file's, or a deployment that changes only the shell
 * would leave students on the old one.
 */
function checkPrecachedShell(): void {
  const worker = path.join(distDir, 'sw.js');
  if (!fs.existsSync(worker)) return;
  const entry = /["']?revision["']?\s*:\s*["']([0-9a-f]+)["']\s*,\s*["']?url["']?\s*:\s*["']\/index\.html["']/.exec(fs.readFileSync(worker, 'utf8'));
  const actual = createHash('md5').update(fs.readFileSync(path.join(distDir, 'index.html'))).digest('hex');
  if (entry?.[1] !== actual) throw new Error(`dist/sw.js precaches /index.html as revision ${entry?.[1] ?? '(none)'}, but the file's is ${actual}: was the shell changed after webpack?`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
