import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { EditChapterPage } from '@/features/teacher/chapters/EditChapterPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { answered, enter, loggedInAs, renderRoute } from '@test/render';

const teacher = loggedInAs({ teacher: 4 });
const webm = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'greetings-v2.webm', { type: 'video/webm' });

const renderForm = (route: string) => renderRoute(patterns.editChapter, <EditChapterPage />, { route, preloadedState: teacher });

/** Chapter 11 of course 1: 'Greetings', 'Morning to night.', greetings.webm. */
async function openChapter(route = '/edit-chapter/11') {
  const view = renderForm(route);
  await screen.findByRole('textbox', { name: 'Title' });
  return view;
}

/** What the chapter updates sent (the mocked provider answers and keeps them). */
const recordUpdate = () => recordSent('updateChapter');

describe('Update Chapter', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows the chapter: title, description, a player of the current video, an optional new video, remarks', async () => {
    await openChapter();
    expect(screen.getByRole('heading', { level: 1, name: 'Update Chapter' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Greetings');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Morning to night.');
    expect(screen.getByLabelText('Current video')).toHaveAttribute('src', 'http://localhost/media/chapter_videos/greetings.webm');
    expect(screen.getByLabelText(/^Video/)).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('');
  });

  it("updates without a video when none was chosen: 'Chapter updated successfully'", async () => {
    const sent = recordUpdate();
    const { user } = await openChapter();
    await enter(user, screen.getByRole('textbox', { name: 'Remarks' }), 'Watch twice.');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Chapter updated successfully')).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([{ course: '1', title: 'Greetings', description: 'Morning to night.', remarks: 'Watch twice.' }]);
  });

  it('sends a newly chosen video', async () => {
    const sent = recordUpdate();
    const { user } = await openChapter();
    await user.upload(screen.getByLabelText(/^Video/), webm());
    expect(screen.getByLabelText('New video (preview)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Chapter updated successfully')).toBeInTheDocument();
    expect(sent[0]!.fields.video).toEqual(expect.objectContaining({ name: 'greetings-v2.webm' }));
  });

  it("reads 'Updating...' and is disabled while sending", async () => {
    holdEndpoint('updateChapter');
    const { user } = await openChapter();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
  });

  it('says when the update failed and keeps the entries', async () => {
    failEndpoint('updateChapter', 500);
    const { user } = await openChapter();
    await enter(user, screen.getByRole('textbox', { name: 'Remarks' }), 'Watch twice.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The chapter could not be updated. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('Watch twice.');
  });

  const missing: [what: string, route: string, arrange: () => void, text: string][] = [
    ['a chapter that does not exist', '/edit-chapter/99', () => failEndpoint('getChapter', 404), 'This chapter was not found.'],
    ['an address without a chapter id', '/edit-chapter/x', () => undefined, 'No chapter ID provided.'],
  ];

  it.each(missing)('says so for %s', async (_case, route, arrange, text) => {
    arrange();
    renderForm(route);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe("the chapter's exercises (extension)", () => {
  /** The rows of the exercise list: '1. Type the answer', its status and prompt. */
  const rows = () => within(screen.getByRole('list', { name: 'Exercises of this chapter' })).getAllByRole('listitem');

  it('adds a choose-the-answer exercise as a draft, after checking it', async () => {
    const sent = recordSent('createExercise');
    const { user } = await openChapter();
    expect(await screen.findByRole('heading', { level: 2, name: 'Exercises' })).toBeInTheDocument();
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1\. Type the answerPublishedType "good morning" in Yoruba\./),
      expect.stringMatching(/^2\. Choose the answerPublished/),
      expect.stringMatching(/^3\. Listen and typePublished/),
      expect.stringMatching(/^4\. Say itPublished/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Add an exercise' }));
    const form = screen.getByRole('form', { name: 'New exercise' });
    await user.click(within(form).getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Choose the answer' }));
    await user.click(within(form).getByRole('button', { name: 'Save the exercise' }));
    expect(within(form).getByRole('textbox', { name: 'Prompt' })).toHaveFocus();
    expect(within(form).getByText('Enter the prompt.')).toBeInTheDocument();

    await enter(user, within(form).getByRole('textbox', { name: 'Prompt' }), 'Which one means "goodbye"?');
    await enter(user, within(form).getByRole('textbox', { name: 'Choice 1' }), 'Ẹ ṣé');
    await enter(user, within(form).getByRole('textbox', { name: 'Choice 2' }), 'Ó dàbọ̀');
    await user.click(within(form).getByRole('button', { name: 'Save the exercise' }));
    expect(within(form).getByText('Mark the right choice.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Choice 2 is the right one' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Published (students see it)' }));
    await user.click(within(form).getByRole('button', { name: 'Save the exercise' }));

    expect(await screen.findByText('Exercise added')).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([
      { kind: 'choose', prompt: 'Which one means "goodbye"?', hint: '', explanation: '', choices: '["Ẹ ṣé","Ó dàbọ̀"]', correct_choice: '1', is_published: 'false' },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[4]).toHaveTextContent('5. Choose the answerDraftWhich one means "goodbye"?');
  });

  it('changes a typed exercise: another accepted answer; a listening one needs its clip', async () => {
    const sent = recordSent('updateExercise');
    const { user } = await openChapter();
    await user.click(await screen.findByRole('button', { name: 'Edit: Type "good morning" in Yoruba.' }));
    const form = screen.getByRole('form', { name: 'Change the exercise' });
    const answers = within(form).getByRole('textbox', { name: 'Accepted answers, one a line' });
    expect(answers).toHaveValue('Ẹ kú àárọ̀');
    expect(answers).toHaveAttribute('lang', 'yo');

    await user.click(within(form).getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Listen and type' }));
    await user.click(within(form).getByRole('button', { name: 'Save the exercise' }));
    expect(within(form).getByText('Record or upload the clip to listen to.')).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Type the answer' }));
    await user.type(answers, '{End}{Enter}E ku aaro');
    await user.click(within(form).getByRole('button', { name: 'Save the exercise' }));
    expect(await screen.findByText('Exercise saved')).toBeInTheDocument();
    expect(sent.map((call) => [call.params.exercise_id, call.fields.kind, call.fields.answers, call.fields.remove_audio])).toEqual([['41', 'type', '["Ẹ kú àárọ̀","E ku aaro"]', 'false']]);
  });

  it('moves an exercise down and deletes one after a confirmation', async () => {
    const order = recordSent('reorderExercises');
    const { user } = await openChapter();
    await user.click(await screen.findByRole('button', { name: 'Move down: Type "good morning" in Yoruba.' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Type "good morning" in Yoruba.'));
    expect(order.map((call) => call.fields.exercise_ids)).toEqual(['42,41,43,44']);
    expect(screen.getByRole('button', { name: 'Move up: Which one means "thank you"?' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete: Say "thank you".' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this exercise?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The exercise was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it("shows how the students did: who practised, the average score, the most missed with the commonest wrong answers", async () => {
    mockDb.exerciseAnswers = [
      { exercise: 41, student: 7, answer: 'e ku aaro', result: 'almost' },
      { exercise: 42, student: 7, answer: '1', result: 'wrong' },
      { exercise: 43, student: 7, answer: 'Ó dàbọ̀', result: 'right' },
      { exercise: 44, student: 7, answer: 'right', result: 'right' },
    ];
    await openChapter();
    const stats = await screen.findByRole('region', { name: 'How students did' });
    expect(await within(stats).findByText('1 student practised; average score 50 %.')).toBeInTheDocument();
    const missed = within(stats).getAllByRole('listitem');
    expect(missed.map((item) => item.textContent)).toEqual([
      'Type "good morning" in Yoruba.: missed by 1 of 1Commonest wrong answers: e ku aaro (1)',
      'Which one means "thank you"?: missed by 1 of 1Commonest wrong answers: 1 (1)',
    ]);
    expect(within(stats).getByText('e ku aaro')).toHaveAttribute('lang', 'yo');
  });

  it('shows no figures on a provider without them', async () => {
    failEndpoint('getChapterPracticeStats', 404);
    const { store } = await openChapter();
    expect(await screen.findByRole('heading', { level: 2, name: 'Exercises' })).toBeInTheDocument();
    await answered(store, 'getChapterPracticeStats');
    // The section's skeleton goes once the screen has rendered the refusal.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'How students did' })).not.toBeInTheDocument());
  });

  it('is not there on a provider without exercises', async () => {
    failEndpoint('listChapterExercises', 404);
    const { store } = await openChapter();
    await answered(store, 'listChapterExercises');
    expect(screen.queryByRole('heading', { name: 'Exercises' })).not.toBeInTheDocument();
  });
});
