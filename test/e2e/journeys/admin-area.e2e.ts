/**
 * The academy's admin area (issue 37): an admin made from the shell (`provider:admin --
 * create-admin`) signs in at /admin with the code mailed to them, sees the teachers waiting and
 * the categories, adds a category and renames it in a dialog, on a desktop and on a 390 × 844
 * phone, every state passing axe, and logs out.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe } from 'node:test';
import { expectAccessible, useJourney } from '../browser';
import { phoneViewport, waitForSkeletonsToGo } from '../flows';
import { latestCodeFor } from '../provider';

const adminEmail = 'admin@academy.test';

describe('the admin area', () => {
  const journey = useJourney('admin-area');

  journey.step('an admin made from the shell signs in at /admin with the mailed code', async (page) => {
    const dataDir = process.env.E2E_PROVIDER_DATA;
    assert.ok(dataDir, "E2E_PROVIDER_DATA names the lane provider's data folder (test/e2e/run.ts)");
    const made = spawnSync(process.execPath, ['--import', 'tsx', 'provider/src/admin.ts', 'create-admin', adminEmail], {
      env: { ...process.env, PROVIDER_DATA: dataDir },
      encoding: 'utf8',
    });
    assert.equal(made.status, 0, `create-admin: ${made.stderr}`);

    await page.goto('/admin');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(adminEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByRole('textbox', { name: 'Code from the e-mail' });
    await code.waitFor();
    await expectAccessible(page, 'admin sign-in, the code');
    await code.fill(await latestCodeFor(adminEmail));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Teachers waiting for approval' }).waitFor();
  });

  journey.step('the teachers waiting and the categories pass axe; a category is added, and renamed in a dialog', async (page) => {
    await waitForSkeletonsToGo(page);
    await expectAccessible(page, 'admin area');
    await page.getByRole('textbox', { name: 'New category' }).fill('Swahili');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Swahili was added.').waitFor();

    await page.getByRole('button', { name: 'Rename Swahili' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Swahili' });
    await dialog.waitFor();
    await expectAccessible(page, 'rename a category');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kiswahili');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The category is now called Kiswahili.').waitFor();
  });

  journey.step('on a 390 px phone the admin area fits and passes axe; Log out goes back to the sign-in', async (page) => {
    await page.setViewportSize(phoneViewport);
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the admin area is ${overflow} px wider than the phone`);
    await expectAccessible(page, 'admin area (phone)');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).waitFor();
  });
});
