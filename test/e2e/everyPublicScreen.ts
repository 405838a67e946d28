/**
 * A visitor opens every public and access screen in one window size (one after the other in the
 * app, `openInApp`): each renders its heading, fits the width, and passes axe once its data has loaded (always: this is the sweep, whatever the
 * lane's other journeys checked). One step a screen, so that each stays within a step's time
 * bound on a slow machine; one journey file per size (every-screen-desktop, every-screen-phone),
 * so that the two can run in different lanes.
 */
import assert from 'node:assert/strict';
import { expectAccessible, useJourney } from './browser';
import { openInApp, waitForSkeletonsToGo } from './flows';
import { listCourses } from './provider';

const screens = [
  '/',
  '/about',
  '/contact',
  '/blog',
  '/blog/1',
  '/all-courses',
  '/all-popular-courses',
  '/all-teachers',
  '/category/french',
  '/terms_and_conditions',
  '/payment_policy',
  '/privacy',
  '/cookies',
  '/refund',
  '/intellectual_property',
  '/student-login',
  '/student-register',
  '/student-forgot-password',
  '/student-change-forgotten-password/1?token=unused',
  '/teacher-login',
  '/teacher-register',
  '/teacher-forgot-password',
  '/teacher-change-forgotten-password/1?token=unused',
  '/admin',
  '/no-such-page',
];

export interface Viewport {
  name: string;
  width: number;
  height: number;
}

/**
 * The journey's steps; call it inside the journey file's `describe`, so that the journey's time is
 * recorded under the file's name (journeyTimesReporter.mjs names a journey by the file of its
 * top-level test).
 */
export function useEveryPublicScreenJourney(journeyName: string, viewport: Viewport): void {
  const journey = useJourney(journeyName);
  const details: { course?: string; teacher?: string } = {};

  journey.step('the course and teacher detail screens join the list', async (page) => {
    const [course] = await listCourses();
    assert.ok(course, 'the demo data has a course');
    details.course = `/detail/${course.id}`;
    details.teacher = `/teacher-detail/${course.teacher.id}`;
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
  });

  // One step a screen, each within a step's time bound, however slow the machine.
  const steps: [string, () => string | undefined][] = [
    ...screens.map((path): [string, () => string] => [path, () => path]),
    ["the first course's detail", () => details.course],
    ["the first course's teacher's detail", () => details.teacher],
  ];
  for (const [name, pathOf] of steps) {
    journey.step(`${name} renders, fits and passes axe (${viewport.name})`, async (page) => {
      const path = pathOf();
      assert.ok(path, 'the detail screens were listed');
      await openInApp(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await waitForSkeletonsToGo(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow} px wider than a ${viewport.width} px window`);
      // A sweep: every screen is checked here, whatever other journeys of the lane checked.
      await expectAccessible(page, `${path} (${viewport.name})`, { always: true });
    });
  }

  if (viewport.name === 'phone') {
    journey.step('the catalogue on a 390×844 phone: the first course within the first screen, the Filters sheet passes axe', async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openInApp(page, '/all-courses');
      await page.getByRole('heading', { level: 1, name: 'Browse Courses' }).waitFor();
      await waitForSkeletonsToGo(page);
      const card = page.getByRole('article').first();
      await card.waitFor();
      const firstCard = await card.boundingBox();
      assert.ok(firstCard && firstCard.y < 844, `the first course starts ${firstCard?.y ?? '?'} px down a 844 px screen`);
      const filters = page.getByRole('button', { name: /^Filters/ });
      await filters.click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByRole('button', { name: /^Show \d+ courses?$/ }).waitFor();
      await expectAccessible(page, 'the filters sheet (phone)', { always: true });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      assert.ok(await filters.evaluate((button) => button === document.activeElement), 'the focus is back on the Filters button');
    });
  }
}
