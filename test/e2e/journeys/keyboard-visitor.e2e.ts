/**
 * Keyboard only: a visitor on the home page uses the skip link, then Tabs to a popular course's
 * 'ENROLL NOW' and presses Enter; the course page's h1 has the focus, which says its title (once).
 * Every stop shows a focus ring of 2 px or more; axe (WCAG 2.2 AA) on each screen. With
 * reduced motion asked for, the language tiles do not zoom and nothing animates.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, expectFocusRing, useJourney } from '../browser';
import { waitForSkeletonsToGo } from '../flows';
import { expectFocused, expectSaidOnceByFocus, tabTo } from '../keyboard';

describe('keyboard only: a visitor reaches a course from the home page', () => {
  const journey = useJourney('keyboard-visitor');

  journey.step("the first Tab reaches the skip link, shown with a ring; Enter moves on to the screen's h1", async (page) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('article').first().waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'home');

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expectFocused(page, skipLink, 'skip link');
    const box = await skipLink.boundingBox();
    assert.ok(box && box.x >= 0 && box.y >= 0, 'the skip link is on screen while it has the focus');

    await page.keyboard.press('Enter');
    // The skip link lands on the screen's h1 (past an area's menu, where there is one).
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.closest('#main-content') !== null);
  });

  journey.step("Tab goes on from the main content to a popular course's ENROLL NOW, a ring at every stop", async (page) => {
    const enrol = page.getByRole('link', { name: 'ENROLL NOW' }).first();
    const presses = await tabTo(page, enrol, { label: 'home to ENROLL NOW', max: 40 });
    assert.ok(presses > 1, 'the hero links come first');
    // Contained button: the ring is a dark outline with a white halo between it and the button.
    const ring = await expectFocusRing(page, 'ENROLL NOW');
    assert.match(ring.outline, /^solid 3px rgb\(28, 27, 31\)$/);
    assert.match(ring.boxShadow, /rgb\(255, 255, 255\) 0px 0px 0px 3px/);
  });

  journey.step("Enter opens the course: its h1 has the focus and a ring, and its title is said once", async (page) => {
    // The link's name is its visible words, then its card's title (WCAG 2.5.3, 2.4.6).
    const { href, label } = await page.evaluate(() => {
      const link = document.activeElement;
      return { href: link?.getAttribute('href'), label: link?.getAttribute('aria-label') ?? '' };
    });
    const title = label.replace(/^ENROLL NOW: /, '');
    assert.ok(title && title !== label, `ENROLL NOW names its course ("${label}")`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    await waitForSkeletonsToGo(page);
    await expectFocused(page, heading, 'course h1');
    await expectSaidOnceByFocus(page, title);
    assert.equal(await page.title(), `${title} — Language Academy`);
    await expectAccessible(page, 'course detail (visitor)');
  });

  journey.step('with reduced motion asked for, the language tiles do not zoom and nothing animates', async (page) => {
    const tileImage = () => page.getByRole('region', { name: 'Browse Our Online Courses' }).getByRole('link').first().locator('img');
    const transformOf = () => tileImage().evaluate((image) => getComputedStyle(image).transform);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await tileImage().scrollIntoViewIfNeeded();
    await tileImage().hover();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    assert.notEqual(await transformOf(), 'none', 'without a preference the tile zooms');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await tileImage().scrollIntoViewIfNeeded();
    await tileImage().hover();
    assert.equal(await transformOf(), 'none', 'with reduced motion the tile does not zoom');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectFocusRing(page, 'reduced motion: the second stop');
    assert.equal(await page.evaluate(() => document.querySelectorAll('.MuiTouchRipple-child').length), 0, 'no ripple for keyboard focus');
    assert.deepEqual(
      await page.evaluate(() => document.getAnimations().map((animation) => (animation as CSSAnimation).animationName ?? 'transition')),
      [],
      'nothing animates',
    );
  });
});
