import { screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from '@/features/student/area/messages';
import { mockDb } from '@test/handlers/mockDb';
import type { Failure } from '@test/handlers/endpoint';
import { failEndpoint, holdEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asStudent = loggedInAs({ student: 7 });

/** The fixtures give student 7 'Write five greetings' (pending) and 'Count to ten' (completed). */
const pendingTitle = 'Write five greetings';
const completedTitle = 'Count to ten';

function openAssignments(route: string = paths.myAssignments) {
  return renderApp({ route, preloadedState: asStudent });
}

const table = () => screen.findByRole('table', { name: messages.assignmentsTableLabel });
const rowOf = (title: string) => screen.findByRole('row', { name: (name) => name.startsWith(`${title} `) });
const titlesShown = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

describe('my assignments', () => {
  it('lists the assignments with Name, Detail, Teacher (linked) and Action', async () => {
    openAssignments();

    expect(await screen.findByRole('heading', { level: 1, name: messages.myAssignmentsTitle })).toBeInTheDocument();
    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([messages.nameColumn, messages.detailColumn, messages.teacherColumn, messages.actionColumn]);

    const pending = await rowOf(pendingTitle);
    expect(within(pending).getByText('Use each at the right time of day.')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    const markDone = within(pending).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) });
    expect(markDone).toBeEnabled();
    expect(markDone).toHaveTextContent(messages.markAsDone);
    expect(within(pending).queryByText(messages.completedBadge)).not.toBeInTheDocument();

    const completed = await rowOf(completedTitle);
    expect(within(completed).getByText(messages.completedBadge)).toBeInTheDocument();
    expect(within(completed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the assignments load', async () => {
    holdEndpoint('listMyAssignments');
    openAssignments();

    expect(await screen.findByRole('status', { name: messages.loadingAssignments })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'No assignment yet' when the student has none", async () => {
    mockDb.assignments = [];
    openAssignments();

    expect(await screen.findByText(messages.noAssignmentYet)).toBeInTheDocument();
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
    const label = { pending: messages.filterPending, completed: messages.filterCompleted, all: messages.filterAll }[filter]!;
    expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(label);
  });

  it('keeps the chosen filter in the address', async () => {
    const { user, router } = openAssignments();

    await table();
    await user.click(screen.getByRole('tab', { name: messages.filterCompleted }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    expect(titlesShown()).toEqual([completedTitle]);

    await user.click(screen.getByRole('tab', { name: messages.filterPending }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(titlesShown()).toEqual([pendingTitle]);

    await user.click(screen.getByRole('tab', { name: messages.filterAll }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(titlesShown()).toEqual([pendingTitle, completedTitle]);
  });

  it("says 'No assignment available' when the filter leaves nothing", async () => {
    mockDb.assignments = mockDb.assignments.filter((assignment) => assignment.student_status);
    openAssignments(paths.myAssignmentsWithStatus('pending'));

    expect(await screen.findByText(messages.noAssignmentAvailable)).toBeInTheDocument();
    expect(screen.queryByText(messages.noAssignmentYet)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: messages.filterPending })).toHaveAttribute('aria-selected', 'true');
  });

  it('says why the list could not be loaded and loads it again on Retry', async () => {
    failEndpoint('listMyAssignments', 500, { once: true });
    const { user } = openAssignments();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(errorMessages.server);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await rowOf(pendingTitle)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a network failure in the classifier's words", async () => {
    failEndpoint('listMyAssignments', 'network');
    openAssignments();

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.network);
  });

  it("marks an assignment done: sends the spec's fields, shows 'Completed' and moves the focus to it", async () => {
    const sent = recordSent('updateAssignment');
    const { user } = openAssignments();

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) }));

    expect(await within(await rowOf(pendingTitle)).findByText(messages.completedBadge)).toBeInTheDocument();
    expect(within(await rowOf(pendingTitle)).queryByRole('button', { name: messages.markAsDoneNamed(pendingTitle) })).not.toBeInTheDocument();
    // The badge is a plain element (no role to query by): check where the focus went instead.
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toHaveTextContent(messages.completedBadge));
    expect(await screen.findByText(messages.markedDone)).toBeInTheDocument();
    expect(sent.map(({ params, fields }) => ({ id: params.id, fields }))).toEqual([
      {
        id: '21',
        fields: { student_status: 'true', title: pendingTitle, detail: 'Use each at the right time of day.', student: '7', teacher: '4' },
      },
    ]);
  });

  it('takes a row marked done off the Pending tab', async () => {
    const { user } = openAssignments(paths.myAssignmentsWithStatus('pending'));

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) }));

    expect(await screen.findByText(messages.noAssignmentAvailable)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveFocus());
    expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(true);
  });

  it.each<[string, Failure, string | undefined, string]>([
    ['the provider refuses', 400, 'This assignment is already completed.', 'This assignment is already completed.'],
    ['the server fails', 500, undefined, errorMessages.server],
    ['the network fails', 'network', undefined, errorMessages.network],
  ])('says why and leaves the row pending when %s', async (_case, kind, msg, text) => {
    failEndpoint('updateAssignment', kind, { msg });
    const { user } = openAssignments();

    const button = within(await rowOf(pendingTitle)).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) });
    await user.click(button);

    const row = await rowOf(pendingTitle);
    expect(await within(row).findByRole('alert')).toHaveTextContent(text);
    expect(within(row).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) })).toBeEnabled();
    expect(within(row).queryByText(messages.completedBadge)).not.toBeInTheDocument();
    expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(false);
  });

  it('changes the dashboard counts once an assignment is marked done', async () => {
    const { user } = openAssignments();

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) }));
    await within(await rowOf(pendingTitle)).findByText(messages.completedBadge);

    const sidebar = screen.getByRole('navigation', { name: messages.areaNavLabel });
    await user.click(within(sidebar).getByRole('link', { name: messages.dashboardLink }));

    const count = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
    expect(await count(messages.completedAssignments)).toHaveTextContent(`2${messages.completedAssignments}`);
    expect(await count(messages.pendingAssignments)).toHaveTextContent(`0${messages.pendingAssignments}`);
  });

  it('refreshes the counts of a dashboard already read', async () => {
    const { user } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });
    const count = (label: string) => screen.findByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
    expect(await count(messages.pendingAssignments)).toHaveTextContent(`1${messages.pendingAssignments}`);

    const sidebar = screen.getByRole('navigation', { name: messages.areaNavLabel });
    await user.click(within(sidebar).getByRole('link', { name: messages.myAssignmentsLink }));
    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: messages.markAsDoneNamed(pendingTitle) }));
    await within(await rowOf(pendingTitle)).findByText(messages.completedBadge);
    await user.click(within(sidebar).getByRole('link', { name: messages.dashboardLink }));

    expect(await count(messages.completedAssignments)).toHaveTextContent(`2${messages.completedAssignments}`);
    expect(await count(messages.pendingAssignments)).toHaveTextContent(`0${messages.pendingAssignments}`);
  });
});
