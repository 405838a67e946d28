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

/** What the layout's live region last announced (the title of the screen a navigation opened). */
export function announcement(page: Page): Promise<string> {
  return page.locator('#route-announcer').innerText();
}

/** Waits until the layout's live region announces `title`. */
export async function expectAnnounced(page: Page, title: string): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.getElementById('route-announcer')?.textContent?.trim() === expected, title, { timeout: 8000 });
  } catch {
    assert.fail(`the live region says "${await announcement(page)}", not "${title}"`);
  }
}
