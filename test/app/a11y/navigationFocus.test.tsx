import { act, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_ANNOUNCER_ID } from '@/components/layout/RootLayout';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { renderApp } from '@test/render';
import { pageLoad } from '../site/pageLoad';

/** The one polite live region of the layout that names each new screen (no role: found by its id). */
function routeAnnouncer(): HTMLElement {
  // eslint-disable-next-line testing-library/no-node-access -- a live region without a role or name has no query
  const region = document.getElementById(ROUTE_ANNOUNCER_ID);
  if (!region) throw new Error('no route announcer');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return region;
}

/**
 * Timers the test can run ahead: the announcer settles a navigation for up to 5 s (while the
 * screen loads) before it speaks, so a test jumps past that instead of waiting for it. Call
 * before the navigation, so that the announcer's timers are the fake ones.
 */
function fakeTimers() {
  jest.useFakeTimers({ advanceTimers: true });
}

/** Runs the announcer's timers past the longest it settles (5 s after the navigation). */
async function pastSettling() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(6_000);
  });
}

describe('focus follows navigation', () => {
  it('leaves the focus alone on the first load', async () => {
    fakeTimers();
    renderApp({ route: '/about' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'About Us' }, pageLoad);
    await pastSettling();
    expect(heading).not.toHaveFocus();
    expect(routeAnnouncer()).toBeEmptyDOMElement();
    expect(document.title).toBe('About Us — Language Academy');
  });

  it('moves the focus to the new screen\'s h1 after a header link, which says the title: the live region does not repeat it', async () => {
    const { user } = renderApp({ route: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'About Us' }, pageLoad);

    fakeTimers();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, pageLoad);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    // Past the announcer's settling time: still nothing said a second time.
    await pastSettling();
    expect(heading).toHaveFocus();
    expect(routeAnnouncer()).toBeEmptyDOMElement();
    expect(document.title).toBe('Contact Us — Language Academy');
  });

  it('gives the focus to the final title of a screen that loads, and announces neither title', async () => {
    // The course answers late: its page shows skeletons under a loading title meanwhile.
    mockEndpoint('getCourse', async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return mockDb.courses[0]!;
    });
    const { user } = renderApp({ route: '/all-courses' });
    const [card] = await screen.findAllByRole('article', {}, pageLoad);
    fakeTimers();
    await user.click(within(card!).getByRole('link', { name: 'ENROLL NOW: Yoruba for Beginners' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' }, pageLoad);
    await waitFor(() => expect(heading).toHaveFocus());
    await pastSettling();
    expect(heading).toHaveFocus();
    expect(routeAnnouncer()).toBeEmptyDOMElement();
  });

  it('moves the focus to the dashboard\'s h1 after the login redirect', async () => {
    const { user } = renderApp({ route: '/student-login' });
    const page = within(await screen.findByRole('main', {}, pageLoad));
    await user.type(await page.findByRole('textbox', { name: /email/i }), 'student@academy.test');
    await user.type(page.getByLabelText(/password/i), 'secret-1');
    fakeTimers();
    await user.click(page.getByRole('button', { name: 'Login' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, pageLoad);
    await waitFor(() => expect(heading).toHaveFocus());
    await pastSettling();
    expect(heading).toHaveFocus();
    expect(routeAnnouncer()).toBeEmptyDOMElement();
  });

  it('keeps the focus where it is when only the query changes (a search or a filter)', async () => {
    const { user, router } = renderApp({ route: '/all-courses' });
    await screen.findAllByRole('article', {}, pageLoad);

    const search = screen.getByRole('searchbox', { name: 'Search courses' });
    await user.type(search, 'pidgin{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=pidgin'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveFocus();

    const language = screen.getByRole('combobox', { name: 'Language' });
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Pidgin' }));
    await waitFor(() => expect(router.state.location.search).toContain('language=Pidgin'));
    await waitFor(() => expect(language).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Courses' })).not.toHaveFocus();
    expect(routeAnnouncer()).toBeEmptyDOMElement();
  });
});
