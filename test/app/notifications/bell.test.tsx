import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@/api';
import { SiteHeader } from '@/features/account/SiteHeader';
import { sentFields } from '@test/handlers/mockDb';
import { answered, loggedInAs, renderWithProviders } from '@test/render';
import { mockEndpoint } from '@test/mockEndpoint';
import { pageLoad } from '../site/pageLoad';

/** The header's bell (issue 37 item 2): the unread count in its name, the newest notifications, read as the menu opens. */
describe('the notification bell', () => {
  const notification = (id: number, text: string, link: string, read: boolean): Notification => ({
    id,
    kind: 'new_assignment',
    text,
    link,
    created_at: `2026-11-2${id}T09:30:00.000Z`,
    read_at: read ? '2026-11-29T10:00:00.000Z' : null,
  });

  it('shows the unread count in its name and a menu of the newest, marking the unread read; Escape gives the focus back', async () => {
    let rows = [
      notification(8, 'New assignment from Amara Okafor: “Describe your town”', '/my-assignments/12', false),
      notification(7, 'Amara Okafor gave feedback on “Greetings”. Mark: good.', '/my-assignments/9', false),
      notification(6, 'New message from Amara Okafor: “Hello”', '/messages/4', true),
    ];
    let marked: Record<string, unknown> | undefined;
    mockEndpoint('listNotifications', () => ({ total: rows.length, unread: rows.filter((row) => row.read_at === null).length, notifications: rows }));
    mockEndpoint('markNotificationsRead', async ({ request }) => {
      marked = await sentFields(request);
      rows = rows.map((row) => ({ ...row, read_at: row.read_at ?? '2026-11-29T11:00:00.000Z' }));
      return { marked: 2, unread: 0 };
    });
    const { user } = renderWithProviders(<SiteHeader />, { route: '/about', preloadedState: loggedInAs({ student: 7 }) });

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, pageLoad);
    await user.click(bell);

    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/my-assignments/12', '/my-assignments/9', '/messages/4']);
    expect(items[0]).toHaveTextContent('New assignment from Amara Okafor: “Describe your town”');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[2]).not.toHaveTextContent('Unread');
    await waitFor(() => expect(marked).toEqual({ ids: '8,7' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('says so when there are none', async () => {
    mockEndpoint('listNotifications', () => ({ total: 0, unread: 0, notifications: [] }));
    const { user } = renderWithProviders(<SiteHeader />, { route: '/about', preloadedState: loggedInAs({ teacher: 4 }) });

    await user.click(await screen.findByRole('button', { name: 'Notifications' }, pageLoad));

    expect(within(await screen.findByRole('menu', { name: 'Notifications' })).getByText('No notifications yet.')).toBeInTheDocument();
  });

  it('is not there on a provider without notifications (404)', async () => {
    const { store } = renderWithProviders(<SiteHeader />, { route: '/about', preloadedState: loggedInAs({ student: 7 }) });

    await screen.findByRole('button', { name: 'Ada Lovelace' }, pageLoad);
    await answered(store, 'listNotifications');
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});
