/**
 * A shared device: the demo student logs out with no connection. The logout is kept on the device;
 * the next person sets the two storage keys again, and the student area does not open (the worker
 * answers the API as to someone logged out); back online, the kept logout ends the session on the
 * provider, so the session cookie left in the browser opens nothing.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { appUrl, useJourney } from '../browser';
import { expectStoredLogin, logInThroughApi } from '../flows';
import { demoLogins } from '../provider';

/** The logouts the provider has not heard yet (the app's IndexedDB database `academy-logout`). */
function pendingLogouts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('academy-logout');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('pending')) return resolve(0);
          const counting = db.transaction('pending').objectStore('pending').count();
          counting.onsuccess = () => resolve(counting.result);
          counting.onerror = () => reject(counting.error);
        };
      }),
  );
}

async function waitForPendingLogouts(page: Page, expected: number, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let count = await pendingLogouts(page);
  while (count !== expected) {
    assert.ok(Date.now() < deadline, `waited ${timeoutMs} ms for ${what} (${count} pending)`);
    await page.waitForTimeout(250);
    count = await pendingLogouts(page);
  }
}

describe('a logout made offline does not leave the session to the next person', () => {
  const journey = useJourney('offline-logout', { serviceWorkers: 'allow' });
  let studentId = 0;

  journey.step('logs in, and the worker takes charge', async (page) => {
    await logInThroughApi(page, 'student', demoLogins.student);
    studentId = await expectStoredLogin(page, 'student');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    assert.equal((await page.request.get(`/api/student/dashboard/${studentId}`)).status(), 200, 'the session is alive on the provider');
  });

  journey.step('offline, the logout is kept, and the two storage keys set again do not reopen the student area', async (page) => {
    await journey.context.setOffline(true);
    try {
      await page.goto('/student-logout');
      await page.waitForURL(`${appUrl}/student-login`);
      await waitForPendingLogouts(page, 1, 'the logout to be kept on the device');
      await page.evaluate((id) => {
        localStorage.setItem('studentLoginStatus', 'true');
        localStorage.setItem('studentId', String(id));
      }, studentId);
      await page.goto('/my-courses');
      await page.getByRole('heading', { level: 1, name: 'Student Login' }).waitFor();
      assert.equal(await page.getByRole('table', { name: 'Enrolled courses' }).count(), 0);
    } finally {
      await journey.context.setOffline(false);
    }
  });

  journey.step('back online, the kept logout is sent and the session has ended on the provider', async (page) => {
    await waitForPendingLogouts(page, 0, 'the kept logout to be sent', 20_000);
    assert.equal((await page.request.get(`/api/student/dashboard/${studentId}`)).status(), 401, 'the session has ended on the provider');
  });
});
