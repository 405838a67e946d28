/**
 * A visitor reads a course's reviews, curriculum and teacher, then presses Enroll Now on a free
 * course, logs in as the demo student and is back on that course, enrolled, its chapters opening
 * the player with their videos.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { appUrl, expectAccessible, providerUrl, useJourney } from '../browser';
import { waitForSkeletonsToGo } from '../flows';
import { demoLogins, isPaid, listCourses } from '../provider';

interface CourseReviews {
  ratings: number;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  reviews_total: number;
  reviews: { review: string; reviewer: string }[];
}

async function reviewsOf(courseId: number): Promise<CourseReviews> {
  const answer = await fetch(`${providerUrl}/api/course-reviews/${courseId}?limit=5`);
  assert.equal(answer.status, 200, `course-reviews/${courseId} answered ${answer.status}`);
  return (await answer.json()) as CourseReviews;
}

const ratingsText = (count: number) => (count === 1 ? '1 rating' : `${count} ratings`);

describe('a visitor reads a course page and enrols through the login', () => {
  const journey = useJourney('course-page');

  journey.step('reads the reviews, the curriculum and the teacher of a reviewed course', async (page) => {
    const courses = await listCourses();
    let reviewed: { course: (typeof courses)[number]; reviews: CourseReviews } | undefined;
    for (const course of courses) {
      const reviews = await reviewsOf(course.id);
      if (reviews.reviews_total > 0) {
        reviewed = { course, reviews };
        break;
      }
    }
    assert.ok(reviewed, 'the demo data has a course with written reviews');
    const { course, reviews } = reviewed;

    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    const reviewsRegion = page.getByRole('region', { name: 'Reviews' });
    await reviewsRegion.getByText(ratingsText(reviews.ratings), { exact: true }).waitFor();
    await reviewsRegion.getByRole('list', { name: 'Ratings by stars' }).getByText(`5 stars: ${ratingsText(reviews.distribution['5'])}`).waitFor();
    await reviewsRegion.getByText(reviews.reviews[0]!.review).waitFor();
    await reviewsRegion.getByText(reviews.reviews[0]!.reviewer, { exact: true }).first().waitFor();

    const curriculum = page.getByRole('region', { name: 'In this course' });
    await curriculum.getByText(course.course_chapters[0]!.title, { exact: true }).waitFor();
    assert.equal(await curriculum.getByRole('listitem').count(), course.course_chapters.length, 'every chapter is listed');
    assert.equal(await curriculum.getByRole('link').count(), 0, 'no chapter links for a visitor');
    assert.equal(await page.locator('video').count(), 0, 'no videos for a visitor');
    await page.getByRole('region', { name: 'Your teacher' }).getByRole('link', { name: `More about ${course.teacher.full_name}` }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'course page (visitor)');
  });

  journey.step('presses Enroll Now on a free course, logs in and is back on the course, enrolled', async (page) => {
    // The demo student takes Spanish and Yoruba; Pidgin is free and not among them.
    const course = (await listCourses()).find((entry) => !isPaid(entry) && entry.title.startsWith('Pidgin'));
    assert.ok(course, 'the demo data has the free Pidgin course');

    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.waitForURL(`${appUrl}/student-login`);
    const form = page.getByRole('main');
    await form.getByLabel('Email').fill(demoLogins.student.email);
    await form.getByLabel('Password').fill(demoLogins.student.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();

    await page.waitForURL(`${appUrl}/detail/${course.id}`);
    await page.getByText('You are now enrolled in this course.').waitFor();
    const firstChapter = page.getByRole('region', { name: 'In this course' }).getByRole('listitem').first().getByRole('link');
    assert.match((await firstChapter.getAttribute('href')) ?? '', new RegExp(`^/learn/${course.id}/\\d+$`), 'each chapter opens the player');
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'course page (enrolled student)');

    // The chapter list read as a visitor had no videos: the player opened from here has them.
    await firstChapter.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/learn/${course.id}/`));
    await page.locator('video').first().waitFor();
  });
});
