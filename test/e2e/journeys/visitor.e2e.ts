/** A visitor browses: the home page's popular courses, a course, and its teacher. */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { appUrl, expectAccessible, providerUrl, useJourney } from '../browser';
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

  journey.step("a course's detail offers Enroll Now, through the login", async (page) => {
    assert.ok(course);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.title, exact: true }) });
    await card.getByRole('link', { name: 'ENROLL NOW' }).click();
    await page.waitForURL(`${appUrl}/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
    await page.getByText('Please login to enroll in this course').waitFor();
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

  journey.step("the home page's figures are the provider's; a blog card opens its post; Subscribe and the contact form are sent", async (page) => {
    const counts = (await (await fetch(`${providerUrl}/api/catalogue-counts/`)).json()) as { courses: number; teachers: number };
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'The academy in numbers' });
    await strip.waitFor();
    assert.match(await strip.innerText(), new RegExp(`${counts.courses}\\s*Courses Available\\s*[^]*?${counts.teachers}\\s*Instructors`));
    const blog = page.getByRole('region', { name: 'Recent From Blog' });
    // Below the fold, the section is laid out (and has an innerText) once scrolled near, as a visitor reaches it.
    await blog.scrollIntoViewIfNeeded();
    const title = (await blog.getByRole('article').first().getByRole('heading').innerText()).trim();
    await blog.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Your e-mail' }).fill('visitor@example.org');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Thank you, you are subscribed.', { exact: false }).waitFor();

    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Visiting Reader');
    await page.getByRole('textbox', { name: 'Email' }).fill('visitor@example.org');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Group lessons');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you teach groups of five?');
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
    await page.getByText('Your message was sent.', { exact: false }).waitFor();
    await expectAccessible(page, 'contact, message sent');
  });
});
