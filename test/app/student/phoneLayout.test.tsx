import { act, screen, waitFor, within } from '@testing-library/react';
import { paths, patterns } from '@/config/paths';
import { MyAssignmentsPage } from '@/features/student/area/MyAssignmentsPage';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, renderApp, renderRoute } from '@test/render';
import { mockWindowWidth } from '../site/windowWidth';

const asStudent = loggedInAs({ student: 7 });
/** The fixtures give student 7 'Write five greetings' (pending) from Amara Obi. */
const pendingTitle = 'Write five greetings';

let width: ReturnType<typeof mockWindowWidth>;
beforeEach(() => {
  width = mockWindowWidth(390);
});
afterEach(() => width.restore());

const areaNav = () => screen.getByRole('navigation', { name: 'Student area' });

describe('the student area on a 390 px phone', () => {
  it('shows My Assignments as cards, each with its facts and Mark as Done, and no table', async () => {
    const { user } = renderRoute(patterns.myAssignments, <MyAssignmentsPage />, { preloadedState: asStudent });

    const list = await screen.findByRole('list', { name: 'Assignments' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem', { name: pendingTitle });
    expect(within(card).getByRole('heading', { level: 2, name: pendingTitle })).toBeInTheDocument();
    // Each fact with its label: the column headers of the wide table.
    expect(within(card).getByText('Detail')).toBeInTheDocument();
    expect(within(card).getByText('Use each at the right time of day.')).toBeInTheDocument();
    expect(within(card).getByText('Teacher')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');

    await user.click(within(card).getByRole('button', { name: `Mark as Done: ${pendingTitle}` }));
    expect(await within(card).findByText('Completed')).toBeInTheDocument();
  });

  it('keeps the menu in a bar of four entries and More, the current page marked, the unread messages on Messages', async () => {
    mockDb.messages.push({ id: 90, teacher: 4, student: 7, msg_text: 'Well done', msg_from: 'teacher', msg_time: new Date().toISOString(), read: false });
    renderApp({ route: paths.myCourses, preloadedState: asStudent });

    await screen.findByRole('heading', { level: 1, name: 'My Courses' });
    const bar = areaNav();
    // Named in full; shown short where the full label would not fit a fifth of a 320 px phone.
    expect(within(bar).getAllByRole('link')).toEqual([
      within(bar).getByRole('link', { name: 'Dashboard' }),
      within(bar).getByRole('link', { name: 'My Courses' }),
      within(bar).getByRole('link', { name: 'My Assignments' }),
      within(bar).getByRole('link', { name: /^Messages/ }),
    ]);
    expect(within(within(bar).getByRole('link', { name: 'My Courses' })).getByText('Courses')).toHaveAttribute('aria-hidden', 'true');
    expect(within(within(bar).getByRole('link', { name: 'My Assignments' })).getByText('Assignments')).toHaveAttribute('aria-hidden', 'true');
    expect(within(bar).getByRole('link', { name: 'My Courses' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(await within(bar).findByRole('link', { name: 'Messages 1 unread message' })).toHaveAttribute('href', paths.studentMessages);
    expect(within(bar).getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
    // The nine-link column is gone: Logout, Profile Setting... are under More.
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it("marks My Assignments on one assignment's page and Messages on a conversation, and not 'More'", async () => {
    const { user } = renderApp({ route: paths.studentAssignment(21), preloadedState: asStudent });
    await screen.findByRole('heading', { level: 1, name: pendingTitle });

    let bar = areaNav();
    // 'true': the reader is below the entry, not on its page.
    expect(within(bar).getByRole('link', { name: 'My Assignments' })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(within(bar).getByRole('button', { name: 'More' })).not.toHaveClass('current');
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const dialog = await screen.findByRole('dialog', { name: 'Student area' });
    expect(within(dialog).getByRole('link', { name: 'My Assignments' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(bar).getByRole('link', { name: /^Messages/ }));
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    await user.click(await screen.findByRole('link', { name: /Amara Obi/ }));
    await screen.findByRole('heading', { level: 1, name: 'Amara Obi' });
    bar = areaNav();
    expect(within(bar).getByRole('link', { name: /^Messages/ })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).getByRole('link', { name: 'My Assignments' })).not.toHaveAttribute('aria-current');
    expect(within(bar).getByRole('button', { name: 'More' })).not.toHaveClass('current');
  });

  it("opens every entry under More in a dialog, the current page marked there, and Escape or Close gives the focus back to 'More'", async () => {
    const { user } = renderApp({ route: paths.myCourses, preloadedState: asStudent });
    await screen.findByRole('heading', { level: 1, name: 'My Courses' });

    const more = within(areaNav()).getByRole('button', { name: 'More' });
    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Student area' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      expect.arrayContaining(['My Courses', 'Profile Setting', 'Change Password', 'Logout', 'Recommended Courses']),
    );
    expect(within(dialog).getByRole('link', { name: 'My Courses' })).toHaveAttribute('aria-current', 'page');
    expect(dialog).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Recommended Courses' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Courses' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(areaNav()).getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it('turns the cards into the table, and the bar into the column, when the window widens', async () => {
    renderApp({ route: paths.myAssignments, preloadedState: asStudent });
    await screen.findByRole('list', { name: 'Assignments' });

    act(() => width.resizeTo(1280));
    expect(await screen.findByRole('table', { name: 'Assignments' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Assignments' })).not.toBeInTheDocument();
    expect(within(areaNav()).getByRole('link', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });
});
