/**
 * Messaging, live on both sides at once: the demo student (one browser context, a 390 px phone)
 * opens Messages and the conversation with the demo teacher on its own page and writes; the
 * teacher (a second context, wide, open at the same time) sees it in Messages, unread, opens it
 * beside the list and answers with Send; the student's open conversation shows the answer within
 * 6 seconds without Refresh; the teacher's group message reaches the student the same way. A long
 * conversation opens on its newest 50, and 'Load earlier messages' puts earlier ones above without
 * moving what the student reads. axe on the inbox and the conversation at 390 px and wide.
 */
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { appUrl, expectAccessible, saveScreenshot, storedValue, useJourney } from '../browser';
import { logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins } from '../provider';

/** Spec extension: an open conversation is read every 5 seconds; allow one poll and the answer. */
const LIVE_MS = 6000;

const teacherName = 'Amara Okafor';
/** The demo student's name; a later journey appends to it, so match its start. */
const studentName = /^Maria Silva/;

/** Types into the message box (of a page's main or a dialog) and sends with Enter; waits for the provider's answer in green. */
async function sendWithEnter(dialog: Locator, text: string, answer: string | RegExp): Promise<void> {
  const box = dialog.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await dialog.getByRole('status').filter({ hasText: answer }).waitFor();
  assert.equal(await box.inputValue(), '', 'the box is cleared once sent');
}

/** Waits (up to 5 s) for `target` to hold the focus (after a click: no ring is expected). */
async function expectFocusOn(target: Locator, label: string): Promise<void> {
  await target.waitFor();
  const deadline = Date.now() + 5000;
  while (!(await target.evaluate((element) => element === document.activeElement))) {
    assert.ok(Date.now() < deadline, `${label} has the focus`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
    teacherContext = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 }, locale: 'en-GB', serviceWorkers: 'block' });
    teacherContext.setDefaultTimeout(15_000);
    teacherPage = await teacherContext.newPage();
    teacherPage.on('pageerror', (error) => teacherErrors.push(error.stack ?? error.message));

    await logInThroughApi(page, 'student', demoLogins.student);
    await logInThroughApi(teacher(), 'teacher', demoLogins.teacher);
  });

  step('the student, on a 390 px phone, opens Messages and the conversation with the teacher on its own page, and writes', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'inbox (student, 390 px)');

    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`^${teacherName}`) }).click();
    const heading = page.getByRole('heading', { level: 1, name: teacherName });
    await expectFocusOn(heading, 'the conversation: its heading');
    await page.getByRole('link', { name: 'All conversations' }).waitFor();
    const log = page.getByRole('log', { name: `Conversation with ${teacherName}` });
    await log.getByText('Hello Maria, welcome to Spanish for Beginners!').waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'conversation (student, 390 px)');

    await sendWithEnter(page.getByRole('main'), question, 'Message has been sent.');
    await log.getByText(question).waitFor();
  });

  step("the teacher's Messages shows the student's message, unread, and opens the conversation beside the list", async () => {
    const page = teacher();
    await page.goto('/teacher-messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await waitForSkeletonsToGo(page);
    await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'Messages 1 unread message' }).waitFor();
    const maria = page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: studentName });
    // The preview is cut after a few words: the row shows the message's beginning.
    await maria.filter({ hasText: question.slice(0, 30) }).filter({ hasText: '1 unread message' }).waitFor();
    await expectAccessible(page, 'inbox (teacher, wide)');

    await maria.click();
    await page.getByRole('log').getByText(question).waitFor({ timeout: LIVE_MS });
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    await expectAccessible(page, 'conversation beside the inbox (teacher, wide)');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(answer);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('main').getByRole('status').filter({ hasText: 'Message has been sent.' }).waitFor();
    await expectFocusOn(box, 'the message box after sending');
  });

  step("the student's open conversation shows the answer within 6 seconds, signed with the teacher's name, without Refresh", async (page) => {
    const log = page.getByRole('log', { name: `Conversation with ${teacherName}` });
    await log.getByText(answer).waitFor({ timeout: LIVE_MS });
    const items = await log.getByRole('listitem').allInnerTexts();
    assert.match(items.at(-1) ?? '', new RegExp(`^${teacherName}\\s`), "the answer is signed with the teacher's name");
    assert.equal(await page.getByRole('button', { name: 'Refresh' }).count(), 0, 'no Refresh button');
  });

  step("the teacher's unread count is back to 0 once read, and the group message goes to all students", async () => {
    const page = teacher();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: studentName }).filter({ hasNotText: 'unread' }).waitFor();

    await page.goto('/my-students');
    await page.getByRole('heading', { level: 1, name: 'All of my Students' }).waitFor();
    await page.getByRole('button', { name: 'Send message to All Students' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send message to All Students' });
    await sendWithEnter(dialog, announcement, /^Message has been sent to \d+ students?\.$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  step("the teacher's group message reaches the student's open conversation", async (page) => {
    await page.getByRole('log', { name: `Conversation with ${teacherName}` }).getByText(announcement).waitFor({ timeout: LIVE_MS });
  });

  step("a long conversation opens on its newest 50; 'Load earlier messages' puts earlier ones above without moving what the student reads", async (page) => {
    // The teacher writes 60 more, through the provider as the app does (session cookie and anti-forgery header).
    const teacherId = await storedValue(teacher(), 'teacherId');
    const studentId = await storedValue(page, 'studentId');
    const xsrf = (await teacher().context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    for (let index = 1; index <= 60; index += 1) {
      const sent = await teacher().request.post(`/api/send-message/${teacherId}/${studentId}/`, {
        form: { msg_text: `Practice sentence ${index} (${stamp})`, msg_from: 'teacher' },
        headers: { 'X-XSRF-TOKEN': xsrf },
      });
      assert.equal(sent.status(), 200, `message ${index} sent`);
    }

    await page.reload();
    const log = page.getByRole('log', { name: `Conversation with ${teacherName}` });
    await log.getByText(`Practice sentence 60 (${stamp})`).waitFor();
    assert.equal(await log.getByRole('listitem').count(), 50, 'the newest 50 are shown');
    const earlier = log.getByRole('button', { name: 'Load earlier messages' });
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    // Where the first message shown sits in the history, before and after the earlier ones come.
    const firstShown = log.getByRole('listitem').first();
    const firstText = await firstShown.innerText();
    const place = (item: Locator) =>
      item.evaluate((element) => element.getBoundingClientRect().top - (element.closest('[role="log"]') as HTMLElement).getBoundingClientRect().top);
    const before = await place(firstShown);

    await earlier.click();
    await page.waitForFunction(() => document.querySelectorAll('[role="log"] li').length > 50);
    const same = log.getByRole('listitem').filter({ hasText: firstText.split('\n').at(-1) ?? firstText });
    const after = await place(same.first());
    assert.ok(Math.abs(after - before) <= 2, `the message read stays in place (${before} px from the top, then ${after} px)`);
    if ((await earlier.count()) > 0) await expectFocusOn(earlier, "'Load earlier messages' after loading");
    await expectAccessible(page, 'a long conversation with earlier messages (student, 390 px)');
  });
});
