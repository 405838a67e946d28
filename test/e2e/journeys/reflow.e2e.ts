/**
 * Reflow and text spacing (WCAG 1.4.10, 1.4.12): at 320 CSS px (a 1280 px window at 400%) and
 * with the text spacing of 1.4.12 forced on every element (line height 1.5, paragraphs 2 em
 * apart, letters 0.12 em, words 0.16 em), every public, student and teacher screen and the
 * dialogs fit the width, with no scrolling sideways but inside tables and logs, and no text is
 * cut off by a box too small for it.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Locator, type Page } from 'playwright-core';
import { saveScreenshot, useJourney } from '../browser';
import { expectStoredLogin, logInThroughApi, openInApp, waitForSkeletonsToGo } from '../flows';
import { demoLogins, listCourses } from '../provider';

const textSpacing = `
  *, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * What does not fit at this width: how much wider than the window the page is, and the
 * elements that cut their own text off (overflow hidden or clipped, their content larger than
 * their box; 1 px screen-reader-only texts aside). Scrolling containers (tables, the message
 * log) may be wider inside: they scroll, the page does not.
 */
const readReflow = `(() => {
  const overflow = document.documentElement.scrollWidth - window.innerWidth;
  const cut = [];
  for (const element of document.querySelectorAll('body *')) {
    const style = getComputedStyle(element);
    if (!/hidden|clip/.test(style.overflowX + style.overflowY) || style.display === 'none' || style.visibility === 'hidden') continue;
    if (element.clientWidth <= 2 || element.clientHeight <= 2) continue;
    const ownText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
    if (!ownText) continue;
    if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
      cut.push(element.tagName.toLowerCase() + '.' + [...element.classList].slice(0, 2).join('.') + ' "' + element.textContent.trim().slice(0, 50) + '"');
    }
  }
  // What sticks out on the right (elements inside a container that scrolls sideways aside).
  const wide = [];
  if (overflow > 0) {
    for (const element of document.querySelectorAll('body *')) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
      const textSticksOut = ownText && element.scrollWidth > element.clientWidth + 1;
      if (element.getBoundingClientRect().right <= window.innerWidth + 0.5 && !textSticksOut) continue;
      let scroller = element.parentElement;
      while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller) continue;
      if ([...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5)) continue;
      wide.push(element.tagName.toLowerCase() + '.' + [...element.classList].slice(0, 2).join('.') + ' "' + (element.textContent || '').trim().slice(0, 50) + '" right ' + Math.round(element.getBoundingClientRect().right));
    }
  }
  return { overflow, cut, wide: wide.slice(0, 5) };
})()`;

async function expectReflows(page: Page, label: string): Promise<void> {
  await waitForSkeletonsToGo(page);
  const { overflow, cut, wide } = (await page.evaluate(readReflow)) as { overflow: number; cut: string[]; wide: string[] };
  if (overflow > 0 || cut.length > 0) {
    const screenshot = await saveScreenshot(page, `reflow-${label}`);
    assert.ok(overflow <= 0, `${label} (${page.url()}) is ${overflow} px wider than the 320 px window (${wide.join('; ')}); screenshot ${screenshot}`);
    assert.deepEqual(cut, [], `${label} (${page.url()}) cuts text off; screenshot ${screenshot}`);
  }
}

async function visit(page: Page, path: string): Promise<void> {
  await openInApp(page, path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expectReflows(page, path);
}

/** Opens a dialog with `opener`, checks it at 320 px, and closes it with Escape. */
async function visitDialog(page: Page, opener: Locator, label: string): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectReflows(page, label);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('reflow at 320 px with the text spacing of WCAG 1.4.12', () => {
  const journey = useJourney('reflow');
  let courses: Awaited<ReturnType<typeof listCourses>> = [];

  journey.step('public and access screens, and the menu', async (page) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.addInitScript((css) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = css;
        // An SVG opened on the way (logInThroughApi's icon) has no head.
        document.head?.append(style);
      });
    }, textSpacing);
    courses = await listCourses();
    const first = courses[0]!;
    for (const path of ['/', '/about', '/contact', '/blog/1', '/all-courses', '/all-teachers', '/privacy', `/detail/${first.id}`, `/teacher-detail/${first.teacher.id}`, '/student-login', '/student-register', '/verify-student/1', '/teacher-register']) {
      await visit(page, path);
    }
    await visitDialog(page, page.getByRole('button', { name: 'Open menu' }), 'mobile menu');
  });

  journey.step("the student area, a course's chapters and the student's dialogs", async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student);
    const studentId = await expectStoredLogin(page, 'student');
    await expectReflows(page, 'student dashboard');
    for (const path of ['/student-start', '/my-courses', '/my-assignments/', '/my-teachers', '/favorite-courses', '/recommended-courses', '/profile-setting', '/student-change-password']) {
      await visit(page, path);
    }
    const enrolled = (await (await page.request.get(`/api/fetch-enrolled-courses/${studentId}`)).json()) as { course: { id: number } }[];
    for (const { course } of enrolled) {
      await visit(page, `/detail/${course.id}`);
      await page.getByRole('region', { name: 'In this course' }).waitFor();
      await expectReflows(page, `course ${course.id} with its chapters`);
    }
    const rating = page.getByRole('button', { name: 'Rating', exact: true });
    if ((await rating.count()) > 0) await visitDialog(page, rating, 'rating dialog');

    await visit(page, '/my-teachers');
    await visitDialog(page, page.getByRole('button', { name: /all my teachers/i }), 'group message dialog');
    await page.getByRole('link', { name: /^Chat with / }).first().click();
    await page.getByRole('log').waitFor();
    await expectReflows(page, 'conversation page');
    await visit(page, '/messages');
  });

  journey.step("the teacher area, the teacher's tables and dialogs", async (page) => {
    await logInThroughApi(page, 'teacher', demoLogins.teacher);
    const teacherId = await expectStoredLogin(page, 'teacher');
    await expectReflows(page, 'teacher dashboard');
    const own = courses.filter((course) => course.teacher.id === teacherId);
    const course = own[0]!;
    const chapters = (await (await page.request.get(`/api/course-chapters/${course.id}`)).json()) as { id: number }[];
    const students = (await (await page.request.get(`/api/fetch-all-enrolled-students/${teacherId}`)).json()) as { student: { id: number } }[];
    const studentId = students[0]!.student.id;
    for (const path of [
      '/teacher-courses',
      '/add-course',
      `/edit-course/${course.id}`,
      `/course-chapters/${course.id}`,
      `/add-chapter/${course.id}`,
      `/edit-chapter/${chapters[0]!.id}`,
      '/my-students',
      `/enrolled-students/${course.id}`,
      `/view-student/${studentId}`,
      `/show-assignment/${studentId}/${teacherId}`,
      `/add-assignment/${studentId}/${teacherId}`,
      '/teacher-profile-setting',
      '/teacher-change-password',
    ]) {
      await visit(page, path);
    }
    await visit(page, '/teacher-courses');
    await visitDialog(page, page.getByRole('button', { name: /^Delete course / }).first(), 'delete course dialog');
    await visit(page, '/my-students');
    await visitDialog(page, page.getByRole('button', { name: 'Send message to All Students' }), 'group message to all students');
    await page.getByRole('link', { name: /^Message / }).first().click();
    await page.getByRole('log').waitFor();
    await expectReflows(page, 'teacher conversation page');
  });
});
