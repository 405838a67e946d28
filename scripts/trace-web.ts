/**
 * `npx tsx scripts/trace-web.ts [routes…]`: where a page's main-thread time goes, from Chromium's
 * own trace (the performance panel's), at 4× slower CPU and no network throttle. Serves the build
 * in dist/ (or BENCH_DIST) next to a fresh local provider, opens each route once and records the
 * first TRACE_MS (default 10000) ms, then prints:
 * - the long tasks (over 50 ms) with what they held: script evaluation and compilation per chunk,
 *   style recalculation, layout, garbage collection, and the self time of the code that ran in
 *   them by origin (a package, or a folder of src/, read from the build's source maps);
 * - the same origins over the whole trace, and which scripts were evaluated when.
 *
 * Routes (default `/ /all-courses /detail/1`) are opened as a visitor. `/student-dashboard` and
 * `/my-courses` are opened as a returning student: logged in as the demo student through the
 * login form, the app's service worker installed and in control, the HTTP cache emptied.
 * TRACE_JSON=<folder> keeps each raw trace (open it in the performance panel); RENDER_BUNDLE the
 * render bundle that goes with BENCH_DIST (dist-render/prerender.js by default); TRACE_FUNCTIONS=1
 * names the functions with the most self time in each task over 100 ms; RENDER_TIMEOUT_MS gives
 * the render server longer than its 1.5 s on a loaded machine.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { chromiumFlags, freePort, startLocalProvider, stopProcess, waitForProvider } from './localProvider';
import { startDistServer } from './serve-dist';

/** source-map 0.5 (webpack's, synchronous), which ships no types: the one call used here. */
interface SourceMapConsumer {
  originalPositionFor(position: { line: number; column: number }): { source: string | null; line: number | null };
}
const { SourceMapConsumer } = createRequire(__filename)('source-map') as { SourceMapConsumer: new (map: unknown) => SourceMapConsumer };

const repoRoot = path.resolve(__dirname, '..');
const distDir = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(repoRoot, 'dist');
const traceMs = Number(process.env.TRACE_MS ?? 10_000);
/** TRACE_FUNCTIONS=1 also lists, in each task over 100 ms, the functions with the most self time. */
const listFunctions = process.env.TRACE_FUNCTIONS === '1';
const studentRoutes = new Set(['/student-dashboard', '/my-courses']);
const demoStudent = { email: 'student@academy.test', password: 'student-demo-1' };

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { url?: string; cpuProfile?: CpuProfile; timeDeltas?: number[] } };
}
interface CpuProfile {
  nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
}

/** The origin of a bundled position: a package (`react-dom`, `@mui/material`) or a folder of src/. */
const consumers = new Map<string, SourceMapConsumer | null>();
function originOf(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  const file = new URL(url).pathname;
  if (!file.startsWith('/js/')) return file === '/' || !file.includes('.') ? '(inline scripts)' : file;
  if (!consumers.has(file)) {
    const mapFile = path.join(distDir, `${file}.map`);
    consumers.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const source = consumers.get(file)?.originalPositionFor({ line: line + 1, column })?.source;
  if (!source) return `${path.basename(file).replace(/\.[0-9a-f]{10}(\.chunk)?\.js$/, '')} (unmapped)`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1] as string;
  const own = /src\/(.*)\/[^/]+$/.exec(source);
  return own ? `src/${(own[1] as string).split('/').slice(0, 2).join('/')}` : source;
}

/** A function's place for TRACE_FUNCTIONS: its name and source file and line (`createApi buildHooks.ts:42`). */
function placeOf(name: string, url: string, line: number, column: number): string {
  const file = url ? new URL(url).pathname : '';
  const position = file.startsWith('/js/') ? consumers.get(file)?.originalPositionFor({ line: line + 1, column }) : undefined;
  const where = position?.source ? `${position.source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${position.line}` : file || '(native)';
  return `${name || '(anonymous)'} ${where}`;
}

/** The build's chunk names by file (`js/2380.….chunk.js` -> `course-page`), recorded beside its render bundle. */
const namesFile = path.join(path.dirname(process.env.RENDER_BUNDLE ? path.resolve(process.env.RENDER_BUNDLE) : path.join(repoRoot, 'dist-render', 'prerender.js')), 'chunk-names.json');
const chunkNames = existsSync(namesFile) ? (JSON.parse(readFileSync(namesFile, 'utf8')) as Record<string, string>) : {};
const chunkName = (url: unknown) => {
  if (typeof url !== 'string' || !url) return '(inline)';
  const file = new URL(url).pathname;
  return chunkNames[file.slice(1)] ?? (path.basename(file).replace(/\.[0-9a-f]{10}(\.chunk)?\.js$/, '') || '(document)');
};

function add(totals: Map<string, number>, key: string, ms: number) {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}
const top = (totals: Map<string, number>, count: number, least = 1) =>
  [...totals]
    .filter(([, ms]) => ms >= least)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${key} ${Math.round(ms)}`)
    .join(', ');

/** The long tasks of the page's main thread and what they held. */
function analyse(events: TraceEvent[], appOrigin: string, pageUrl: string) {
  const mainThreads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const evaluated = events.filter((event) => event.name === 'EvaluateScript' && String(event.args?.data?.url ?? '').startsWith(appOrigin));
  const main = mainThreads.find((thread) => evaluated.some((event) => event.pid === thread.pid && event.tid === thread.tid)) ?? mainThreads[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const navigation =
    events.find((event) => event.name === 'ResourceSendRequest' && event.args?.data?.url === pageUrl)?.ts ??
    onMain.find((event) => event.name === 'ParseHTML')?.ts ??
    0;
  const ms = (us: number) => us / 1000;
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000 && event.ts >= navigation);

  // CPU samples of the main thread: self time by origin, with their time stamps.
  const samples: { ts: number; origin: string; place: string; ms: number }[] = [];
  const profileIds = new Set(events.filter((event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid).map((event) => event.id));
  const nodes = new Map<number, { url: string; line: number; column: number; name: string }>();
  let sampleTs = 0;
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === main.pid && profileIds.has(event.id))) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      nodes.set(node.id, { url: node.callFrame.url, line: node.callFrame.lineNumber, column: node.callFrame.columnNumber, name: node.callFrame.functionName });
    }
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    if (sampleTs === 0) sampleTs = events.find((event) => event.name === 'Profile' && profileIds.has(event.id))?.ts ?? 0;
    ids.forEach((id, index) => {
      sampleTs += deltas[index] ?? 0;
      const node = nodes.get(id);
      const name = node?.name ?? '';
      const origin = !node ? '?' : ['(program)', '(idle)', '(garbage collector)', '(root)'].includes(name) ? name : originOf(node.url, node.line, node.column);
      const place = listFunctions && node && !name.startsWith('(') ? placeOf(name, node.url, node.line, node.column) : origin;
      samples.push({ ts: sampleTs, origin, place, ms: 0 });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  samples.forEach((sample, index) => {
    sample.ms = Math.min(ms((samples[index + 1]?.ts ?? sample.ts) - sample.ts), 5);
  });

  const within = (task: TraceEvent) => (event: TraceEvent) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0);
  const lines: string[] = [];
  for (const task of tasks) {
    const inner = onMain.filter(within(task));
    const kinds = new Map<string, number>();
    for (const event of inner) {
      const dur = ms(event.dur ?? 0);
      if (event.name === 'EvaluateScript') add(kinds, `evaluate ${chunkName(event.args?.data?.url)}`, dur);
      else if (event.name === 'v8.compile' || event.name === 'v8.compileModule') add(kinds, 'compile', dur);
      else if (event.name === 'UpdateLayoutTree') add(kinds, 'style', dur);
      else if (event.name === 'Layout') add(kinds, 'layout', dur);
      else if (event.name === 'ParseHTML') add(kinds, 'parse HTML', dur);
      else if (/^(MinorGC|MajorGC|V8\.GC_SCAVENGER|BlinkGC\.AtomicPhase)$/.test(event.name)) add(kinds, 'GC', dur);
      else if (event.name === 'FireIdleCallback') add(kinds, 'idle callback', dur);
      else if (event.name === 'TimerFire') add(kinds, 'timer', dur);
      else if (event.name === 'EventDispatch') add(kinds, `event ${String(event.args?.data?.type ?? '')}`, dur);
      else if (event.name === 'RunMicrotasks') add(kinds, 'microtasks', dur);
      else if (event.name === 'FunctionCall' && inner.every((other) => other === event || !(other.name === 'FunctionCall' && within(other)(event))))
        add(kinds, `call ${chunkName(event.args?.data?.url)}`, dur);
    }
    const origins = new Map<string, number>();
    const places = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= task.ts + (task.dur ?? 0)) continue;
      add(origins, sample.origin, sample.ms);
      add(places, sample.place, sample.ms);
    }
    lines.push(
      `  ${Math.round(ms(task.ts - navigation))} ms: ${Math.round(ms(task.dur ?? 0))} ms task — ${top(kinds, 8)}\n` + `      self time: ${top(origins, 10)}`,
    );
    if (listFunctions && (task.dur ?? 0) > 100_000) lines.push(`      functions: ${top(places, 12, 3)}`);
  }
  const origins = new Map<string, number>();
  for (const sample of samples) if (!['(idle)', '(program)'].includes(sample.origin)) add(origins, sample.origin, sample.ms);
  const evaluations = onMain
    .filter((event) => event.name === 'EvaluateScript' && (event.dur ?? 0) > 2000)
    .map((event) => `${chunkName(event.args?.data?.url)} at ${Math.round(ms(event.ts - navigation))} (${Math.round(ms(event.dur ?? 0))} ms)`);
  const busy = onMain.filter((event) => event.name === 'RunTask').reduce((total, event) => total + (event.dur ?? 0), 0);
  const blocking = tasks.reduce((total, event) => total + (event.dur ?? 0) - 50_000, 0);
  return [
    `  main thread busy ${Math.round(ms(busy))} ms; ${tasks.length} long task(s), ${Math.round(ms(blocking))} ms over 50 ms (a TBT-like sum, unthrottled network)`,
    ...lines,
    `  evaluated: ${evaluations.join(', ')}`,
    `  self time by origin over the trace (ms): ${top(origins, 18, 3)}`,
  ].join('\n');
}

async function logIn(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/student-login`, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), undefined, { timeout: 30_000 });
  await page.fill('main input[name="email"]', demoStudent.email);
  await page.fill('main input[name="password"]', demoStudent.password);
  await Promise.all([page.waitForURL('**/student-dashboard', { timeout: 30_000 }), page.click('main button[type="submit"]')]);
  await page.goto(`${appUrl}/my-courses`, { waitUntil: 'load' });
  // A worker that activates while a page is on its way (a rendered page takes a moment) does not
  // control it: once it is ready, the page is opened again.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

async function main() {
  const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/all-courses', '/detail/1'];
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'academy-trace-'));
  const logFile = path.join(workDir, 'provider.log');
  const providerPort = await freePort();
  const providerUrl = `http://127.0.0.1:${providerPort}`;
  // RENDER_TIMEOUT_MS as the server's: a loaded machine can otherwise get the shell instead of a data page.
  const renderTimeoutMs = Number(process.env.RENDER_TIMEOUT_MS) || undefined;
  const app = await startDistServer({ distDir, providerUrl, renderBundle: process.env.RENDER_BUNDLE || undefined, renderTimeoutMs });
  const provider = startLocalProvider({ port: providerPort, dataDir: path.join(workDir, 'data'), appOrigin: app.url, logFile });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
  try {
    await waitForProvider(providerUrl, provider, logFile, 120_000);
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      if (studentRoutes.has(route)) await logIn(page, app.url);
      // Once unmeasured, so that the render server has rendered the page before (a first render
      // waits for its thread's start), then from a blank page.
      await page.goto(`${app.url}${route}`, { waitUntil: 'load' });
      await page.goto('about:blank');
      const session = await context.newCDPSession(page);
      await session.send('Network.enable');
      await session.send('Network.clearBrowserCache');
      await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'v8.execute',
          'v8',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'loading',
          'toplevel',
        ],
      });
      const started = Date.now();
      await page.goto(`${app.url}${route}`, { waitUntil: 'commit' });
      await page.waitForTimeout(Math.max(0, traceMs - (Date.now() - started)));
      const trace = await browser.stopTracing();
      const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
      if (process.env.TRACE_JSON) {
        mkdirSync(process.env.TRACE_JSON, { recursive: true });
        writeFileSync(path.join(process.env.TRACE_JSON, `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`), trace);
      }
      console.log(`${route}${studentRoutes.has(route) ? ' (returning student, worker installed)' : ''}, 4× CPU, first ${traceMs} ms:`);
      console.log(analyse(traceEvents, app.url, `${app.url}${route}`));
      await context.close();
    }
  } finally {
    await browser.close();
    await stopProcess(provider);
    await app.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
