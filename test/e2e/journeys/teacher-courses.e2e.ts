/**
 * The teacher's courses and chapters: the demo teacher uploads a course with an image, edits
 * it, adds a chapter with a short WebM and sees the upload reach 100%, plays it in the chapter
 * list, edits and deletes the chapter, then deletes the course, answering both confirmations.
 * axe on every screen and dialog visited.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, useJourney } from '../browser';
import { expectDashboard, logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins } from '../provider';

const seedAssets = path.resolve(__dirname, '..', '..', '..', 'provider', 'seed-assets');

/** The row of the My Courses table whose title is `title`. */
function courseRow(page: Page, title: string) {
  return page.getByRole('table', { name: 'My courses' }).getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

async function openMyCourses(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'Courses', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'My Courses' }).waitFor();
  await waitForSkeletonsToGo(page);
}

/**
 * Keeps every value the upload progress bar shows, from now on, in `window.__uploadProgress`.
 * (A string: tsx would wrap named functions of a callback in a helper the page does not have.)
 */
async function recordUploadProgress(page: Page): Promise<void> {
  await page.evaluate(`{
    const seen = [];
    window.__uploadProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"], [role="progressbar"][aria-label="Video upload progress"]');
      const value = bar && bar.getAttribute('aria-valuenow');
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  }`);
}

describe("the teacher's courses and chapters", () => {
  const journey = useJourney('teacher-courses');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const courseTitle = `Twi for Travellers ${stamp}`;
  const editedTitle = `Twi for Everyone ${stamp}`;
  const chapterTitle = `Market greetings ${stamp}`;
  let courseId = 0;

  journey.step('the demo teacher logs in', async (page) => {
    await logInThroughApi(page, 'teacher', demoLogins.teacher);
    await expectDashboard(page, 'teacher');
  });

  journey.step("uploads a course with an image, lands on 'Add the first chapter' and finds it in My Courses", async (page) => {
    await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'Add Course', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Upload a Course' }).waitFor();
    const form = page.getByRole('main');
    await form.getByRole('option', { name: 'Akan' }).waitFor({ state: 'attached' });
    await expectAccessible(page, 'upload a course');

    await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Akan' });
    await form.getByRole('textbox', { name: 'Title' }).fill(courseTitle);
    await form.getByRole('textbox', { name: 'Description' }).fill('Greetings and numbers for a trip to Kumasi.');
    await form.getByRole('textbox', { name: 'Language' }).fill('Akan, English');
    await form.getByRole('spinbutton', { name: 'Price' }).fill('12');
    await form.getByLabel('Course image').setInputFiles(path.join(seedAssets, 'images', 'akan.svg'));
    await form.getByRole('img', { name: 'New course image (preview)' }).waitFor();
    await expectAccessible(page, 'upload a course, filled in');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();

    await page.getByText('Course uploaded successfully!').waitFor();
    // The new course's first chapter page opens (issue 23); My Courses lists the course.
    await page.waitForURL((url) => /^\/add-chapter\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Add the first chapter' }).waitFor();
    await openMyCourses(page);
    const row = courseRow(page, courseTitle);
    await row.getByText('Rating: Not Rated').waitFor();
    const href = await row.getByRole('link', { name: courseTitle, exact: true }).getAttribute('href');
    courseId = Number(/\/course-chapters\/(\d+)$/.exec(href ?? '')?.[1]);
    assert.ok(courseId > 0, `the course links to its chapters (${href})`);
    await expectAccessible(page, 'my courses');
  });

  journey.step('edits the course: title and description, keeping the image', async (page) => {
    await courseRow(page, courseTitle).getByRole('link', { name: `Edit course ${courseTitle}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/edit-course/${courseId}`);
    const form = page.getByRole('main');
    const title = form.getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    assert.equal(await title.inputValue(), courseTitle);
    await form.getByRole('img', { name: 'Current course image' }).waitFor();
    await expectAccessible(page, 'edit course');

    await title.fill(editedTitle);
    await form.getByRole('textbox', { name: 'Description' }).fill('Greetings, numbers and bargaining at the market.');
    await form.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Data has been updated').waitFor();

    await openMyCourses(page);
    await courseRow(page, editedTitle).waitFor();
  });

  journey.step('adds a chapter with a short WebM and sees the upload reach 100%', async (page) => {
    await courseRow(page, editedTitle).getByRole('link', { name: `Add Chapter to ${editedTitle}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/add-chapter/${courseId}`);
    await page.getByRole('heading', { level: 1, name: 'Add Chapter' }).waitFor();
    await expectAccessible(page, 'add chapter');
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'Title' }).fill(chapterTitle);
    await form.getByRole('textbox', { name: 'Description' }).fill('Good morning, how much is it?');
    await form.getByRole('textbox', { name: 'Remarks' }).fill('Repeat after the speaker.');

    // Slow the upload down (the 3 KB video takes about 15 s) so that the bar, and axe, see it on its way (DevTools network throttling).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: 256 });
    await recordUploadProgress(page);
    // The local provider takes the video resumably: it goes up as soon as it is chosen, with its own bar;
    // 'Upload Chapter' then sends the text with the upload's id.
    await form.getByLabel(/^Video/).setInputFiles(path.join(seedAssets, 'videos', 'lesson-bars.webm'));
    await form.getByRole('progressbar', { name: 'Video upload progress' }).waitFor();
    await expectAccessible(page, 'add chapter, uploading');
    assert.equal(new URL(page.url()).pathname, `/add-chapter/${courseId}`, 'axe saw the form while uploading');
    await form.getByText('Uploaded: lesson-bars.webm').first().waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Upload Chapter', exact: true }).click();

    await page.getByText('Chapter uploaded successfully!').waitFor({ timeout: 30_000 });
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await devtools.detach();
    const seen = await page.evaluate(() => (window as unknown as { __uploadProgress: string[] }).__uploadProgress);
    assert.equal(seen.at(-1), '100', `the bar reached 100% (it showed ${seen.join(', ')})`);
    await page.waitForURL((url) => url.pathname === `/course-chapters/${courseId}`);
  });

  journey.step('plays the chapter in the chapter list', async (page) => {
    await page.getByRole('heading', { level: 1, name: 'All Chapters (1)' }).waitFor();
    await waitForSkeletonsToGo(page);
    const video = page.getByLabel(`Video of ${chapterTitle}`);
    await video.waitFor();
    await expectAccessible(page, 'all chapters');
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { time: element.currentTime, error: element.error?.message ?? null };
    });
    assert.equal(played.error, null);
    assert.ok(played.time > 0, `the video plays (at ${played.time} s)`);
  });

  journey.step('edits the chapter: the current video plays there too, the remarks change', async (page) => {
    await page.getByRole('link', { name: `Edit chapter ${chapterTitle}` }).click();
    await page.waitForURL((url) => /^\/edit-chapter\/\d+$/.test(url.pathname));
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'Title' }).waitFor();
    await form.getByLabel('Current video').waitFor();
    await expectAccessible(page, 'update chapter');
    await form.getByRole('textbox', { name: 'Remarks' }).fill('Repeat twice after the speaker.');
    await form.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Chapter updated successfully').waitFor();
  });

  journey.step('deletes the chapter after the confirmation', async (page) => {
    await openMyCourses(page);
    await courseRow(page, editedTitle).getByRole('link', { name: editedTitle, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'All Chapters (1)' }).waitFor();
    await page.getByRole('cell').getByText('Repeat twice after the speaker.').waitFor();
    await page.getByRole('button', { name: `Delete chapter ${chapterTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this chapter?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete chapter dialog');
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();

    await page.getByText('This particular chapter has been deleted.').waitFor();
    await page.getByText('No chapters found for this course.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'All Chapters (0)' }).waitFor();
  });

  journey.step("deletes the course: 'No, keep it' keeps it, 'Yes, delete it!' removes it", async (page) => {
    await openMyCourses(page);
    const row = courseRow(page, editedTitle);
    await row.getByRole('button', { name: `Delete course ${editedTitle}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this course?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete course dialog');
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor();

    await row.getByRole('button', { name: `Delete course ${editedTitle}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('The course has been deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    await expectAccessible(page, 'my courses after deleting');
  });
});
