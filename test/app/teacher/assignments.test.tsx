import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { AddAssignmentPage } from '@/features/teacher/assignments/AddAssignmentPage';
import { ShowAssignmentPage } from '@/features/teacher/assignments/ShowAssignmentPage';
import { MyStudentsPage } from '@/features/teacher/students/MyStudentsPage';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/** The texts of the assignment screens (spec sections 2.5 and 8: the quoted ones to the letter; the others are ours). */
const messages = {
  addAssignmentTitle: 'Add Assignment',
  addAssignmentIntro: (name: string) => `For ${name}`,
  titleLabel: 'Title',
  descriptionLabel: 'Description',
  submitButton: 'Submit',
  titleRequired: 'Please enter a title.',
  assignmentAdded: 'Assignment has been added',
  assignmentsTitle: (count: number) => `All Assignments (${count})`,
  assignmentsTitleLoading: 'All Assignments',
  loadingAssignments: 'Loading the assignments',
  addAssignmentButton: 'Add Assignment',
  pendingBadge: 'Pending',
  completedBadge: 'Completed',
  noAssignmentFound: 'No Assignment found',
  noAssignmentForStudent: 'No assignment for this student.',
  invalidAssignmentLink: 'This link does not name a student and a teacher.',
  answerKinds: { voice: 'Voice recording', text: 'Written text' },
  dueLabel: 'Due (optional)',
  dueInPast: 'The due date must be in the future.',
  markScales: { words: 'Words: Needs work / Good / Excellent', percent: 'Percent: 0–100' },
};
const teacherStudentMessages = { assignmentsOf: (name: string) => `Assignments of ${name}` };

const asTeacher = loggedInAs({ teacher: 4 });

const renderAddAssignment = (route: string) => renderRoute(patterns.addAssignment, <AddAssignmentPage />, { route, preloadedState: asTeacher });
const renderShowAssignment = () => renderRoute(patterns.showAssignment, <ShowAssignmentPage />, { route: paths.showAssignment(7, 4), preloadedState: asTeacher });

/** My Students, Add Assignment and the student's list, each on its route, without the area's layout. */
const renderAssignmentScreens = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path={patterns.myStudents} element={<MyStudentsPage />} />
      <Route path={patterns.addAssignment} element={<AddAssignmentPage />} />
      <Route path={patterns.showAssignment} element={<ShowAssignmentPage />} />
    </Routes>,
    { route, preloadedState: asTeacher },
  );

/** Opens Add Assignment alone, or with the list it leads to. */
async function openAddAssignment({ withList = false } = {}) {
  const route = paths.addAssignment(7, 4);
  const view = withList ? renderAssignmentScreens(route) : renderAddAssignment(route);
  await screen.findByRole('heading', { level: 1, name: messages.addAssignmentTitle });
  return {
    ...view,
    title: screen.getByRole('textbox', { name: messages.titleLabel }),
    description: screen.getByRole('textbox', { name: messages.descriptionLabel }),
    submit: screen.getByRole('button', { name: messages.submitButton }),
  };
}

describe('add assignment', () => {
  it("sends title and description, says 'Assignment has been added' for 3 s and opens the student's list with it pending", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = recordCalls('createAssignment');
    const { user, router, title, description, submit } = await openAddAssignment({ withList: true });
    expect(await screen.findByText(messages.addAssignmentIntro('Ada Lovelace'))).toBeInTheDocument();

    await enter(user, title, 'Describe your family');
    await enter(user, description, 'Five sentences in Yoruba.');
    await user.click(submit);

    const toast = await screen.findByText(messages.assignmentAdded);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.showAssignment(7, 4)));
    expect(calls.map((call) => call.params)).toEqual([{ teacher_id: '4', student_id: '7' }]);
    expect(await sentFields(calls[0]!.request)).toEqual({
      teacher: '4',
      student: '7',
      title: 'Describe your family',
      detail: 'Five sentences in Yoruba.',
      // Extensions, by default: a spoken answer, marked in words, no due date.
      answer_kind: 'voice',
      mark_scale: 'words',
    });
    expect(await screen.findByRole('heading', { level: 1, name: messages.assignmentsTitle(3) })).toBeInTheDocument();
    const added = within(screen.getByRole('list', { name: messages.assignmentsTitle(3) })).getAllByRole('listitem')[2]!;
    expect(added).toHaveTextContent('Describe your family');
    expect(added).toHaveTextContent(messages.pendingBadge);

    await act(async () => {
      jest.advanceTimersByTime(2500);
    });
    expect(toast).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1500);
    });
    await waitFor(() => expect(screen.queryByText(messages.assignmentAdded)).not.toBeInTheDocument());
  });

  it('sends how the student answers, the mark scale and a due date, refusing a due date in the past before sending', async () => {
    const calls = recordCalls('createAssignment');
    const { user, router, title, submit } = await openAddAssignment();
    expect(screen.getByRole('radio', { name: messages.answerKinds.voice })).toBeChecked();
    expect(screen.getByRole('radio', { name: messages.markScales.words })).toBeChecked();
    const due = screen.getByLabelText(messages.dueLabel);

    await enter(user, title, 'Describe your town');
    await user.click(screen.getByRole('radio', { name: messages.answerKinds.text }));
    await user.click(screen.getByRole('radio', { name: messages.markScales.percent }));
    fireEvent.change(due, { target: { value: '2020-01-02T10:30' } });
    await user.click(submit);

    expect(due).toHaveAccessibleDescription(messages.dueInPast);
    expect(due).toHaveFocus();
    expect(calls).toHaveLength(0);

    fireEvent.change(due, { target: { value: '2099-01-02T10:30' } });
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.showAssignment(7, 4)));
    expect(await sentFields(calls[0]!.request)).toEqual({
      teacher: '4',
      student: '7',
      title: 'Describe your town',
      detail: '',
      answer_kind: 'text',
      mark_scale: 'percent',
      due_at: new Date('2099-01-02T10:30').toISOString(),
    });
  });

  it('requires a title and sends nothing without one', async () => {
    const calls = recordCalls('createAssignment');
    const { user, title, submit } = await openAddAssignment();

    await user.click(submit);

    expect(title).toHaveAccessibleDescription(messages.titleRequired);
    expect(title).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("shows the provider's refusal under the form and keeps the values", async () => {
    const refusal = 'You can only give assignments to students enrolled in your courses.';
    mockEndpoint('createAssignment', { status: 403, body: { msg: refusal } });
    const { user, router, title, submit } = await openAddAssignment();

    await enter(user, title, 'Describe your family');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(title).toHaveValue('Describe your family');
    expect(router.state.location.pathname).toBe(paths.addAssignment(7, 4));
    expect(screen.queryByText(messages.assignmentAdded)).not.toBeInTheDocument();
  });

  it('says when the provider cannot be reached', async () => {
    failEndpoint('createAssignment', 'network');
    const { user, title, submit } = await openAddAssignment();

    await enter(user, title, 'Describe your family');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('No response from the server. Please try again later.');
  });

  it('explains a link that does not name a student and a teacher', async () => {
    renderAddAssignment('/add-assignment/x/4');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidAssignmentLink);
    expect(screen.queryByRole('button', { name: messages.submitButton })).not.toBeInTheDocument();
  });
});

describe('show assignments', () => {
  it("heads 'All Assignments (n)' and lists the titles with 'Pending' or 'Completed' badges", async () => {
    const calls = recordCalls('listStudentAssignments');
    renderShowAssignment();

    expect(await screen.findByRole('heading', { level: 1, name: messages.assignmentsTitle(2) })).toBeInTheDocument();
    expect(calls.map((call) => call.params)).toEqual([{ teacher_id: '4', student_id: '7' }]);
    const items = within(screen.getByRole('list', { name: messages.assignmentsTitle(2) })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Write five greetingsUse each at the right time of day.${messages.pendingBadge}`,
      `Count to tenRecord yourself.${messages.completedBadge}`,
    ]);
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it("has an 'Add Assignment' button to the student's add-assignment page", async () => {
    const { user, router } = renderShowAssignment();

    await user.click(await screen.findByRole('link', { name: messages.addAssignmentButton }));

    // The page it opens is checked above, in 'add assignment'.
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.addAssignment(7, 4)));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/add-assignment/7/4');
  });

  it("says 'No assignment for this student.' when there is none", async () => {
    mockDb.assignments = [];
    renderShowAssignment();

    expect(await screen.findByRole('heading', { level: 1, name: messages.assignmentsTitle(0) })).toBeInTheDocument();
    expect(screen.getByText(messages.noAssignmentForStudent)).toBeInTheDocument();
  });

  it("says 'No Assignment found' with the reason when the list cannot be read, and Retry reads it again", async () => {
    failEndpoint('listStudentAssignments', 403, { msg: 'This student is not enrolled in any of your courses.', once: true });
    const { user } = renderShowAssignment();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.noAssignmentFound);
    expect(alert).toHaveTextContent('This student is not enrolled in any of your courses.');
    expect(screen.getByRole('heading', { level: 1, name: messages.assignmentsTitleLoading })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.assignmentsTitle(2) })).toBeInTheDocument();
  });

  it('is reached from My Students', async () => {
    const { user } = renderAssignmentScreens(paths.myStudents);

    await user.click(await screen.findByRole('link', { name: teacherStudentMessages.assignmentsOf('Ada Lovelace') }));

    expect(await screen.findByRole('heading', { level: 1, name: messages.assignmentsTitle(2) })).toBeInTheDocument();
  });
});
