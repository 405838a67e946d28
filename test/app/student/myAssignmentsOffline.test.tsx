import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { api } from '@/api';
import { makeStore } from '@/app/store';
import { mockDb } from '@test/handlers/mockDb';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';
import { goOffline, goOnline, keptChanges, withOutboxKit } from '@test/app/offline/outboxTestKit';

withOutboxKit();

const asStudent = loggedInAs({ student: 7 });
const pendingTitle = 'Write five greetings';

const rowOf = (title: string) => screen.findByRole('row', { name: (name) => name.startsWith(`${title} `) });

/** Sends the marks waiting for their 10 seconds at once, as hiding the tab does. */
function hideTab() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  act(() => document.dispatchEvent(new Event('visibilitychange')));
  delete (document as { visibilityState?: unknown }).visibilityState;
}

describe('my assignments offline', () => {
  it("keeps a 'Mark as Done' made offline, shows it done with a quiet note, and sends it when the connection is back", async () => {
    const sent = recordSent('updateAssignment');
    const { user } = renderApp({ route: paths.myAssignments, preloadedState: asStudent });
    await rowOf(pendingTitle);
    goOffline();

    await user.click(within(await rowOf(pendingTitle)).getByRole('button', { name: 'Mark as Done: Write five greetings' }));
    hideTab();

    const row = await rowOf(pendingTitle);
    expect(await within(row).findByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Undo: Write five greetings' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Mark as Done: Write five greetings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(await keptChanges()).toMatchObject([{ endpoint: 'updateAssignment', path: '/update-assignment/21/', method: 'PUT' }]);

    goOnline();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields).toMatchObject({ student_status: 'true', student: '7', teacher: '4' });
    await waitFor(() => expect(screen.queryByText('Saved on this device: will be sent when you are back online.')).not.toBeInTheDocument());
    expect(within(await rowOf(pendingTitle)).getByText('Completed')).toBeInTheDocument();
    expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(true);
  });

  it('shows a change kept on the device as done when the page opens again offline', async () => {
    goOffline();
    // An earlier visit marked the assignment done offline.
    const earlier = makeStore({ preloadedState: asStudent });
    await earlier.dispatch(api.endpoints.updateAssignment.initiate({ id: 21, assignmentStatusForm: { student_status: true, student: 7 } }));

    renderApp({ route: paths.myAssignmentsWithStatus('completed'), preloadedState: asStudent });

    const row = await rowOf(pendingTitle);
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    expect(mockDb.assignments.find((assignment) => assignment.id === 21)?.student_status).toBe(false);
  });
});
