import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { ReviewPage } from '@/features/practice/ReviewPage';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, renderRoute } from '@test/render';
import { changesSent, goOffline, goOnline, keptChanges, withOutboxKit } from '@test/app/offline/outboxTestKit';

withOutboxKit();

/** The fixtures' deck of student 7: 41 'type' due in 2024; 44 'say' due in 2099 (made due here when a test needs it). */
function openReview() {
  return renderRoute(patterns.review, <ReviewPage />, { preloadedState: loggedInAs({ student: 7 }) });
}

const card = (exercise: number) => mockDb.reviewCards.find((row) => row.exercise === exercise)!;

describe('Review', () => {
  it('runs the due cards, each graded Again, Hard, Good or Easy, kept offline and sent in order when back online', async () => {
    card(44).due = '2024-11-22T10:00:00.000Z';
    const { user } = openReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByText('Card 1 of 2 · From Yoruba for Beginners')).toBeInTheDocument();
    goOffline();

    // A typed card: checked as in practice, then graded (Good offered first after a right answer).
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Ẹ kú àárọ̀');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const grades = screen.getByRole('group', { name: 'How well did you know it?' });
    expect(within(grades).getAllByRole('button').map((button) => button.textContent)).toEqual(['Again', 'Hard', 'Good', 'Easy']);
    expect(within(grades).getByRole('button', { name: 'Good' })).toHaveFocus();
    await user.click(within(grades).getByRole('button', { name: 'Easy' }));

    // A phrase to say: recorded (uploaded here), then graded.
    expect(await screen.findByRole('heading', { level: 2, name: 'Say "thank you".' })).toHaveFocus();
    await user.upload(screen.getByLabelText('Upload a recording'), new File(['voice'], 'me.webm', { type: 'audio/webm' }));
    await user.click(await screen.findByRole('button', { name: 'I said it right' }));
    await user.click(within(screen.getByRole('group', { name: 'How well did you know it?' })).getByRole('button', { name: 'Hard' }));

    expect(await screen.findByRole('heading', { name: 'Review finished' })).toHaveFocus();
    expect(screen.getByText('You reviewed 2 cards.')).toBeInTheDocument();
    expect(await screen.findByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    const kept = await keptChanges();
    expect(kept.map(({ endpoint, path }) => [endpoint, path])).toEqual([['sendReviewAnswers', '/review-deck/answers/'], ['sendReviewAnswers', '/review-deck/answers/']]);
    // Each kept as the JSON the provider reads, the grade and when it was given.
    expect(kept.map(({ body }) => JSON.parse(body!) as unknown)).toEqual([
      { answers: [{ exercise_id: 41, rating: 4, reviewed_at: expect.any(String) }] },
      { answers: [{ exercise_id: 44, rating: 2, reviewed_at: expect.any(String) }] },
    ]);
    expect(card(41).reps).toBe(1);

    const sent = changesSent();
    goOnline();
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 5000 });
    // Sent in order: the provider has both grades (its stand-in moves a card on by the grade in days).
    await waitFor(() => expect([card(41).scheduled_days, card(44).scheduled_days]).toEqual([4, 2]));
    // Sent: the note that they wait on the device goes.
    await waitFor(() => expect(screen.queryByText('Saved on this device: will be sent when you are back online.')).not.toBeInTheDocument());
  });

  it('says when nothing is due, and when the next card is', async () => {
    card(41).due = '2099-01-01T00:00:00.000Z';
    openReview();
    expect(await screen.findByText('Nothing to review now.')).toBeInTheDocument();
    expect(screen.getByText('The next card is due on 1 Jan 2099.')).toBeInTheDocument();
  });
});
