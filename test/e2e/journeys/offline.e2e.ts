/**
 * The demo student on a train: with the service worker in charge, My Courses and a course page
 * seen before reload with no connection (the offline banner says so); 'Mark as Done' and the
 * progress save of a chapter saved for offline, made offline, show as done and wait on the device; back online, both reach the
 * provider in order. Logging out leaves none of the student's pages, reads, changes or saved
 * chapters on the device.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page, request } from 'playwright-core';
import { appUrl, expectAccessible, useJourney, waitInPage } from '../browser';
import { expectStoredLogin, keptChanges, logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins, type ListedCourse, listCourses } from '../provider';

const COURSE = 'Spanish for Beginners';
/** The journey's own assignment: the demo data's are left to the journeys that share its provider. */
const DONE_ONLY_ASSIGNMENT = `Offline practice ${Date.now()}`;
const offlineBanner = 'You are offline. Showing what was saved on this device.';
const queuedNote = 'Saved on this device: will be sent when you are back online.';

/** Waits until the app's worker controls the page (on a first install it takes over a moment after it activates). */
async function waitForWorkerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Waits until the worker keeps the reads a page the server rendered brought in its HTML
 * (`#student-reads`): the app asks them again through the worker once the page has hydrated
 * (keepRenderedReads), and leaving the page before that leaves them out of the device's copy.
 */
async function waitForRenderedReadsKept(page: Page): Promise<void> {
  await waitInPage(
    page,
    async () => {
      const listed = document.getElementById('student-reads')?.textContent;
      if (!listed) return true;
      const kept = await Promise.all((JSON.parse(listed) as string[]).map((path) => caches.match(new URL(path, location.href).href, { ignoreVary: true })));
      return kept.every((answer) => answer !== undefined);
    },
    "the reads My Courses was rendered with, kept by the worker",
    15_000,
  );
}

/** The names of the device's caches. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Waits until the outbox's count passes `done`. */
async function waitForKept(page: Page, done: (count: number) => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let count = await keptChanges(page);
  while (!done(count)) {
    assert.ok(Date.now() < deadline, `waited ${timeoutMs} ms for ${what} (${count} kept)`);
    await page.waitForTimeout(250);
    count = await keptChanges(page);
  }
}

/** The demo teacher gives the student a done-only assignment, through the API. */
async function giveDoneOnlyAssignment(studentId: number): Promise<void> {
  const api = await request.newContext({ baseURL: appUrl });
  try {
    await api.get('/api/category/');
    const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const headers = { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' };
    const login = await api.post('/api/teacher-login', { headers, form: demoLogins.teacher });
    const { teacher_id: teacherId } = (await login.json()) as { teacher_id: number };
    const given = await api.post(`/api/student-assignment/${teacherId}/${studentId}/`, {
      headers,
      multipart: { teacher: String(teacherId), student: String(studentId), title: DONE_ONLY_ASSIGNMENT, detail: 'Say the days of the week aloud.', answer_kind: 'done' },
    });
    assert.equal(given.status(), 201, await given.text());
  } finally {
    await api.dispose();
  }
}

interface ProvidedAssignment {
  id: number;
  title: string;
  student_status: boolean | string;
}

async function assignmentsOf(page: Page, studentId: number): Promise<ProvidedAssignment[]> {
  const answer = await page.request.get(`/api/my-assignments/${studentId}`);
  assert.equal(answer.status(), 200, 'GET my-assignments');
  return (await answer.json()) as ProvidedAssignment[];
}

/** Where the student stopped last in a course, as the provider tells it. */
async function lastStop(page: Page, studentId: number, courseId: number): Promise<{ chapter: number | null; position: number }> {
  const answer = await page.request.get(`/api/student-progress/${studentId}`);
  assert.equal(answer.status(), 200, 'GET student-progress');
  const entry = ((await answer.json()) as { course: number; last_chapter: number | null; last_position: number }[]).find((candidate) => candidate.course === courseId);
  return { chapter: entry?.last_chapter ?? null, position: entry?.last_position ?? 0 };
}

describe('a student keeps learning offline and nothing is lost', () => {
  const journey = useJourney('offline', { serviceWorkers: 'allow' });
  let studentId = 0;
  let course: ListedCourse | undefined;
  let chapter: { id: number; title: string } | undefined;
  /** Where the student paused the chapter offline. */
  let stoppedAt = 0;

  journey.step('logs in; once the worker is in charge, My Courses, a course page, the player and My Assignments are seen online; a chapter is saved for offline', async (page) => {
    course = (await listCourses()).find((candidate) => candidate.title === COURSE);
    assert.ok(course && course.course_chapters.length > 1, 'the demo data has Spanish for Beginners with chapters');
    chapter = course.course_chapters[1]!;
    await logInThroughApi(page, 'student', demoLogins.student);
    studentId = await expectStoredLogin(page, 'student');
    await giveDoneOnlyAssignment(studentId);
    await waitForWorkerInCharge(page);

    await page.goto('/my-courses');
    await page.getByRole('table', { name: 'Enrolled courses' }).waitFor();
    await waitForSkeletonsToGo(page);
    await waitForRenderedReadsKept(page);
    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
    await waitForSkeletonsToGo(page);
    await page.getByRole('button', { name: `Save for offline: ${chapter.title}` }).click();
    await page.getByRole('button', { name: `Download for offline: ${chapter.title}` }).click();
    await page.getByRole('button', { name: `Remove offline copy: ${chapter.title}` }).waitFor();
    await page.goto(`/learn/${course.id}/${chapter.id}`);
    await page.getByRole('heading', { level: 1, name: chapter.title }).waitFor();
    await waitForSkeletonsToGo(page);
    await page.goto('/my-assignments/');
    await page.getByRole('button', { name: `Mark as Done: ${DONE_ONLY_ASSIGNMENT}` }).waitFor();
    await waitForSkeletonsToGo(page);
  });

  journey.step('offline, My Courses and the course page reload from the device, with the offline banner (axe)', async (page) => {
    assert.ok(course);
    await journey.context.setOffline(true);
    await page.goto('/my-courses');
    const table = page.getByRole('table', { name: 'Enrolled courses' });
    await table.getByRole('link', { name: `Continue ${COURSE}` }).waitFor();
    await page.getByRole('status', { name: 'Connection' }).getByText(offlineBanner).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'my courses offline');

    await page.reload();
    await table.waitFor();
    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
    await page.getByText(course.course_chapters[0]!.title).first().waitFor();
  });

  journey.step("offline, 'Mark as Done' shows the assignment done, kept on the device, also after a reload", async (page) => {
    await page.goto('/my-assignments/');
    await page.getByRole('button', { name: `Mark as Done: ${DONE_ONLY_ASSIGNMENT}` }).click();
    // Leaving the screen sends a mark at once instead of after its 10 seconds of Undo.
    await page.getByRole('link', { name: 'My Courses' }).first().click();
    await page.getByRole('table', { name: 'Enrolled courses' }).waitFor();
    await waitForKept(page, (count) => count === 1, 'the mark to wait in the outbox');

    await page.goto('/my-assignments/');
    const row = page.getByRole('row').filter({ hasText: DONE_ONLY_ASSIGNMENT });
    await row.getByText(queuedNote).waitFor();
    assert.equal(await row.getByRole('button', { name: `Mark as Done: ${DONE_ONLY_ASSIGNMENT}` }).count(), 0, 'shown as done');
    await expectAccessible(page, 'my assignments with a change kept offline');
  });

  journey.step('offline, the chapter saved before plays for a moment and its progress save waits on the device', async (page) => {
    assert.ok(course && chapter);
    await page.goto(`/learn/${course.id}/${chapter.id}`);
    await page.getByRole('heading', { level: 1, name: chapter.title }).waitFor();
    const video = page.locator('video').and(page.getByLabel(chapter.title, { exact: true }));
    stoppedAt = await video.evaluate(async (element: HTMLVideoElement) => {
      if (element.readyState < HTMLMediaElement.HAVE_METADATA) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
      // The player seeks to the saved position once it knows it: let it, then play from the start.
      await new Promise((resolve) => setTimeout(resolve, 300));
      element.muted = true;
      element.currentTime = 0;
      await element.play();
      while (element.currentTime < 1.2) await new Promise((resolve) => requestAnimationFrame(resolve));
      element.pause();
      return element.currentTime;
    });
    await page.getByText(queuedNote).waitFor();
    assert.equal(await keptChanges(page), 2, 'the mark and the progress save wait in the outbox');
  });

  journey.step('back online, the kept changes reach the provider in order and the notes go', async (page) => {
    assert.ok(chapter);
    await journey.context.setOffline(false);
    await waitForKept(page, (count) => count === 0, 'the outbox to be sent', 20_000);
    const marked = (await assignmentsOf(page, studentId)).find((assignment) => assignment.title === DONE_ONLY_ASSIGNMENT);
    assert.ok(marked && String(marked.student_status).toLowerCase() === 'true', `${DONE_ONLY_ASSIGNMENT} is done on the provider`);
    assert.ok(course);
    const stop = await lastStop(page, studentId, course.id);
    assert.equal(stop.chapter, chapter.id, 'the chapter played offline is where the student stopped last');
    assert.ok(Math.abs(stop.position - stoppedAt) <= 0.11, `the progress save arrived (${stop.position} s; paused at ${stoppedAt} s)`);
    await page.getByText(queuedNote).waitFor({ state: 'detached' });
  });

  journey.step("logging out removes the student's pages, reads, kept changes and saved chapters from the device", async (page) => {
    const before = await cacheNames(page);
    assert.ok(before.some((name) => name.startsWith('academy-student-')), `the student's copies were kept (${before.join(', ')})`);
    await page.goto('/student-logout');
    await page.waitForURL(`${appUrl}/student-login`);
    await waitInPage(
      page,
      async () => (await caches.keys()).every((name) => !name.startsWith('academy-student-') && !name.startsWith('academy-saved-chapters-')),
      "the student's copies removed from the device",
    );
    assert.equal(await keptChanges(page), 0, 'no change is kept');

    // Offline now, the student area is not on the device any more: the login screen shows instead.
    await journey.context.setOffline(true);
    try {
      await page.goto('/my-courses');
      await page.getByRole('heading', { level: 1, name: 'Student Login' }).waitFor();
      assert.equal(await page.getByRole('table', { name: 'Enrolled courses' }).count(), 0);
    } finally {
      await journey.context.setOffline(false);
    }
  });
});
