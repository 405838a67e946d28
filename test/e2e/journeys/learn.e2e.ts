/**
 * The demo student watches Spanish for Beginners to its end in the lesson player (the countdown's
 * Play now moves on to the last chapter), sees the finish line, opens the certificate and prints
 * it (no header, no button), and a visitor in another browser verifies it at its address.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Locator, type Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { logInThroughApi, phoneViewport, waitForSkeletonsToGo } from '../flows';
import { demoLogins, type ListedCourse, listCourses } from '../provider';

const COURSE = 'Spanish for Beginners';

const videoOf = (page: Page, chapterTitle: string) => page.locator('video').and(page.getByLabel(chapterTitle, { exact: true }));

/** Plays the video from its start, muted and at double speed (the demo videos last a few seconds). */
async function playFromStart(video: Locator): Promise<void> {
  await video.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < HTMLMediaElement.HAVE_METADATA) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    // The player seeks to the saved position once it knows it: let it, then start over.
    await new Promise((resolve) => setTimeout(resolve, 300));
    element.muted = true;
    element.playbackRate = 2;
    element.currentTime = 0;
    await element.play();
  });
}

describe('a student watches a course to the end and a visitor verifies the certificate', () => {
  const journey = useJourney('learn', { motion: 'no-preference' });
  let course: ListedCourse | undefined;
  let verifyAddress = '';

  journey.step('Continue in My Courses opens the player; the chapter list moves to the first chapter (axe; phone layout)', async (page) => {
    course = (await listCourses()).find((candidate) => candidate.title === COURSE);
    assert.ok(course && course.course_chapters.length === 2, 'the demo data has Spanish for Beginners with two chapters');
    const [greetings, numbers] = course.course_chapters as [{ id: number; title: string }, { id: number; title: string }];
    await logInThroughApi(page, 'student', demoLogins.student, { open: null });
    await page.goto('/my-courses');
    await page.getByRole('link', { name: `Continue ${COURSE}` }).click();
    await page.waitForURL(`${appUrl}/learn/${course.id}/${numbers.id}`);
    await page.getByRole('heading', { level: 1, name: numbers.title }).waitFor();

    const list = page.getByRole('navigation', { name: `Chapters of ${COURSE}` });
    await list.getByRole('link', { name: new RegExp(`^${greetings.title}`) }).click();
    const heading = page.getByRole('heading', { level: 1, name: greetings.title });
    await heading.waitFor();
    assert.ok(await heading.evaluate((element) => element === document.activeElement), 'the focus is on the chapter heading');
    assert.equal(await list.getByRole('link', { name: new RegExp(`^${greetings.title}`) }).getAttribute('aria-current'), 'page');
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'lesson player');

    await page.setViewportSize(phoneViewport);
    const box = await videoOf(page, greetings.title).boundingBox();
    assert.equal(Math.round(box?.width ?? 0), phoneViewport.width, 'the video is as wide as the phone');
    await assert.doesNotReject(
      page.getByRole('link', { name: `Next: ${numbers.title}` }).evaluate((link) => {
        const { bottom } = link.getBoundingClientRect();
        if (bottom > window.innerHeight) throw new Error(`Next ends at ${bottom}px, below the window`);
      }),
      'Next is on the first screen under the video',
    );
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  journey.step('watches the first chapter to its end; Play now in the countdown opens and plays the last; the finish line appears', async (page) => {
    assert.ok(course);
    const [greetings, numbers] = course.course_chapters as [{ id: number; title: string }, { id: number; title: string }];
    await playFromStart(videoOf(page, greetings.title));
    await page.getByText(new RegExp(`^Next: ${numbers.title} in [1-5]…$`)).waitFor();
    await page.getByRole('button', { name: 'Play now' }).click();

    await page.getByRole('heading', { level: 1, name: numbers.title }).waitFor();
    await playFromStart(videoOf(page, numbers.title));
    const finish = page.getByRole('region', { name: `You finished ${COURSE}` });
    await finish.waitFor();
    await finish.getByText(/^Finished on \d{1,2} \w+ \d{4}$/).waitFor();
    await expectAccessible(page, 'lesson player with the finish line');
  });

  journey.step('opens the certificate: verified, and printed without the header, the footer or the button (axe)', async (page) => {
    await page.getByRole('link', { name: `Your certificate for ${COURSE}` }).click();
    await page.waitForURL(/\/certificates\/[A-Z0-9]{12}$/);
    await page.getByText(/^This certificate is genuine/).waitFor();
    await page.getByText(COURSE, { exact: true }).waitFor();
    verifyAddress = page.url();
    await page.getByText(verifyAddress, { exact: true }).waitFor();
    await expectAccessible(page, 'certificate');

    await page.emulateMedia({ media: 'print' });
    try {
      assert.ok(await page.locator('header').first().isHidden(), 'the site header is not printed');
      assert.ok(await page.locator('footer').first().isHidden(), 'the footer is not printed');
      assert.ok(await page.getByRole('button', { name: 'Print or save as PDF' }).isHidden(), 'the print button is not printed');
      assert.ok(await page.getByRole('heading', { level: 1, name: 'Certificate of completion' }).isVisible(), 'the certificate is printed');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  journey.step('a visitor opens the verification address and sees the same certificate', async () => {
    const browser = journey.context.browser();
    assert.ok(browser);
    const visitor = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 }, locale: 'en-GB', serviceWorkers: 'block' });
    try {
      const page = await visitor.newPage();
      await page.goto(verifyAddress);
      await page.getByRole('heading', { level: 1, name: 'Certificate of completion' }).waitFor();
      await page.getByText(/^This certificate is genuine/).waitFor();
      await page.getByText(COURSE, { exact: true }).waitFor();
    } finally {
      await visitor.close();
    }
  });
});
