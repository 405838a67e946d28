/**
 * Browser helpers for the journeys: Debian's Chromium through playwright-core, one fresh
 * context per journey, axe checks, and a screenshot of the page when a step fails.
 */
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Origin of the app under test (the dist server), set by test/e2e/run.ts. */
export const appUrl = requiredEnv('APP_URL');
/** Origin of the local provider (for `/dev/outbox`), set by test/e2e/run.ts. */
export const providerUrl = requiredEnv('PROVIDER_URL');
/** Where failure screenshots go. */
export const artifactsDir = process.env.E2E_ARTIFACTS ?? '/tmp/e2e-artifacts';

/** WCAG 2.0, 2.1 and 2.2 A/AA rules. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const blockingImpacts = new Set(['serious', 'critical']);

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through \`npm run test:e2e\` (test/e2e/run.ts).`);
  return value.replace(/\/+$/, '');
}

/** Launches Chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    timeout: 60_000,
  });
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Runs axe (WCAG 2.x A/AA) on the page as it is now and fails on serious or critical
 * violations; minor and moderate ones are printed only. Call it once the screen has
 * rendered its data; running transitions are let finish first.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours measured mid-transition (a dialog fading in) are not what the user ends up seeing.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(axeTags).analyze();
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
 * errors in the page fail the step during which they happened.
 */
export function useJourney(name: string): Journey {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let failed = false;
  const pageErrors: string[] = [];

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  });

  after(async () => {
    await context?.close();
    await browser?.close();
  });

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
      it(title, async (t) => {
        if (failed) {
          t.skip('an earlier step of this journey failed');
          return;
        }
        pageErrors.length = 0;
        try {
          await run(journey.page);
          assert.deepEqual(pageErrors, [], 'uncaught errors in the page');
        } catch (error) {
          failed = true;
          const screenshot = await saveScreenshot(journey.page, `${name}-${title}`);
          console.error(`Journey "${name}" failed at "${title}" on ${journey.page.url()}; screenshot: ${screenshot}`);
          throw error;
        }
      });
    },
  };
  return journey;
}

/** Reads a value the app keeps in localStorage. */
export function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}
