/** The demo teacher logs in and lands on the dashboard, logged in in browser storage. */
import { describe } from 'node:test';
import { useJourney } from '../browser';
import { expectDashboard, expectStoredLogin, logInThroughForm } from '../flows';
import { demoLogins } from '../provider';

describe('the demo teacher logs in', () => {
  const journey = useJourney('teacher-login');

  journey.step('logs in at /teacher-login and lands on /teacher-dashboard', async (page) => {
    await logInThroughForm(page, 'teacher', demoLogins.teacher);
    await expectStoredLogin(page, 'teacher');
    await expectDashboard(page, 'teacher');
  });
});
