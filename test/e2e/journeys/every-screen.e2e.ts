/**
 * A visitor opens every public and access screen, on a desktop and on a 360 px phone: each
 * renders its heading, fits the width, and passes axe once its data has loaded.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { waitForSkeletonsToGo } from '../flows';
import { listCourses } from '../provider';

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

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 780 },
];

describe('every public screen, on a desktop and on a phone', () => {
  const journey = useJourney('every-screen');

  journey.step('the course and teacher detail screens join the list', async () => {
    const [course] = await listCourses();
    assert.ok(course, 'the demo data has a course');
    screens.push(`/detail/${course.id}`, `/teacher-detail/${course.teacher.id}`);
  });

  for (const viewport of viewports) {
    journey.step(`each screen renders, fits and passes axe (${viewport.name})`, async (page) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const path of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await waitForSkeletonsToGo(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${path} is ${overflow} px wider than a ${viewport.width} px window`);
        await expectAccessible(page, `${path} (${viewport.name})`);
      }
    });
  }
});
