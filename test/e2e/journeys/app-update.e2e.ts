/**
 * A new deployment reaches a student whose app runs on its service worker: the new worker waits
 * (the page keeps its own version of every script), the app says 'A new version is available',
 * and Reload puts the new version in charge and reloads the page once.
 * The journey serves its own copy of the build, so that changing it leaves the other journeys' alone.
 */
import assert from 'node:assert/strict';
import { cpSync, appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { startDistServer, type DistServer } from '../../../scripts/serve-dist';
import { providerUrl, useJourney } from '../browser';

const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.resolve(__dirname, '..', '..', '..', 'dist');

describe('a new version of the app is offered, and taken with Reload', () => {
  const journey = useJourney('app-update', { serviceWorkers: 'allow' });
  let copy = '';
  let server: DistServer | undefined;

  before(async () => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'academy-update-'));
    cpSync(distDir, copy, { recursive: true, filter: (source) => !source.endsWith('.map') });
    server = await startDistServer({ distDir: copy, providerUrl, renderWorkers: 1 });
  });

  after(async () => {
    await server?.close();
    rmSync(copy, { recursive: true, force: true });
  });

  journey.step('the app runs on its worker; a new build is deployed; the app offers it and Reload takes it', async (page) => {
    assert.ok(server);
    await page.goto(`${server.url}/about`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));

    // The next deployment: a worker that differs by a byte (its precache list would differ too).
    appendFileSync(path.join(copy, 'sw.js'), '\n// the next deployment\n');
    rmSync(path.join(copy, 'sw.js.br'), { force: true });
    rmSync(path.join(copy, 'sw.js.gz'), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const offer = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await offer.waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => 'beforeTheUpdate' in window), true, 'nothing reloaded on its own');
    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload' }).click()]);

    await page.waitForFunction(() => !('beforeTheUpdate' in window));
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
    });
    assert.deepEqual(state, { waiting: false, controlled: true }, 'the new version is in charge and nothing waits');
    assert.equal(await page.getByText('A new version is available').count(), 0, 'the offer is gone');
  });
});
