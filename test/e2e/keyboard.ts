/**
 * Keyboard-only steps for the journeys: Tab through a screen as a keyboard user does, checking
 * the focus ring at every stop, until the control wanted has the focus.
 */
import assert from 'node:assert/strict';
import { type Locator, type Page } from 'playwright-core';
import { expectFocusRing, saveScreenshot } from './browser';

/** Whether the element `locator` names has the focus. */
export async function isFocused(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.first().evaluate((element) => element === document.activeElement);
}

/**
 * Asserts that `locator` has the focus (waiting up to `timeout` ms for it: after a navigation
 * the address changes before the new screen is shown) and shows the ring.
 */
export async function expectFocused(page: Page, locator: Locator, label: string, { timeout = 5000 } = {}): Promise<void> {
  for (const deadline = Date.now() + timeout; Date.now() < deadline && !(await isFocused(locator)); ) {
    await page.waitForTimeout(50);
  }
  if (!(await isFocused(locator))) {
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
    const screenshot = await saveScreenshot(page, `focus-${label}`);
    assert.fail(`${label}: the focus is on ${focused}, not on the expected element; screenshot ${screenshot}`);
  }
  await expectFocusRing(page, label);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, at most `max` times,
 * checking the focus ring at every stop on the way. Returns the number of presses.
 */
export async function tabTo(page: Page, target: Locator, { label, max = 60, backwards = false }: { label: string; max?: number; backwards?: boolean }): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusRing(page, `${label}, stop ${presses}`);
    if (await isFocused(target)) return presses;
  }
  const screenshot = await saveScreenshot(page, `tab-${label}`);
  return assert.fail(`${label}: ${max} presses of Tab did not reach the element; screenshot ${screenshot}`);
}

/** What the layout's live region last announced (the title of a screen the focus could not name). */
export function announcement(page: Page): Promise<string> {
  return page.locator('#route-announcer').innerText();
}

/**
 * After a navigation: the focus is on the new screen's h1, which says `title`, and the layout's
 * live region does not say it a second time (one message per navigation). Waits past the
 * announcer's settling time (100 ms steps) before looking.
 */
export async function expectSaidOnceByFocus(page: Page, title: string): Promise<void> {
  const focused = await page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));
  assert.deepEqual(focused, { tag: 'H1', text: title }, 'the focus is on the h1 naming the screen');
  await page.waitForTimeout(600);
  assert.notEqual((await announcement(page)).trim(), title, 'the live region repeats the title the focus said');
}
