/**
 * A visitor opens every public and access screen in one window size: each renders its heading,
 * fits the width, and passes axe once its data has loaded. One journey file per size
 * (every-screen-desktop, every-screen-phone), so that each stays within a file's time limit and
 * the two can run in different lanes.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from './browser';
import { waitForSkeletonsToGo } from './flows';
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
  '/no-such-page',
];

export interface Viewport {
  name: string;
  width: number;
  height: number;
}

export function everyPublicScreen(journeyName: string, viewport: Viewport): void {
  describe(`every public screen, on a ${viewport.name}`, () => {
    const journey = useJourney(journeyName);
    const paths = [...screens];

    journey.step('the course and teacher detail screens join the list', async () => {
      const [course] = await listCourses();
      assert.ok(course, 'the demo data has a course');
      paths.push(`/detail/${course.id}`, `/teacher-detail/${course.teacher.id}`);
    });

    journey.step(`each screen renders, fits and passes axe (${viewport.name})`, async (page) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const path of paths) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await waitForSkeletonsToGo(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${path} is ${overflow} px wider than a ${viewport.width} px window`);
        await expectAccessible(page, `${path} (${viewport.name})`);
      }
    });
  });
}
