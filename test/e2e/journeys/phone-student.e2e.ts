/**
 * The student area on a 390 × 844 phone: 'Continue learning' is on the dashboard's first screen,
 * the area menu is a bar at the foot with 'More' for the rest, and every list screen shows cards
 * whose buttons and links lie inside the window's width, with no sideways scrolling. axe on each.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, saveScreenshot, useJourney } from '../browser';
import { expectDashboard, expectRowActionsInView, logInThroughForm, phoneViewport } from '../flows';
import { demoLogins } from '../provider';

const areaBar = (page: Page) => page.getByRole('navigation', { name: 'Student area' });

/** Opens a screen from the bar (or from 'More'), then checks its cards, its width and axe; returns the number of card actions. */
async function openAndCheck(page: Page, link: string, heading: string, fromMore = false): Promise<number> {
  if (fromMore) {
    await areaBar(page).getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('dialog', { name: 'Student area' }).getByRole('link', { name: link, exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  } else {
    await areaBar(page).getByRole('link', { name: link }).click();
  }
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const actions = await expectRowActionsInView(page, heading);
  await expectAccessible(page, `${heading} (phone)`);
  return actions;
}

describe('the student area on a 390 × 844 phone', () => {
  const journey = useJourney('phone-student');

  journey.step("the dashboard shows 'Continue learning' on its first screen, above the area bar", async (page) => {
    await page.setViewportSize(phoneViewport);
    await logInThroughForm(page, 'student', demoLogins.student);
    await expectDashboard(page, 'student');
    const continueButton = page.getByRole('region', { name: 'Continue learning' }).getByRole('link', { name: /^Continue / });
    await continueButton.waitFor();
    const button = await continueButton.boundingBox();
    const bar = await areaBar(page).boundingBox();
    assert.ok(button && bar, 'the Continue button and the area bar are shown');
    if (button.y + button.height > bar.y) {
      const screenshot = await saveScreenshot(page, 'phone-student-continue');
      assert.fail(`Continue ends at ${Math.round(button.y + button.height)} px, under the bar at ${Math.round(bar.y)} px of ${phoneViewport.height}; screenshot ${screenshot}`);
    }
    assert.ok(bar.y + bar.height <= phoneViewport.height + 0.5, 'the bar sits at the foot of the window');
    await expectRowActionsInView(page, 'student dashboard');
  });

  journey.step('every list screen shows cards with their actions inside the width', async (page) => {
    assert.ok((await openAndCheck(page, 'My Courses', 'My Courses')) > 0, 'My Courses has course links');
    await openAndCheck(page, 'My Assignments', 'My Assignments');
    assert.ok((await openAndCheck(page, 'My Teachers', 'My Teachers', true)) > 0, 'My Teachers has Chat links');
    await page.getByRole('link', { name: /^Chat with / }).first().waitFor();
    await openAndCheck(page, 'Favourite Courses', 'Favourite Courses', true);
    await openAndCheck(page, 'Recommended Courses', 'Recommended Courses', true);
  });

  journey.step("'More' opens every entry in a dialog that passes axe and closes with Escape", async (page) => {
    const more = areaBar(page).getByRole('button', { name: 'More', exact: true });
    await more.click();
    const dialog = page.getByRole('dialog', { name: 'Student area' });
    await dialog.getByRole('link', { name: 'Logout', exact: true }).waitFor();
    assert.equal(await dialog.getByRole('link', { name: 'Recommended Courses', exact: true }).getAttribute('aria-current'), 'page');
    await expectAccessible(page, 'student area drawer (phone)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await more.evaluate((element) => element === document.activeElement), "the focus is back on 'More'");
  });
});
