import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { PracticePage } from '@/features/practice/PracticePage';
import { failEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

const asStudent = loggedInAs({ student: 7 });

/** The fixtures' chapter 11 of course 1 (Yoruba): 41 type, 42 choose, 43 listen, 44 say. */
function openPractice(route = '/learn/1/11/practice') {
  return renderRoute(patterns.practice, <PracticePage />, { route, preloadedState: asStudent });
}

const check = () => screen.getByRole('button', { name: 'Check' });
const carryOn = () => screen.getByRole('button', { name: 'Continue' });
const live = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-atomic') === 'true')!;

describe('practising a chapter', () => {
  it('runs the exercises one at a time: Almost for a missing tone mark, a wrong one back at the end, a recording sent to the teacher, the score', async () => {
    const answers = recordSent('answerExercise');
    const { user } = openPractice();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Practice: Greetings' });
    // The chapter's title in the heading is in the course's language.
    expect(within(heading).getByText('Greetings')).toHaveAttribute('lang', 'yo');

    // 1. type: tone marks and subdots missing.
    expect(screen.getByRole('heading', { level: 2, name: 'Type "good morning" in Yoruba.' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    expect(field).toHaveAttribute('lang', 'yo');
    await user.type(field, 'e ku aaro');
    await user.click(check());
    expect(live()).toHaveTextContent('Almost The exact spelling: Ẹ kú àárọ̀. Check the marked letters: Ẹ, ú, àá, ọ̀. Ẹ kú àárọ̀ is said until about noon.');
    // Shown too: the exact spelling in Yoruba, its differing letters marked.
    expect(screen.getAllByRole('mark').map((mark) => mark.textContent)).toEqual(['Ẹ', 'ú', 'àá', 'ọ̀']);
    expect(screen.getByText((_text, element) => element?.getAttribute('lang') === 'yo' && element.textContent === 'Ẹ kú àárọ̀')).toBeInTheDocument();
    await user.click(carryOn());

    // 2. choose: wrong, so it comes back.
    expect(await screen.findByRole('heading', { level: 2, name: 'Which one means "thank you"?' })).toHaveFocus();
    await user.click(check());
    expect(screen.getByText('Choose one of the answers first.')).toBeInTheDocument();
    // The choices are in the course's language, as the prompt's answers are.
    expect(screen.getByText('Ó dàbọ̀')).toHaveAttribute('lang', 'yo');
    await user.click(screen.getByRole('radio', { name: 'Ó dàbọ̀' }));
    await user.click(check());
    expect(live()).toHaveTextContent('Wrong The answer: Ẹ ṣé. Ẹ ṣé is the everyday thank you. This one comes back at the end.');
    await user.click(carryOn());

    // 3. listen: right.
    await user.type(await screen.findByRole('textbox', { name: 'Type what you hear' }), 'ó dàbọ̀');
    await user.click(check());
    expect(live()).toHaveTextContent(/^Right Ó dàbọ̀ means goodbye\.$/);
    await user.click(carryOn());

    // 4. say: the student's recording beside the model, then their verdict.
    expect(await screen.findByRole('button', { name: 'Play: The teacher’s recording' })).toBeInTheDocument();
    expect(screen.getByText('Ẹ ṣé')).toHaveAttribute('lang', 'yo');
    await user.upload(screen.getByLabelText('Upload a recording'), new File(['voice'], 'me.webm', { type: 'audio/webm' }));
    // It may go to the teacher as a voice message.
    const voiceNotes = recordSent('sendVoiceMessage');
    await user.click(await screen.findByRole('button', { name: 'Send it to my teacher' }));
    expect(await screen.findByText('Sent to your teacher as a voice message.')).toBeInTheDocument();
    expect(voiceNotes.map((call) => [call.params, call.fields.msg_from, call.fields.msg_text, (call.fields.voice as File).type])).toEqual([
      [{ teacher_id: '4', student_id: '7' }, 'student', 'My practice: Say "thank you".', 'audio/webm'],
    ]);
    await user.click(screen.getByRole('button', { name: 'I said it right' }));
    await user.click(carryOn());

    // The ones missed come back: 41 (almost), then 42 (wrong).
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Ẹ kú àárọ̀');
    await user.click(check());
    expect(live()).toHaveTextContent(/^Right/);
    await user.click(carryOn());
    await user.click(await screen.findByRole('radio', { name: 'Ẹ ṣé' }));
    await user.click(check());
    await user.click(carryOn());

    expect(await screen.findByRole('heading', { name: 'Practice finished' })).toHaveFocus();
    expect(screen.getByText('You got 2 of 4 right the first time.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the chapter' })).toHaveAttribute('href', '/learn/1/11');
    // Only the first answer to each exercise is sent for the record.
    await waitFor(() => expect(answers.map((call) => [call.params.exercise_id, call.fields.answer])).toEqual([['41', 'e ku aaro'], ['42', '1'], ['43', 'ó dàbọ̀'], ['44', 'right']]));
  });

  it('types the special letters at the cursor and gives the field its focus back', async () => {
    const { user } = openPractice();
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Your answer' });
    const letters = screen.getByRole('group', { name: 'Special letters' });
    await user.type(field, 'o');
    await user.click(within(letters).getByRole('button', { name: 'Add low tone (à)' }));
    await user.click(within(letters).getByRole('button', { name: 'Insert ṣ' }));
    await waitFor(() => expect(field).toHaveValue('òṣ'));
    expect(field).toHaveFocus();
    // By keyboard: the cursor moved to the start, the letter goes there.
    field.setSelectionRange(0, 0);
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field).toHaveValue('ẹòṣ'));
  });

  it('says there is nothing to practise on a provider without exercises', async () => {
    failEndpoint('listChapterExercises', 404);
    openPractice();
    expect(await screen.findByRole('heading', { level: 1, name: 'No exercises here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Courses' })).toHaveAttribute('href', '/my-courses');
  });
});
