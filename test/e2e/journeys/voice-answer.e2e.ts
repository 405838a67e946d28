/**
 * The demo student answers the seeded voice assignment ('Say your phone number') with Chromium's
 * fake microphone: records about two seconds, listens back, hands it in and sees it answered.
 * Steps for the teacher (hearing it, giving feedback) and the student seeing the feedback can
 * follow in this journey: the provider keeps the answer between steps.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { expectDashboard, logInThroughForm } from '../flows';
import { demoLogins } from '../provider';

/** The seeded voice assignment of the demo student (provider/src/seed.ts). */
export const voiceAssignmentTitle = 'Say your phone number';

describe('the demo student answers an assignment by voice', () => {
  const journey = useJourney('voice-answer');

  journey.step('opens the voice assignment from My Assignments', async (page) => {
    await logInThroughForm(page, 'student', demoLogins.student);
    await expectDashboard(page, 'student');
    await page.goto('/my-assignments/');
    await page.getByRole('link', { name: `Answer: ${voiceAssignmentTitle}` }).click();
    await page.getByRole('heading', { level: 1, name: voiceAssignmentTitle }).waitFor();
    await expectAccessible(page, 'voice assignment');
  });

  journey.step('records about two seconds, listens back and hands it in', async (page) => {
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('timer').filter({ hasText: /^0:02 \// }).waitFor();
    await expectAccessible(page, 'voice assignment (recording)');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();

    const playback = page.getByLabel('Listen back: Your spoken answer');
    await playback.waitFor();
    const played = await playback.evaluate(async (audio: HTMLAudioElement) => {
      await audio.play();
      await new Promise((resolve) => setTimeout(resolve, 300));
      audio.pause();
      return audio.currentTime;
    });
    assert.ok(played > 0, 'the recording plays back');

    await page.getByRole('button', { name: 'Hand in', exact: true }).click();
    await page.getByText('Waiting for your teacher’s feedback.').waitFor();
    const answer = page.getByLabel('Your recorded answer');
    const source = await answer.getAttribute('src');
    assert.ok(source, 'the answer has an address');
    // Served to the student (with the session cookie) as audio.
    const served = await page.request.get(new URL(source, page.url()).toString());
    assert.equal(served.status(), 200);
    assert.match(served.headers()['content-type'] ?? '', /^audio\/(webm|ogg)/);
    await page.getByRole('button', { name: 'Change answer' }).waitFor();
    await expectAccessible(page, 'voice assignment (handed in)');
  });
});
