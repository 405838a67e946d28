/**
 * Practice (issue 38): the Yoruba course's teacher writes one exercise of each kind under a chapter
 * (choose, type with tone marks and subdots, listen with a model clip and say, both recorded with
 * Chromium's fake microphone), published; the demo student practises them on a 390 × 844 phone: the
 * typed answer without its tone marks, made with and without the special-letters row, is 'Almost'
 * with the exact spelling marked and comes back at the end; a summary gives the score. Then Review
 * from the dashboard's 'Review: 3 due': a card graded offline is kept on the device and, back
 * online, reaches the provider's deck. axe on the editor with its form open, the practice screen,
 * the summary and the review card.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, useJourney } from '../browser';
import { keptChanges, logInThroughApi, phoneViewport, waitForSkeletonsToGo } from '../flows';
import { demoLogins, listCourses } from '../provider';

const COURSE = 'Yoruba Basics';
/** The greeting to type: tone marks on three vowels and two subdotted letters. */
const GREETING = 'ẹ káàárọ̀';
const exercises = {
  choose: { prompt: 'What does “Ẹ káàárọ̀” mean?', choices: ['Good night', 'Good morning'], right: 'Good morning' },
  type: { prompt: 'Write “good morning” in Yoruba.', answer: GREETING, explanation: 'Káàárọ̀ rises, falls and rises again.' },
  listen: { prompt: 'Listen, then type the word.', answer: 'omi' },
  say: { prompt: 'Say “good afternoon”.', phrase: 'Ẹ káàsán' },
} as const;
const queuedNote = 'Saved on this device: will be sent when you are back online.';

interface Card {
  exercise: { id: number; prompt: string };
  due: string;
  reps: number;
  last_review: string | null;
}

/** The student's review deck as the provider keeps it (with the page's session). */
async function deckOf(page: Page): Promise<Card[]> {
  const answer = await page.request.get('/api/review-deck/');
  assert.equal(answer.status(), 200, `GET /api/review-deck/ answered ${answer.status()}`);
  return ((await answer.json()) as { cards: Card[] }).cards;
}

/** Waits for the verdict shown under the answer, and said once in the runner's live region (which begins with it). */
async function expectVerdict(page: Page, verdict: 'Right' | 'Almost' | 'Wrong'): Promise<void> {
  await page.getByRole('paragraph').filter({ hasText: new RegExp(`^${verdict}$`) }).waitFor();
  await page.getByRole('status').filter({ hasText: new RegExp(`^${verdict}\\b`) }).waitFor({ state: 'attached' });
}

/** Records about a second with the fake microphone in the recorder `legend` names, and waits for its playback. */
async function recordASecond(page: Page, legend: string): Promise<void> {
  const recorder = page.getByRole('group', { name: legend });
  await recorder.getByRole('button', { name: 'Record', exact: true }).click();
  await recorder.getByRole('timer').filter({ hasText: /^0:0[1-9] \// }).waitFor();
  await recorder.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.getByLabel(`Listen back: ${legend}`, { exact: true }).waitFor({ state: 'attached' });
}

/** Loads the audio element labelled `label` and plays it a moment; returns how far it played. */
function playAMoment(page: Page, label: string): Promise<number> {
  return page.getByLabel(label, { exact: true }).evaluate(async (audio: HTMLAudioElement) => {
    if (audio.readyState < 1) {
      await new Promise((resolve, reject) => {
        audio.addEventListener('loadedmetadata', resolve, { once: true });
        audio.addEventListener('error', () => reject(new Error(`the clip did not load: ${audio.error?.message ?? ''}`)), { once: true });
      });
    }
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    audio.pause();
    return audio.currentTime;
  });
}

describe('a teacher writes exercises, a student practises them on a phone and reviews offline', () => {
  const journey = useJourney('practice');
  let courseId = 0;
  let chapterId = 0;
  let chapterTitle = '';

  /** Opens the new-exercise form, sets its kind and prompt. */
  async function newExercise(page: Page, kind: string, prompt: string) {
    await page.getByRole('button', { name: 'Add an exercise', exact: true }).click();
    const form = page.getByRole('form', { name: 'New exercise' });
    await form.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: kind, exact: true }).click();
    await form.getByRole('textbox', { name: /^Prompt/ }).fill(prompt);
    return form;
  }

  /** Saves the open form and waits for the exercise in the list, published. */
  async function save(page: Page, prompt: string) {
    await page.getByRole('button', { name: 'Save the exercise', exact: true }).click();
    await page.getByRole('form', { name: 'New exercise' }).waitFor({ state: 'detached' });
    const row = page.getByRole('list', { name: 'Exercises of this chapter' }).getByRole('listitem').filter({ hasText: prompt });
    await row.getByText('Published', { exact: true }).waitFor();
  }

  journey.step('the teacher writes one exercise of each kind under a chapter, published (axe with the form open)', async (page) => {
    const course = (await listCourses()).find((entry) => entry.title === COURSE);
    assert.ok(course, `the demo data has ${COURSE}`);
    courseId = course.id;
    chapterId = course.course_chapters[0]!.id;
    chapterTitle = course.course_chapters[0]!.title;
    await logInThroughApi(page, 'teacher', demoLogins.otherTeacher, { open: `/edit-chapter/${chapterId}` });
    await page.getByRole('heading', { level: 2, name: 'Exercises' }).waitFor();
    await page.getByText('No exercises yet.').waitFor();

    let form = await newExercise(page, 'Choose the answer', exercises.choose.prompt);
    await form.getByRole('textbox', { name: 'Choice 1' }).fill(exercises.choose.choices[0]);
    await form.getByRole('textbox', { name: 'Choice 2' }).fill(exercises.choose.choices[1]);
    await form.getByRole('radio', { name: 'Choice 2 is the right one' }).check();
    await save(page, exercises.choose.prompt);

    form = await newExercise(page, 'Type the answer', exercises.type.prompt);
    await form.getByRole('textbox', { name: /^Accepted answers, one a line/ }).fill(exercises.type.answer);
    await form.getByRole('textbox', { name: /^Explanation/ }).fill(exercises.type.explanation);
    await save(page, exercises.type.prompt);

    form = await newExercise(page, 'Listen and type', exercises.listen.prompt);
    await form.getByRole('textbox', { name: /^Accepted answers, one a line/ }).fill(exercises.listen.answer);
    await recordASecond(page, 'The model recording');
    await expectAccessible(page, 'chapter editor (new exercise with a recording)');
    await save(page, exercises.listen.prompt);

    form = await newExercise(page, 'Say it', exercises.say.prompt);
    await form.getByRole('textbox', { name: /^The phrase to say/ }).fill(exercises.say.phrase);
    await recordASecond(page, 'The model recording');
    await save(page, exercises.say.prompt);

    const prompts = await page.getByRole('list', { name: 'Exercises of this chapter' }).getByRole('listitem').allTextContents();
    assert.equal(prompts.length, 4, 'four exercises listed');
    for (const [at, exercise] of [exercises.choose, exercises.type, exercises.listen, exercises.say].entries()) {
      assert.ok(prompts[at]!.includes(exercise.prompt), `exercise ${at + 1} is "${exercise.prompt}": ${prompts[at]}`);
    }
  });

  journey.step('on a phone, the student chooses the right answer, then types the greeting without its tones: Almost, with the exact spelling marked (axe)', async (page) => {
    await journey.context.clearCookies();
    await page.setViewportSize(phoneViewport);
    await logInThroughApi(page, 'student', demoLogins.student, { open: `/learn/${courseId}/${chapterId}` });
    await page.getByRole('link', { name: `Practice: ${chapterTitle}, 4 exercises` }).first().click();
    await page.getByRole('heading', { level: 1, name: `Practice: ${chapterTitle}` }).waitFor();

    await page.getByText('Exercise 1 of 4').waitFor();
    await page.getByRole('heading', { level: 2, name: exercises.choose.prompt }).waitFor();
    await page.getByRole('radio', { name: exercises.choose.right }).check();
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expectVerdict(page, 'Right');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.getByRole('heading', { level: 2, name: exercises.type.prompt }).waitFor();
    const answer = page.getByRole('textbox', { name: 'Your answer' });
    assert.equal(await answer.getAttribute('lang'), 'yo', 'the answer field is in Yoruba');
    // The subdotted letters from the row, the rest from the keyboard; no tone marks.
    const letters = page.getByRole('group', { name: 'Special letters' });
    await answer.click();
    await letters.getByRole('button', { name: 'Insert ẹ' }).click();
    await page.keyboard.type(' kaaar');
    await letters.getByRole('button', { name: 'Insert ọ' }).click();
    assert.equal(await answer.inputValue(), 'ẹ kaaarọ');
    await page.getByRole('button', { name: 'Check', exact: true }).click();

    await expectVerdict(page, 'Almost');
    const spelling = page.locator('p', { hasText: 'The exact spelling:' }).locator('> span[lang="yo"]');
    assert.equal((await spelling.textContent())?.normalize('NFC'), GREETING.normalize('NFC'), 'the exact spelling is shown');
    const marked = (await spelling.locator('mark').allTextContents()).map((text) => text.normalize('NFC'));
    assert.deepEqual(marked, ['áàá', 'ọ̀'.normalize('NFC')], 'the letters whose tones differ are marked');
    await page.getByText(exercises.type.explanation, { exact: true }).waitFor();
    await page.getByText('This one comes back at the end.', { exact: true }).waitFor();
    await expectAccessible(page, 'practice (almost)');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  });

  journey.step('listens to the clip and types it; records the phrase, plays it and marks it said right', async (page) => {
    await page.getByRole('heading', { level: 2, name: exercises.listen.prompt }).waitFor();
    assert.ok((await playAMoment(page, 'The clip to listen to')) > 0, 'the model clip plays');
    await page.getByRole('textbox', { name: 'Type what you hear' }).fill(exercises.listen.answer);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expectVerdict(page, 'Right');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.getByRole('heading', { level: 2, name: exercises.say.prompt }).waitFor();
    await page.getByText(exercises.say.phrase, { exact: true }).waitFor();
    assert.ok((await playAMoment(page, 'The teacher’s recording')) > 0, 'the model recording plays');
    await recordASecond(page, 'Your recording');
    assert.ok((await playAMoment(page, 'Listen back: Your recording')) > 0, 'the recording plays beside the model');
    await page.getByRole('button', { name: 'I said it right', exact: true }).click();
    await expectVerdict(page, 'Right');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  });

  journey.step('the almost one comes back last: typed with the row, tones and all, it is right; the summary gives 3 of 4 (axe)', async (page) => {
    await page.getByText('Exercise 4 of 4').waitFor();
    await page.getByRole('heading', { level: 2, name: exercises.type.prompt }).waitFor();
    const answer = page.getByRole('textbox', { name: 'Your answer' });
    const letters = page.getByRole('group', { name: 'Special letters' });
    const key = (name: string) => letters.getByRole('button', { name }).click();
    await answer.click();
    await key('Insert ẹ');
    await page.keyboard.type(' ka');
    await key('Add high tone (á)');
    await page.keyboard.type('a');
    await key('Add low tone (à)');
    await page.keyboard.type('a');
    await key('Add high tone (á)');
    await page.keyboard.type('r');
    await key('Insert ọ');
    await key('Add low tone (à)');
    assert.equal((await answer.inputValue()).normalize('NFC'), GREETING.normalize('NFC'));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expectVerdict(page, 'Right');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.getByRole('heading', { level: 2, name: 'Practice finished' }).waitFor();
    await page.getByText('You got 3 of 4 right the first time.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to the chapter' }).waitFor();
    await expectAccessible(page, 'practice summary');
  });

  journey.step("from the dashboard's 'Review: 3 due', a card answered and graded offline is kept on the device (axe)", async (page) => {
    await page.goto('/student-dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Review: 3 due' }).click();
    await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
    await page.getByText(`Card 1 of 3 · From ${COURSE}`, { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: exercises.type.prompt }).waitFor();
    await waitForSkeletonsToGo(page);

    await journey.context.setOffline(true);
    await page.getByRole('textbox', { name: 'Your answer' }).fill(GREETING);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expectVerdict(page, 'Right');
    const grades = page.getByRole('group', { name: 'How well did you know it?' });
    await expectAccessible(page, 'review card (graded offline)');
    await grades.getByRole('button', { name: 'Good', exact: true }).click();
    await page.getByText(queuedNote).waitFor();
    await page.getByText(`Card 2 of 3 · From ${COURSE}`, { exact: true }).waitFor();
    assert.equal(await keptChanges(page), 1, 'the grade waits in the outbox');
  });

  journey.step("back online, the grade reaches the provider's deck and the note goes", async (page) => {
    const typed = (await deckOf(page)).find((card) => card.exercise.prompt === exercises.type.prompt);
    assert.ok(typed, 'the typed exercise is in the deck');
    assert.equal(typed.reps, 0, 'not reviewed on the provider while offline');

    await journey.context.setOffline(false);
    const deadline = Date.now() + 20_000;
    while ((await keptChanges(page)) > 0) {
      assert.ok(Date.now() < deadline, 'the outbox was sent within 20 s');
      await page.waitForTimeout(250);
    }
    await page.getByText(queuedNote).waitFor({ state: 'detached' });
    const reviewed = (await deckOf(page)).find((card) => card.exercise.prompt === exercises.type.prompt);
    assert.ok(reviewed, 'the typed exercise is still in the deck');
    assert.equal(reviewed.reps, 1, 'the grade was applied');
    assert.ok(reviewed.last_review !== null, 'the card has its review time');
    assert.ok(Date.parse(reviewed.due) > Date.parse(typed.due), `the card is due later (${typed.due} → ${reviewed.due})`);
  });
});
