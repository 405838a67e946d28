/** A logged-in student enrols in a free course: enrolled in place (student-enroll-course/), no checkout, no page load. */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { expectStoredLogin, logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins, isPaid, listCourses } from '../provider';

describe('a student enrols in a free course', () => {
  const journey = useJourney('free-course');

  journey.step('Enroll Now on a free course enrols in place, without a checkout', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.otherStudent, { open: null });
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
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') calls.push(new URL(request.url()).pathname);
    });
    await enrol.click();
    const enrolledLine = page.getByText('You are now enrolled in this course.');
    await enrolledLine.waitFor();
    assert.deepEqual(calls, ['/api/student-enroll-course/'], 'one enrolment call, no payment session');
    assert.deepEqual(visited, [], 'no checkout page and no page load for a free course');
    assert.equal(await enrolledLine.evaluate((element) => element === document.activeElement), true, 'focus on the enrolled line');
    assert.equal(new URL(page.url()).pathname, `/detail/${course.id}`);
    await page.getByRole('region', { name: 'In this course' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'free course detail (enrolled)');
  });
});
