/** A logged-in student enrols in a free course: straight back to the course, no checkout page. */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { expectStoredLogin, logInThroughForm, waitForSkeletonsToGo } from '../flows';
import { demoLogins, isPaid, listCourses } from '../provider';

describe('a student enrols in a free course', () => {
  const journey = useJourney('free-course');

  journey.step('Enroll Now on a free course enrols without a checkout', async (page) => {
    await logInThroughForm(page, 'student', demoLogins.otherStudent);
    const studentId = await expectStoredLogin(page, 'student');
    const enrolments = await page.request.get(`/api/fetch-enrolled-courses/${studentId}`);
    assert.equal(enrolments.status(), 200);
    const enrolled = ((await enrolments.json()) as { course: { id: number } }[]).map((entry) => entry.course.id);
    const course = (await listCourses()).find((entry) => !isPaid(entry) && !enrolled.includes(entry.id));
    assert.ok(course, 'the demo data has a free course this student has not joined');

    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    const enrol = page.getByRole('button', { name: 'Enroll Now' });
    await enrol.waitFor();
    await expectAccessible(page, 'free course detail (not enrolled)');

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await enrol.click();
    await page.getByText('You are already enrolled in this course').waitFor();
    assert.deepEqual(
      visited.filter((pathname) => pathname.startsWith('/api/checkout/')),
      [],
      'no checkout page for a free course',
    );
    assert.equal(new URL(page.url()).pathname, `/detail/${course.id}`);
    await page.getByRole('region', { name: 'In this course' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'free course detail (enrolled)');
  });
});
