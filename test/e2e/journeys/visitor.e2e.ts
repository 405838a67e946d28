/** A visitor browses: the home page's popular courses, a course, and its teacher. */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { waitForSkeletonsToGo } from '../flows';
import { type ListedCourse, popularCourses } from '../provider';

describe('a visitor browses the academy', () => {
  const journey = useJourney('visitor');
  let course: ListedCourse | undefined;

  journey.step('the home page shows the popular courses of the demo data', async (page) => {
    const popular = await popularCourses();
    assert.ok(popular.length > 0, 'the demo data has courses');
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Popular Courses' });
    for (const { title } of popular) {
      await section.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'home');
    course = popular[0];
  });

  journey.step("a course's detail asks the visitor to log in to enroll", async (page) => {
    assert.ok(course);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.title, exact: true }) });
    await card.getByRole('link', { name: 'ENROLL NOW' }).click();
    await page.waitForURL(`${appUrl}/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('link', { name: 'Please login to enroll in this course' }).waitFor();
    await expectAccessible(page, 'course detail (visitor)');
  });

  journey.step("the course's teacher has a page with their courses", async (page) => {
    assert.ok(course);
    await page.getByRole('main').getByRole('link', { name: course.teacher.full_name, exact: true }).click();
    await page.waitForURL(`${appUrl}/teacher-detail/${course.teacher.id}`);
    await page.getByRole('heading', { level: 1, name: course.teacher.full_name }).waitFor();
    await page.getByRole('heading', { name: course.title, exact: true }).waitFor();
    await expectAccessible(page, 'teacher detail');
  });
});
