import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { CLOSE_MORE_LABEL, MORE_LABEL } from '@/components/AreaBar';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { studentAreaMessages as messages } from '@/features/student/area/messages';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, renderApp } from '@test/render';
import { mockWindowWidth } from '../site/windowWidth';

const asStudent = loggedInAs({ student: 7 });
/** The fixtures give student 7 'Write five greetings' (pending) from Amara Obi. */
const pendingTitle = 'Write five greetings';

let width: ReturnType<typeof mockWindowWidth>;
beforeEach(() => {
  width = mockWindowWidth(390);
});
afterEach(() => width.restore());

const areaNav = () => screen.getByRole('navigation', { name: messages.areaNavLabel });

describe('the student area on a 390 px phone', () => {
  it('shows My Assignments as cards, each with its facts and Mark as Done, and no table', async () => {
    const { user } = renderApp({ route: paths.myAssignments, preloadedState: asStudent });

    const list = await screen.findByRole('list', { name: messages.assignmentsTableLabel });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem', { name: pendingTitle });
    expect(within(card).getByRole('heading', { level: 2, name: pendingTitle })).toBeInTheDocument();
    // Each fact with its label: the column headers of the wide table.
    expect(within(card).getByText(messages.detailColumn)).toBeInTheDocument();
    expect(within(card).getByText('Use each at the right time of day.')).toBeInTheDocument();
    expect(within(card).getByText(messages.teacherColumn)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');

    await user.click(within(card).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) }));
    expect(await within(card).findByText('Completed')).toBeInTheDocument();
  });

  it('keeps the menu in a bar of four entries and More, the current page marked, the unread messages on Messages', async () => {
    mockDb.messages.push({ id: 90, teacher: 4, student: 7, msg_text: 'Well done', msg_from: 'teacher', msg_time: new Date().toISOString(), read: false });
    renderApp({ route: paths.myCourses, preloadedState: asStudent });

    await screen.findByRole('heading', { level: 1, name: messages.myCoursesTitle });
    const bar = areaNav();
    // Named in full; shown short where the full label would not fit a fifth of a 320 px phone.
    expect(within(bar).getAllByRole('link')).toEqual([
      within(bar).getByRole('link', { name: messages.dashboardLink }),
      within(bar).getByRole('link', { name: messages.myCoursesLink }),
      within(bar).getByRole('link', { name: messages.myAssignmentsLink }),
      within(bar).getByRole('link', { name: new RegExp(`^${messagingMessages.messagesLink}`) }),
    ]);
    expect(within(within(bar).getByRole('link', { name: messages.myCoursesLink })).getByText('Courses')).toHaveAttribute('aria-hidden', 'true');
    expect(within(within(bar).getByRole('link', { name: messages.myAssignmentsLink })).getByText('Assignments')).toHaveAttribute('aria-hidden', 'true');
    expect(within(bar).getByRole('link', { name: messages.myCoursesLink })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: messages.dashboardLink })).not.toHaveAttribute('aria-current');
    expect(await within(bar).findByRole('link', { name: `${messagingMessages.messagesLink} ${messagingMessages.unreadCount(1)}` })).toHaveAttribute('href', paths.studentMessages);
    expect(within(bar).getByRole('button', { name: MORE_LABEL })).toHaveAttribute('aria-expanded', 'false');
    // The nine-link column is gone: Logout, Profile Setting... are under More.
    expect(screen.queryByRole('link', { name: messages.logoutLink })).not.toBeInTheDocument();
  });

  it("marks My Assignments on one assignment's page and Messages on a conversation, and not 'More'", async () => {
    const { user } = renderApp({ route: paths.studentAssignment(21), preloadedState: asStudent });
    await screen.findByRole('heading', { level: 1, name: pendingTitle });

    let bar = areaNav();
    // 'true': the reader is below the entry, not on its page.
    expect(within(bar).getByRole('link', { name: messages.myAssignmentsLink })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(within(bar).getByRole('button', { name: MORE_LABEL })).not.toHaveClass('current');
    await user.click(within(bar).getByRole('button', { name: MORE_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: messages.areaNavLabel });
    expect(within(dialog).getByRole('link', { name: messages.myAssignmentsLink })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(bar).getByRole('link', { name: /^Messages/ }));
    await screen.findByRole('heading', { level: 1, name: messagingMessages.messagesLink });
    await user.click(await screen.findByRole('link', { name: /Amara Obi/ }));
    await screen.findByRole('heading', { level: 1, name: 'Amara Obi' });
    bar = areaNav();
    expect(within(bar).getByRole('link', { name: /^Messages/ })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).getByRole('link', { name: messages.myAssignmentsLink })).not.toHaveAttribute('aria-current');
    expect(within(bar).getByRole('button', { name: MORE_LABEL })).not.toHaveClass('current');
  });

  it("opens every entry under More in a dialog, the current page marked there, and Escape or Close gives the focus back to 'More'", async () => {
    const { user } = renderApp({ route: paths.myCourses, preloadedState: asStudent });
    await screen.findByRole('heading', { level: 1, name: messages.myCoursesTitle });

    const more = within(areaNav()).getByRole('button', { name: MORE_LABEL });
    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: messages.areaNavLabel });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      expect.arrayContaining([messages.myCoursesLink, messages.profileSettingLink, 'Change Password', messages.logoutLink, messages.recommendedCoursesLink]),
    );
    expect(within(dialog).getByRole('link', { name: messages.myCoursesLink })).toHaveAttribute('aria-current', 'page');
    expect(dialog).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: CLOSE_MORE_LABEL }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: messages.recommendedCoursesLink }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.recommendedCoursesTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(areaNav()).getByRole('button', { name: MORE_LABEL })).toBeInTheDocument();
  });

  it('turns the cards into the table, and the bar into the column, when the window widens', async () => {
    renderApp({ route: paths.myAssignments, preloadedState: asStudent });
    await screen.findByRole('list', { name: messages.assignmentsTableLabel });

    act(() => width.resizeTo(1280));
    expect(await screen.findByRole('table', { name: messages.assignmentsTableLabel })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: messages.assignmentsTableLabel })).not.toBeInTheDocument();
    expect(within(areaNav()).getByRole('link', { name: messages.logoutLink })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MORE_LABEL })).not.toBeInTheDocument();
  });
});
