/**
 * A teacher's chapter video resumes after a reload (issue 39, item 6): the demo teacher starts
 * uploading a video to Spanish for Beginners over a slowed network, reloads midway (the page
 * asks first), finds the title kept, chooses the same file again and sees 'Resuming your upload';
 * the upload goes on from where the provider stopped (the HEAD's offset is the next PATCH's), the
 * chapter is saved, and the enrolled demo student plays it. The chapter is deleted after.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { type CDPSession, type Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins, listCourses } from '../provider';

const videoFile = path.resolve(__dirname, '..', '..', '..', 'provider', 'seed-assets', 'videos', 'lesson-testsrc.webm');
const videoSize = fs.statSync(videoFile).size;

/** DevTools network throttling: bytes per second sent (-1: not throttled). */
async function throttleUpload(devtools: CDPSession, bytesPerSecond: number): Promise<void> {
  await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: bytesPerSecond < 0 ? 0 : 100, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** The tus calls the page makes from now on: method, and the offset a HEAD answered or a PATCH started at. */
function recordTusCalls(page: Page): { method: string; offset: string | null }[] {
  const calls: { method: string; offset: string | null }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) calls.push({ method: 'PATCH', offset: request.headers()['upload-offset'] ?? null });
  });
  page.on('response', (response) => {
    if (response.request().method() === 'HEAD' && response.url().includes('/api/uploads/')) calls.push({ method: 'HEAD', offset: response.headers()['upload-offset'] ?? null });
  });
  return calls;
}

describe("a teacher's video upload resumes after a reload", () => {
  const journey = useJourney('resumable-upload');
  const chapterTitle = `Resumed lesson ${Date.now()}`;
  let courseId = 0;
  let chapterId = 0;
  let tusCalls: { method: string; offset: string | null }[] = [];

  journey.step('starts uploading a video on a slow network, and reloads midway after the warning', async (page) => {
    const course = (await listCourses()).find((candidate) => candidate.title === 'Spanish for Beginners');
    assert.ok(course, 'the demo data has Spanish for Beginners');
    courseId = course.id;
    await logInThroughApi(page, 'teacher', demoLogins.teacher, { open: `/add-chapter/${courseId}` });
    await page.getByRole('heading', { level: 1, name: 'Add Chapter' }).waitFor();
    const form = page.getByRole('main');
    const video = form.getByLabel(/^Video/);
    // The resumable field, once the provider said it serves the extension.
    await form.getByText(/It uploads as soon as you choose it/).waitFor();
    await form.getByRole('textbox', { name: 'Title' }).click();
    await form.getByRole('textbox', { name: 'Title' }).fill(chapterTitle);

    tusCalls = recordTusCalls(page);
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    // About 15 s for the whole file.
    await throttleUpload(devtools, Math.ceil(videoSize / 15));
    await video.setInputFiles(videoFile);
    await form.getByRole('progressbar', { name: 'Video upload progress' }).waitFor();
    await form.getByRole('button', { name: 'Pause' }).waitFor();
    await expectAccessible(page, 'add chapter, video uploading');
    // Midway: a third of the file on its way.
    await page.waitForFunction(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Video upload progress"]');
      return Number(bar?.getAttribute('aria-valuenow') ?? 0) >= 30;
    }, undefined, { timeout: 30_000 });

    const warned = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))));
    await page.reload({ waitUntil: 'commit' });
    assert.equal(await warned, 'beforeunload', 'the page asked before leaving');
    await throttleUpload(devtools, -1);
    await devtools.detach();
  });

  journey.step("finds the title kept, chooses the same file, sees 'Resuming' and the upload goes on from the provider's offset", async (page) => {
    const form = page.getByRole('main');
    await page.getByRole('heading', { level: 1, name: 'Add Chapter' }).waitFor();
    assert.equal(await form.getByRole('textbox', { name: 'Title' }).inputValue(), chapterTitle, 'the title was kept');
    await form.getByText('Choose lesson-testsrc.webm again to resume its upload.').waitFor();
    tusCalls.length = 0;

    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await throttleUpload(devtools, Math.ceil(videoSize / 10));
    await form.getByLabel(/^Video/).setInputFiles(videoFile);
    // Where the provider stopped, once its HEAD has answered (the live region says the same, by tenths).
    await form.getByRole('paragraph').filter({ hasText: /^Resuming your upload: [1-9]\d? %$/ }).waitFor();
    // Announced once finished.
    await form.getByRole('status').filter({ hasText: 'Uploaded: lesson-testsrc.webm' }).waitFor({ timeout: 30_000 });
    await throttleUpload(devtools, -1);
    await devtools.detach();

    const head = tusCalls.find((call) => call.method === 'HEAD');
    const firstPatch = tusCalls.find((call) => call.method === 'PATCH');
    assert.ok(head && Number(head.offset) > 0 && Number(head.offset) < videoSize, `the provider kept part of the file (${head?.offset} of ${videoSize})`);
    assert.equal(firstPatch?.offset, head.offset, 'the upload went on from where it stopped');

    await form.getByRole('button', { name: 'Upload Chapter', exact: true }).click();
    await page.getByText('Chapter uploaded successfully!').waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === `/course-chapters/${courseId}`);
    await waitForSkeletonsToGo(page);
    const edit = page.getByRole('link', { name: `Edit chapter ${chapterTitle}` });
    chapterId = Number((await edit.getAttribute('href'))?.split('/').pop());
    assert.ok(chapterId > 0, 'the chapter is listed');
  });

  journey.step('the enrolled student plays the video', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student, { open: `/learn/${courseId}/${chapterId}` });
    await page.waitForURL(`${appUrl}/learn/${courseId}/${chapterId}`);
    const video = page.locator('video').and(page.getByLabel(chapterTitle, { exact: true }));
    await video.waitFor();
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { time: element.currentTime, error: element.error?.message ?? null };
    });
    assert.equal(played.error, null);
    assert.ok(played.time > 0, `the video plays (at ${played.time} s)`);
  });

  journey.step('the teacher deletes the chapter again (other journeys count the demo chapters)', async (page) => {
    await logInThroughApi(page, 'teacher', demoLogins.teacher, { open: `/course-chapters/${courseId}` });
    // The row grows once its captions are known ('No captions'): clicked before, the click lands beside Delete.
    await page.getByRole('row', { name: new RegExp(chapterTitle) }).getByText('No captions').waitFor();
    await page.getByRole('button', { name: `Delete chapter ${chapterTitle}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete this chapter?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('This particular chapter has been deleted.').waitFor();
  });
});
