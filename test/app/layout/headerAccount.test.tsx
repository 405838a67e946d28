import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { SiteHeader } from '@/features/account/SiteHeader';
import { failEndpoint, holdEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp, renderWithProviders } from '@test/render';
import { pageLoad } from '../site/pageLoad';

/** The header knows who is logged in (issue 21 item 2): an account button and menu, and login entries that lead to the dashboard. */
describe('the header of a logged-in person', () => {
  const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

  /** The header alone, on /about; the whole app where a test goes on to another page. */
  async function openAt(route: string, sessions?: { student?: number; teacher?: number }, { wholeApp = false } = {}) {
    const preloadedState = sessions ? loggedInAs(sessions) : undefined;
    const view = wholeApp ? renderApp({ route, preloadedState }) : renderWithProviders(<SiteHeader />, { route, preloadedState });
    await screen.findByRole(wholeApp ? 'heading' : 'banner', wholeApp ? { level: 1 } : {}, pageLoad);
    return view;
  }

  async function openAccountMenu(user: UserEvent, name: string) {
    const button = await screen.findByRole('button', { name });
    await user.click(button);
    const menu = await screen.findByRole('menu', { name }, pageLoad);
    return { button, menu };
  }

  const itemNames = (group: HTMLElement) => within(group).getAllByRole('menuitem').map((item) => item.textContent);

  it('is the header of spec 2.1 when nobody is logged in: login entries, APPLY AS A TEACHER, no account button', async () => {
    await openAt('/about');

    expect(within(mainNav()).getByRole('link', { name: 'Teacher' })).toHaveAttribute('href', '/teacher-login');
    expect(within(mainNav()).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-login');
    expect(screen.getByRole('link', { name: 'APPLY AS A TEACHER' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'My account' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Open menu']);
  });

  it('shows a logged-in student their name, and a menu of their area with the unread messages, which Escape closes', async () => {
    mockEndpoint('getStudentUnreadMessages', () => ({ total: 2, conversations: [{ teacher_id: 4, student_id: 7, unread: 2 }] }));
    const { user } = await openAt('/about', { student: 7 });

    const { button, menu } = await openAccountMenu(user, 'Ada Lovelace');

    expect(button).toHaveAttribute('aria-expanded', 'true');
    const group = within(menu).getByRole('group', { name: 'Student: Ada Lovelace' });
    await waitFor(() => expect(within(group).getByRole('menuitem', { name: /Messages/ })).toHaveTextContent('2 unread messages'));
    expect(itemNames(group)).toEqual(['Dashboard', 'My Courses', 'My Assignments', 'Messages2 unread messages', 'Profile Setting', 'Logout']);
    expect(within(group).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    expect(within(group).getByRole('menuitem', { name: /Messages/ })).toHaveAttribute('href', '/messages');

    // Escape gives the focus back to the account button.
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('leads the Students entry to the dashboard of a logged-in student, keeps Teacher on its login and APPLY AS A TEACHER', async () => {
    await openAt('/about', { student: 7 });

    expect(within(mainNav()).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-dashboard');
    expect(within(mainNav()).getByRole('link', { name: 'Teacher' })).toHaveAttribute('href', '/teacher-login');
    expect(screen.getByRole('link', { name: 'APPLY AS A TEACHER' })).toBeInTheDocument();
  });

  it('opens the chosen page from the menu, its title focused', async () => {
    const { user } = await openAt('/about', { student: 7 }, { wholeApp: true });
    const { menu } = await openAccountMenu(user, 'Ada Lovelace');

    await user.click(within(menu).getByRole('menuitem', { name: 'My Courses' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'My Courses' }, pageLoad);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The new page's title takes the focus, not the account button.
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('logs the student out from the menu: the login page, and the header forgets them', async () => {
    const { user, store } = await openAt('/about', { student: 7 }, { wholeApp: true });
    const { menu } = await openAccountMenu(user, 'Ada Lovelace');

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Student Login' }, pageLoad)).toBeInTheDocument();
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
    expect(screen.queryByRole('button', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-login');
  });

  it('says "My account" while the name loads', async () => {
    holdEndpoint('getStudent');
    await openAt('/about', { student: 7 });

    expect(screen.getByRole('button', { name: 'My account' })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('says "My account" when the name cannot be read, and the menu still works', async () => {
    failEndpoint('getStudent', 500);
    const { user } = await openAt('/about', { student: 7 });

    const { menu } = await openAccountMenu(user, 'My account');

    expect(within(menu).getByRole('group', { name: 'Student' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/student-logout');
  });

  it('shows a logged-in teacher their name and a menu of the teacher area, without APPLY AS A TEACHER', async () => {
    mockEndpoint('getTeacherUnreadMessages', () => ({ total: 1, conversations: [{ teacher_id: 4, student_id: 7, unread: 1 }] }));
    const { user } = await openAt('/about', { teacher: 4 });

    expect(screen.queryByRole('link', { name: 'APPLY AS A TEACHER' })).not.toBeInTheDocument();
    const { menu } = await openAccountMenu(user, 'Amara Obi');

    const group = within(menu).getByRole('group', { name: 'Teacher: Amara Obi' });
    await waitFor(() => expect(within(group).getByRole('menuitem', { name: /Messages/ })).toHaveTextContent('1 unread message'));
    expect(itemNames(group)).toEqual(['Dashboard', 'Courses', 'Add Course', 'My Students', 'Messages1 unread message', 'Profile Setting', 'Logout']);
    expect(within(group).getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/teacher-logout');
  });

  it("leads the Teacher entry to a logged-in teacher's dashboard", async () => {
    const { user, router } = await openAt('/about', { teacher: 4 });

    await user.click(within(mainNav()).getByRole('link', { name: 'Teacher' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-dashboard'));
    expect(within(mainNav()).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-login');
  });

  it('shows both sides when a student and a teacher are logged in', async () => {
    const { user } = await openAt('/about', { student: 7, teacher: 4 });
    expect(within(mainNav()).getByRole('link', { name: 'Teacher' })).toHaveAttribute('href', '/teacher-dashboard');
    expect(within(mainNav()).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-dashboard');

    const { menu } = await openAccountMenu(user, 'My account');

    expect(await within(menu).findByRole('group', { name: 'Student: Ada Lovelace' })).toBeInTheDocument();
    expect(await within(menu).findByRole('group', { name: 'Teacher: Amara Obi' })).toBeInTheDocument();
  });

  it('puts the account entries in the phone menu too', async () => {
    mockEndpoint('getStudentUnreadMessages', () => ({ total: 2, conversations: [{ teacher_id: 4, student_id: 7, unread: 2 }] }));
    const { user } = await openAt('/about', { student: 7 });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });

    const account = await within(drawer).findByRole('navigation', { name: 'My account' }, pageLoad);
    expect(within(account).getByRole('heading', { name: 'Student: Ada Lovelace' })).toBeInTheDocument();
    expect(await within(account).findByRole('link', { name: 'Messages 2 unread messages' })).toHaveAttribute('href', '/messages');
    expect(within(account).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/student-logout');
    expect(within(drawer).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student-dashboard');
  });
});
