import { screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { loggedInAs, renderApp } from '@test/render';
import { pageLoad } from '../site/pageLoad';

jest.setTimeout(30_000);

/**
 * 'Skip to main content' lands on the screen's h1 (issue 26 item 10): in the student and teacher
 * areas the area's menu comes first inside main, and landing before its links would skip nothing.
 */
describe('the skip link', () => {
  it("lands on the h1 of an area screen, past the area's menu", async () => {
    const { user } = renderApp({ route: paths.myCourses, preloadedState: loggedInAs({ student: 7 }) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'My Courses' }, pageLoad);
    const menu = screen.getByRole('navigation', { name: 'Student area' });
    expect(within(menu).getAllByRole('link').length).toBeGreaterThan(3);

    await user.click(screen.getByRole('link', { name: 'Skip to main content' }));

    expect(heading).toHaveFocus();
  });

  it('lands on the h1 of a public screen too', async () => {
    const { user } = renderApp({ route: '/about' });
    const heading = await screen.findByRole('heading', { level: 1 }, pageLoad);
    await user.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(heading).toHaveFocus();
  });
});
