/**
 * Bundle budgets of the production build (`dist/`): what a first visit downloads before any route
 * loads (the shell's entry scripts), in gzip and in brotli bytes, and each route area's chunk in
 * gzip. Also checks that the areas are split, that Stripe.js stays out of the initial download,
 * that what a first paint does not need (toasts, the mobile menu's drawer, form fields, the
 * route error page and its progress bar, the upload sender, the error classifier, the service
 * worker's registration, IndexedDB, the saved chapters, the admin area's, practice's and the teacher's course and
 * chapter authoring endpoints) loads on demand, that the public pages' own code leaves out what
 * they load on demand, that the prerendered pages exist and load no more than the shell, and that
 * the favicon is a PNG.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bootFilesOf, COMPILE_HINT, initialScriptsOf } from './pageDocument';

const KB = 1024;
// Issue 41: 190.8 KB gzip, 165.0 brotli with round eight, React DOM in a script of its own
// (decision 0046; 189.9 / 163.0 before); a clean clone's build lands a few bytes either side.
const budgets = { initialGzip: 190.9 * KB, initialBrotli: 165.1 * KB, areaChunk: 80 * KB };
/** The areas behind a login, each a chunk of its own (the public pages and the access screens have one each too). */
const areas = ['student', 'teacher'];
/**
 * Code that has no place in the first download, known by the utility classes each MUI component
 * declares (`generateUtilityClasses("MuiDrawer", ["root", …])`; a theme override naming the
 * component is no match) and by notistack's container class.
 */
const muiComponent = (name: string) => new RegExp(`["']Mui${name}["'],\\s*\\[`);
const onDemand: [RegExp, string][] = [
  [/notistack-SnackbarContainer/, 'notistack (toasts)'],
  [muiComponent('Drawer'), 'the Drawer (mobile menu)'],
  [muiComponent('Modal'), 'the Modal (dialogs, drawer)'],
  [muiComponent('TextField'), 'TextField'],
  [muiComponent('Select'), 'Select'],
  [muiComponent('InputBase'), 'InputBase'],
  [muiComponent('Popover'), 'Popover'],
  [muiComponent('LinearProgress'), 'LinearProgress'],
  [muiComponent('Alert'), 'Alert (route error page)'],
  [/new XMLHttpRequest\b/, 'the upload sender (XMLHttpRequest with progress)'],
  [/have required property/, 'the error classifier (src/api/errors.ts; the session expiry needs only isUnauthorised)'],
  [/SKIP_WAITING/, 'the service worker registration (workbox-window, src/offline/registerWorker.tsx)'],
  [/keyval-store|academy-outbox|academy-logout/, 'IndexedDB (idb-keyval: the outbox, the pending changes, the pending logouts)'],
  [/__offline\/saved-chapters/, 'the saved chapters (src/offline/savedChapters.ts)'],
  [/admin-login\/|pending-teachers/, "the admin area's endpoints (src/api/admin.ts, injected with its route)"],
  [/review-deck\/|chapter-exercises\//, "practice's endpoints (src/api/practice.ts, injected with its screens)"],
  [/chapter-captions\/|teacher-course-detail\/|course-status\//, "the teacher's course and chapter authoring endpoints (src/api/authoring.ts, injected with its screens)"],
];

const dist = path.resolve(__dirname, '..', 'dist');
const read = (file: string) => readFileSync(path.join(dist, file));
const gzipSize = (file: string) => gzipSync(read(file), { level: 9 }).length;
const brotliSize = (file: string) =>
  existsSync(path.join(dist, `${file}.br`))
    ? read(`${file}.br`).length
    : brotliCompressSync(read(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (files: string[], size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0);

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initialScripts = [...initialScriptsOf(shell)];
if (initialScripts.length === 0) throw new Error('dist/index.html loads no script: is the build complete?');
const failures: string[] = [];

const initialGzip = sum(initialScripts, gzipSize);
const initialBrotli = sum(initialScripts, brotliSize);
console.log(
  `initial JS (${initialScripts.length} files): ${kb(initialGzip)} gzip (budget ${kb(budgets.initialGzip)}), ` +
    `${kb(initialBrotli)} brotli (budget ${kb(budgets.initialBrotli)})`,
);
if (initialGzip > budgets.initialGzip) failures.push(`initial JS is ${kb(initialGzip)} gzip, over ${kb(budgets.initialGzip)}`);
if (initialBrotli > budgets.initialBrotli) failures.push(`initial JS is ${kb(initialBrotli)} brotli, over ${kb(budgets.initialBrotli)}`);
const initialCode = initialScripts.map((file) => read(file).toString('utf8')).join('\n');
// V8 compiles a script whole only when the hint is its first line (CompileHintsPlugin).
for (const file of readdirSync(path.join(dist, 'js')).filter((name) => name.endsWith('.js'))) {
  if (!read(`js/${file}`).toString('utf8').startsWith(COMPILE_HINT)) failures.push(`js/${file} does not start with its compile hint`);
}
if (initialCode.includes('js.stripe.com')) failures.push('Stripe.js is referenced by the initial download');
for (const [marker, what] of onDemand) {
  if (marker.test(initialCode)) failures.push(`${what} is part of the initial download`);
}

/** Chunk file (under dist/) -> its webpackChunkName, as the build recorded them. */
const chunkNames = JSON.parse(readFileSync(path.resolve(__dirname, '..', 'dist-render', 'chunk-names.json'), 'utf8')) as Record<string, string>;
for (const area of areas) {
  const file = Object.keys(chunkNames).find((name) => chunkNames[name] === area);
  if (!file) {
    failures.push(`no separate "${area}" chunk`);
    continue;
  }
  const size = gzipSize(file);
  console.log(`${area} chunk: ${kb(size)} gzip, budget ${kb(budgets.areaChunk)}`);
  if (size > budgets.areaChunk) failures.push(`${area} chunk is ${kb(size)}, over ${kb(budgets.areaChunk)}`);
}

/**
 * What a public page's own screen code must not bring before someone asks for it (decision 0009):
 * chunk groups (webpackChunkName) -> code known by its marker.
 */
const publicPages = ['home', 'course-page', 'teacher-page', 'course-lists'];
const notUntilAsked: [string[], RegExp, string][] = [
  [publicPages, muiComponent('Tooltip'), "the favourite toggle's tooltip (logged-in students only)"],
  [['course-page'], muiComponent('Dialog'), 'the rating and preview dialogs (on demand)'],
  [['course-page', 'teacher-page', 'home'], muiComponent('TextField'), 'text fields (the rating dialog, on demand)'],
];
const chunkGroups = JSON.parse(readFileSync(path.resolve(__dirname, '..', 'dist-render', 'chunk-groups.json'), 'utf8')) as Record<string, string[]>;
for (const [groups, marker, what] of notUntilAsked) {
  for (const group of groups) {
    const files = chunkGroups[group];
    if (!files) failures.push(`no chunk group "${group}"`);
    else if (files.some((file) => marker.test(read(file).toString('utf8')))) failures.push(`${what} is part of the "${group}" page's code`);
  }
}
for (const [access, area] of [['student-access', 'student'], ['teacher-access', 'teacher']] as const) {
  if ((chunkGroups[access] ?? []).some((file) => chunkNames[file] === area)) failures.push(`the ${area} area's chunk is part of the "${access}" screens' code`);
}

const pagesDir = path.join(dist, 'pages');
if (!existsSync(path.join(pagesDir, 'manifest.json'))) {
  failures.push('no prerendered pages (dist/pages/manifest.json): did scripts/prerender.ts run?');
} else {
  const home = readFileSync(path.join(pagesDir, 'index.html'), 'utf8');
  const { scripts, chunks } = bootFilesOf(home);
  if (scripts.join() !== initialScripts.join()) failures.push('the prerendered home page loads other entry scripts than the shell');
  console.log(
    `prerendered home page: ${kb(gzipSize('pages/index.html'))} gzip HTML, then the entry scripts and ${chunks.length} ` +
      `route chunks (${kb(sum(chunks, gzipSize))} gzip, ${kb(sum(chunks, brotliSize))} brotli)`,
  );
}

// An SVG favicon is a document the page builds and lays out on its main thread (decision 0044).
const favicon = /<link rel="icon" href="\/([^"]+)"/.exec(shell)?.[1];
if (!favicon?.endsWith('.png') || !existsSync(path.join(dist, favicon))) failures.push(`the shell's favicon is ${favicon ?? 'missing'}, not a PNG of the build`);

if (failures.length > 0) {
  console.error(`Bundle budget failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle budgets met.');
