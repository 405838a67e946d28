/**
 * Messaging, live on both sides at once: the demo student (one browser context) writes to the
 * demo teacher (a second context, open at the same time); the teacher's My Students shows 1
 * unread message; the teacher opens the conversation, sees the message without reloading and
 * answers; the student's open dialog shows the answer within 6 seconds without Refresh; the
 * teacher's group message reaches the student the same way. axe on the conversation and group
 * dialogs of both sides.
 */
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { appUrl, expectAccessible, saveScreenshot, useJourney } from '../browser';
import { logInThroughForm, waitForSkeletonsToGo } from '../flows';
import { demoLogins } from '../provider';

/** Spec extension: an open conversation is read every 5 seconds; allow one poll and the answer. */
const LIVE_MS = 6000;

const teacherName = 'Amara Okafor';
/** The demo student's name; a later journey appends to it, so match its start. */
const studentName = /^Maria Silva/;

function conversationDialog(page: Page, name: string | RegExp): Locator {
  const title = typeof name === 'string' ? `Send Message to ${name}` : new RegExp(`^Send Message to ${name.source.replace(/^\^/, '')}`);
  return page.getByRole('dialog', { name: title });
}

/** Types into the dialog's message box and sends with Enter; waits for the provider's answer in green. */
async function sendWithEnter(dialog: Locator, text: string, answer: string | RegExp): Promise<void> {
  const box = dialog.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await dialog.getByRole('status').filter({ hasText: answer }).waitFor();
  assert.equal(await box.inputValue(), '', 'the box is cleared once sent');
}

describe('messages between the demo student and the demo teacher', () => {
  const journey = useJourney('messaging');
  let teacherContext: BrowserContext | undefined;
  let teacherPage: Page | undefined;
  const teacherErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const question = `Hola ${teacherName}, should I repeat the Numbers chapter? (${stamp})`;
  const answer = `Yes, once more, then try the assignment. (${stamp})`;
  const announcement = `No class on Monday: it is a holiday. (${stamp})`;

  /** The teacher's page, in its own browser context; a failing step also photographs it. */
  const teacher = () => {
    assert.ok(teacherPage, 'the teacher has logged in');
    return teacherPage;
  };

  function step(title: string, run: (studentPage: Page) => Promise<void>) {
    journey.step(title, async (page) => {
      teacherErrors.length = 0;
      try {
        await run(page);
        assert.deepEqual(teacherErrors, [], "uncaught errors in the teacher's page");
      } catch (error) {
        if (teacherPage) console.error(`teacher's page ${teacherPage.url()}: ${await saveScreenshot(teacherPage, `messaging-teacher-${title}`)}`);
        throw error;
      }
    });
  }

  after(async () => {
    await teacherContext?.close();
  });

  step('the demo student and the demo teacher log in, each in their own browser context', async (page) => {
    const browser = journey.context.browser();
    assert.ok(browser, 'the journey has a browser');
    teacherContext = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    teacherContext.setDefaultTimeout(15_000);
    teacherPage = await teacherContext.newPage();
    teacherPage.on('pageerror', (error) => teacherErrors.push(error.stack ?? error.message));

    await logInThroughForm(page, 'student', demoLogins.student);
    await logInThroughForm(teacher(), 'teacher', demoLogins.teacher);
  });

  step("the student opens the conversation from My Teachers and writes to the teacher", async (page) => {
    await page.getByRole('navigation', { name: 'Student area' }).getByRole('link', { name: /^My Teachers/ }).click();
    await page.getByRole('heading', { level: 1, name: 'My Teachers' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'my teachers');

    const chat = page.getByRole('button', { name: `Chat with ${teacherName}` });
    await chat.click();
    const dialog = conversationDialog(page, teacherName);
    const log = dialog.getByRole('log', { name: `Conversation with ${teacherName}` });
    await log.getByText('Hello Maria, welcome to Spanish for Beginners!').waitFor();
    const box = dialog.getByRole('textbox', { name: 'Message' });
    assert.equal(await box.evaluate((element) => element === document.activeElement), true, 'the message box has the focus');
    await expectAccessible(page, 'conversation dialog (student)');

    await sendWithEnter(dialog, question, 'Message has been sent.');
    await log.getByText(question).waitFor();
  });

  step("the teacher's My Students shows 1 unread message from the student", async () => {
    const page = teacher();
    await page.goto('/my-students');
    await page.getByRole('heading', { level: 1, name: 'All of my Students' }).waitFor();
    await waitForSkeletonsToGo(page);
    const row = page.getByRole('table', { name: 'Students' }).getByRole('row', { name: studentName });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'My Students 1 unread message' }).waitFor();
    await expectAccessible(page, 'my students');
  });

  step('the teacher opens the conversation, sees the message without reloading, and answers', async () => {
    const page = teacher();
    const row = page.getByRole('table', { name: 'Students' }).getByRole('row', { name: studentName });
    await row.getByRole('button', { name: /^Message Maria Silva/ }).click();
    const dialog = conversationDialog(page, studentName);
    await dialog.getByRole('log').getByText(question).waitFor({ timeout: LIVE_MS });
    await expectAccessible(page, 'conversation dialog (teacher)');
    await sendWithEnter(dialog, answer, 'Message has been sent.');
  });

  step("the student's open dialog shows the answer within 6 seconds, without Refresh", async (page) => {
    const log = conversationDialog(page, teacherName).getByRole('log');
    await log.getByText(answer).waitFor({ timeout: LIVE_MS });
    const items = await log.getByRole('listitem').allInnerTexts();
    assert.match(items.at(-1) ?? '', new RegExp(`^${teacherName} \\(teacher\\)`), "the answer is marked as the teacher's");
  });

  step("the teacher's unread count is back to 0 once read, and the group message goes to all students", async () => {
    const page = teacher();
    await page.keyboard.press('Escape');
    await conversationDialog(page, studentName).waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Students' }).getByRole('row', { name: studentName });
    await row.getByRole('cell', { name: '0', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Send message to All Students' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send message to All Students' });
    await expectAccessible(page, 'group message dialog (teacher)');
    await sendWithEnter(dialog, announcement, /^Message has been sent to \d+ students?\.$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  step("the teacher's group message reaches the student's open conversation", async (page) => {
    const dialog = conversationDialog(page, teacherName);
    await dialog.getByRole('log').getByText(announcement).waitFor({ timeout: LIVE_MS });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Message all my teachers' }).click();
    const group = page.getByRole('dialog', { name: 'Message all my teachers' });
    await group.getByRole('textbox', { name: 'Message' }).waitFor();
    await expectAccessible(page, 'group message dialog (student)');
    await group.getByRole('button', { name: 'Close' }).click();
    await group.waitFor({ state: 'hidden' });
  });
});
