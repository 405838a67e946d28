import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@test/render';
import { pageLoad } from '../site/pageLoad';

/** The phone menu (issue 26 item 6): a named dialog with a way out that gives the focus back. */
describe('the phone menu', () => {
  async function openMenu() {
    const view = renderApp({ route: '/about' });
    await screen.findByRole('heading', { level: 1 }, pageLoad);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await view.user.click(toggle);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    return { ...view, toggle, menu };
  }

  it('opens as a dialog named by its visible heading, with the links and a Close button', async () => {
    const { toggle, menu } = await openMenu();

    expect(within(menu).getByRole('heading', { name: 'Menu' })).toBeVisible();
    expect(within(menu).getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'About Us' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes with its Close button and gives the focus back to the toggle', async () => {
    const { user, toggle, menu } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape too, the focus back on the toggle', async () => {
    const { user, toggle } = await openMenu();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });
});
