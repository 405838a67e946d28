/**
 * The teacher area on a 390 × 844 phone: the area menu is a bar at the foot, and My Courses, a
 * course's chapters, My Students, a course's enrolled students, a student's page and their
 * assignments show cards (or lists) whose buttons and links lie inside the window's width, with
 * no sideways scrolling. axe on each.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, useJourney } from '../browser';
import { expectDashboard, expectRowActionsInView, logInThroughApi, phoneViewport } from '../flows';
import { demoLogins } from '../provider';

const areaBar = (page: Page) => page.getByRole('navigation', { name: 'Teacher area' });

/** Checks the screen now shown (its heading first): its cards, its width and axe; returns the number of card actions. */
async function check(page: Page, heading: string | RegExp): Promise<number> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const actions = await expectRowActionsInView(page, String(heading));
  await expectAccessible(page, `${String(heading)} (phone)`);
  return actions;
}

describe('the teacher area on a 390 × 844 phone', () => {
  const journey = useJourney('phone-teacher');

  journey.step('the dashboard, then My Courses with Edit, Add Chapter and Delete on each card', async (page) => {
    await page.setViewportSize(phoneViewport);
    await logInThroughApi(page, 'teacher', demoLogins.teacher);
    await expectDashboard(page, 'teacher');
    await expectRowActionsInView(page, 'teacher dashboard');

    await areaBar(page).getByRole('link', { name: 'Courses', exact: true }).click();
    assert.ok((await check(page, 'My Courses')) > 0, 'My Courses has its actions');
    const list = page.getByRole('list', { name: 'My courses' });
    await list.getByRole('link', { name: /^Edit course / }).first().waitFor();
    await list.getByRole('link', { name: /^Add Chapter to / }).first().waitFor();
    await list.getByRole('button', { name: /^Delete course / }).first().waitFor();
  });

  journey.step("a course's chapters, with edit and delete on each card", async (page) => {
    const list = page.getByRole('list', { name: 'My courses' });
    await list.getByRole('heading', { level: 2 }).first().getByRole('link').click();
    await check(page, /^All Chapters \(\d+\)$/);
    assert.ok((await page.getByRole('list', { name: 'Chapters of the course' }).getByRole('link', { name: /^Edit chapter / }).count()) > 0, 'a chapter to edit');
  });

  journey.step('My Students, with Assignments, Add Assignment and Message on each card', async (page) => {
    await areaBar(page).getByRole('link', { name: 'My Students' }).click();
    assert.ok((await check(page, 'All of my Students')) > 0, 'My Students has its actions');
    const card = page.getByRole('listitem', { name: 'Maria Silva' });
    await card.getByRole('link', { name: 'Message Maria Silva' }).waitFor();
    await card.getByRole('link', { name: 'Add Assignment for Maria Silva' }).waitFor();
    await card.getByRole('link', { name: 'Assignments of Maria Silva' }).click();
    await check(page, /^All Assignments \(\d+\)$/);
  });

  journey.step("a course's enrolled students and a student's page", async (page) => {
    await areaBar(page).getByRole('link', { name: 'Courses', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My Courses' }).waitFor();
    await page.getByRole('link', { name: /^[1-9]\d* students? enrolled in / }).first().click();
    await check(page, 'Enrolled Students List');
    await page.getByRole('link', { name: /^View / }).first().click();
    await check(page, /./);
  });
});
