/**
 * Keyboard only: the demo teacher logs in, opens Add Course from the sidebar, fills in the form
 * (the category by typing its name, the image through the file chooser the file input opens on
 * Space), uploads it, lands on 'Add the first chapter', finds it in My Courses and deletes it
 * through the confirmation. Every stop shows a focus ring of 2 px or more; axe (WCAG 2.2 AA) on
 * each screen and dialog.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { expectAccessible, useJourney } from '../browser';
import { waitForSkeletonsToGo } from '../flows';
import { expectFocused, expectSaidOnceByFocus, tabTo } from '../keyboard';
import { demoLogins } from '../provider';

const seedAssets = path.resolve(__dirname, '..', '..', '..', 'provider', 'seed-assets');

/** The row of the My Courses table whose title is `title`. */
function courseRow(page: Page, title: string) {
  return page.getByRole('table', { name: 'My courses' }).getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

describe('keyboard only: a teacher adds a course with its image', () => {
  const journey = useJourney('keyboard-teacher');
  const title = `Twi by Keyboard ${Date.now()}${Math.floor(Math.random() * 1000)}`;

  journey.step('logs in with the keyboard alone', async (page) => {
    await page.goto('/teacher-login');
    await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
    const form = page.getByRole('main');
    await tabTo(page, form.getByLabel('Email'), { label: 'teacher login: to Email' });
    await page.keyboard.type(demoLogins.teacher.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(demoLogins.teacher.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/teacher-dashboard');
    await expectFocused(page, page.getByRole('heading', { level: 1 }), 'teacher dashboard h1');
    await waitForSkeletonsToGo(page);
  });

  journey.step("opens Add Course from the sidebar with Enter: the form's h1 has the focus (said once)", async (page) => {
    const addCourse = page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'Add Course', exact: true });
    // The focus is on the dashboard's h1, after the area's navigation: back to it with Shift+Tab.
    await tabTo(page, addCourse, { label: 'dashboard: back to Add Course', backwards: true, max: 10 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/add-course');
    await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Upload a Course' }), 'upload a course h1');
    await expectSaidOnceByFocus(page, 'Upload a Course');
    await page.getByRole('main').getByRole('option', { name: 'Akan' }).waitFor({ state: 'attached' });
    await expectAccessible(page, 'upload a course');
  });

  journey.step('fills in every field and chooses the image without the mouse', async (page) => {
    // Playwright asks the browser to hand it file choosers once a listener exists, in a message of
    // its own: listening from the start of the step, the browser does so long before Space opens one.
    const interceptChoosers = () => undefined;
    page.on('filechooser', interceptChoosers);
    const form = page.getByRole('main');
    const category = form.getByRole('combobox', { name: 'Category' });
    await tabTo(page, category, { label: 'form: to Category' });
    await page.keyboard.type('Akan');
    assert.equal(await category.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent), 'Akan');

    const typeInto = async (name: string, text: string) => {
      await page.keyboard.press('Tab');
      await expectFocused(page, form.getByRole(name === 'Price' ? 'spinbutton' : 'textbox', { name }), `form: ${name}`);
      await page.keyboard.type(text);
    };
    await typeInto('Title', title);
    await typeInto('Description', 'Greetings and numbers, chosen and sent with the keyboard.');
    await typeInto('Language', 'Akan, English');
    await typeInto('Price', '0');

    // The course's level and its 'What you will learn' lines (extensions the local provider serves).
    const level = form.getByRole('combobox', { name: 'Level' });
    await page.keyboard.press('Tab');
    await expectFocused(page, level, 'form: Level');
    await page.keyboard.type('A1');
    assert.match((await level.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)) ?? '', /^A1/);
    await typeInto('Line 1', 'Greet someone in Akan');
    for (const name of ['Remove line 1', 'Add a line']) {
      await page.keyboard.press('Tab');
      await expectFocused(page, form.getByRole('button', { name }), `form: ${name}`);
    }

    const image = form.getByLabel('Course image');
    await page.keyboard.press('Tab');
    await expectFocused(page, image, 'form: Course image');
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(path.join(seedAssets, 'images', 'akan.svg'));
    page.off('filechooser', interceptChoosers);
    await form.getByRole('img', { name: 'New course image (preview)' }).waitFor();
    await expectFocused(page, image, 'form: Course image, chosen');
    await expectAccessible(page, 'upload a course, filled in');
  });

  journey.step("uploads with Enter on Upload; 'Add the first chapter' opens with its h1 focused; My Courses lists the course", async (page) => {
    const upload = page.getByRole('main').getByRole('button', { name: 'Upload', exact: true });
    await tabTo(page, upload, { label: 'form: to Upload', max: 5 });
    await page.keyboard.press('Enter');
    await page.getByText('Course uploaded successfully!').waitFor();
    await page.waitForURL((url) => /^\/add-chapter\/\d+$/.test(url.pathname));
    await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Add the first chapter' }), 'add the first chapter h1');
    const courses = page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'Courses', exact: true });
    await tabTo(page, courses, { label: 'first chapter: back to Courses', backwards: true, max: 20 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/teacher-courses');
    await expectFocused(page, page.getByRole('heading', { level: 1, name: 'My Courses' }), 'my courses h1');
    await waitForSkeletonsToGo(page);
    await courseRow(page, title).waitFor();
    await expectAccessible(page, 'my courses');
  });

  journey.step("deletes it again with the keyboard: 'No, keep it' has the focus first, then 'Yes, delete it!'", async (page) => {
    await tabTo(page, courseRow(page, title).getByRole('button', { name: `Delete course ${title}`, exact: true }), { label: 'my courses: to Delete', max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this course?' });
    await dialog.waitFor();
    await expectFocused(page, dialog.getByRole('button', { name: 'No, keep it' }), 'confirm: the safe choice');
    await expectAccessible(page, 'delete course dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Yes, delete it!' }), { label: 'confirm: to Yes', max: 3 });
    await page.keyboard.press('Enter');
    await page.getByText('The course has been deleted.').waitFor();
    await courseRow(page, title).waitFor({ state: 'detached' });
    await expectFocused(page, page.getByRole('heading', { level: 1, name: 'My Courses' }), 'my courses h1 after deleting');
  });
});
