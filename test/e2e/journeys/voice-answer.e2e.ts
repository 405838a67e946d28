/**
 * The demo student answers the seeded voice assignment ('Say your phone number') with Chromium's
 * fake microphone: records about two seconds, listens back, hands it in and sees it answered.
 * The demo teacher then finds it under Answers (axe), plays it on the assignment's page (axe),
 * gives the feedback 'Good' with a text, and the student sees both on the assignment's page.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { expectDashboard, logInThroughApi } from '../flows';
import { demoLogins } from '../provider';

/** The seeded voice assignment of the demo student (provider/src/seed.ts). */
export const voiceAssignmentTitle = 'Say your phone number';

describe('the demo student answers an assignment by voice', () => {
  const journey = useJourney('voice-answer');

  journey.step('opens the voice assignment from My Assignments', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student);
    await expectDashboard(page, 'student');
    await page.goto('/my-assignments/');
    await page.getByRole('link', { name: `Answer: ${voiceAssignmentTitle}` }).click();
    await page.getByRole('heading', { level: 1, name: voiceAssignmentTitle }).waitFor();
    await expectAccessible(page, 'voice assignment');
  });

  journey.step('records about two seconds, listens back and hands it in', async (page) => {
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('timer').filter({ hasText: /^0:02 \// }).waitFor();
    // The fake microphone beeps: the level meter moves.
    const level = await page.getByTestId('recorder-level').evaluate((bar) => bar.getBoundingClientRect().width);
    assert.ok(level > 0, 'the level meter shows the microphone');
    await expectAccessible(page, 'voice assignment (recording)');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();

    const playback = page.getByLabel('Listen back: Your spoken answer', { exact: true });
    await playback.waitFor({ state: 'attached' });
    // The player says the recording's length (the browser's own controls said 0:00 for a MediaRecorder WebM):
    // about two seconds, longer on a slow machine, where the axe check above takes a while.
    await page.waitForFunction(() =>
      /^0:00 of 0:(0[1-9]|[1-5]\d)$/.test(document.querySelector('[aria-label="Position: Listen back: Your spoken answer"]')?.getAttribute('aria-valuetext') ?? ''),
    );
    const played = await playback.evaluate(async (audio: HTMLAudioElement) => {
      await audio.play();
      await new Promise((resolve) => setTimeout(resolve, 300));
      audio.pause();
      return audio.currentTime;
    });
    assert.ok(played > 0, 'the recording plays back');

    await page.getByRole('button', { name: 'Hand in', exact: true }).click();
    await page.getByText('Waiting for your teacher’s feedback.').waitFor();
    const answer = page.getByLabel('Your recorded answer', { exact: true });
    const source = await answer.getAttribute('src');
    assert.ok(source, 'the answer has an address');
    // Served to the student (with the session cookie) as audio.
    const served = await page.request.get(new URL(source, page.url()).toString());
    assert.equal(served.status(), 200);
    assert.match(served.headers()['content-type'] ?? '', /^audio\/(webm|ogg)/);
    await page.getByRole('button', { name: 'Change answer' }).waitFor();
    await expectAccessible(page, 'voice assignment (handed in)');
  });

  journey.step('the teacher opens Answers and plays the voice answer', async (page) => {
    await logInThroughApi(page, 'teacher', demoLogins.teacher);
    await expectDashboard(page, 'teacher');
    await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: /^Answers/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Answers' }).waitFor();
    await page.getByRole('tab', { name: /^To mark \(\d+\)$/, selected: true }).waitFor();
    const row = page.getByRole('table', { name: 'Answers: To mark' }).getByRole('row').filter({ hasText: voiceAssignmentTitle });
    await row.getByText('Voice', { exact: true }).waitFor();
    await expectAccessible(page, 'answers to mark');

    await row.getByRole('link', { name: new RegExp(`^Open ${voiceAssignmentTitle}`) }).click();
    await page.getByRole('heading', { level: 1, name: voiceAssignmentTitle }).waitFor();
    const answer = page.getByLabel(/^Voice answer/);
    // The recording loads (its metadata at least) from the provider, with the teacher's session, and plays.
    const played = await answer.evaluate(async (audio: HTMLAudioElement) => {
      if (audio.readyState < 1) await new Promise((resolve, reject) => {
        audio.addEventListener('loadedmetadata', resolve, { once: true });
        audio.addEventListener('error', () => reject(new Error(`the answer did not load: ${audio.error?.message ?? ''}`)), { once: true });
      });
      const ready = audio.readyState;
      await audio.play();
      await new Promise((resolve) => setTimeout(resolve, 300));
      audio.pause();
      return { ready, time: audio.currentTime };
    });
    assert.ok(played.ready >= 1, 'the answer loads');
    assert.ok(played.time > 0, 'the answer plays');
    // Its length (the provider's measure) and a seek bar that moves the playback: End goes to the end, Home back.
    const seekBar = page.getByRole('slider', { name: /^Position: Voice answer, 0:[0-5]\d$/ });
    await seekBar.focus();
    await page.keyboard.press('End');
    const atEnd = await answer.evaluate((audio: HTMLAudioElement) => audio.currentTime);
    assert.ok(atEnd >= 1, `the seek bar moves the playback (at ${atEnd} s)`);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /^0:00 of 0:(0[1-9]|[1-5]\d)$/.test(document.querySelector('[aria-label^="Position: Voice answer"]')?.getAttribute('aria-valuetext') ?? ''));
    await expectAccessible(page, "the teacher's assignment page");
  });

  journey.step("gives the feedback 'Good' with a text", async (page) => {
    await page.getByRole('textbox', { name: 'Feedback' }).fill('¡Muy bien! Clear digits; slow down on the last two.');
    await page.getByRole('combobox', { name: 'Mark' }).selectOption({ label: 'Good' });
    await page.getByRole('button', { name: 'Send feedback', exact: true }).click();
    const given = page.getByRole('region', { name: 'Your feedback' });
    await given.getByText('¡Muy bien! Clear digits; slow down on the last two.').waitFor();
    await given.getByText('Good', { exact: true }).waitFor();
  });

  journey.step('the student sees the feedback and the mark', async (page) => {
    const assignmentId = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`/my-assignments/${assignmentId}`);
    await page.getByRole('heading', { level: 1, name: voiceAssignmentTitle }).waitFor();
    await page.getByText('¡Muy bien! Clear digits; slow down on the last two.').waitFor();
    await page.getByText(/^Mark:\s*Good$/).waitFor();
  });
});
