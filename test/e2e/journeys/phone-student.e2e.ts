/**
 * The student area on a 390 × 844 phone: 'Continue learning' is on the dashboard's first screen,
 * the area menu is a bar at the foot with 'More' for the rest (each label on one line at 320 px, the
 * entry of a page below it marked), and every list screen shows cards whose buttons and links lie
 * inside the window's width, with no sideways scrolling. Offline, a conversation the phone did not
 * keep says so under the other person's name, the banner above the bar; on the contact form a
 * failed Send keeps the Name label clear of the sticky header. axe on each.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, saveScreenshot, useJourney } from '../browser';
import { expectDashboard, expectRowActionsInView, logInThroughApi, phoneViewport } from '../flows';
import { demoLogins } from '../provider';

const areaBar = (page: Page) => page.getByRole('navigation', { name: 'Student area' });

/** The bar's labels whose text takes more than one line, or runs out of its entry. */
function barLabelsNotOnOneLine(page: Page): Promise<string[]> {
  return areaBar(page)
    .locator('.MuiBottomNavigationAction-label')
    .evaluateAll((labels) =>
      labels.flatMap((label) => {
        const box = label.getBoundingClientRect();
        const entry = label.closest('a, button')?.getBoundingClientRect();
        const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight);
        const text = (label.querySelector('[aria-hidden]') ?? label).textContent ?? '';
        const wraps = box.height > lineHeight * 1.5;
        const outside = entry !== undefined && (box.left < entry.left - 0.5 || box.right > entry.right + 0.5);
        return wraps || outside ? [`"${text}" ${Math.round(box.width)} × ${Math.round(box.height)} px (line ${lineHeight} px)`] : [];
      }),
    );
}

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
    await logInThroughApi(page, 'student', demoLogins.student);
    await expectDashboard(page, 'student');
    const continueButton = page.getByRole('region', { name: 'Continue learning' }).getByRole('link', { name: /^(Continue|Start) / });
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

  journey.step("at 320 px each label of the bar takes one line, the current one too; one assignment's page marks 'My Assignments', not 'More'", async (page) => {
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      for (const [link, heading] of [
        ['My Assignments', 'My Assignments'],
        ['My Courses', 'My Courses'],
        ['Dashboard', /^(Welcome|Dashboard)/],
      ] as const) {
        await areaBar(page).getByRole('link', { name: link }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        const wrapped = await barLabelsNotOnOneLine(page);
        if (wrapped.length > 0) assert.fail(`on ${page.url()} at 320 px, bar labels not on one line: ${wrapped.join('; ')}; screenshot ${await saveScreenshot(page, 'phone-student-bar-320')}`);
      }
    } finally {
      await page.setViewportSize(phoneViewport);
    }

    await areaBar(page).getByRole('link', { name: 'My Assignments' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    await page.locator('main a[href^="/my-assignments/"]').first().click();
    await page.waitForURL(/\/my-assignments\/\d+$/);
    // The assignment's own h1, not the list's still on screen while the page opens.
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^My Assignments$/ }).waitFor();
    assert.equal(await areaBar(page).getByRole('link', { name: 'My Assignments' }).getAttribute('aria-current'), 'true');
    assert.equal(await areaBar(page).getByRole('button', { name: 'More', exact: true }).evaluate((more) => more.classList.contains('current')), false, "'More' is not marked");
    await expectRowActionsInView(page, 'assignment');
    await expectAccessible(page, 'one assignment (phone)');
  });

  journey.step('offline, a conversation the phone did not keep is headed with the teacher and says so once; the banner sits above the bar', async (page) => {
    await areaBar(page).getByRole('link', { name: /^Messages/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const conversation = page.getByRole('main').getByRole('link', { name: /Amara Okafor/ });
    await conversation.waitFor();

    const context = page.context();
    await context.setOffline(true);
    try {
      const banner = page.getByRole('status', { name: 'Connection' });
      await banner.getByText('You are offline. Showing what was saved on this device.').waitFor();
      await conversation.click();
      await page.getByRole('heading', { level: 1, name: 'Amara Okafor' }).waitFor();
      await page.getByText('This conversation was not saved on this device. It will show when you are back online.').waitFor();
      assert.equal(await page.getByText(/^This conversation was not saved/).count(), 1, 'said once');
      assert.equal(await page.getByText(/No response from the server/).count(), 0, 'no server error under the offline banner');
      assert.equal(await areaBar(page).getByRole('link', { name: /^Messages/ }).getAttribute('aria-current'), 'true', 'Messages is marked');

      for (const where of ['top', 'bottom'] as const) {
        await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), where);
        const bannerBox = await banner.boundingBox();
        const barBox = await areaBar(page).boundingBox();
        assert.ok(bannerBox && barBox, 'the banner and the bar are shown');
        if (bannerBox.y + bannerBox.height > barBox.y + 0.5) {
          assert.fail(`scrolled to the ${where}, the banner ends at ${Math.round(bannerBox.y + bannerBox.height)} px, over the bar from ${Math.round(barBox.y)} px; screenshot ${await saveScreenshot(page, 'phone-student-offline-banner')}`);
        }
      }
      // axe where the page opens (scrolled down, the sticky header covers the footer's links, as on any page).
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectRowActionsInView(page, 'conversation offline');
      await expectAccessible(page, 'conversation offline (phone)');
    } finally {
      await context.setOffline(false);
    }
  });

  journey.step('the contact form: after a failed Send the Name label stays clear of the sticky header (axe)', async (page) => {
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    // The student has scrolled down to Send: the Name field is partly under the header.
    await name.evaluate((input) => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      window.scrollBy({ top: input.getBoundingClientRect().top - header.bottom + 20, behavior: 'instant' });
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'name');
    const { header, label } = await name.evaluate((input) => ({
      header: document.querySelector('header')!.getBoundingClientRect().bottom,
      label: document.querySelector(`label[for="${input.id}"]`)!.getBoundingClientRect().top,
    }));
    if (label < header + 8) {
      assert.fail(`the Name label's top is at ${Math.round(label)} px, not 8 px clear of the header ending at ${Math.round(header)} px; screenshot ${await saveScreenshot(page, 'phone-student-contact-label')}`);
    }
    await expectAccessible(page, 'contact form with its errors (phone)');
  });
});
