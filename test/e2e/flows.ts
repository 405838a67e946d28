/** Steps several journeys share, done through the screens as a person would. */
import assert from 'node:assert/strict';
import { type Page } from 'playwright-core';
import { appUrl, expectAccessible, saveScreenshot, storedValue } from './browser';

export interface Credentials {
  email: string;
  password: string;
}

/** The login screen of a side, the dashboard it leads to and the storage keys it sets. */
export const sides = {
  student: {
    login: '/student-login',
    loginHeading: 'Student Login',
    dashboard: '/student-dashboard',
    flag: 'studentLoginStatus',
    id: 'studentId',
  },
  teacher: {
    login: '/teacher-login',
    loginHeading: 'Teacher Login',
    dashboard: '/teacher-dashboard',
    flag: 'teacherLoginStatus',
    id: 'teacherId',
  },
} as const;

export type Side = keyof typeof sides;

/** Opens the side's login screen, checks it, logs in and waits for the dashboard. */
export async function logInThroughForm(page: Page, side: Side, credentials: Credentials): Promise<void> {
  const screen = sides[side];
  await page.goto(screen.login);
  await page.getByRole('heading', { level: 1, name: screen.loginHeading }).waitFor();
  await expectAccessible(page, `${side} login`);
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(credentials.email);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${appUrl}${screen.dashboard}`);
}

/** Asserts the side's login flag and numeric id in localStorage; returns the id. */
export async function expectStoredLogin(page: Page, side: Side): Promise<number> {
  const screen = sides[side];
  assert.equal(await storedValue(page, screen.flag), 'true', `localStorage ${screen.flag}`);
  const id = await storedValue(page, screen.id);
  assert.match(id ?? '', /^\d+$/, `localStorage ${screen.id} is numeric`);
  return Number(id);
}

/** Waits for the dashboard's heading, then checks the screen with axe. */
export async function expectDashboard(page: Page, side: Side): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await waitForSkeletonsToGo(page);
  await expectAccessible(page, `${side} dashboard`);
}

/** Waits until no MUI Skeleton (loading placeholder) is left on the page. */
export async function waitForSkeletonsToGo(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
}

/** A phone held upright (an iPhone 14's CSS viewport). */
export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * On a phone-sized window, checks an area screen as a person would scroll it: the page does not
 * scroll sideways, the list is cards (no table), and every button and link of every card lies
 * inside the window's width. Returns how many such actions there are, for the caller to expect
 * the ones it knows of. Saves a screenshot on failure.
 */
export async function expectRowActionsInView(page: Page, label: string): Promise<number> {
  await waitForSkeletonsToGo(page);
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const actions = [...document.querySelectorAll('main ul[aria-label] > li')].flatMap((card) => [...card.querySelectorAll('a, button')]);
    const outside = actions
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}" at ${Math.round(box.left)}–${Math.round(box.right)} px`);
    return {
      overflow: document.documentElement.scrollWidth - width,
      tables: document.querySelectorAll('main table').length,
      actions: actions.length,
      outside,
    };
  });
  if (found.overflow > 0 || found.tables > 0 || found.outside.length > 0) {
    const screenshot = await saveScreenshot(page, `phone-${label}`);
    assert.ok(found.overflow <= 0, `${label} (${page.url()}) scrolls ${found.overflow} px sideways; screenshot ${screenshot}`);
    assert.equal(found.tables, 0, `${label} (${page.url()}) shows a table on a phone; screenshot ${screenshot}`);
    assert.deepEqual(found.outside, [], `${label} (${page.url()}): row actions outside the ${phoneViewport.width} px window; screenshot ${screenshot}`);
  }
  return found.actions;
}
