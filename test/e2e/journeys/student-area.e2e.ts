/**
 * The student area: the demo student marks an assignment done and sees the dashboard counts
 * change, adds a favourite course and finds it on /favorite-courses, looks at the recommended
 * courses, and renames themself. The second demo student changes their password, logs out, logs
 * in with the new one, and changes it back (later journeys log in as them with the demo password).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { expectDashboard, logInThroughApi, logInThroughForm, waitForSkeletonsToGo } from '../flows';
import { demoLogins, listCourses } from '../provider';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Student area' });

/** Opens a page of the student area through its sidebar link and waits for its heading. */
async function openFromSidebar(page: Page, link: string, heading: string = link): Promise<void> {
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await waitForSkeletonsToGo(page);
}

/** The dashboard's count of one card ('Completed Assignments', 'Pending Assignments'). */
async function dashboardCount(page: Page, label: string): Promise<number> {
  const card = page.getByRole('main').getByRole('link', { name: new RegExp(`${label}$`) });
  const text = await card.innerText();
  const count = /\d+/.exec(text);
  assert.ok(count, `a number on the '${label}' card (${JSON.stringify(text)})`);
  return Number(count[0]);
}

/** Waits (up to 10 s) for the dashboard's card to show `expected`. */
async function expectDashboardCount(page: Page, label: string, expected: number): Promise<void> {
  let shown = await dashboardCount(page, label);
  for (const deadline = Date.now() + 10_000; shown !== expected && Date.now() < deadline; shown = await dashboardCount(page, label)) {
    await page.waitForTimeout(200);
  }
  assert.equal(shown, expected, `the '${label}' card`);
}

async function logOut(page: Page): Promise<void> {
  await sidebar(page).getByRole('link', { name: 'Logout', exact: true }).click();
  await page.waitForURL(`${appUrl}/student-login`);
}

/** Fills the change-password form and waits for the provider's answer in green. */
async function changePassword(page: Page, current: string, next: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel(/^Current password/).fill(current);
  await form.getByLabel(/^New password/).fill(next);
  await form.getByLabel(/^Confirm new password/).fill(next);
  await form.getByRole('button', { name: 'Change Password', exact: true }).click();
  await form.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
}

describe('the student area', () => {
  const journey = useJourney('student-area');
  const counts = { completed: 0, pending: 0 };
  const newName = 'Maria Silva Santos';
  const kofiNewPassword = 'kofi-new-password-1';

  journey.step('the demo student logs in and reads the assignment counts', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student);
    await expectDashboard(page, 'student');
    counts.completed = await dashboardCount(page, 'Completed Assignments');
    counts.pending = await dashboardCount(page, 'Pending Assignments');
    assert.ok(counts.pending > 0, 'the demo student has a pending assignment');
  });

  journey.step('marks a pending assignment done in My Assignments', async (page) => {
    await openFromSidebar(page, 'My Assignments');
    const table = page.getByRole('table', { name: 'Assignments' });
    await table.waitFor();
    await expectAccessible(page, 'my assignments');

    const pendingRow = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Mark as Done' }) }).first();
    const title = await pendingRow.getByRole('rowheader').innerText();
    await pendingRow.getByRole('button', { name: 'Mark as Done' }).click();

    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
    await row.getByText('Completed', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button', { name: 'Mark as Done' }).count(), 0, 'no way back');
    await page.getByText('The assignment has been marked as done.').waitFor();
    await expectAccessible(page, 'my assignments (marked done)');

    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.waitForURL((url) => url.search === '?status=completed');
    await table.getByRole('rowheader', { name: title, exact: true }).waitFor();
    await expectAccessible(page, 'my assignments (completed tab)');
  });

  journey.step('sees the dashboard counts change', async (page) => {
    await openFromSidebar(page, 'Dashboard');
    // The dashboard shows its earlier read at once, then the fresh one.
    await expectDashboardCount(page, 'Completed Assignments', counts.completed + 1);
    await expectDashboardCount(page, 'Pending Assignments', counts.pending - 1);
    await expectAccessible(page, 'student dashboard');
  });

  journey.step('adds a course to the favourites on its page and finds it on /favorite-courses', async (page) => {
    const course = (await listCourses()).find((entry) => entry.title.includes('German'));
    assert.ok(course, 'the demo data has a German course');
    await page.goto(`/detail/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    const add = page.getByRole('button', { name: 'Add to favourites' });
    await add.waitFor();
    // One signal only (its words), so no aria-pressed beside them.
    assert.equal(await add.getAttribute('aria-pressed'), null);
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'course detail (not a favourite)');

    await add.click();
    const remove = page.getByRole('button', { name: 'Remove from favourites' });
    await remove.waitFor();
    assert.equal(await remove.getAttribute('aria-pressed'), null);
    await expectAccessible(page, 'course detail (favourite)');

    // The course page is outside the student area: back to the area, then its sidebar entry.
    await page.goto('/student-dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openFromSidebar(page, 'Favourite Courses');
    const table = page.getByRole('table', { name: 'Favourite courses' });
    const link = table.getByRole('link', { name: course.title, exact: true });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/detail/${course.id}`);
    await expectAccessible(page, 'favourite courses');
  });

  journey.step('looks at the recommended courses', async (page) => {
    await openFromSidebar(page, 'Recommended Courses');
    await page.getByRole('link', { name: /Profile Setting/ }).first().waitFor();
    await expectAccessible(page, 'recommended courses');
  });

  journey.step('renames themself in Profile Setting and is greeted by the new name', async (page) => {
    await openFromSidebar(page, 'Profile Setting');
    const fullName = page.getByRole('textbox', { name: 'Full Name' });
    await fullName.waitFor();
    await page.getByRole('group', { name: 'Interested Categories' }).getByRole('checkbox').first().waitFor();
    await expectAccessible(page, 'profile setting');

    const oldName = await fullName.inputValue();
    await fullName.fill(newName);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Data has been updated').waitFor();
    await expectAccessible(page, 'profile setting (updated)');

    await openFromSidebar(page, 'Dashboard');
    await page.getByText(`Welcome, ${newName}`).waitFor();

    // The journeys that follow know the demo student by the demo name.
    await openFromSidebar(page, 'Profile Setting');
    await page.getByRole('group', { name: 'Interested Categories' }).getByRole('checkbox').first().waitFor();
    await page.waitForFunction((name) => (document.querySelector('input[name="full_name"]') as HTMLInputElement | null)?.value === name, newName);
    await fullName.fill(oldName);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await openFromSidebar(page, 'Dashboard');
    await page.getByText(`Welcome, ${oldName}`).waitFor();
    await logOut(page);
  });

  journey.step('the second demo student changes their password and stays logged in', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.otherStudent);
    await openFromSidebar(page, 'Change Password');
    await expectAccessible(page, 'student change password');

    await changePassword(page, demoLogins.otherStudent.password, kofiNewPassword);
    await expectAccessible(page, 'student change password (changed)');
    await openFromSidebar(page, 'Dashboard');
    await expectDashboard(page, 'student');
  });

  journey.step('logs out, is refused the old password and logs in with the new one', async (page) => {
    await logOut(page);
    const form = page.getByRole('main');
    await form.getByLabel('Email').fill(demoLogins.otherStudent.email);
    await form.getByLabel('Password').fill(demoLogins.otherStudent.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await form.getByRole('alert').waitFor();
    assert.equal(new URL(page.url()).pathname, '/student-login', 'the old password no longer logs in');

    await logInThroughForm(page, 'student', { email: demoLogins.otherStudent.email, password: kofiNewPassword });
    await expectDashboard(page, 'student');
  });

  journey.step('changes the password back for the journeys that follow', async (page) => {
    await openFromSidebar(page, 'Change Password');
    await changePassword(page, kofiNewPassword, demoLogins.otherStudent.password);
    await logOut(page);
  });
});
