import { act, screen, waitFor, within } from '@testing-library/react';
import { paths, patterns } from '@/config/paths';
import { studentLoggedIn } from '@/features/session/sessionSlices';
import { StudentAssignmentPage } from '@/features/student/assignments/StudentAssignmentPage';
import { installFakeMedia } from '@test/fakes/media';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

const teacher = { id: 4, full_name: 'Amara Obi' };
/** Our texts for the assignment's page (an extension). */
const messages = {
  handIn: 'Hand in',
  recordFirst: 'Record your answer first (or upload a recording).',
  awaitingFeedback: 'Waiting for your teacher’s feedback.',
  changeAnswer: 'Change answer',
};

const base = { student: 7, teacher, student_status: false, due_at: null, mark_scale: 'words', answer: null, feedback: null } as const;

function openAssignment(assignment: (typeof mockDb.assignments)[number]) {
  mockDb.assignments = [assignment];
  return renderRoute(patterns.studentAssignment, <StudentAssignmentPage />, { route: paths.studentAssignment(assignment.id), preloadedState: loggedInAs({ student: 7 }) });
}

let media: ReturnType<typeof installFakeMedia> | null = null;
afterEach(() => {
  media?.restore();
  media = null;
});

describe("the student's assignment page", () => {
  it('records a voice answer, hands it in as a WebM file and shows it answered, with Change answer', async () => {
    media = installFakeMedia();
    URL.createObjectURL = () => 'blob:http://localhost/recording';
    URL.revokeObjectURL = () => undefined;
    const sent = recordSent('answerAssignment');
    const { user } = openAssignment({ ...base, id: 41, title: 'Count to twenty', detail: 'Out loud, in Spanish.', answer_kind: 'voice' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Count to twenty' })).toBeInTheDocument();
    expect(screen.getByText('Out loud, in Spanish.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    expect(screen.getByText('No due date')).toBeInTheDocument();

    // Nothing recorded yet: said under the recorder, nothing sent.
    await user.click(screen.getByRole('button', { name: messages.handIn }));
    expect(await screen.findByText(messages.recordFirst)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByLabelText('Listen back: Your spoken answer')).toBeInTheDocument();
    expect(screen.queryByText(messages.recordFirst)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.handIn }));

    expect(await screen.findByText(messages.awaitingFeedback)).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    const voice = sent[0]!.fields.voice as File;
    expect({ id: sent[0]!.params.assignment_id, name: voice.name, type: voice.type, text: sent[0]!.fields.text }).toEqual({
      id: '41',
      name: 'answer.webm',
      type: 'audio/webm',
      text: undefined,
    });
    expect(screen.getByLabelText('Your recorded answer')).toHaveAttribute('src', expect.stringContaining('/media/assignment_answers/'));
    expect(screen.getByRole('button', { name: messages.changeAnswer })).toBeInTheDocument();
    expect(await screen.findByText('Your answer has been handed in.')).toBeInTheDocument();
  });

  it("keeps a written answer and puts the provider's refusal under it", async () => {
    failEndpoint('answerAssignment', 400, { msg: 'The text must not be blank.' });
    const { user } = openAssignment({ ...base, id: 42, title: 'Describe your town', detail: '', answer_kind: 'text' });

    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.click(field);
    await user.paste('Mi pueblo es pequeño.');
    await user.click(screen.getByRole('button', { name: messages.handIn }));

    expect(await screen.findByText('The text must not be blank.')).toBeInTheDocument();
    expect(field).toHaveValue('Mi pueblo es pequeño.');
    expect(field).toHaveAccessibleDescription('The text must not be blank.');
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: messages.handIn })).toBeEnabled();
  });

  it('keeps a typed answer as a draft through Back and Forward, until it is handed in', async () => {
    const sent = recordSent('answerAssignment');
    mockDb.assignments = [{ ...base, id: 43, title: 'Describe your town', detail: '', answer_kind: 'text' }];
    const { user, router } = renderRoute(patterns.studentAssignment, <StudentAssignmentPage />, { route: paths.myAssignments, preloadedState: loggedInAs({ student: 7 }) });
    await act(() => router.navigate(paths.studentAssignment(43)));

    await user.click(await screen.findByRole('textbox', { name: 'Your answer' }));
    await user.paste('Mi pueblo es pequeño.');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent(paths.myAssignments);
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
    await act(() => router.navigate(1));

    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(field).toHaveValue('Mi pueblo es pequeño.');
    await user.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Waiting for your teacher’s feedback.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields.text).toBe('Mi pueblo es pequeño.');
    // Handed in: the draft is gone from the device.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
  });

  it('keeps one draft per assignment, and for its student only', async () => {
    const { user, router, store } = openAssignment({ ...base, id: 44, title: 'Describe your town', detail: '', answer_kind: 'text' });
    mockDb.assignments.push({ ...base, id: 45, title: 'Describe your family', detail: '', answer_kind: 'text' });

    await user.click(await screen.findByRole('textbox', { name: 'Your answer' }));
    await user.paste('Mi pueblo');
    await act(() => router.navigate(paths.studentAssignment(45)));
    await screen.findByRole('heading', { level: 1, name: 'Describe your family' });
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');
    await act(() => router.navigate(paths.studentAssignment(44)));
    await screen.findByRole('heading', { level: 1, name: 'Describe your town' });
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('Mi pueblo');

    // Another student on this device never sees it: drafts are kept per student.
    act(() => void store.dispatch(studentLoggedIn({ id: 8 })));
    mockDb.assignments.push({ ...base, student: 8, id: 47, title: 'Describe your town', detail: '', answer_kind: 'text' });
    await act(() => router.navigate(paths.studentAssignment(47)));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.studentAssignment(47)));
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toHaveValue('');
  });

  it('forgets the drafts of the student who logs out', async () => {
    mockDb.assignments = [{ ...base, id: 46, title: 'Describe your town', detail: '', answer_kind: 'text' }];
    // The whole app: the logout is another screen, reached by navigation.
    const { user, router } = renderApp({ route: paths.studentAssignment(46), preloadedState: loggedInAs({ student: 7 }) });
    await user.click(await screen.findByRole('textbox', { name: 'Your answer' }));
    await user.paste('Mi pueblo');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toHaveLength(1);

    await act(() => router.navigate(paths.studentLogout));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.studentLogin));
    await waitFor(() => expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]));
  });

  it('shows the feedback, the mark and the teacher’s voice note, and the answer as final', async () => {
    openAssignment({
      ...base,
      id: 43,
      title: 'Read a poem',
      detail: '',
      answer_kind: 'text',
      mark_scale: 'percent',
      student_status: true,
      answer: { text: 'Verde que te quiero verde.', answered_at: '2026-11-24T17:02:00.000Z' },
      feedback: { text: 'Lovely rhythm.', voice: '/media/assignment_feedback/1.webm', voice_seconds: 20, mark: '85', marked_at: '2026-11-25T09:00:00.000Z' },
    });

    const feedback = await screen.findByRole('region', { name: 'Feedback' });
    expect(within(feedback).getByText('Mark: 85 %')).toBeInTheDocument();
    expect(within(feedback).getByText('Lovely rhythm.')).toBeInTheDocument();
    expect(within(feedback).getByLabelText("Your teacher's voice note")).toHaveAttribute('src', '/media/assignment_feedback/1.webm');
    expect(within(feedback).getByRole('slider', { name: "Position: Your teacher's voice note" })).toHaveAttribute('aria-valuetext', '0:00 of 0:20');
    expect(within(feedback).getByText('0:00 / 0:20')).toBeInTheDocument();
    expect(within(feedback).getByRole('button', { name: "Play: Your teacher's voice note" })).toBeInTheDocument();
    expect(screen.getByText('Verde que te quiero verde.')).toBeInTheDocument();
    expect(screen.getByText('Your teacher has given feedback, so this answer is final.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.changeAnswer })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.handIn })).not.toBeInTheDocument();
  });
});
