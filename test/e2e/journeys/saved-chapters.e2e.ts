/**
 * The demo student saves a chapter of Spanish for Beginners for offline on its course page (the
 * size first, then the download with its progress), finds it under My Courses with the space it
 * uses, plays it and seeks in it with no connection (the service worker answers the ranges from
 * the saved copy), and removes it.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, useJourney } from '../browser';
import { logInThroughApi, phoneViewport, waitForSkeletonsToGo } from '../flows';
import { demoLogins, type ListedCourse, listCourses } from '../provider';

const COURSE = 'Spanish for Beginners';

/** What the saved-chapters caches hold: cache name → absolute URLs. */
function savedCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('academy-saved-chapters-'));
    const entries = await Promise.all(names.map(async (name) => [name, (await (await caches.open(name)).keys()).map((request) => request.url)] as const));
    return Object.fromEntries(entries);
  });
}

describe('a student saves a chapter for offline, watches it offline and removes it', () => {
  const journey = useJourney('saved-chapters', { serviceWorkers: 'allow' });
  let course: ListedCourse | undefined;
  let chapter = '';

  journey.step("the course page shows the chapter's size first, then saves it with progress (axe; phone layout)", async (page) => {
    course = (await listCourses()).find((candidate) => candidate.title === COURSE);
    assert.ok(course && course.course_chapters.length > 0, 'the demo data has Spanish for Beginners with chapters');
    chapter = course.course_chapters[0]!.title;
    await logInThroughApi(page, 'student', demoLogins.student);
    await page.setViewportSize(phoneViewport);
    await page.goto(`/detail/${course.id}`);
    await waitForSkeletonsToGo(page);

    const save = page.getByRole('button', { name: `Save for offline: ${chapter}` });
    await save.click();
    const download = page.getByRole('button', { name: `Download for offline: ${chapter}` });
    await download.waitFor();
    await page.getByText(/^Video( and captions)?: [\d.]+ MB\. .* free on this device\.$/).waitFor();
    assert.ok(await download.evaluate((element) => element === document.activeElement), 'the focus is on Download');
    const box = await download.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= phoneViewport.width, 'Download is on the phone screen');
    await expectAccessible(page, 'course page, save for offline');

    await download.click();
    const remove = page.getByRole('button', { name: `Remove offline copy: ${chapter}` });
    await remove.waitFor();
    await page.getByText('Saved for offline', { exact: true }).waitFor();

    const stored = await savedCaches(page);
    const urls = Object.values(stored).flat();
    assert.equal(Object.keys(stored).length, 1, 'one saved-chapters cache');
    assert.ok(urls.some((url) => url.includes('/media/chapter_videos/')), `the video is stored (${urls.join(', ')})`);
    assert.ok(urls.some((url) => url.endsWith('/__offline/saved-chapters.json')), 'the list is stored with it');
    const video = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      const key = (await cache.keys()).find((request) => request.url.includes('/media/chapter_videos/'))!;
      const answer = (await cache.match(key))!;
      return { status: answer.status, type: answer.headers.get('Content-Type'), length: answer.headers.get('Content-Length'), bytes: (await answer.blob()).size };
    }, Object.keys(stored)[0]!);
    assert.equal(video.status, 200);
    assert.match(video.type ?? '', /^video\//);
    assert.equal(Number(video.length), video.bytes, 'stored whole, with its length');
  });

  journey.step('My Courses lists it with its course and the space used', async (page) => {
    await page.goto('/my-courses');
    const section = page.getByRole('region', { name: 'Saved for offline' });
    await section.getByRole('link', { name: chapter }).waitFor();
    await section.getByText(COURSE).first().waitFor();
    await section.getByText(/^Space used: [\d.]+ MB$/).waitFor();
    await expectAccessible(page, 'my courses, saved for offline');
  });

  journey.step('offline, the saved chapter plays and seeks from the saved copy', async (page) => {
    assert.ok(course);
    await page.goto(`/learn/${course.id}/${course.course_chapters[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: chapter }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await journey.context.setOffline(true);
    try {
      const played = await page.locator('video').first().evaluate(async (element: HTMLVideoElement) => {
        // A fresh load, from the worker only.
        element.src = `${element.src.split('#')[0]}`;
        element.load();
        await new Promise((resolve, reject) => {
          element.addEventListener('loadedmetadata', resolve, { once: true });
          element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)), { once: true });
        });
        element.muted = true;
        element.currentTime = Math.min(2, element.duration / 2);
        await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
        await element.play();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { duration: element.duration, time: element.currentTime, error: element.error?.code ?? null };
      });
      assert.equal(played.error, null);
      assert.ok(played.time > 0, `the video plays offline after a seek (at ${played.time} s of ${played.duration})`);
    } finally {
      await journey.context.setOffline(false);
    }
  });

  journey.step('Remove in My Courses deletes the copy', async (page) => {
    await page.goto('/my-courses');
    const section = page.getByRole('region', { name: 'Saved for offline' });
    await section.getByRole('button', { name: `Remove offline copy: ${chapter}` }).click();
    await section.getByText(/^No chapters saved yet\./).waitFor();
    const urls = Object.values(await savedCaches(page)).flat();
    assert.deepEqual(
      urls.filter((url) => url.includes('/media/')),
      [],
      'no media left',
    );
  });
});
