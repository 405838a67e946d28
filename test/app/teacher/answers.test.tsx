import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Assignment } from '@/api/generated';
import { paths, patterns } from '@/config/paths';
import { TeacherAreaLayout } from '@/features/teacher/area/TeacherAreaLayout';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { ShowAssignmentPage } from '@/features/teacher/assignments/ShowAssignmentPage';
import { TeacherAnswersPage } from '@/features/teacher/assignments/TeacherAnswersPage';
import { TeacherAssignmentPage } from '@/features/teacher/assignments/TeacherAssignmentPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/** The texts of Answers, the teacher's assignment page and the lists' states (ours). */
const messages = {
  answersTitle: 'Answers',
  answersToMarkBadge: (count: number) => `${count} ${count === 1 ? 'answer' : 'answers'} to mark`,
  answersToMarkHeading: 'Answers to mark',
  answersToMarkLine: (count: number) => `${count} ${count === 1 ? 'answer waits' : 'answers wait'} for your feedback.`,
  openAnswers: 'Open Answers',
  toMarkTab: (count: number | null) => (count === null ? 'To mark' : `To mark (${count})`),
  markedTab: 'Marked',
  answersTableLabel: (tab: string) => `Answers: ${tab}`,
  noAnswersToMark: 'No answers to mark.',
  late: 'Late',
  kindNames: { voice: 'Voice' },
  showMore: 'Show more',
  shownOfTotal: (shown: number, total: number) => `${shown} of ${total} shown`,
  answersUnsupported: 'This provider does not collect answers: students mark their assignments as done.',
  assignmentsTitle: (count: number) => `All Assignments (${count})`,
  pendingBadge: 'Pending',
  stateToDo: 'To do',
  stateAnswered: 'Answered',
  stateMarked: (mark: string) => `Marked: ${mark}`,
  stateLate: 'Late',
  dueOn: (when: string) => `Due ${when}`,
  openAssignment: (title: string) => `Open ${title}`,
  answerHeading: "The student's answer",
  voiceAnswerLabel: (length: string) => `Voice answer, ${length}`,
  yourFeedback: 'Your feedback',
  changeFeedback: 'Change feedback',
  feedbackTextLabel: 'Feedback',
  feedbackVoiceNoLength: 'Your voice note',
  markLabel: 'Mark',
  noMark: 'No mark',
  percentLabel: 'Mark (0–100)',
  percentInvalid: 'Please enter a whole number from 0 to 100.',
  sendFeedback: 'Send feedback',
};

const asTeacher = loggedInAs({ teacher: 4 });
const ada = { id: 7, full_name: 'Ada Lovelace' };
const amara = { id: 4, full_name: 'Amara Obi' };

/**
 * Teacher 4's assignments for Ada (7): 21 still to do (text, percent, due in 2099); 22 answered by
 * voice after its due date, waiting for feedback (words); 23 answered in text, marked 85%.
 */
function arrangeAnswers() {
  const assignments: Assignment[] = [
    { id: 21, title: 'Write five greetings', detail: 'Use each at the right time of day.', student: ada, teacher: amara, student_status: false, answer_kind: 'text', due_at: '2099-01-10T09:00:00.000Z', mark_scale: 'percent', answer: null, feedback: null },
    {
      id: 22,
      title: 'Count to ten',
      detail: 'Record yourself.',
      student: ada,
      teacher: amara,
      student_status: true,
      answer_kind: 'voice',
      due_at: '2026-11-20T12:00:00.000Z',
      mark_scale: 'words',
      answer: { text: null, voice: '/media/assignment_answers/count.webm', voice_seconds: 41.5, file: null, file_name: null, answered_at: '2026-11-21T17:02:00.000Z' },
      feedback: null,
    },
    {
      id: 23,
      title: 'Describe your town',
      detail: '',
      student: ada,
      teacher: amara,
      student_status: true,
      answer_kind: 'text',
      due_at: null,
      mark_scale: 'percent',
      answer: { text: '<b>Ìlú mi</b> is small.', voice: null, file: null, answered_at: '2026-11-22T09:00:00.000Z' },
      feedback: { text: 'Well done', voice: null, mark: '85', marked_at: '2026-11-23T09:00:00.000Z' },
    },
  ];
  mockDb.assignments = assignments;
}

const sidebar = () => screen.findByRole('navigation', { name: 'Teacher area' });

/** Answers and the assignment page it opens, inside the teacher area's layout (its sidebar) but without the rest of the app. */
const renderAnswersInArea = () =>
  renderWithProviders(
    <Routes>
      <Route element={<TeacherAreaLayout />}>
        <Route path={patterns.teacherAnswers} element={<TeacherAnswersPage />} />
        <Route path={patterns.teacherAssignment} element={<TeacherAssignmentPage />} />
      </Route>
    </Routes>,
    { route: paths.teacherAnswers, preloadedState: asTeacher },
  );

const renderAnswers = () => renderRoute(patterns.teacherAnswers, <TeacherAnswersPage />, { preloadedState: asTeacher });
const renderAssignment = (id: number) => renderRoute(patterns.teacherAssignment, <TeacherAssignmentPage />, { route: paths.teacherAssignment(id), preloadedState: asTeacher });

describe('answers', () => {
  it('lists the answers to mark with their count, the marked ones with their mark, and opens one', async () => {
    arrangeAnswers();
    const { user, router } = renderAnswersInArea();

    expect(await screen.findByRole('heading', { level: 1, name: messages.answersTitle })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: messages.toMarkTab(1), selected: true })).toBeInTheDocument();
    expect(await within(await sidebar()).findByRole('link', { name: new RegExp(messages.answersToMarkBadge(1)) })).toHaveAttribute('href', paths.teacherAnswers);

    const [, toMark] = within(await screen.findByRole('table', { name: messages.answersTableLabel(messages.toMarkTab(null)) })).getAllByRole('row');
    expect(within(toMark!).getByRole('rowheader')).toHaveTextContent('Count to ten');
    expect(within(toMark!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    expect(toMark).toHaveTextContent(messages.kindNames.voice);
    expect(toMark).toHaveTextContent(messages.late);
    expect(within(toMark!).getByRole('link', { name: /^Open Count to ten/ })).toHaveAttribute('href', paths.teacherAssignment(22));

    await user.click(screen.getByRole('tab', { name: messages.markedTab }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=marked'));
    const [, marked] = within(await screen.findByRole('table', { name: messages.answersTableLabel(messages.markedTab) })).getAllByRole('row');
    expect(marked).toHaveTextContent('Describe your town');
    expect(marked).toHaveTextContent('85%');

    await user.click(within(marked!).getByRole('link', { name: /^Open Describe your town/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Describe your town' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.teacherAssignment(23));
  });

  it("shows 20 at a time: 'Show more' reads the next ones and moves the focus to the first of them", async () => {
    arrangeAnswers();
    const answer = mockDb.assignments.find((assignment) => assignment.id === 22)!;
    for (let id = 30; id < 51; id += 1) mockDb.assignments.push({ ...answer, id, title: `Answer ${id}` });
    const { user } = renderAnswers();

    const table = await screen.findByRole('table', { name: messages.answersTableLabel(messages.toMarkTab(null)) });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText(messages.shownOfTotal(20, 22))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: messages.showMore }));

    expect(await screen.findByText(messages.shownOfTotal(22, 22))).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: messages.showMore })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /^Open Answer 49/ })).toHaveFocus();
  });

  it("says 'No answers to mark.' when none waits", async () => {
    arrangeAnswers();
    mockDb.assignments = mockDb.assignments.filter((assignment) => assignment.id !== 22);
    renderAnswers();

    expect(await screen.findByText(messages.noAnswersToMark)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: messages.toMarkTab(0) })).toBeInTheDocument();
  });

  it('counts the answers to mark on the dashboard, with the way to Answers', async () => {
    arrangeAnswers();
    renderRoute(patterns.teacherDashboard, <TeacherDashboardPage />, { preloadedState: asTeacher });

    const section = await screen.findByRole('region', { name: messages.answersToMarkHeading });
    expect(section).toHaveTextContent(messages.answersToMarkLine(1));
    expect(within(section).getByRole('link', { name: messages.openAnswers })).toHaveAttribute('href', paths.teacherAnswers);
  });

  it('leaves Answers out on a provider without it (404), and its page says so', async () => {
    failEndpoint('listTeacherAnswers', 404);
    renderAnswersInArea();

    expect(await screen.findByText(messages.answersUnsupported)).toBeInTheDocument();
    expect(within(await sidebar()).queryByRole('link', { name: new RegExp(`^${messages.answersTitle}`) })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe("the teacher's assignment page", () => {
  it('plays the voice answer with its length, keeps the feedback on a refusal, then sends the text, the voice note and the mark', async () => {
    arrangeAnswers();
    failEndpoint('giveAssignmentFeedback', 400, { msg: 'The mark does not fit this assignment.', once: true });
    const sent = recordSent('giveAssignmentFeedback');
    const { user } = renderAssignment(22);

    expect(await screen.findByRole('heading', { level: 1, name: 'Count to ten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', paths.viewStudent(7));
    const answer = screen.getByRole('region', { name: messages.answerHeading });
    expect(answer).toHaveTextContent(messages.stateLate);
    const recording = within(answer).getByLabelText(messages.voiceAnswerLabel('0:42'));
    expect(recording.tagName).toBe('AUDIO');
    expect(recording.getAttribute('src')).toMatch(/\/media\/assignment_answers\/count\.webm$/);
    // The length the provider measured, and a seek bar (the browser's own controls show 0:00 for a MediaRecorder WebM).
    expect(within(answer).getByRole('slider', { name: 'Position: Voice answer, 0:42' })).toHaveAttribute('aria-valuetext', '0:00 of 0:42');
    expect(within(answer).getByText('0:00 / 0:42')).toBeInTheDocument();

    const text = screen.getByRole('textbox', { name: messages.feedbackTextLabel });
    const mark = screen.getByRole('combobox', { name: messages.markLabel });
    expect(within(mark).getAllByRole('option').map((option) => option.textContent)).toEqual([messages.noMark, 'Needs work', 'Good', 'Excellent']);
    await user.click(text);
    await user.paste('Clear and well paced.');
    await user.selectOptions(mark, 'Good');
    // jsdom cannot record: the recorder takes an uploaded recording instead.
    const note = new File([new Uint8Array(2048)], 'well-done.ogg', { type: 'audio/ogg' });
    await user.upload(screen.getByLabelText('Upload a recording'), note);
    await user.click(screen.getByRole('button', { name: messages.sendFeedback }));

    expect(await screen.findByRole('combobox', { name: messages.markLabel, description: 'The mark does not fit this assignment.' })).toHaveValue('good');
    expect(text).toHaveValue('Clear and well paced.');

    await user.click(screen.getByRole('button', { name: messages.sendFeedback }));

    const feedback = await screen.findByRole('region', { name: messages.yourFeedback });
    expect(feedback).toHaveTextContent('Clear and well paced.');
    expect(feedback).toHaveTextContent('Good');
    expect(within(feedback).getByRole('button', { name: messages.changeFeedback })).toBeInTheDocument();
    await waitFor(() => expect(sent.map((call) => call.fields)).toHaveLength(2));
    expect(sent[1]!.params).toEqual({ assignment_id: '22' });
    expect(sent[1]!.fields).toEqual({ text: 'Clear and well paced.', mark: 'good', voice: expect.any(File) });
    expect((sent[1]!.fields.voice as File).size).toBe(2048);
    expect(within(feedback).getByLabelText(messages.feedbackVoiceNoLength).tagName).toBe('AUDIO');
  });

  it('shows a written answer as text, and changes feedback on a percent scale, refusing a mark over 100 before sending', async () => {
    arrangeAnswers();
    const sent = recordSent('giveAssignmentFeedback');
    const { user } = renderAssignment(23);

    expect(await screen.findByText('<b>Ìlú mi</b> is small.')).toBeInTheDocument();
    const feedback = screen.getByRole('region', { name: messages.yourFeedback });
    expect(feedback).toHaveTextContent('85%');

    await user.click(within(feedback).getByRole('button', { name: messages.changeFeedback }));
    const mark = await screen.findByRole('textbox', { name: messages.percentLabel });
    expect(mark).toHaveValue('85');
    expect(screen.getByRole('textbox', { name: messages.feedbackTextLabel })).toHaveValue('Well done');
    await user.clear(mark);
    await user.type(mark, '120');
    await user.click(screen.getByRole('button', { name: messages.sendFeedback }));
    expect(mark).toHaveAccessibleDescription(messages.percentInvalid);
    expect(sent).toHaveLength(0);

    await user.clear(mark);
    await user.type(mark, '90');
    await user.click(screen.getByRole('button', { name: messages.sendFeedback }));

    expect(await screen.findByRole('region', { name: messages.yourFeedback })).toHaveTextContent('90%');
    await waitFor(() => expect(sent.map((call) => call.fields)).toEqual([{ text: 'Well done', mark: '90' }]));
  });
});

describe('answer files', () => {
  it("downloads a student's file under the name they gave it, cleaned, with the stored file's extension", async () => {
    arrangeAnswers();
    const fileAnswer = (id: number, fileName: string, file: string): Assignment => ({
      id,
      title: 'Hand in your homework',
      detail: '',
      student: ada,
      teacher: amara,
      student_status: true,
      answer_kind: 'file',
      due_at: null,
      mark_scale: 'words',
      answer: { text: null, voice: null, voice_seconds: null, file, file_name: fileName, answered_at: '2026-11-22T09:00:00.000Z' },
      feedback: null,
    });
    mockDb.assignments.push(
      fileAnswer(24, 'homework.html', '/media/assignment_answers/5f1c0a.txt'),
      fileAnswer(25, 'r\u00e9sum\u00e9\u202Etxt.exe', '/media/assignment_answers/77ab01.pdf'),
    );
    const { unmount } = renderAssignment(24);
    // The name is shown as the student gave it; the file saved is text, named so.
    expect(await screen.findByRole('link', { name: 'Download homework.html' })).toHaveAttribute('download', 'homework.txt');
    unmount();

    renderAssignment(25);
    expect(await screen.findByRole('link', { name: /^Download r\u00e9sum\u00e9/ })).toHaveAttribute('download', 'r\u00e9sum\u00e9txt.pdf');
  });
});

describe('assignment states', () => {
  it("lists each assignment's state and due date on Show Assignment, with a link to open the answered ones", async () => {
    arrangeAnswers();
    renderRoute(patterns.showAssignment, <ShowAssignmentPage />, { route: paths.showAssignment(7, 4), preloadedState: asTeacher });

    const items = within(await screen.findByRole('list', { name: messages.assignmentsTitle(3) })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(messages.stateToDo);
    expect(items[0]).toHaveTextContent(messages.dueOn('10 Jan 2099'));
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent(messages.stateAnswered);
    expect(items[1]).toHaveTextContent(messages.stateLate);
    expect(within(items[1]!).getByRole('link', { name: messages.openAssignment('Count to ten') })).toHaveAttribute('href', paths.teacherAssignment(22));
    expect(items[2]).toHaveTextContent(messages.stateMarked('85%'));
    expect(items[2]).not.toHaveTextContent(messages.pendingBadge);
  });
});
