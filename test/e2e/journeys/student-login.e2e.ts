/** The demo student logs in and lands on the dashboard, logged in in browser storage. */
import { describe } from 'node:test';
import { useJourney } from '../browser';
import { expectDashboard, expectStoredLogin, logInThroughForm } from '../flows';
import { demoLogins } from '../provider';

describe('the demo student logs in', () => {
  const journey = useJourney('student-login');

  journey.step('logs in at /student-login and lands on /student-dashboard', async (page) => {
    await logInThroughForm(page, 'student', demoLogins.student);
    await expectStoredLogin(page, 'student');
    await expectDashboard(page, 'student');
  });
});
