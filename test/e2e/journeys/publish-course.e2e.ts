/**
 * Course drafts (issue 23): the demo teacher's seeded draft, 'Spanish Past Tenses', is not in
 * the catalogue; the teacher sees it as a Draft in My Courses and a draft notice on its page
 * (axe on both), publishes it from My Courses, and a visitor then finds it in /all-courses. The teacher unpublishes it again through the
 * confirmation, which leaves the demo academy as the other journeys expect it.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type BrowserContext, type Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { logInThroughApi, waitForSkeletonsToGo } from '../flows';
import { demoLogins } from '../provider';

const DRAFT = 'Spanish Past Tenses';

/** The row of the My Courses table whose title is `title`. */
function courseRow(page: Page, title: string) {
  return page.getByRole('table', { name: 'My courses' }).getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** Whether a visitor (no session: a context of their own) finds the course by searching the catalogue for its title. */
async function visitorFinds(context: BrowserContext, title: string): Promise<boolean> {
  const visitor = await context.browser()!.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 900 }, locale: 'en-GB', serviceWorkers: 'block' });
  try {
    const page = await visitor.newPage();
    await page.goto(`/all-courses?search=${encodeURIComponent(title)}`);
    await page.getByRole('heading', { level: 1, name: 'Browse Courses' }).waitFor();
    const course = page.getByRole('link', { name: title, exact: true }).first();
    const none = page.getByText('No courses match these filters.');
    await course.or(none).first().waitFor();
    return await course.isVisible();
  } finally {
    await visitor.close();
  }
}

describe('a draft course is published when ready', () => {
  const journey = useJourney('publish-course');

  journey.step('a visitor does not find the draft; the demo teacher sees it as a Draft in My Courses and on its page', async (page) => {
    assert.equal(await visitorFinds(journey.context, DRAFT), false, 'the draft is not in the catalogue');
    await logInThroughApi(page, 'teacher', demoLogins.teacher);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'Courses', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My Courses' }).waitFor();
    await waitForSkeletonsToGo(page);
    await courseRow(page, DRAFT).getByText('Draft', { exact: true }).waitFor();
    await expectAccessible(page, 'my courses with a draft');
    // Its public page tells its teacher it is a draft (others get 'Course not found').
    const href = await courseRow(page, DRAFT).getByRole('link', { name: `Edit course ${DRAFT}`, exact: true }).getAttribute('href');
    await page.goto(`/detail/${Number(/(\d+)$/.exec(href ?? '')?.[1])}`);
    await page.getByText('This course is a draft: only you can see it.').waitFor();
    await expectAccessible(page, 'own draft course page');
    await page.goBack();
    await waitForSkeletonsToGo(page);
  });

  journey.step('publishes it: the row says Published, and a visitor finds it in the catalogue', async (page) => {
    const row = courseRow(page, DRAFT);
    await row.getByRole('button', { name: `Publish ${DRAFT}`, exact: true }).click();
    await page.getByText(`Published: students can now find and enrol in ${DRAFT}.`).waitFor();
    await row.getByText('Published', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Unpublish ${DRAFT}`, exact: true }).waitFor();
    assert.equal(await visitorFinds(journey.context, DRAFT), true, 'the published course is in the catalogue');
  });

  journey.step('unpublishes it again after the confirmation', async (page) => {
    const row = courseRow(page, DRAFT);
    await row.getByRole('button', { name: `Unpublish ${DRAFT}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Unpublish ${DRAFT}?` });
    await dialog.getByText(/^It leaves the catalogue;/).waitFor();
    await expectAccessible(page, 'unpublish dialog');
    await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await row.getByText('Draft', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });
});
