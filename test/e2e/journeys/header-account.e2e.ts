/**
 * The header knows who is logged in (issue 21 item 2): the demo student's account button shows
 * their name on a prerendered page without a hydration error, and its menu fits the window and
 * passes axe, on a desktop and on a 390 × 844 phone, where the phone menu's toggle stays on screen;
 * so do the notification bell (issue 37) and its menu.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Locator, type Page } from 'playwright-core';
import { expectAccessible, useJourney } from '../browser';
import { logInThroughApi } from '../flows';
import { demoLogins } from '../provider';

const studentName = 'Maria Silva';

/** Asserts that the element is wholly inside the window. */
async function expectInViewport(page: Page, locator: Locator, label: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box && viewport, `${label} is laid out`);
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5, `${label} fits the ${viewport.width} px window: ${JSON.stringify(box)}`);
}

/** Opens a prerendered page anew, logged in, and returns the React errors logged while it hydrated. */
async function openPrerendered(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  page.on('console', onConsole);
  await page.goto(path);
  await page.getByRole('banner').getByRole('button', { name: studentName }).waitFor();
  page.off('console', onConsole);
  return errors.filter((text) => /hydrat|Minified React error #(418|419|421|422|423|425)/i.test(text));
}

async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: studentName }).click();
  const menu = page.getByRole('menu', { name: studentName });
  await menu.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
  return menu;
}

describe('the header of a logged-in student', () => {
  const journey = useJourney('header-account');

  journey.step('on a desktop, a prerendered page shows the account button after hydration, and its menu passes axe', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student, { open: null });
    assert.deepEqual(await openPrerendered(page, '/about'), [], 'hydration errors on /about');
    const main = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await main.getByRole('link', { name: 'Students' }).getAttribute('href'), '/student-dashboard');

    const menu = await openAccountMenu(page);
    await expectInViewport(page, menu, 'the account menu');
    await expectAccessible(page, 'account menu (desktop)');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')), 'menu', 'the focus is back on the account button');
  });

  journey.step("the notification bell opens its menu, which fits the window and passes axe; Escape gives the focus back to the bell", async (page) => {
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await menu.waitFor();
    await expectInViewport(page, menu, 'the notification menu');
    await expectAccessible(page, 'notification menu (desktop)');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.match((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '', /^Notifications/, 'the focus is back on the bell');
  });

  journey.step('on a 390 px phone, the button and the menu toggle fit the header, the menu fits the window, and Logout logs out', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await openPrerendered(page, '/'), [], 'hydration errors on /');
    await expectInViewport(page, page.getByRole('banner').getByRole('button', { name: studentName }), 'the account button');
    await expectInViewport(page, page.getByRole('button', { name: 'Open menu' }), "the phone menu's toggle");
    await expectInViewport(page, page.getByRole('banner').getByRole('button', { name: /^Notifications/ }), 'the notification bell');

    const menu = await openAccountMenu(page);
    await expectInViewport(page, menu, 'the account menu');
    await expectAccessible(page, 'account menu (phone)');
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Student Login' }).waitFor();
    assert.equal(await page.getByRole('banner').getByRole('button', { name: studentName }).count(), 0, 'the account button is gone');
  });
});
