/**
 * A student learning Spanish on a phone (issue 39): slows the Greetings chapter to 0.75×, repeats a
 * sentence, shows the captions in two languages (Spanish above, English below), opens the
 * transcript and seeks from one of its lines; axe on the player with the transcript open.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { logInThroughApi, phoneViewport, waitForSkeletonsToGo } from '../flows';
import { demoLogins, listCourses } from '../provider';

const COURSE = 'Spanish for Beginners';

describe('a student slows a chapter, repeats a sentence and reads two caption languages on a phone', () => {
  const journey = useJourney('player-language');

  journey.step('0.75×, Repeat sentence, Two languages, a transcript line seeks (axe with the transcript open)', async (page) => {
    const course = (await listCourses()).find((candidate) => candidate.title === COURSE);
    assert.ok(course, 'the demo data has Spanish for Beginners');
    const greetings = course.course_chapters.find((chapter) => chapter.title === 'Greetings');
    assert.ok(greetings, 'Spanish for Beginners has its Greetings chapter');
    await page.setViewportSize(phoneViewport);
    await logInThroughApi(page, 'student', demoLogins.student, { open: null });
    await page.goto(`/learn/${course.id}/${greetings.id}`);
    await page.getByRole('heading', { level: 1, name: 'Greetings' }).waitFor();
    const video = page.locator('video').and(page.getByLabel('Greetings', { exact: true }));
    await video.evaluate(async (element: HTMLVideoElement) => {
      if (element.readyState < HTMLMediaElement.HAVE_METADATA) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
      element.muted = true;
    });

    // Slower, announced, kept for this student.
    await page.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '0.75×' });
    await page.getByRole('status').filter({ hasText: 'Speed 0.75×' }).waitFor();
    assert.equal(await video.evaluate((element: HTMLVideoElement) => element.playbackRate), 0.75);

    // The sentence heard at 3 s (2–4 s) again.
    const seek = (seconds: number) =>
      video.evaluate(async (element: HTMLVideoElement, to: number) => {
        element.pause();
        const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
        element.currentTime = to;
        await seeked;
      }, seconds);
    await seek(3);
    await page.getByRole('button', { name: 'Repeat sentence' }).click();
    await page.getByRole('status').filter({ hasText: 'Repeating the sentence' }).waitFor();
    const repeatedAt = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    assert.ok(repeatedAt >= 2 && repeatedAt < 3, `the video went back to the sentence's start (2 s), not ${repeatedAt}`);

    // Two languages: Spanish (the course's) above, English below.
    await page.getByRole('combobox', { name: 'Captions' }).selectOption({ label: 'Two languages' });
    await page.getByRole('status').filter({ hasText: 'Captions: Spanish and English' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Second language' }).inputValue(), 'en');
    await seek(0.5);
    const overlay = page.getByTestId('caption-overlay');
    await overlay.locator('[lang="es"]').filter({ hasText: '¡Hola! Buenos días.' }).waitFor();
    await overlay.locator('[lang="en"]').waitFor();

    // The transcript (below the video on a phone): a line seeks to its start.
    await page.getByRole('button', { name: 'Transcript' }).click();
    const transcript = page.getByRole('region', { name: 'Transcript (Spanish)' });
    const second = transcript.getByRole('button', { name: /¿Cómo estás\?/ });
    await second.click();
    await assert.doesNotReject(
      second.evaluate(async (line) => {
        for (let tries = 0; tries < 50 && line.getAttribute('aria-current') !== 'true'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
        if (line.getAttribute('aria-current') !== 'true') throw new Error('the line is not marked current');
      }),
    );
    const seekedTo = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    assert.ok(seekedTo >= 2 && seekedTo < 3, `the line moved the video to its start (2 s), not ${seekedTo}`);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'lesson player with the transcript (phone)');
  });
});
