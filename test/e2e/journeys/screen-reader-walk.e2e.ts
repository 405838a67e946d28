/**
 * The screen-reader walk: the main flows as a blind visitor, student and teacher meet them,
 * reading Chromium's accessibility tree (what NVDA, JAWS, VoiceOver and TalkBack are handed) and
 * every live-region change. A visitor goes from the home page to a course; the demo student logs
 * in, opens My Courses and a course, and writes to a teacher in Spanish; the demo teacher logs in
 * and opens My Courses and My Students. After every action: the focus is not dropped on
 * `<body>`, nothing is announced twice, no live region repeats what the focus says; on every
 * screen: axe (WCAG 2.2 AA) finds nothing serious, every control has a name, no two buttons (or
 * links to different pages) in one table or list share a name, and the courses' own texts
 * (titles, descriptions, chapter titles) carry their course's language (WCAG 3.1.2).
 */
import assert from 'node:assert/strict';
import { before, describe } from 'node:test';
import { type Page } from 'playwright-core';
import { courseLanguage } from '../../../src/components/courseLanguage';
import { appUrl, expectHeardWell, type ForeignText, recordAnnouncements, useJourney, walkAction, type WalkOptions } from '../browser';
import { sides } from '../flows';
import { demoLogins, listCourses } from '../provider';

interface CatalogueCourse {
  id: number;
  title: string;
  description?: string;
  languages?: string | null;
  course_chapters: { id: number; title: string }[];
}

/** The demo courses' own texts, each with the language it must be read in (English ones left out). */
async function foreignTexts(): Promise<ForeignText[]> {
  const courses = (await listCourses()) as unknown as CatalogueCourse[];
  return courses.flatMap((course) => {
    const lang = courseLanguage(course.languages);
    if (lang === undefined || lang === 'en') return [];
    const texts = [course.title, course.description ?? '', ...course.course_chapters.map((chapter) => chapter.title)];
    return texts.filter((text) => text.trim() !== '').map((text) => ({ text: text.trim(), lang }));
  });
}

/** Logs in through the side's form, the click being a walked action: the dashboard's h1 takes the focus. */
async function logIn(page: Page, side: keyof typeof sides, options: WalkOptions): Promise<void> {
  const screen = sides[side];
  const credentials = side === 'student' ? demoLogins.student : demoLogins.teacher;
  await page.goto(screen.login);
  await page.getByRole('heading', { level: 1, name: screen.loginHeading }).waitFor();
  await expectHeardWell(page, `${side} login`, options);
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(credentials.email);
  await form.getByLabel('Password').fill(credentials.password);
  await walkAction(
    page,
    `${side} logs in`,
    async () => {
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${appUrl}${screen.dashboard}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
    options,
  );
}

/** Follows a link of the area's menu; the new screen's h1 has the focus once it has loaded. */
async function openFromMenu(page: Page, menu: string, link: string | RegExp, heading: string | RegExp, options: WalkOptions): Promise<void> {
  await walkAction(
    page,
    `menu: ${link}`,
    async () => {
      await page.getByRole('navigation', { name: menu }).getByRole('link', { name: link, exact: typeof link === 'string' }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    },
    options,
  );
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1', `${link}: the focus is on the h1`);
}

describe('the screen-reader walk: visitor, student and teacher', () => {
  const journey = useJourney('screen-reader-walk');
  const texts: ForeignText[] = [];
  const options: WalkOptions = { foreignTexts: texts };

  before(async () => {
    texts.push(...(await foreignTexts()));
    assert.ok(options.foreignTexts.length > 5, 'the demo data has courses in other languages than English');
  });

  journey.step('a visitor goes from the home page to a course: one name per ENROLL NOW, the course in its language', async (page) => {
    await recordAnnouncements(journey.context);
    await page.goto('/');
    await page.getByRole('region', { name: 'Popular Courses' }).getByRole('article').first().waitFor();
    await expectHeardWell(page, 'home (visitor)', options);

    const enrol = page.getByRole('region', { name: 'Popular Courses' }).getByRole('link', { name: /^ENROLL NOW: / }).first();
    const title = ((await enrol.getAttribute('aria-label')) ?? '').replace(/^ENROLL NOW: /, '');
    await walkAction(
      page,
      'visitor opens a course',
      async () => {
        await enrol.click();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
      },
      options,
    );
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1', 'the course page starts at its h1');

    await page.goto('/all-courses');
    await page.getByRole('article').first().waitFor();
    await expectHeardWell(page, 'all courses (visitor)', options);
  });

  journey.step('the student logs in and opens My Courses and a course: chapters in the course language', async (page) => {
    await logIn(page, 'student', options);
    await openFromMenu(page, 'Student area', 'My Courses', 'My Courses', options);

    const course = page.getByRole('table').getByRole('rowheader').getByRole('link').first();
    const title = (await course.textContent())?.trim() ?? '';
    await walkAction(
      page,
      'student opens a course',
      async () => {
        await course.click();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByRole('region', { name: 'In this course' }).getByRole('listitem').first().waitFor();
      },
      options,
    );
  });

  journey.step('the student writes to a teacher in Spanish: said once, shown in Spanish, focus kept', async (page) => {
    await page.goto('/my-teachers');
    await page.getByRole('heading', { level: 1, name: 'My Teachers' }).waitFor();
    // A fresh load can come back a little scrolled (the router's scroll restoration): start at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectHeardWell(page, 'my teachers', options);
    const chat = page.getByRole('table').getByRole('link', { name: /^Chat with / }).first();
    await walkAction(page, 'student opens a conversation', () => chat.click(), options);
    const dialog = page.getByRole('main');
    await dialog.getByRole('log').waitFor();

    await dialog.getByRole('combobox', { name: 'Language of the message' }).selectOption('es');
    const box = dialog.getByRole('textbox', { name: 'Message' });
    const text = `¿Puedo repetir el capítulo? (${Date.now().toString(36)})`;
    await box.fill(text);
    const announced = await walkAction(
      page,
      'student sends a message',
      async () => {
        await box.press('Enter');
        await dialog.getByRole('status').filter({ hasText: 'Message has been sent.' }).waitFor();
      },
      options,
    );
    assert.ok(
      announced.some((entry) => entry.role === 'status' && entry.text === 'Message has been sent.'),
      `the outcome is announced as a status (${JSON.stringify(announced)})`,
    );
    assert.ok(await box.evaluate((element) => element === document.activeElement), 'the focus stays in the message box');
    assert.equal(await dialog.getByRole('log').getByText(text).getAttribute('lang'), 'es', 'the message is read in Spanish');
  });

  journey.step("the teacher logs in and opens My Courses and My Students: every row's actions name their row", async (page) => {
    await logIn(page, 'teacher', options);
    await openFromMenu(page, 'Teacher area', 'Courses', 'My Courses', options);
    assert.ok((await page.getByRole('table').getByRole('link', { name: /^Edit course / }).count()) > 1, 'the demo teacher has several courses');
    // Messages carries the unread count now; My Students is the plain link.
    await openFromMenu(page, 'Teacher area', /^My Students/, /students/i, options);
    assert.ok((await page.getByRole('table').getByRole('link', { name: /^Message / }).count()) > 0, 'the demo teacher has students');
  });
});
