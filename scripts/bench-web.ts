/**
 * `npm run bench:web`: how fast the public pages are, measured, not tested. Builds the app
 * (`npm run build`, which also prints the bundle budgets), starts a fresh local provider (a
 * temporary data folder with the demo data) and the production build next to it
 * (scripts/serve-dist.ts), then runs Lighthouse 12 (simulated throttling; Debian's Chromium)
 * several times per public route, on mobile and on desktop, and prints the medians.
 *
 * Options (environment):
 * - BENCH_ROUTES: comma-separated paths (default: the public routes below); `all` adds the rest, `none` measures none
 * - BENCH_RUNS: runs per route and form factor (default 3)
 * - BENCH_FORM_FACTORS: `mobile,desktop` (default both)
 * - BENCH_SKIP_BUILD=1: measure the build already in dist/
 * - BENCH_DIST: another build folder to serve (implies BENCH_SKIP_BUILD), e.g. a copy of dist/ to compare
 * - RENDER_BUNDLE: the render bundle that goes with it (default dist-render/prerender.js,
 *   which every worktree sharing node_modules overwrites: keep a copy beside a kept build)
 * - RENDER_TIMEOUT_MS: the render server's limit for a data page (default 1.5 s; a loaded machine
 *   can need more, else the page is the shell and the run measures a client render)
 * - PROVIDER_SEED_COURSES: passed to the provider, e.g. 5000 for a large catalogue
 *
 * Before Lighthouse, it also times the provider's course pages (`limit`, `offset`: all courses, a
 * category, a search) and prints their p50 and p99.
 * - CHROMIUM_PATH: another browser (default /usr/bin/chromium)
 * - BENCH_JSON: also write every run's figures to this file
 * - BENCH_REPORTS: a folder to keep each run's whole Lighthouse report in (`mobile-detail-1-1.json`…)
 * - BENCH_TRACES: also keep the public pages' runs' traces there (`….trace.json`, unthrottled: Lighthouse
 *   simulates the phone from them), for the performance panel or a script
 * - BENCH_BEFORE_DIST: a kept build to measure side by side with this one (its render bundle in
 *   BENCH_BEFORE_RENDER_BUNDLE, default `<BENCH_BEFORE_DIST>/../dist-render/prerender.js`): the
 *   public pages' runs alternate between the two, each served by its own render server in front of
 *   the same provider, and the table gives both builds' medians ("before" and "after" rows), so a
 *   change is judged from one run on one machine's load
 * - BENCH_STUDENT_ROUTES: the student area's pages measured logged in as the demo student
 *   (default `/student-dashboard,/my-courses`; empty for none)
 *
 * - BENCH_RETURNING_ROUTES: the pages measured for a returning student after a new deployment
 *   (below; default `/student-dashboard,/my-courses`; empty for none). Mobile only.
 *
 * The student pages are measured as a student opens a bookmark after a new deployment: logged in
 * (the session cookie and the app's localStorage keys, set once through the login form in the
 * same browser), with an empty HTTP cache and no service worker or Cache Storage (Lighthouse
 * clears those before each run, never cookies or localStorage). Their content is what paints
 * largest, so their LCP is when it shows: each run prints the LCP element, so a figure that is a
 * skeleton's or the header's would be seen as such.
 *
 * "A returning student after a new deployment" is the same bookmark for a student who has used the
 * app before on this device, which is what a bookmark after a deployment is: logged in, the app's
 * service worker installed and in control (with its precache of the build), then before each run
 * the HTTP cache is emptied (CDP `Network.clearBrowserCache`) but the worker and its caches are
 * kept (Lighthouse's `disableStorageReset`). Lighthouse's simulated throttling replays the
 * requests of an unthrottled load on a model of the network, where an answer from the worker is
 * a request like any other; so these runs use `throttlingMethod: 'devtools'` instead: the same
 * mobile profile (4× slower CPU, 4G: 562.5 ms per request, 1.4 Mbit/s down) applied by the
 * browser while the page loads. The same throttle is put on the worker (its own DevTools session),
 * whose requests to the network (the API reads) the page's throttle does not reach; keeping that
 * session attached keeps the worker running between runs, so its start-up (a few tens of ms) is
 * not counted. Each run prints where the page's HTML came from.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumFlags, freePort, startLocalProvider, stopProcess, waitForProvider } from './localProvider';
import { startDistServer } from './serve-dist';

const repoRoot = path.resolve(__dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const defaultRoutes = ['/', '/about', '/all-courses', '/detail/1', '/student-login', '/teacher-detail/1'];
const moreRoutes = ['/contact', '/blog', '/all-popular-courses', '/all-teachers', '/category/spanish', '/teacher-login', '/privacy'];
const defaultStudentRoutes = ['/student-dashboard', '/my-courses'];
/**
 * Lighthouse's mobile throttle as DevTools applies it (its `mobileSlow4G` profile: `requestLatencyMs`,
 * `downloadThroughputKbps`, `uploadThroughputKbps`), for the service worker's own session.
 */
const devtoolsMobile4G = { latency: 150 * 3.75, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9 };
/** The demo student of the provider's seed data (README, Quick start). */
const demoStudent = { email: 'student@academy.test', password: 'student-demo-1' };

type FormFactor = 'mobile' | 'desktop';

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's max potential FID: the longest task after the first paint, the INP a first tap may meet. */
  maxFidMs: number;
  cls: number;
  bytes: number;
  requests: number;
  /** The element of the largest contentful paint (its selector and text), for the student pages. */
  lcpElement?: string;
  /** When the page's HTML and its last API read had arrived (ms from the start), for the student pages. */
  documentMs?: number;
  lastReadMs?: number;
}

/** The latency of the course list's pages, straight from the provider (no compression), in ms: p50, p99, max. */
async function measureCoursePages(providerUrl: string, requests = 300): Promise<Record<string, { total: number; p50: number; p99: number; max: number }>> {
  const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
  const kinds: Record<string, (page: number) => string> = {
    'all courses': (page) => `limit=12&offset=${page * 12}`,
    'a category': (page) => `category=${(page % 7) + 1}&limit=12&offset=${(page % 40) * 12}`,
    'a search': (page) => `search=conversation&limit=12&offset=${(page % 20) * 12}`,
  };
  const figures: Record<string, { total: number; p50: number; p99: number; max: number }> = {};
  for (const [kind, query] of Object.entries(kinds)) {
    const first = await fetch(`${providerUrl}/api/course/?${query(0)}`, { headers: { 'Accept-Encoding': 'identity' } });
    const total = Number(first.headers.get('x-total-count'));
    await first.arrayBuffer();
    const pages = Math.max(1, Math.ceil(total / 12));
    const times: number[] = [];
    for (let index = 0; index < requests; index += 1) {
      const started = performance.now();
      const answer = await fetch(`${providerUrl}/api/course/?${query(Math.floor(Math.random() * pages))}`, { headers: { 'Accept-Encoding': 'identity' } });
      await answer.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    figures[kind] = { total, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times.at(-1) as number };
  }
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

interface RequestItem {
  url: string;
  resourceType?: string;
  networkEndTime?: number;
  sessionTargetType?: string;
}

function figuresOf(lhr: {
  requestedUrl?: string;
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
}): RunFigures {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: RequestItem[] } | undefined)?.items;
  const requests = items?.length ?? Number.NaN;
  const pageItems = (items ?? []).filter((item) => item.sessionTargetType !== 'worker');
  const documentItem = pageItems.find((item) => item.resourceType === 'Document');
  const readEnds = pageItems.filter((item) => new URL(item.url).pathname.startsWith('/api/')).map((item) => item.networkEndTime ?? Number.NaN);
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string; snippet?: string; nodeLabel?: string } }[] }[] } | undefined)?.items;
  const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    maxFidMs: value('max-potential-fid'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    requests,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 40)}"` : undefined,
    documentMs: documentItem?.networkEndTime,
    lastReadMs: readEnds.length > 0 ? Math.max(...readEnds) : undefined,
  };
}

async function main(): Promise<void> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`bench:web measures the whole Chromium, the browser people use, not found at ${chromiumPath}: run \`apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  }
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const formFactors = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as FormFactor[];
  const routeSetting = process.env.BENCH_ROUTES;
  const routes = !routeSetting ? defaultRoutes : routeSetting === 'all' ? [...defaultRoutes, ...moreRoutes] : routeSetting === 'none' ? [] : routeSetting.split(',').filter(Boolean);
  const studentRoutes = (process.env.BENCH_STUDENT_ROUTES ?? defaultStudentRoutes.join(',')).split(',').filter(Boolean);
  const returningRoutes = (process.env.BENCH_RETURNING_ROUTES ?? defaultStudentRoutes.join(',')).split(',').filter(Boolean);

  const distDir = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(repoRoot, 'dist');
  if (process.env.BENCH_SKIP_BUILD !== '1' && !process.env.BENCH_DIST) {
    console.log('bench: npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const budgets = spawnSync('npx', ['tsx', 'scripts/check-bundle.ts'], { cwd: repoRoot, encoding: 'utf8' });

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'academy-bench-'));
  const logFile = path.join(workDir, 'provider.log');
  const providerPort = await freePort();
  const providerUrl = `http://127.0.0.1:${providerPort}`;
  // RENDER_TIMEOUT_MS as the server's: on a loaded machine a data page can otherwise fall back to the shell.
  const renderTimeoutMs = Number(process.env.RENDER_TIMEOUT_MS) || undefined;
  const app = await startDistServer({ distDir, providerUrl, renderBundle: process.env.RENDER_BUNDLE || undefined, renderTimeoutMs });
  const beforeDist = process.env.BENCH_BEFORE_DIST ? path.resolve(process.env.BENCH_BEFORE_DIST) : null;
  const before = beforeDist
    ? await startDistServer({
        distDir: beforeDist,
        providerUrl,
        renderBundle: process.env.BENCH_BEFORE_RENDER_BUNDLE || path.join(beforeDist, '..', 'dist-render', 'prerender.js'),
        renderTimeoutMs,
      })
    : null;
  /** The builds measured: this one, and the kept one before it in each run when there is one. */
  const builds = before ? [{ label: 'before ', url: before.url }, { label: 'after ', url: app.url }] : [{ label: '', url: app.url }];
  const provider = startLocalProvider({ port: providerPort, dataDir: path.join(workDir, 'data'), appOrigin: app.url, logFile });
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  const results: Record<string, RunFigures[]> = {};
  let coursePages: Awaited<ReturnType<typeof measureCoursePages>> = {};
  try {
    await waitForProvider(providerUrl, provider, logFile, 120_000);
    coursePages = await measureCoursePages(providerUrl);
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
    console.log(`bench: ${app.url} (provider ${providerUrl}), ${runs} run(s) per route and form factor`);
    // The public pages as a visitor first; then, logged in, the student's.
    const passes = [
      { loggedIn: false, routes },
      { loggedIn: true, routes: studentRoutes },
    ].filter((pass) => pass.routes.length > 0);
    let loggedInAlready = false;
    for (const { loggedIn, routes: passRoutes } of passes) {
      if (loggedIn) {
        await logInAsDemoStudent(chrome.port, app.url);
        loggedInAlready = true;
      }
      for (const formFactor of formFactors) {
        for (const route of passRoutes) {
          // The student's pages are measured on this build only (the login is this origin's).
          const measured = loggedIn ? builds.slice(-1) : builds;
          for (const { label } of measured) results[`${formFactor} ${label}${route}${loggedIn ? ' (student)' : ''}`] = [];
          // Asked once unmeasured from each build, as trace-web.ts does: a render server's first page
          // (its provider calls' first answers among it) was often the shell, one run in three.
          if (!loggedIn) for (const { url } of measured) await fetch(`${url}${route}`).then((answer) => answer.arrayBuffer(), () => undefined);
          for (let index = 0; index < runs * measured.length; index += 1) {
            const run = Math.floor(index / measured.length);
            const build = measured[index % measured.length] as (typeof builds)[number];
            const key = `${formFactor} ${build.label}${route}${loggedIn ? ' (student)' : ''}`;
            const result = await lighthouse(
              `${build.url}${route}`,
              { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
              formFactor === 'desktop' ? desktopConfig : undefined,
            );
            if (!result) throw new Error(`Lighthouse returned nothing for ${key}`);
            const figures = figuresOf(result.lhr as unknown as Parameters<typeof figuresOf>[0]);
            if (process.env.BENCH_REPORTS) {
              mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
              const name = `${formFactor}-${build.label.trim() ? `${build.label.trim()}-` : ''}${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}${loggedIn ? '-student' : ''}-${run + 1}.json`;
              writeFileSync(path.join(process.env.BENCH_REPORTS, name), JSON.stringify(result.lhr));
              if (process.env.BENCH_TRACES) writeFileSync(path.join(process.env.BENCH_REPORTS, name.replace(/\.json$/, '.trace.json')), JSON.stringify(result.artifacts.Trace));
            }
            results[key]?.push(figures);
            console.log(
              `  ${key} #${run + 1}: performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, max FID ${Math.round(figures.maxFidMs)} ms, CLS ${figures.cls.toFixed(3)}` +
                (loggedIn ? `, LCP element ${figures.lcpElement ?? 'none'}` : ''),
            );
          }
        }
      }
    }
    if (returningRoutes.length > 0) {
      if (!loggedInAlready) await logInAsDemoStudent(chrome.port, app.url);
      const worker = await letWorkerTakeControl(chrome.port, app.url);
      try {
        for (const route of returningRoutes) {
          const key = `mobile ${route} (returning student, worker, devtools throttle)`;
          results[key] = [];
          for (let run = 0; run < runs; run += 1) {
            await worker.clearHttpCache();
            const result = await lighthouse(`${app.url}${route}`, {
              port: chrome.port,
              logLevel: 'error',
              output: 'json',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              throttlingMethod: 'devtools',
              disableStorageReset: true,
            });
            if (!result) throw new Error(`Lighthouse returned nothing for ${key}`);
            const figures = figuresOf(result.lhr as unknown as Parameters<typeof figuresOf>[0]);
            if (process.env.BENCH_REPORTS) {
              mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
              const name = `mobile-${route.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-returning-${run + 1}.json`;
              writeFileSync(path.join(process.env.BENCH_REPORTS, name), JSON.stringify(result.lhr));
            }
            if (!(await worker.stillInstalled())) throw new Error(`${key}: the service worker or its caches were gone after the run`);
            results[key].push(figures);
            const ms = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} ms`);
            console.log(
              `  ${key} #${run + 1}: performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, max FID ${Math.round(figures.maxFidMs)} ms, CLS ${figures.cls.toFixed(3)}, ` +
                `HTML at ${ms(figures.documentMs)}, last API read at ${ms(figures.lastReadMs)}, LCP element ${figures.lcpElement ?? 'none'}`,
            );
          }
        }
      } finally {
        await worker.release();
      }
    }
  } finally {
    await chrome?.kill();
    await stopProcess(provider);
    await app.close();
    await before?.close();
    rmSync(workDir, { recursive: true, force: true });
  }

  const header = '| form factor | route | perf | a11y | BP | SEO | FCP | LCP | TBT | max FID | CLS | KiB | requests |';
  const rows = Object.entries(results).map(([key, figures]) => {
    const [formFactor, ...rest] = key.split(' ');
    const route = rest.join(' ');
    const m = (pick: (run: RunFigures) => number) => median(figures.map(pick));
    return `| ${formFactor} | ${route} | ${m((f) => f.performance)} | ${m((f) => f.accessibility)} | ${m((f) => f.bestPractices)} | ${m((f) => f.seo)} | ${(m((f) => f.fcpMs) / 1000).toFixed(1)} s | ${(m((f) => f.lcpMs) / 1000).toFixed(1)} s | ${Math.round(m((f) => f.tbtMs))} ms | ${Math.round(m((f) => f.maxFidMs))} ms | ${m((f) => f.cls).toFixed(3)} | ${Math.round(m((f) => f.bytes) / 1024)} | ${m((f) => f.requests)} |`;
  });
  console.log(
    `\nLighthouse 12, simulated throttling (the returning student's rows: devtools throttling, the service worker installed), median of ${runs} ` +
      `(${os.cpus().length} CPUs, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')})`,
  );
  console.log([header, `|${'---|'.repeat(13)}`, ...rows].join('\n'));
  console.log('\nThe provider\'s course pages (GET /api/course/?limit=12&offset=…, 300 sequential requests each):');
  for (const [kind, { total, p50, p99, max }] of Object.entries(coursePages)) {
    console.log(`  ${kind} (${total} matching): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
  }
  console.log(`\nBundle sizes (scripts/check-bundle.ts):\n${budgets.stdout.trim()}`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

/**
 * Logs the demo student in through the login form, in the browser Lighthouse then uses: the
 * provider's session cookie and the app's localStorage keys stay for the student pages' runs
 * (Lighthouse clears the HTTP cache, service workers and Cache Storage before each, not these).
 */
async function logInAsDemoStudent(port: number, appUrl: string): Promise<void> {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/student-login`, { waitUntil: 'load' });
    // The prerendered form is held back until the app has hydrated it.
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), { timeout: 30_000 });
    await page.type('main input[name="email"]', demoStudent.email);
    await page.type('main input[name="password"]', demoStudent.password);
    await Promise.all([page.waitForFunction(() => window.location.pathname === '/student-dashboard', { timeout: 30_000 }), page.click('main button[type="submit"]')]);
    const stored = await page.evaluate(() => [localStorage.getItem('studentLoginStatus'), localStorage.getItem('studentId')]);
    if (stored[0] !== 'true') throw new Error(`The demo student's login left localStorage at ${JSON.stringify(stored)}`);
    console.log(`bench: logged in as ${demoStudent.email} (student ${stored[1]})`);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * Opens the student area once so that the app registers its service worker, and waits until the
 * worker has installed (its precache filled) and controls the page. Then holds a DevTools session
 * on the worker with the mobile network throttle (its requests are its own, out of the page's
 * throttle), which also keeps it running between runs.
 */
async function letWorkerTakeControl(port: number, appUrl: string) {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${appUrl}/my-courses`, { waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 60_000 });
  const precached = await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('workbox-precache')).length);
  if (precached === 0) throw new Error('The service worker controls the page but has no precache');
  const workerTarget = await browser.waitForTarget((target) => target.type() === 'service_worker' && target.url().startsWith(appUrl), { timeout: 30_000 });
  const workerSession = await workerTarget.createCDPSession();
  await workerSession.send('Network.enable');
  await workerSession.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: devtoolsMobile4G.latency,
    downloadThroughput: (devtoolsMobile4G.downloadKbps * 1024) / 8,
    uploadThroughput: (devtoolsMobile4G.uploadKbps * 1024) / 8,
  });
  const pageSession = await page.createCDPSession();
  console.log(`bench: the service worker controls ${appUrl} (precache filled); its requests throttled like the page's`);
  return {
    clearHttpCache: async () => {
      await pageSession.send('Network.clearBrowserCache');
    },
    stillInstalled: () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active != null && (await caches.keys()).some((name) => name.startsWith('workbox-precache'))),
    release: async () => {
      await workerSession.detach().catch(() => undefined);
      await page.close().catch(() => undefined);
      await browser.disconnect();
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
