import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import type { Failure } from '@test/handlers/endpoint';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls, type RecordedCall } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';


/** The texts of the rating form: the spec's ('Rating', 'Rating has been saved', 'You already rated this course') and ours. */
const messages = {
  rate: 'Rating',
  ratingSaved: 'Rating has been saved',
  alreadyRated: 'You already rated this course',
  ratingDialogTitle: 'Rate this course',
  ratingLabel: 'Your rating',
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  reviewLabel: 'Your review',
  submitRating: 'Submit rating',
  cancel: 'Cancel',
  reviewsHeading: 'Reviews',
  reviewTooLong: 'Too long: at most 2,000 characters.',
};

/** What each rating call sent: the course in its path and the fields of its form. */
function sentRatings(calls: RecordedCall<'rateCourse'>[]) {
  return Promise.all(calls.map(async (call) => ({ path_course_id: call.params.course_id, ...(await sentFields(call.request)) })));
}

/**
 * Picks a star. jsdom has no layout, so MUI Rating's hover tracking (it measures the stars on
 * pointer moves) yields NaN under userEvent's pointer events: click the radio without them.
 */
function chooseStars(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('radio', { name }));
}

/** Student 7, who the fixtures enrol in course 1 and who has not rated it yet, opens the rating form. */
async function openRatingDialog() {
  const view = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });
  await view.user.click(await screen.findByRole('button', { name: messages.rate }));
  const dialog = await screen.findByRole('dialog', { name: messages.ratingDialogTitle });
  return { ...view, dialog };
}

describe('course detail: rating', () => {
  it('offers five stars and no sixth "Empty" option, none chosen at first, and requires one before sending anything', async () => {
    const calls = recordCalls('rateCourse');
    const { user, dialog } = await openRatingDialog();

    const stars = within(dialog).getByRole('radiogroup', { name: messages.ratingLabel });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['1 Star', '2 Stars', '3 Stars', '4 Stars', '5 Stars']) expect(within(stars).getByRole('radio', { name })).not.toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: /empty/i })).not.toBeInTheDocument();
    expect(stars).toBeRequired();
    expect(stars).not.toBeInvalid();
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.ratingRequired);
    expect(stars).toBeInvalid();
    expect(stars).toHaveAccessibleDescription(messages.ratingRequired);
    expect(within(stars).getByRole('radio', { name: '1 Star' })).toHaveFocus();
    expect(calls).toEqual([]);
    expect(dialog).toBeInTheDocument();

    chooseStars(dialog, '3 Stars');
    expect(stars).not.toBeInvalid();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the rating and review, confirms with a toast and then shows the rated badge', async () => {
    const calls = recordCalls('rateCourse');
    const { user, dialog } = await openRatingDialog();

    chooseStars(dialog, '4 Stars');
    // Enter in the review starts a new line (it does not send the form).
    await user.click(within(dialog).getByRole('textbox', { name: messages.reviewLabel }));
    await user.paste('Clear and fun.');
    await user.keyboard('{Enter}');
    await user.paste('Would take again.');
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await screen.findByText(messages.ratingSaved)).toBeInTheDocument();
    expect(await sentRatings(calls)).toEqual([
      { path_course_id: '1', course: '1', student: '7', rating: '4', reviews: 'Clear and fun.\nWould take again.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(messages.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.rate })).not.toBeInTheDocument();
    // The page's reviews now hold it, by its writer's first name and initial.
    const reviews = screen.getByRole('region', { name: messages.reviewsHeading });
    expect(await within(reviews).findByText(/^Clear and fun\./)).toBeInTheDocument();
    expect(within(reviews).getByText('Ada L.')).toBeInTheDocument();
    // The badge is a plain element (no role to query by): check where the focus went instead.
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toHaveTextContent(messages.alreadyRated));
  });

  it('accepts a 200 answer as saved', async () => {
    mockEndpoint('rateCourse', { status: 200, body: { id: 1, course: 1, student: 7, rating: 2 } });
    const { user, dialog } = await openRatingDialog();

    chooseStars(dialog, '2 Stars');
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await screen.findByText(messages.ratingSaved)).toBeInTheDocument();
  });

  it('keeps the dialog open with its values and says why on a 400 with the server message, a 500 and a network error', async () => {
    const { user, dialog } = await openRatingDialog();
    chooseStars(dialog, '5 Stars');
    await user.click(within(dialog).getByRole('textbox', { name: messages.reviewLabel }));
    await user.paste('Great teacher');

    const failures: [Failure, string | undefined, string][] = [
      [400, 'You have already rated this course.', 'You have already rated this course.'],
      [500, undefined, 'The server ran into a problem. Please try again in a few minutes.'],
      ['network', undefined, 'No response from the server. Please try again later.'],
    ];
    for (const [kind, msg, text] of failures) {
      failEndpoint('rateCourse', kind, { msg, once: true });
      await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(text));
      expect(within(dialog).getByRole('radio', { name: '5 Stars' })).toBeChecked();
      expect(within(dialog).getByRole('textbox', { name: messages.reviewLabel })).toHaveValue('Great teacher');
      expect(within(dialog).getByRole('button', { name: messages.submitRating })).toBeEnabled();
      expect(screen.queryByText(messages.ratingSaved)).not.toBeInTheDocument();
    }
  });

  it('starts empty again when reopened after Cancel', async () => {
    const { user, dialog } = await openRatingDialog();

    chooseStars(dialog, '3 Stars');
    await user.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: messages.rate }));

    const reopened = await screen.findByRole('dialog', { name: messages.ratingDialogTitle });
    expect(within(reopened).getByRole('radio', { name: '3 Stars' })).not.toBeChecked();
  });

  it('refuses a review over 2,000 characters before sending, under the review with the focus there, counting near the limit', async () => {
    const calls = recordCalls('rateCourse');
    const { user, dialog } = await openRatingDialog();
    chooseStars(dialog, '4 Stars');
    const review = within(dialog).getByRole('textbox', { name: messages.reviewLabel });
    await user.click(review);
    await user.paste('R'.repeat(1600));
    expect(within(dialog).getByText('1,600 / 2,000')).toBeInTheDocument();
    await user.paste('R'.repeat(401));
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(review).toHaveFocus();
    expect(review).toBeInvalid();
    expect(review).toHaveAccessibleDescription(expect.stringContaining(messages.reviewTooLong));
    expect(within(dialog).getAllByText(messages.reviewTooLong)).toHaveLength(1);
    expect(calls).toEqual([]);
  });
});
