/**
 * Browser helpers for the journeys: Debian's Chromium through playwright-core, one fresh
 * context per journey, axe checks, and a screenshot of the page when a step fails.
 */
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openBrowser } from './chromium';

/** Origin of the app under test (the dist server), set by test/e2e/run.ts. */
export const appUrl = requiredEnv('APP_URL');
/** Origin of the local provider (for `/dev/outbox`), set by test/e2e/run.ts. */
export const providerUrl = requiredEnv('PROVIDER_URL');
/** Where failure screenshots go. */
export const artifactsDir = process.env.E2E_ARTIFACTS ?? '/tmp/e2e-artifacts';
/**
 * The journey files whose page Chromium stopped painting, one JSON line each
 * (`{"journey": "visitor"}`), which test/e2e/run.ts runs again in a fresh browser.
 */
export const stalledJourneysFile = path.join(artifactsDir, 'stalled.jsonl');

/**
 * The bound of one step, and of the opening and closing of a journey's browser context: generous,
 * so that a slow machine is slower but green, while a stuck step still fails.
 */
export const stepTimeoutMs = 120_000;

/** WCAG 2.0, 2.1 and 2.2 A/AA rules. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const blockingImpacts = new Set(['serious', 'critical']);

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through \`npm run test:e2e\` (test/e2e/run.ts).`);
  return value.replace(/\/+$/, '');
}

/**
 * The journey file's Chromium: the lane's, which test/e2e/run.ts started (E2E_BROWSER_WS), or one
 * of its own (CHROMIUM_PATH, default /usr/bin/chromium-headless-shell).
 */
export function launchBrowser(): Promise<Browser> {
  return openBrowser();
}

type Violation = axe.Result;

/**
 * The lane's record of the screen states axe has passed (E2E_AXE_MEMO, a JSON file in the lane's
 * work folder that test/e2e/run.ts names; the files of a lane run one after the other, so they
 * take turns at it). Without it every check runs.
 */
const axeMemoFile = process.env.E2E_AXE_MEMO;

function checkedScreens(): Set<string> {
  if (!axeMemoFile || !existsSync(axeMemoFile)) return new Set();
  return new Set(JSON.parse(readFileSync(axeMemoFile, 'utf8')) as string[]);
}

function rememberChecked(key: string): void {
  if (!axeMemoFile) return;
  const keys = checkedScreens().add(key);
  writeFileSync(axeMemoFile, JSON.stringify([...keys].sort(), null, 1));
}

/**
 * Reads, in the page, what makes one state of a screen differ from another beyond its address:
 * the window's size class (MUI's breakpoints: the layout changes at 600 and 900 px), the open
 * dialogs and menus by name, the alerts and status messages shown, and whether the browser is
 * offline. A string, for the reason given at `readFocusRing`.
 */
const readScreenState = `(() => {
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const nameOf = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const byId = labelledBy ? labelledBy.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    return (element.getAttribute('aria-label') || byId || '').replace(/\\s+/g, ' ').trim().slice(0, 60);
  };
  const width = window.innerWidth;
  const size = width < 600 ? 'phone' : width < 900 ? 'tablet' : 'desktop';
  const parts = [];
  for (const element of document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open], [role="menu"], [role="listbox"]')) {
    if (shown(element)) parts.push((element.getAttribute('role') || 'dialog') + ' "' + nameOf(element) + '"');
  }
  for (const element of document.querySelectorAll('[role="alert"], [role="status"], .MuiAlert-root')) {
    if (element.id !== 'route-announcer' && shown(element) && (element.textContent || '').trim() !== '') parts.push(element.getAttribute('role') || 'alert');
  }
  if (!navigator.onLine) parts.push('offline');
  return { size, state: parts.sort().join(', ') };
})()`;

/**
 * The key of the screen state the page shows: size class, route pattern (the path and query
 * with their ids as `:id`), the label the journey gives the state, and what `readScreenState` reads.
 */
async function screenStateKey(page: Page, label: string): Promise<string> {
  const { size, state } = (await page.evaluate(readScreenState)) as { size: string; state: string };
  const url = new URL(page.url());
  const route = `${url.pathname}${url.search}`.replace(/(?<=[/=])\d+(?=$|[/?&#])/g, ':id');
  return `${size} ${route} [${label}]${state ? ` {${state}}` : ''}`;
}

/**
 * Runs axe (WCAG 2.x A/AA) on the page as it is now and fails on serious or critical
 * violations; minor and moderate ones are printed only. Call it once the screen has
 * rendered its data; running transitions are let finish first.
 *
 * A screen state the lane has already seen pass (same size class, route pattern, label and
 * dialogs, alerts and connection; see `screenStateKey`) is not checked again, except with
 * `always` (the journeys that sweep every screen). A state that differs — a dialog open, an
 * error shown, offline — has its own key and is checked.
 */
export async function expectAccessible(page: Page, label: string, { always = false }: { always?: boolean } = {}): Promise<void> {
  const key = await screenStateKey(page, label);
  if (!always && checkedScreens().has(key)) return;
  // Colours measured mid-transition (a dialog fading in) are not what the user ends up seeing.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await runAxe(page);
  const blocking = violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''));
  const advisory = violations.filter((violation) => !blockingImpacts.has(violation.impact ?? ''));
  if (advisory.length > 0) {
    console.info(`axe on ${label} (${page.url()}): ${advisory.length} minor/moderate finding(s)\n${formatViolations(advisory)}`);
  }
  if (blocking.length > 0) {
    const screenshot = await saveScreenshot(page, `axe-${label}`);
    assert.fail(
      `axe found ${blocking.length} serious/critical violation(s) on ${label} (${page.url()}), screenshot ${screenshot}:\n${formatViolations(blocking)}`,
    );
  }
  rememberChecked(key);
}

/**
 * axe.run in the page (the app has no frames), its violations only. axe is put into the document
 * once and stays there: the sweeps open screen after screen in one document (`openInApp`), and
 * evaluating axe's half a megabyte of script again for every check (as @axe-core/playwright's
 * builder does) cost twice as long as the check itself. Passes and inapplicable rules are not
 * collected (`resultTypes`), which the journeys never read. Of axe's preloads only the media's are
 * asked for (no-autoplay-audio reads them): by default every run also re-parses every style sheet
 * of the page into a document of its own for css-orientation-lock, an experimental rule that the
 * tags asked for leave out (the renderer's CPU a run: 0.53 → 0.47 s, same violations, measured
 * over five screens).
 */
async function runAxe(page: Page): Promise<Violation[]> {
  const inPage = await page.evaluate(() => 'axe' in window);
  if (!inPage) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], preload: { assets: ['media'] } })
        .then((results) => results.violations),
    axeTags,
  );
}

function formatViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => {
          const summary = (node.failureSummary ?? '').split('\n').map((line) => `        ${line}`).join('\n');
          return `      at ${node.target.join(' ')}\n        ${node.html.slice(0, 200)}\n${summary}`;
        })
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n      ... and ${violation.nodes.length - 5} more element(s)` : '';
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** Saves a full-page screenshot under artifactsDir; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}-${Date.now()}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
    return file;
  } catch (error) {
    return `(no screenshot: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

const paintStates = { paints: 'the page still paints', 'no frames': 'the page paints no frames', 'script busy': "the page's script does not answer" };
type PaintState = keyof typeof paintStates;

/**
 * Whether the page still paints after a failed step. Headless Chromium on a loaded machine now and
 * then stops producing frames for a page whose script is idle: every action then waits for a
 * stable element, and screenshots for a frame, until they time out. That is the browser's fault,
 * not the app's; a page whose script does not answer is the app's.
 */
async function paintState(page: Page): Promise<PaintState> {
  const frame = page
    .evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          requestAnimationFrame(() => resolve(true));
          setTimeout(() => resolve(false), 3_000);
        }),
    )
    .then((painted): PaintState => (painted ? 'paints' : 'no frames'), (): PaintState => 'paints');
  const answer = new Promise<PaintState>((resolve) => setTimeout(() => resolve('script busy'), 6_000).unref());
  return Promise.race([frame, answer]);
}

/**
 * A prerendered or server-rendered page loads the app's code after its load event, and holds
 * forms back until the app has hydrated it (scripts/pageDocument.ts): after `goto` and `reload`,
 * steps wait for that (`#root` loses `data-prerendered` once the screen in `<main>` has hydrated),
 * as a person waits for a page to respond.
 */
function waitForTheAppOnLoads(page: Page): void {
  // The app removes the mark once the screen inside the layout has hydrated (ScreenHydrated).
  const appStarted = () => page.waitForFunction(() => document.querySelector('#root[data-prerendered]') === null);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appStarted();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appStarted();
    return response;
  };
}

export interface Journey {
  /** The journey's page; valid inside steps. */
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * One step of the journey (a node:test `it`). Steps share the page and run in order;
   * after a failed step the following ones are skipped. A failure saves a screenshot.
   */
  step: (title: string, run: (page: Page) => Promise<void>) => void;
}

/**
 * Declares a journey inside a `describe`: Chromium and a fresh browser context (its own
 * cookies and localStorage) are opened before the steps and closed after them. Uncaught
 * errors in the page fail the step during which they happened; a failed step prints the requests
 * that failed or were refused and the console's errors and warnings while it ran.
 * The app's service worker is blocked unless the journey asks for it (`serviceWorkers: 'allow'`):
 * its first install downloads the whole build, which the journeys that do not test it need not wait for.
 * The browser asks for reduced motion unless the journey asks for full motion (`motion: 'no-preference'`, for
 * what only moving screens do: the player's countdown): dialogs, menus and drawers then open and close at
 * once, and no animation keeps Chromium painting while a step waits (about a sixth less of its work).
 * `name` is the journey file's name without `.e2e.ts`: run.ts runs a journey whose page stopped painting again by it.
 */
export function useJourney(name: string, options: { serviceWorkers?: 'allow' | 'block'; motion?: 'reduce' | 'no-preference' } = {}): Journey {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let failed = false;
  const pageErrors: string[] = [];
  /** What went wrong on the network and in the console during the step: printed if it fails. */
  const stepTrouble: string[] = [];

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: appUrl,
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      serviceWorkers: options.serviceWorkers ?? 'block',
      reducedMotion: options.motion ?? 'reduce',
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('requestfailed', (request) => stepTrouble.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) stepTrouble.push(`${response.status()} ${response.request().method()} ${response.url()}${response.fromServiceWorker() ? ' (service worker)' : ''}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') stepTrouble.push(`console ${message.type()}: ${message.text()}`);
    });
    waitForTheAppOnLoads(page);
  }, { timeout: stepTimeoutMs });

  after(async () => {
    await context?.close();
    await browser?.close();
  }, { timeout: stepTimeoutMs });

  const journey: Journey = {
    get page() {
      assert.ok(page, 'the journey page exists only inside steps');
      return page;
    },
    get context() {
      assert.ok(context, 'the journey context exists only inside steps');
      return context;
    },
    step(title, run) {
      it(title, { timeout: stepTimeoutMs }, async (t) => {
        if (failed) {
          t.skip('an earlier step of this journey failed');
          return;
        }
        pageErrors.length = 0;
        stepTrouble.length = 0;
        try {
          await run(journey.page);
          assert.deepEqual(pageErrors, [], 'uncaught errors in the page');
        } catch (error) {
          failed = true;
          const painting = await paintState(journey.page);
          if (painting === 'no frames') {
            mkdirSync(artifactsDir, { recursive: true });
            appendFileSync(stalledJourneysFile, `${JSON.stringify({ journey: name })}\n`);
          }
          const screenshot = painting === 'no frames' ? '(none: the page paints no frames)' : await saveScreenshot(journey.page, `${name}-${title}`);
          console.error(`Journey "${name}" failed at "${title}" on ${journey.page.url()} (${paintStates[painting]}); screenshot: ${screenshot}`);
          if (stepTrouble.length > 0) console.error(`During the step:\n  ${stepTrouble.slice(-40).join('\n  ')}`);
          throw error;
        }
      });
    },
  };
  return journey;
}

/**
 * Waits until `check`, run in the page, resolves true, asking every 250 ms; fails with `what`
 * after `timeoutMs`. For checks that must await (Cache Storage, IndexedDB): Playwright's
 * `waitForFunction` takes the promise an async function returns for a true value at once.
 */
export async function waitInPage(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(check))) {
    assert.ok(Date.now() < deadline, `waited ${timeoutMs} ms for ${what}`);
    await page.waitForTimeout(250);
  }
}

/** Reads a value the app keeps in localStorage. */
export function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** What shows the keyboard focus on the focused element (see `expectFocusRing`). */
export interface FocusRing {
  /** The focused element, described for messages: tag, name or text. */
  element: string;
  /** The element that draws the ring: the focused one or the control wrapping it. */
  drawnOn: string;
  outline: string;
  boxShadow: string;
}

/**
 * Reads, in the page, the ring of `document.activeElement`: its own outline or box-shadow, or
 * those of the control that draws it (MUI draws a text field's ring on its root, a checkbox's
 * on its icon, a switch's on its track). An outline counts when it is at least 2 px wide, not
 * `none` and not transparent; a box-shadow when one of its shadows spreads at least 2 px in a
 * colour that is not transparent. Also says whether the sticky header covers the element
 * (WCAG 2.4.11). A string: tsx would wrap named functions of a callback in helpers the page
 * does not have.
 */
const readFocusRing = `(() => {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return { focused: false };
  const describe = (element) => {
    const name = element.getAttribute('aria-label') || (element.labels && element.labels[0] && element.labels[0].textContent) || element.textContent || '';
    return element.tagName.toLowerCase() + (element.getAttribute('type') ? '[type=' + element.getAttribute('type') + ']' : '') + ' "' + name.trim().replace(/\\s+/g, ' ').slice(0, 60) + '"';
  };
  const transparent = (color) => /^transparent$|rgba\\([^)]*,\\s*0\\)$/.test(color.trim());
  const outlineRing = (style) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !transparent(style.outlineColor);
  const shadowRing = (style) => {
    if (!style.boxShadow || style.boxShadow === 'none') return false;
    // "rgb(255, 255, 255) 0px 0px 0px 3px, ...": split at the commas between shadows.
    return style.boxShadow.split(/,(?![^(]*\\))/).some((shadow) => {
      const color = (shadow.match(/rgba?\\([^)]*\\)|#[0-9a-f]+/i) || [''])[0];
      const lengths = (shadow.replace(/rgba?\\([^)]*\\)/, '').match(/-?[\\d.]+px/g) || []).map(parseFloat);
      return lengths.length >= 4 && lengths[3] >= 2 && color !== '' && !transparent(color);
    });
  };
  const control = active.closest('.MuiSwitch-root, .MuiRating-root') || active.closest('.MuiInputBase-root, .MuiButtonBase-root') || active;
  const candidates = [active];
  for (let element = active.parentElement; element && control !== active && element !== control.parentElement; element = element.parentElement) candidates.push(element);
  if (control !== active) candidates.push(...control.querySelectorAll('*'));
  // Entirely hidden under the sticky header: at its centre and its four corners (just inside)
  // the element on top is the header, not the focused element.
  const header = document.querySelector('header');
  const box = active.getBoundingClientRect();
  const points = [[box.left + box.width / 2, box.top + box.height / 2], [box.left + 1, box.top + 1], [box.right - 1, box.top + 1], [box.left + 1, box.bottom - 1], [box.right - 1, box.bottom - 1]];
  const coveredAt = ([x, y]) => {
    const top = document.elementFromPoint(x, y);
    return top !== null && header !== null && header.contains(top) && !header.contains(active) && !active.contains(top);
  };
  const underHeader = header !== null && points.every(coveredAt);
  // An element nobody sees (a visually hidden radio of the rating, a checkbox's transparent
  // input) shows no ring, whatever its style says: the control around it must.
  const seen = (element, style) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 2 && rect.height > 2 && style.opacity !== '0' && style.visibility !== 'hidden' && !/rect\\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\\)/.test(style.clip);
  };
  for (const element of candidates) {
    const style = getComputedStyle(element);
    if (seen(element, style) && (outlineRing(style) || shadowRing(style))) {
      return { focused: true, ring: true, underHeader, element: describe(active), drawnOn: describe(element), outline: style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.outlineColor, boxShadow: style.boxShadow };
    }
  }
  const own = getComputedStyle(active);
  return { focused: true, ring: false, underHeader, element: describe(active), drawnOn: '', outline: own.outlineStyle + ' ' + own.outlineWidth + ' ' + own.outlineColor, boxShadow: own.boxShadow };
})()`;

/**
 * Asserts that the element with the focus shows a visible ring of at least 2 px (WCAG 2.4.7,
 * 1.4.11) and is not hidden under the sticky header (2.4.11); returns the ring found.
 */
export async function expectFocusRing(page: Page, label: string): Promise<FocusRing> {
  // A ring that fades in, or a dialog still opening, is measured once it has settled (at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const found = (await page.evaluate(readFocusRing)) as { focused: boolean; ring?: boolean; underHeader?: boolean } & Partial<FocusRing>;
  assert.ok(found.focused, `${label}: no element has the focus (it is on the page body)`);
  if (!found.ring || found.underHeader) {
    const screenshot = await saveScreenshot(page, `focus-${label}`);
    assert.ok(found.ring, `${label}: ${found.element} shows no focus ring of 2 px or more (outline ${found.outline}, box-shadow ${found.boxShadow}); screenshot ${screenshot}`);
    assert.ok(!found.underHeader, `${label}: ${found.element} is hidden under the sticky header; screenshot ${screenshot}`);
  }
  return found as FocusRing;
}

// ------------------------------------------------------------------ The screen-reader walk

/** One change of a live region, as a screen reader would be handed it. */
export interface Announcement {
  /** `alert`, `status`, `log`, or `live` for an `aria-live` region without one of those roles. */
  role: string;
  text: string;
}

/**
 * Installed in every page of a context (`recordAnnouncements`): a MutationObserver that notes
 * each new text of a live region (`[aria-live]`, `role=status`, `role=alert`, `role=log`),
 * including regions inserted with their text (a toast, an error alert), in `window.__liveLog`.
 * A string, for the reason given at `readFocusRing`.
 */
const liveRegionRecorder = `(() => {
  const log = [];
  window.__liveLog = log;
  const selector = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
  const lastText = new WeakMap();
  const regionOf = (node) => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    return element ? element.closest(selector) : null;
  };
  const note = (region) => {
    const text = (region.textContent || '').replace(/\\s+/g, ' ').trim();
    if (!text || lastText.get(region) === text) return;
    lastText.set(region, text);
    const live = region.getAttribute('role') || 'live';
    log.push({ role: live, text });
  };
  const start = () => {
    new MutationObserver((mutations) => {
      const touched = new Set();
      for (const mutation of mutations) {
        const region = regionOf(mutation.target);
        if (region) touched.add(region);
        for (const added of mutation.addedNodes) {
          if (added.nodeType !== 1) continue;
          if (added.matches(selector)) touched.add(added);
          added.querySelectorAll(selector).forEach((inner) => touched.add(inner));
        }
      }
      touched.forEach(note);
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
})()`;

/** Records every live-region change of the context's pages from now on (see `takeAnnouncements`). */
export async function recordAnnouncements(context: BrowserContext): Promise<void> {
  await context.addInitScript(liveRegionRecorder);
}

/** The live-region changes recorded since the last call (or the page's load), emptying the record. */
export function takeAnnouncements(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => {
    const log = (window as unknown as { __liveLog?: Announcement[] }).__liveLog ?? [];
    return log.splice(0, log.length);
  });
}

/** The roles of controls that must have a name. */
const controlRoles = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'progressbar',
]);
/** Containers inside which repeated identical names of buttons or links cannot be told apart. */
const groupRoles = new Set(['table', 'grid', 'treegrid', 'list', 'listbox', 'menu', 'tablist']);

interface AXValue {
  value?: unknown;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  parentId?: string;
  properties?: { name: string; value: AXValue }[];
}

/**
 * Reads Chromium's accessibility tree (CDP `Accessibility.getFullAXTree`, what screen readers
 * are handed) and returns what a screen-reader user would trip over: a control without a name,
 * and two buttons or links with the same name (and, for links, a different address) in one
 * table or list, which a screen reader's list of links or the VoiceOver rotor cannot tell apart.
 */
export async function accessibilityTreeProblems(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const role = (node: AXNode) => String(node.role?.value ?? '');
    const name = (node: AXNode) => String(node.name?.value ?? '').trim();
    const problems: string[] = [];
    /** Container, its role and the control's role and name → the addresses of the links of that name. */
    const groups = new Map<string, string[]>();
    for (const node of nodes) {
      if (node.ignored || !controlRoles.has(role(node))) continue;
      if (name(node) === '') {
        const focusable = node.properties?.some((property) => property.name === 'focusable' && property.value.value === true);
        // A progress bar is read by its value, but still needs a name; others only when reachable.
        if (focusable || role(node) === 'progressbar') problems.push(`a ${role(node)} without a name`);
        continue;
      }
      if (role(node) !== 'button' && role(node) !== 'link') continue;
      let parent = node.parentId === undefined ? undefined : byId.get(node.parentId);
      let inPlayer = false;
      while (parent && !groupRoles.has(role(parent))) {
        // The browser's own player controls ('play', 'mute') sit inside their video, named by it.
        if (/^(video|audio)$/i.test(role(parent))) inPlayer = true;
        parent = parent.parentId === undefined ? undefined : byId.get(parent.parentId);
      }
      if (!parent || inPlayer) continue;
      const key = `${parent.nodeId}\u0000${role(parent)}\u0000${role(node)} "${name(node)}"`;
      const url = node.properties?.find((property) => property.name === 'url')?.value.value;
      groups.set(key, [...(groups.get(key) ?? []), String(url ?? '')]);
    }
    for (const [key, urls] of groups) {
      const [, containerRole, control] = key.split('\u0000') as [string, string, string];
      // Links of one name to one address are one purpose (a teacher named on two cards); buttons act on their row.
      if (control.startsWith('button') && urls.length > 1) problems.push(`${urls.length} × ${control} in one ${containerRole}`);
      if (control.startsWith('link') && new Set(urls).size > 1) problems.push(`${urls.length} × ${control}, to different pages, in one ${containerRole}`);
    }
    return problems;
  } finally {
    await cdp.detach();
  }
}

/** A course text in its own language: `text` must be inside an element whose `lang` is `lang`. */
export interface ForeignText {
  text: string;
  lang: string;
}

/**
 * The course texts shown on the page (whole text nodes, not hidden from assistive technology, not
 * in a quote's `figure`) that are not inside an element of their course's `lang` (WCAG 3.1.2). Waits up to `timeout` ms
 * for texts whose language arrives with a later read.
 */
export async function textsWithoutTheirLanguage(page: Page, texts: readonly ForeignText[], { timeout = 5000 } = {}): Promise<string[]> {
  const look = () =>
    page.evaluate((expected) => {
      const wanted = new Map<string, Set<string>>();
      for (const { text, lang } of expected) wanted.set(text, (wanted.get(text) ?? new Set()).add(lang));
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.nodeValue?.trim() ?? '';
        const langs = wanted.get(text);
        const element = node.parentElement;
        // Static quotes (the home page's testimonials name a course in the student's English words) are not course data.
        if (!langs || !element || element.closest('[aria-hidden="true"], script, style, template, figure')) continue;
        const lang = element.closest('[lang]')?.getAttribute('lang') ?? '';
        const where = `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''}> in <${element.parentElement?.tagName.toLowerCase() ?? ''}>`;
        if (!langs.has(lang)) found.push(`"${text}" (${where}) is read as ${lang || 'no language'}, not ${[...langs].join(' or ')}`);
      }
      return found;
    }, texts);
  let found = await look();
  for (const deadline = Date.now() + timeout; found.length > 0 && Date.now() < deadline; found = await look()) {
    await page.waitForTimeout(200);
  }
  return found;
}

/** The page's state once an action has settled: where the focus is, and what it says. */
async function focusAfterAction(page: Page): Promise<{ onBody: boolean; text: string; described: string }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const onBody = !active || active === document.body || active === document.documentElement;
    const text = onBody ? '' : (active.getAttribute('aria-label') ?? active.textContent ?? '').replace(/\s+/g, ' ').trim();
    return { onBody, text, described: onBody ? 'body' : `${active.tagName.toLowerCase()} "${text.slice(0, 60)}"` };
  });
}

export interface WalkOptions {
  /** The course texts that must carry their course's language wherever they are shown. */
  foreignTexts: readonly ForeignText[];
}

/**
 * Checks the screen as a screen-reader user meets it: axe (WCAG 2.2 AA), no nameless control, no
 * repeated names in a table or list, course texts in their own language.
 */
export async function expectHeardWell(page: Page, label: string, { foreignTexts }: WalkOptions): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
  // The walk is a sweep: each of its screens is checked, whatever the lane checked before.
  await expectAccessible(page, label, { always: true });
  const problems = [...(await accessibilityTreeProblems(page)), ...(await textsWithoutTheirLanguage(page, foreignTexts))];
  if (problems.length > 0) {
    const screenshot = await saveScreenshot(page, `heard-${label}`);
    assert.fail(`${label}: what a screen reader would trip over:\n  ${problems.join('\n  ')}\nscreenshot ${screenshot}`);
  }
}

/**
 * One action of the walk (a click, a key): runs it, lets the screen settle (skeletons gone, then
 * a second for late announcements), and fails when the focus was dropped on `<body>`, when one
 * text was announced twice, or when a live region repeated what the focus already said; then
 * checks the screen (`expectHeardWell`). Returns what was announced.
 */
export async function walkAction(page: Page, label: string, action: () => Promise<void>, options: WalkOptions): Promise<Announcement[]> {
  await takeAnnouncements(page);
  await action();
  await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
  await page.waitForTimeout(1000);
  const announced = await takeAnnouncements(page);
  const focus = await focusAfterAction(page);
  const problems: string[] = [];
  if (focus.onBody) problems.push('the focus was dropped on <body>');
  const seen = new Set<string>();
  for (const { role, text } of announced) {
    if (seen.has(text)) problems.push(`"${text}" was announced twice`);
    seen.add(text);
    if (!focus.onBody && text === focus.text) problems.push(`the ${role} region repeats what the focus says: "${text}"`);
  }
  if (problems.length > 0) {
    const screenshot = await saveScreenshot(page, `walk-${label}`);
    assert.fail(`${label}: ${problems.join('; ')} (focus on ${focus.described}; announced ${JSON.stringify(announced)}); screenshot ${screenshot}`);
  }
  await expectHeardWell(page, label, options);
  return announced;
}
