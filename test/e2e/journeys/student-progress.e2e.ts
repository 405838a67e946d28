/**
 * The demo student's progress: My Courses shows the chapters watched and Continue opens the
 * lesson player at the chapter where they stopped; a chapter played for a moment resumes there
 * after a reload (saved on `pagehide` with a keepalive request) and in My Courses.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Locator, type Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { expectStoredLogin, logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins, type ListedCourse, listCourses } from '../provider';

interface CourseProgress {
  course: number;
  chapters_total: number;
  chapters_watched: number;
  last_chapter: number | null;
  last_position: number;
}

/** The student's progress as the provider tells it (the page's own session cookie). */
async function progressOf(page: Page, studentId: number): Promise<CourseProgress[]> {
  const answer = await page.request.get(`/api/student-progress/${studentId}`);
  assert.equal(answer.status(), 200, 'GET student-progress');
  return (await answer.json()) as CourseProgress[];
}

/**
 * The course 'Continue learning' offers: the one watched most recently (the provider lists it
 * first) and not finished; a finished course never (another journey of the lane may finish one).
 */
const lastUnfinished = (progress: CourseProgress[]) =>
  progress.find((entry) => entry.last_chapter !== null && entry.chapters_watched < entry.chapters_total);

const watchedText = (watched: number, total: number) => `${watched} of ${total} ${total === 1 ? 'chapter' : 'chapters'} watched`;

/** A chapter's video in the lesson player. */
const playerOf = (page: Page, chapterTitle: string) => page.locator('video').and(page.getByLabel(chapterTitle, { exact: true }));

/** Waits until the player has its metadata and has settled where the page put it; returns that position. */
async function settledPosition(player: Locator): Promise<number> {
  await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) resolve();
        else video.addEventListener('loadedmetadata', () => resolve(), { once: true });
      }),
  );
  // The page seeks once both the metadata and the saved progress are there: let that happen.
  await player.page().waitForTimeout(500);
  return player.evaluate((video: HTMLVideoElement) => video.currentTime);
}

/** Opens the dashboard and checks its 'Continue learning' card against `latest`; returns its Continue link. */
async function expectContinueLearning(page: Page, courses: ListedCourse[], latest: CourseProgress): Promise<Locator> {
  const course = courses.find((candidate) => candidate.id === latest.course);
  const chapter = course?.course_chapters.find((candidate) => candidate.id === latest.last_chapter);
  assert.ok(course && chapter, 'the course and chapter watched last are listed');
  await page.goto('/student-dashboard');
  const card = page.getByRole('region', { name: 'Continue learning' });
  await card.getByText(`Chapter: ${chapter.title}`).waitFor();
  await waitForSkeletonsToGo(page);
  const link = card.getByRole('link', { name: `Continue ${course.title}` });
  assert.equal(await link.getAttribute('href'), `/learn/${course.id}/${chapter.id}`);
  return link;
}

async function openMyCourses(page: Page): Promise<Locator> {
  await page.goto('/my-courses');
  const table = page.getByRole('table', { name: 'Enrolled courses' });
  await table.waitFor();
  await waitForSkeletonsToGo(page);
  return table;
}

describe('the demo student picks up where they stopped', () => {
  const journey = useJourney('student-progress');
  let studentId = 0;
  let courses: ListedCourse[] = [];
  /** The enrolled course without progress that the student starts, and where they stop in it. */
  let started: { course: ListedCourse; chapter: { id: number; title: string }; position: number } | undefined;

  journey.step('logs in; My Courses shows the chapters watched of each course and a Continue link', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student, { open: null });
    studentId = await expectStoredLogin(page, 'student');
    courses = await listCourses();
    const progress = await progressOf(page, studentId);
    assert.ok(progress.length > 0, 'the demo student is enrolled');

    const table = await openMyCourses(page);
    for (const entry of progress) {
      const course = courses.find((candidate) => candidate.id === entry.course);
      assert.ok(course, `course ${entry.course} is listed`);
      const bar = table.getByRole('progressbar', { name: `Progress in ${course.title}` });
      assert.equal(await bar.getAttribute('aria-valuetext'), watchedText(entry.chapters_watched, entry.chapters_total));
      const continueLink = table.getByRole('link', { name: `Continue ${course.title}` });
      if (entry.last_chapter === null) assert.equal(await continueLink.count(), 0, `no Continue for ${course.title}`);
      else assert.equal(await continueLink.getAttribute('href'), `/learn/${course.id}/${entry.last_chapter}`);
    }
    await expectAccessible(page, 'my courses');
  });

  journey.step("the dashboard's 'Continue learning' leads to the chapter watched last", async (page) => {
    const latest = lastUnfinished(await progressOf(page, studentId));
    assert.ok(latest?.last_chapter, 'the demo student has stopped somewhere');
    await expectContinueLearning(page, courses, latest);
    await expectAccessible(page, 'student dashboard with Continue learning');
  });

  journey.step('Continue opens the lesson player at the chapter where the student stopped, resumed there', async (page) => {
    const latest = lastUnfinished(await progressOf(page, studentId));
    assert.ok(latest?.last_chapter, 'the demo student has stopped somewhere');
    const course = courses.find((candidate) => candidate.id === latest.course)!;
    const chapter = course.course_chapters.find((candidate) => candidate.id === latest.last_chapter)!;

    const table = await openMyCourses(page);
    await table.getByRole('link', { name: `Continue ${course.title}` }).click();
    await page.waitForURL(`${appUrl}/learn/${course.id}/${chapter.id}`);
    const player = playerOf(page, chapter.title);
    const position = await settledPosition(player);
    assert.ok(position >= latest.last_position - 0.1, `resumed at ${position} s, saved ${latest.last_position} s`);
    await player.evaluate((video: HTMLVideoElement) => video.pause());
  });

  journey.step('plays a chapter of a course not started yet for a moment, reloads, and the player resumes there', async (page) => {
    const progress = await progressOf(page, studentId);
    const notStarted = progress.find((entry) => entry.last_chapter === null && entry.chapters_total > 0);
    assert.ok(notStarted, 'the demo student has a course with chapters not started yet');
    const course = courses.find((candidate) => candidate.id === notStarted.course)!;
    const chapter = course.course_chapters[0]!;

    await page.goto(`/learn/${course.id}/${chapter.id}`);
    await page.getByRole('heading', { level: 1, name: chapter.title }).waitFor();
    const player = playerOf(page, chapter.title);
    assert.equal(await settledPosition(player), 0, 'a chapter not started plays from the start');

    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await page.waitForFunction(
      (title) => (document.querySelector<HTMLVideoElement>(`video[aria-label="${title}"]`)?.currentTime ?? 0) >= 1.5,
      chapter.title,
    );
    // Reloading while it plays: the position is saved on pagehide, with a keepalive request.
    const before = await player.evaluate((video: HTMLVideoElement) => video.currentTime);
    await page.reload();

    const after = await settledPosition(playerOf(page, chapter.title));
    assert.ok(Math.abs(after - before) <= 0.6, `resumed at ${after} s after stopping at ${before} s`);
    started = { course, chapter, position: after };
  });

  journey.step('My Courses then offers to continue that chapter, and Continue resumes it', async (page) => {
    assert.ok(started);
    const { course, chapter, position } = started;
    const table = await openMyCourses(page);
    const continueLink = table.getByRole('link', { name: `Continue ${course.title}` });
    assert.equal(await continueLink.getAttribute('href'), `/learn/${course.id}/${chapter.id}`);
    await expectAccessible(page, 'my courses after watching');

    await continueLink.click();
    await page.waitForURL(`${appUrl}/learn/${course.id}/${chapter.id}`);
    const resumed = await settledPosition(playerOf(page, chapter.title));
    assert.ok(resumed >= position - 0.6, `resumed at ${resumed} s, stopped at ${position} s`);
    await playerOf(page, chapter.title).evaluate((video: HTMLVideoElement) => video.pause());
  });

  journey.step("the dashboard's 'Continue learning' now opens that chapter", async (page) => {
    assert.ok(started);
    const [latest] = await progressOf(page, studentId);
    assert.equal(latest?.course, started.course.id, 'the course watched last comes first');
    const link = await expectContinueLearning(page, courses, latest);
    await link.click();
    await page.waitForURL(`${appUrl}/learn/${started.course.id}/${started.chapter.id}`);
    await playerOf(page, started.chapter.title).waitFor();
  });
});
