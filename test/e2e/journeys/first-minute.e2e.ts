/**
 * The first minute (issue 39, item 4), on a phone: a visitor taps 'Start Learning', signs up, enters
 * the mailed code, picks Yoruba and A1 in 'What will you learn?', lands on Start here and plays the
 * free preview of Yoruba Basics; then, logged out, a visitor plays a preview from a course page.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { phoneViewport, waitForSkeletonsToGo } from '../flows';
import { latestCodeFor } from '../provider';

describe('a new student goes from sign-up to a first chapter through Start here', () => {
  const journey = useJourney('first-minute');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const student = { fullName: 'Bola Newcomer', email: `bola.${stamp}@academy.test`, username: `bola${stamp}`, password: 'e2e-password-1' };

  /** Waits until the dialog's video has a source and plays. */
  async function expectPlaying(page: Page) {
    const dialog = page.getByRole('dialog');
    const video = dialog.locator('video');
    await video.waitFor();
    assert.ok(await video.getAttribute('src'), 'the preview has a source');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => {
      const element = document.querySelector('[role="dialog"] video') as HTMLVideoElement | null;
      return element !== null && element.currentTime > 0 && !element.paused;
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
  }

  journey.step("taps 'Start Learning' on a phone and signs up", async (page) => {
    await page.setViewportSize(phoneViewport);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Learning' }).click();
    await page.waitForURL(`${appUrl}/student-register`);
    const form = page.getByRole('main');
    await form.getByLabel('Full Name').fill(student.fullName);
    await form.getByLabel('Email').fill(student.email);
    await form.getByLabel('Username').fill(student.username);
    await form.getByLabel('Password').fill(student.password);
    await form.getByRole('group', { name: 'Interested Categories' }).getByRole('checkbox', { name: 'Yoruba', exact: true }).check();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => /^\/verify-student\/\d+$/.test(url.pathname));
  });

  journey.step("enters the code and picks Yoruba and A1 in 'What will you learn?'", async (page) => {
    await page.getByRole('textbox', { name: 'Enter 6 Digit OTP' }).fill(await latestCodeFor(student.email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL(`${appUrl}/student-start?step=goals`);
    await page.getByRole('heading', { level: 1, name: 'What will you learn?' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'what will you learn');
    await page.getByRole('checkbox', { name: 'Yoruba', exact: true }).check();
    await page.getByRole('radio', { name: /^A1 / }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  journey.step('lands on Start here and plays the free preview', async (page) => {
    await page.getByRole('heading', { level: 1, name: 'Start here' }).waitFor();
    const yoruba = page.getByRole('region', { name: 'Because you chose Yoruba' });
    await yoruba.getByRole('link', { name: 'Yoruba Basics' }).waitFor();
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'start here');
    await yoruba.getByRole('button', { name: /^Play the free preview/ }).first().click();
    await expectPlaying(page);
  });

  journey.step('as a visitor, plays a free preview from the course page', async (page) => {
    await page.goto('/student-logout');
    await page.waitForURL(`${appUrl}/student-login`);
    await page.goto('/all-courses?search=French');
    await page.getByRole('link', { name: 'French Conversation' }).first().click();
    await page.getByRole('button', { name: /^Preview/ }).click();
    await expectPlaying(page);
  });
});
