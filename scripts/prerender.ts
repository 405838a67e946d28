/**
 * The build's prerender step (after `webpack --mode production`): renders each public page that
 * needs no provider data (src/app/prerenderedPages.ts) with the prerender bundle webpack made for
 * Node, and writes it to `dist/pages/<name>.html` with its brotli and gzip copies: the app's
 * markup inside `#root` (marked `data-prerendered`, so the app hydrates it), the critical CSS
 * Emotion collected, the screen's title, and preload links for the route's script chunks.
 * Also adds the `public` chunks' preload links to the shell (`index.html`), and writes
 * `dist/pages/manifest.json` for the server (scripts/serve-dist.ts): which file serves which
 * route, the not-found page, and every route pattern of the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PagesManifest } from './serve-dist';

process.env.NODE_ENV = 'production';

const repoRoot = path.resolve(__dirname, '..');
const distDir = path.join(repoRoot, 'dist');
const prerenderDir = path.join(repoRoot, 'node_modules', '.cache', 'prerender');

interface PrerenderBundle {
  prerenderedPages: { path: string; file: string; chunk: string }[];
  NOT_FOUND_PATH: string;
  prerenderPage: (url: string) => Promise<{ html: string; title: string | null; styleTags: string }>;
  routePatterns: () => string[];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function preloadLinks(files: string[], initialScripts: Set<string>, priority: 'high' | 'low' | 'auto' = 'auto'): string {
  const fetchPriority = priority === 'auto' ? '' : ` fetchpriority="${priority}"`;
  return files
    .filter((file) => !initialScripts.has(file))
    .map((file) => `<link rel="preload" as="script" href="/${file}"${fetchPriority}>`)
    .join('');
}

/** React's preloads of the page's `fetchPriority="high"` images, which it writes at the top of the markup. */
const imagePreload = /<link rel="preload" as="image"[^>]*>/g;

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
  const shell = fs.readFileSync(shellFile, 'utf8').replace(/<link rel="?preload"?[^>]*>/g, '');
  const initialScripts = new Set([...shell.matchAll(/<script[^>]+src="?\/([^"\s>]+\.js)/g)].map((match) => match[1] as string));
  if (!shell.includes('<div id="root"></div>') && !shell.includes('<div id=root></div>')) {
    throw new Error('dist/index.html has no empty <div id="root"></div> to fill');
  }

  const manifest: PagesManifest = { pages: {}, notFound: '', routes: bundle.routePatterns().filter((pattern) => !pattern.includes('*')) };
  for (const page of bundle.prerenderedPages) {
    const { html, title, styleTags } = await bundle.prerenderPage(page.path);
    const chunks = chunkGroups[page.chunk];
    if (!chunks) throw new Error(`${page.path}: webpack made no chunk "${page.chunk}" (see prerenderedPages.ts and routes.tsx)`);
    // The page paints from the HTML: its largest image is fetched first, before the scripts, and
    // the screen's code (needed to hydrate, not to paint) after them.
    const imagePreloads = (html.match(imagePreload) ?? []).join('');
    const preloads = preloadLinks(chunks, initialScripts, 'low');
    let document = shell
      .replace(/<div id="?root"?><\/div>/, `<div id="root" data-prerendered>${html.replace(imagePreload, '')}</div>`)
      .replace(/<script/, `${imagePreloads}<script`)
      .replace('</head>', `${preloads}${styleTags}</head>`);
    if (title !== null) document = document.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    writeWithCopies(path.join(distDir, 'pages', page.file), document);
    const file = `pages/${page.file}`;
    if (page.path === bundle.NOT_FOUND_PATH) manifest.notFound = file;
    else manifest.pages[page.path] = file;
  }
  fs.writeFileSync(path.join(distDir, 'pages', 'manifest.json'), JSON.stringify(manifest, null, 2));

  // The shell serves the routes that need data, most of them public: fetch their screens' code
  // alongside the entry scripts instead of after them.
  writeWithCopies(shellFile, shell.replace('</head>', `${preloadLinks(chunkGroups.public ?? [], initialScripts)}</head>`));
  console.log(`Prerendered ${bundle.prerenderedPages.length} pages into dist/pages/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
