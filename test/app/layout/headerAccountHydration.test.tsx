/**
 * A prerendered public page holds the logged-out header (the build knows no one). Opened by a
 * logged-in student, it hydrates without a mismatch and then shows their account button. A
 * student's page, which the server renders with the student's session alone (decision 0041), does
 * the same for a teacher logged in beside them.
 */
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { act, screen, within } from '@testing-library/react';
import { renderPage } from '@/app/renderPage';
import { startApp } from '@/app/startApp';
import { makeStore } from '@/app/store';
import { PRERENDERED_ATTRIBUTE } from '@/components/layout/prerenderedMark';
import { sessionsSynced } from '@/features/session/sessionSlices';

// Jest resolves react-dom/static to its Node build, which schedules with setImmediate (jsdom has none).
globalThis.setImmediate ??= nodeSetImmediate;

/** React's development build warns when its server and client renderers share one realm, as here. */
const sameRealmWarning = /^Detected multiple renderers concurrently rendering the same context provider/;

describe('the account button on a prerendered page', () => {
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  afterEach(() => {
    act(() => app?.root.unmount());
    app = undefined;
    document.body.innerHTML = '';
    localStorage.clear();
  });

  /**
   * Serves `html` at `path` in a #root with `attributes`, stores `logins` as the browser's sessions
   * (spec section 9's keys), starts the app over it and runs `expectations` once it has settled;
   * then checks that hydration reported nothing and kept the page's h1.
   */
  async function hydrateAndExpect(path: string, html: string, attributes: string, logins: Record<string, string>, expectations: () => Promise<void>) {
    window.history.replaceState(null, '', path);
    document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}${attributes}>${html}</div>`;
    // eslint-disable-next-line testing-library/no-node-access -- the container the browser starts the app in
    const container = document.getElementById('root') as HTMLElement;
    const heading = screen.getByRole('heading', { level: 1 });
    for (const [key, value] of Object.entries(logins)) localStorage.setItem(key, value);

    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverableErrors: unknown[] = [];
    try {
      await act(async () => {
        app = await startApp(container, { onRecoverableError: (error) => void recoverableErrors.push(String(error)) });
      });
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      await expectations();
      expect(recoverableErrors).toEqual([]);
      expect(consoleErrors.mock.calls.map((call) => String(call[0])).filter((message) => !sameRealmWarning.test(message))).toEqual([]);
      expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    } finally {
      consoleErrors.mockRestore();
    }
  }

  it('appears after hydration for a logged-in student, with no hydration error', async () => {
    const { html } = await renderPage('/about');
    expect(html).not.toContain('aria-haspopup="menu"');
    await hydrateAndExpect('/about', html, '', { studentLoginStatus: 'true', studentId: '7' }, async () => {
      expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Ada Lovelace' })).toHaveAttribute('aria-haspopup', 'menu');
      expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-dashboard');
    });
  });

  it("on a student's page, the teacher logged in beside them appears after hydration, with no hydration error", async () => {
    const rendering = makeStore();
    rendering.dispatch(sessionsSynced({ student: { loggedIn: true, id: 7 }, teacher: { loggedIn: false, id: null } }));
    const { html } = await renderPage('/student-dashboard', undefined, rendering);
    const logins = { studentLoginStatus: 'true', studentId: '7', teacherLoginStatus: 'true', teacherId: '1' };
    await hydrateAndExpect('/student-dashboard', html, ' data-student="7" data-compact="0"', logins, async () => {
      const navigation = within(screen.getByRole('navigation', { name: 'Main' }));
      expect(await navigation.findByRole('link', { name: 'Teacher' })).toHaveAttribute('href', '/teacher-dashboard');
      expect(navigation.getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-dashboard');
    });
  });
});
