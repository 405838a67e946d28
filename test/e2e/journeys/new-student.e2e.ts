/**
 * A new student registers, verifies with the mailed code, logs out and in again, buys a paid course through the
 * provider's local checkout, watches a chapter and rates the course.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { appUrl, expectAccessible, storedValue, useJourney } from '../browser';
import { expectDashboard, expectStoredLogin, logInThroughForm, waitForSkeletonsToGo } from '../flows';
import { isPaid, latestCodeFor, type ListedCourse, listCourses } from '../provider';

describe('a new student registers, pays for a course, watches and rates it', () => {
  const journey = useJourney('new-student');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const student = {
    fullName: 'Ada Newcomer',
    email: `ada.${stamp}@academy.test`,
    username: `ada${stamp}`,
    password: 'e2e-password-1',
    interests: ['French', 'Yoruba'],
  };
  let course: ListedCourse | undefined;

  journey.step('registers at /student-register and is sent to the code check', async (page) => {
    await page.goto('/student-register');
    await page.getByRole('heading', { level: 1, name: 'Student Registration' }).waitFor();
    await expectAccessible(page, 'student register');
    const form = page.getByRole('main');
    await form.getByLabel('Full Name').fill(student.fullName);
    await form.getByLabel('Email').fill(student.email);
    await form.getByLabel('Username').fill(student.username);
    await form.getByLabel('Password').fill(student.password);
    const interests = form.getByRole('group', { name: 'Interested Categories' });
    for (const interest of student.interests) await interests.getByRole('checkbox', { name: interest, exact: true }).check();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => /^\/verify-student\/\d+$/.test(url.pathname));
  });

  journey.step("enters the mailed code, skips 'What will you learn?' and opens the dashboard", async (page) => {
    await page.getByRole('textbox', { name: 'Enter 6 Digit OTP' }).waitFor();
    await expectAccessible(page, 'verify student');
    const code = await latestCodeFor(student.email);
    await page.getByRole('textbox', { name: 'Enter 6 Digit OTP' }).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    // A new student is asked what they will learn (issue 39); the first-minute journey answers.
    await page.waitForURL(`${appUrl}/student-start?step=goals`);
    await expectStoredLogin(page, 'student');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Start here' }).waitFor();
    await page.goto('/student-dashboard');
    await expectDashboard(page, 'student');
  });

  journey.step('logs out, then logs in with the new account', async (page) => {
    await page.goto('/student-logout');
    await page.waitForURL(`${appUrl}/student-login`);
    assert.equal(await storedValue(page, 'studentLoginStatus'), null, 'logout clears the flag');
    await logInThroughForm(page, 'student', student);
    await expectStoredLogin(page, 'student');
  });

  journey.step('enrols in a paid course through the local checkout', async (page) => {
    course = (await listCourses()).find((entry) => isPaid(entry) && entry.course_chapters.length > 0);
    assert.ok(course, 'the demo data has a paid course with chapters');
    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    const enrol = page.getByRole('button', { name: 'Enroll Now' });
    await enrol.waitFor();
    await expectAccessible(page, 'course detail (not enrolled)');

    await enrol.click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/checkout/'));
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByText(course.title).waitFor();
    await expectAccessible(page, 'checkout');

    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === `/detail/${course?.id}`);
    // Back from the checkout: one message, the confirmation on the enrolment line (issue 34, item 4).
    await page.getByText('Payment received — you are enrolled.').waitFor();
    await page.getByRole('region', { name: 'In this course' }).getByRole('link', { name: 'Start learning' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'course detail (enrolled)');
  });

  journey.step("opens a chapter from 'In this course' in the player and plays its video", async (page) => {
    await page.getByRole('region', { name: 'In this course' }).getByRole('link', { name: 'Start learning' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/learn/${course?.id}/`));
    const video = page.locator('video').first();
    await video.scrollIntoViewIfNeeded();
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    // Functions sent to the page stay anonymous: tsx would wrap named ones in a helper the page lacks.
    await page.waitForFunction((element) => (element as HTMLVideoElement).currentTime > 0, await video.elementHandle(), {
      timeout: 10_000,
    });
    const currentTime = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    assert.ok(currentTime > 0, `the video plays (currentTime ${currentTime})`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: course?.title }).waitFor();
  });

  journey.step('rates the course and sees it saved', async (page) => {
    await page.getByRole('button', { name: 'Rating', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate this course' });
    await dialog.waitFor();
    await expectAccessible(page, 'rating dialog');
    // Each unpainted radio lies over the star it stands for: a person's click on the star lands on it.
    const fourStars = dialog.getByRole('radio', { name: '4 Stars' });
    await fourStars.click();
    assert.ok(await fourStars.isChecked(), '4 stars chosen');
    await dialog.getByLabel('Your review').fill('Clear chapters and a fair pace. Muchas gracias!');
    await dialog.getByRole('button', { name: 'Submit rating' }).click();
    await page.getByText('Rating has been saved').waitFor();
    await page.getByText('You already rated this course').waitFor();
  });

  journey.step('still sees the course rated after a reload', async (page) => {
    await page.reload();
    await page.getByText('You already rated this course').waitFor();
    await page.getByText('You are already enrolled in this course').waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'course detail (rated)');
  });
});
