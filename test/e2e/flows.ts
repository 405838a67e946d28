/** Steps several journeys share, done through the screens as a person would. */
import assert from 'node:assert/strict';
import { type Page } from 'playwright-core';
import { appUrl, expectAccessible, storedValue } from './browser';

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
