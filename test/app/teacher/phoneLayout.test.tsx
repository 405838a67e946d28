import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { MORE_LABEL } from '@/components/AreaBar';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { teacherAreaMessages as areaMessages } from '@/features/teacher/area/messages';
import { teacherCourseMessages as courseMessages } from '@/features/teacher/courses/courseMessages';
import { teacherStudentMessages as messages } from '@/features/teacher/students/studentMessages';
import { loggedInAs, renderApp } from '@test/render';
import { mockWindowWidth } from '../site/windowWidth';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

/** Teacher 4 (Amara Obi) owns 'Yoruba for Beginners' (course 1), where Ada Lovelace (7) is enrolled. */
const asTeacher = loggedInAs({ teacher: 4 });

let width: ReturnType<typeof mockWindowWidth>;
beforeEach(() => {
  width = mockWindowWidth(390);
});
afterEach(() => width.restore());

const areaNav = () => screen.getByRole('navigation', { name: areaMessages.areaNavLabel });

describe('the teacher area on a 390 px phone', () => {
  it('shows My Students as cards with the e-mail, the username and the three actions, and no table', async () => {
    renderApp({ route: paths.myStudents, preloadedState: asTeacher });

    const list = await screen.findByRole('list', { name: messages.studentsTableLabel });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(card).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    expect(within(card).getByText(messages.emailColumn)).toBeInTheDocument();
    expect(within(card).getByText('student@academy.test')).toBeInTheDocument();
    expect(within(card).getByText('ada')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: messages.assignmentsOf('Ada Lovelace') })).toHaveAttribute('href', paths.showAssignment(7, 4));
    expect(within(card).getByRole('link', { name: messages.addAssignmentFor('Ada Lovelace') })).toHaveAttribute('href', paths.addAssignment(7, 4));
    expect(within(card).getByRole('link', { name: messagingMessages.messageStudent('Ada Lovelace') })).toBeInTheDocument();
  });

  it('shows My Courses as cards with Edit, Add Chapter and Delete, and Delete asks first', async () => {
    const { user } = renderApp({ route: paths.teacherCourses, preloadedState: asTeacher });

    const list = await screen.findByRole('list', { name: courseMessages.coursesTableLabel });
    const card = within(list).getByRole('listitem', { name: 'Yoruba for Beginners' });
    expect(within(card).getByRole('link', { name: 'Yoruba for Beginners' })).toHaveAttribute('href', paths.courseChapters(1));
    expect(within(card).getByRole('link', { name: 'Edit course Yoruba for Beginners' })).toHaveAttribute('href', paths.editCourse(1));
    expect(within(card).getByRole('link', { name: 'Add Chapter to Yoruba for Beginners' })).toHaveAttribute('href', paths.addChapter(1));

    await user.click(within(card).getByRole('button', { name: 'Delete course Yoruba for Beginners' }));
    expect(await screen.findByRole('dialog', { name: courseMessages.deleteCourseQuestion })).toBeInTheDocument();
  });

  it('keeps the menu in a bar of Dashboard, Courses, My Students, Messages and More, with the rest under More', async () => {
    const { user } = renderApp({ route: paths.myStudents, preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1, name: messages.myStudentsTitle });

    const bar = areaNav();
    expect(within(bar).getAllByRole('link')).toEqual([
      within(bar).getByRole('link', { name: areaMessages.dashboardLink }),
      within(bar).getByRole('link', { name: areaMessages.coursesLink }),
      within(bar).getByRole('link', { name: areaMessages.myStudentsLink }),
      within(bar).getByRole('link', { name: new RegExp(`^${messagingMessages.messagesLink}`) }),
    ]);
    // 'My Students' shows as 'Students' (one line at 320 px), its name in full.
    expect(within(within(bar).getByRole('link', { name: areaMessages.myStudentsLink })).getByText('Students')).toHaveAttribute('aria-hidden', 'true');
    expect(within(bar).getByRole('link', { name: areaMessages.myStudentsLink })).toHaveAttribute('aria-current', 'page');

    await user.click(within(bar).getByRole('button', { name: MORE_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: areaMessages.areaNavLabel });
    expect(within(dialog).getByRole('link', { name: areaMessages.myStudentsLink })).toHaveAttribute('aria-current', 'page');
    await user.click(within(dialog).getByRole('link', { name: areaMessages.profileSettingLink }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: areaMessages.profileSettingLink })).toBeInTheDocument();
    expect(within(areaNav()).getByRole('button', { name: MORE_LABEL })).toBeInTheDocument();
  });

  it("marks Courses on a course's chapters and Messages on a conversation, and not 'More'", async () => {
    const { user } = renderApp({ route: paths.courseChapters(1), preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1 });

    const bar = areaNav();
    expect(within(bar).getByRole('link', { name: areaMessages.coursesLink })).toHaveAttribute('aria-current', 'true');
    expect(within(bar).getByRole('button', { name: MORE_LABEL })).not.toHaveClass('current');

    await user.click(within(bar).getByRole('link', { name: /^Messages/ }));
    await screen.findByRole('heading', { level: 1, name: messagingMessages.messagesLink });
    await user.click(await screen.findByRole('link', { name: /Ada Lovelace/ }));
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(within(areaNav()).getByRole('link', { name: /^Messages/ })).toHaveAttribute('aria-current', 'true');
    expect(within(areaNav()).getByRole('link', { name: areaMessages.coursesLink })).not.toHaveAttribute('aria-current');
    expect(within(areaNav()).getByRole('button', { name: MORE_LABEL })).not.toHaveClass('current');
  });
});
