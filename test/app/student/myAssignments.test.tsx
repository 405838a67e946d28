import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { MyAssignmentsPage, UNDO_MS } from '@/features/student/area/MyAssignmentsPage';
import { StudentAreaLayout } from '@/features/student/area/StudentAreaLayout';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import { shortDate } from '@/features/student/assignments/assignmentState';
import { mockDb } from '@test/handlers/mockDb';
import type { Failure } from '@test/handlers/endpoint';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls, recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

const asStudent = loggedInAs({ student: 7 });

/** The fixtures give student 7 'Write five greetings' (pending) and 'Count to ten' (completed). */
const pendingTitle = 'Write five greetings';
const completedTitle = 'Count to ten';

function openAssignments(route: string = paths.myAssignments) {
  return renderRoute(patterns.myAssignments, <MyAssignmentsPage />, { route, preloadedState: asStudent });
}

/** My Assignments and the dashboard in the student area's layout, moved between by its menu. */
function openInArea(route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<StudentAreaLayout />}>
        <Route path={patterns.myAssignments} element={<MyAssignmentsPage />} />
        <Route path={patterns.studentDashboard} element={<StudentDashboardPage />} />
      </Route>
    </Routes>,
    { route, preloadedState: asStudent },
  );
}

/** Our texts beside the spec's ('Mark as Done', 'Completed', 'No assignment yet', the dashboard's counts). */
const messages = {
  markedDone: 'The assignment has been marked as done.',
  undoNamed: (title: string) => `Undo: ${title}`,
};
const markAsDone = (title: string) => `Mark as Done: ${title}`;

const table = () => screen.findByRole('table', { name: 'Assignments' });
const rowOf = (title: string) => screen.findByRole('row', { name: (name) => name.startsWith(`${title} `) });
const titlesShown = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

afterEach(() => {
  jest.useRealTimers();
});

describe('my assignments', () => {
  it('lists the assignments with Name, Detail, Teacher (linked) and Action', async () => {
    openAssignments();

    expect(await screen.findByRole('heading', { level: 1, name: 'My Assignments' })).toBeInTheDocument();
    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Detail', 'Teacher', 'Action']);

    const pending = await rowOf(pendingTitle);
    expect(within(pending).getByText('Use each at the right time of day.')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    const markDone = within(pending).getByRole('button', { name: markAsDone(pendingTitle) });
    expect(markDone).toBeEnabled();
    expect(markDone).toHaveTextContent('Mark as Done');
    expect(within(pending).queryByText('Completed')).not.toBeInTheDocument();

    const completed = await rowOf(completedTitle);
    expect(within(completed).getByText('Completed')).toBeInTheDocument();
    expect(within(completed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the kind, due date and state on a provider with the extensions, and links answers to their page', async () => {
    const day = 24 * 60 * 60 * 1000;
    const teacher = { id: 4, full_name: 'Amara Obi' };
    const soon = new Date(Date.now() + 5 * day).toISOString();
    const past = new Date(Date.now() - 3 * day).toISOString();
    mockDb.assignments = [
      { id: 31, title: 'Count to twenty', detail: 'Out loud.', student: 7, teacher, student_status: false, answer_kind: 'voice', due_at: soon, answer: null, feedback: null },
      { id: 32, title: 'Describe your town', detail: 'In Spanish.', student: 7, teacher, student_status: false, answer_kind: 'text', due_at: past, answer: null, feedback: null },
      {
        id: 33,
        title: 'Read a poem',
        detail: 'Aloud.',
        student: 7,
        teacher,
        student_status: true,
        answer_kind: 'voice',
        due_at: null,
        answer: { voice: '/media/a.webm', answered_at: past },
        feedback: { text: 'Lovely', mark: 'good', marked_at: past },
      },
      { id: 34, title: 'Watch chapter 2', detail: '', student: 7, teacher, student_status: false, answer_kind: 'done', due_at: null, answer: null, feedback: null },
    ];
    openAssignments();

    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Detail', 'Teacher', 'Status', 'Action']);

    const voice = await rowOf('Count to twenty');
    expect(within(voice).getByText('Answer: Voice')).toBeInTheDocument();
    expect(within(voice).getByText(`Due ${shortDate(soon)}`)).toBeInTheDocument();
    expect(within(voice).getByText('To do')).toBeInTheDocument();
    expect(within(voice).getByRole('link', { name: 'Answer: Count to twenty' })).toHaveAttribute('href', '/my-assignments/31');
    expect(within(voice).queryByRole('button', { name: /Mark as Done/ })).not.toBeInTheDocument();

    const late = await rowOf('Describe your town');
    expect(within(late).getByText(`Late: was due ${shortDate(past)}`)).toBeInTheDocument();

    const marked = await rowOf('Read a poem');
    expect(within(marked).getByText('Marked: Good')).toBeInTheDocument();
    expect(within(marked).getByRole('link', { name: 'View: Read a poem' })).toHaveAttribute('href', '/my-assignments/33');

    const doneOnly = await rowOf('Watch chapter 2');
    expect(within(doneOnly).getByRole('button', { name: markAsDone('Watch chapter 2') })).toBeInTheDocument();
  });

  it("says 'No assignment yet' when the student has none", async () => {
    mockDb.assignments = [];
    openAssignments();

    expect(await screen.findByText('No assignment yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([
    ['pending', paths.myAssignmentsWithStatus('pending'), [pendingTitle]],
    ['completed', paths.myAssignmentsWithStatus('completed'), [completedTitle]],
    ['all', paths.myAssignments, [pendingTitle, completedTitle]],
  ])('opens with the %s filter from the address', async (filter, route, titles) => {
    openAssignments(route);

    await table();
    expect(titlesShown()).toEqual(titles);
    const label = { pending: 'Pending', completed: 'Completed', all: 'All' }[filter]!;
    expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(label);
  });

  it('keeps the chosen filter in the address', async () => {
    const { user, router } = openAssignments();

    await table();
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    expect(titlesShown()).toEqual([completedTitle]);

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(titlesShown()).toEqual([pendingTitle]);

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(titlesShown()).toEqual([pendingTitle, completedTitle]);
  });

  it("says 'No assignment available' when the filter leaves nothing", async () => {
    mockDb.assignments = mockDb.assignments.filter((assignment) => assignment.student_status);
    openAssignments(paths.myAssignmentsWithStatus('pending'));

    expect(await screen.findByText('No assignment available')).toBeInTheDocument();
    expect(screen.queryByText('No assignment yet')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  });

  it("marks an assignment done at once with Undo for 10 seconds, then sends the spec's fields", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const sent = recordSent('updateAssignment');
    const { user } = openAssignments();

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) }));

    // Shown done at once, with Undo (focused); nothing is sent yet.
    const row = await rowOf(pendingTitle);
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: messages.undoNamed(pendingTitle) })).toHaveFocus();
    expect(await screen.findByText(messages.markedDone)).toBeInTheDocument();
    await act(() => jest.advanceTimersByTime(UNDO_MS - 1000));
    expect(sent).toEqual([]);

    await act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(within(await rowOf(pendingTitle)).queryByRole('button')).not.toBeInTheDocument();
    // The badge is a plain element (no role to query by): check where the focus went instead.
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Completed'));
    expect(sent.map(({ params, fields }) => ({ id: params.id, fields }))).toEqual([
      {
        id: '21',
        fields: { student_status: 'true', title: pendingTitle, detail: 'Use each at the right time of day.', student: '7', teacher: '4' },
      },
    ]);
  });

  it('sends nothing when Undo is pressed within 10 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = recordCalls('updateAssignment');
    const { user } = openAssignments();

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) }));
    await act(() => jest.advanceTimersByTime(9000));
    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: messages.undoNamed(pendingTitle) }));

    const markDone = within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) });
    expect(markDone).toHaveFocus();
    expect(screen.getByText(`'${pendingTitle}' is to do again.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(messages.markedDone)).not.toBeInTheDocument());
    await act(() => jest.advanceTimersByTime(UNDO_MS * 2));
    expect(calls).toEqual([]);
    expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(false);
  });

  it('sends a mark at once when the tab is hidden, so it is never lost', async () => {
    const sent = recordSent('updateAssignment');
    const { user } = openAssignments();

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) }));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    delete (document as { visibilityState?: unknown }).visibilityState;

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(within(await rowOf(pendingTitle)).queryByRole('button', { name: messages.undoNamed(pendingTitle) })).not.toBeInTheDocument();
  });

  it('takes a row marked done off the Pending tab once it can no longer be undone', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { user } = openAssignments(paths.myAssignmentsWithStatus('pending'));

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) }));
    expect(await rowOf(pendingTitle)).toBeInTheDocument();
    await act(() => jest.advanceTimersByTime(UNDO_MS));

    expect(await screen.findByText('No assignment available')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveFocus());
    await waitFor(() => expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(true));
  });

  it.each<[string, Failure, string | undefined, string]>([
    ['the provider refuses', 400, 'This assignment is already completed.', 'This assignment is already completed.'],
    ['the server fails', 500, undefined, 'The server ran into a problem. Please try again in a few minutes.'],
    ['the network fails', 'network', undefined, 'No response from the server. Please try again later.'],
  ])('says why and leaves the row pending when %s', async (_case, kind, msg, text) => {
    failEndpoint('updateAssignment', kind, { msg });
    const { user } = openAssignments();

    jest.useFakeTimers({ advanceTimers: true });
    const button = within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) });
    await user.click(button);
    await act(() => jest.advanceTimersByTime(UNDO_MS));

    const row = await rowOf(pendingTitle);
    expect(await within(row).findByRole('alert')).toHaveTextContent(text);
    expect(within(row).getByRole('button', { name: markAsDone(pendingTitle) })).toBeEnabled();
    expect(within(row).queryByText('Completed')).not.toBeInTheDocument();
    expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(false);
  });

  // The dashboard, reached through the area's menu, follows the mark.
  it('sends a mark at once when the student leaves the page, and the dashboard counts follow', async () => {
    const { user } = openInArea(paths.myAssignments);

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) }));
    await within(await rowOf(pendingTitle)).findByText('Completed');

    const sidebar = screen.getByRole('navigation', { name: 'Student area' });
    await user.click(within(sidebar).getByRole('link', { name: 'Dashboard' }));

    const count = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
    // The dashboard shows what it read before at once, then the counts the provider answers once
    // the mark has reached it: wait for those.
    expect(await screen.findByRole('link', { name: '2 Completed Assignments' })).toHaveTextContent('2Completed Assignments');
    expect(await count('Pending Assignments')).toHaveTextContent('0Pending Assignments');
  });

  it('refreshes the counts of a dashboard already read', async () => {
    const { user } = openInArea(paths.studentDashboard);
    const count = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
    expect(await count('Pending Assignments')).toHaveTextContent('1Pending Assignments');

    const sidebar = screen.getByRole('navigation', { name: 'Student area' });
    await user.click(within(sidebar).getByRole('link', { name: 'My Assignments' }));
    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: markAsDone(pendingTitle) }));
    await within(await rowOf(pendingTitle)).findByText('Completed');
    await user.click(within(sidebar).getByRole('link', { name: 'Dashboard' }));

    // The dashboard shows what it read before at once, then the counts the provider answers once
    // the mark has reached it: wait for those.
    expect(await screen.findByRole('link', { name: '2 Completed Assignments' })).toHaveTextContent('2Completed Assignments');
    expect(await count('Pending Assignments')).toHaveTextContent('0Pending Assignments');
    // A provider without the assignment extensions: only the spec's counts.
    expect(screen.queryByRole('link', { name: /Assignments due/ })).not.toBeInTheDocument();
  });

  it("adds the due, late, answered and marked counts to the dashboard when the provider sends them", async () => {
    mockEndpoint('getStudentDashboard', {
      status: 200,
      body: {
        enrolled_courses: 2,
        complete_assignments: 5,
        pending_assignments: 4,
        assignments_due: 3,
        assignments_late: 1,
        assignments_answered: 2,
        assignments_marked: 3,
      },
    });
    renderRoute(patterns.studentDashboard, <StudentDashboardPage />, { preloadedState: asStudent });

    const count = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
    expect(await count('Assignments due')).toHaveTextContent('3 Assignments due');
    expect(await count('Assignments due')).toHaveAttribute('href', paths.myAssignmentsWithStatus('pending'));
    expect(await count('Late assignments')).toHaveTextContent('1 Late assignments');
    expect(await count('Answers awaiting a mark')).toHaveAttribute('href', paths.myAssignmentsWithStatus('completed'));
    expect(await count('Marked assignments')).toHaveTextContent('3 Marked assignments');
  });
});
