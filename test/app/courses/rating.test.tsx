import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorMessages } from '@/api';
import type { Rating } from '@/api/generated';
import { messages } from '@/features/courses/messages';
import { API } from '@test/handlers';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';
import { answerEnrolStatus, failure, setUpCourseDetailSuite } from './courseDetailHelpers';

setUpCourseDetailSuite();

/** Answers the rating call with `answer` and records each form sent. */
function answerRating(answer: () => Response) {
  const sent: Record<string, string>[] = [];
  server.use(
    http.post(`${API}/course-rating/:course_id`, async ({ request, params }) => {
      sent.push({ path_course_id: String(params.course_id), ...Object.fromEntries(new URLSearchParams(await request.text())) });
      return answer();
    }),
  );
  return sent;
}

/**
 * Picks a star. jsdom has no layout, so MUI Rating's hover tracking (it measures the stars on
 * pointer moves) yields NaN under userEvent's pointer events: click the radio without them.
 */
function chooseStars(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('radio', { name }));
}

async function openRatingDialog() {
  const view = renderApp({ route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });
  await view.user.click(await screen.findByRole('button', { name: messages.rate }));
  const dialog = await screen.findByRole('dialog', { name: messages.ratingDialogTitle });
  return { ...view, dialog };
}

describe('course detail: rating', () => {
  beforeEach(() => server.use(answerEnrolStatus({ bool: true, rated: false })));

  it('requires a rating before sending anything', async () => {
    const sent = answerRating(() => HttpResponse.json({ id: 1, course: 1, student: 7, rating: 5 } satisfies Rating, { status: 201 }));
    const { user, dialog } = await openRatingDialog();

    expect(within(dialog).getByRole('group', { name: messages.ratingLabel })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.ratingRequired);
    expect(sent).toEqual([]);
    expect(dialog).toBeInTheDocument();
  });

  it('sends the rating and review, confirms with a toast and then shows the rated badge', async () => {
    let rated = false;
    server.use(answerEnrolStatus(() => ({ bool: true, rated })));
    const sent = answerRating(() => {
      rated = true;
      return HttpResponse.json({ id: 1, course: 1, student: 7, rating: 4, reviews: 'Clear and fun.' } satisfies Rating, { status: 201 });
    });
    const { user, dialog } = await openRatingDialog();

    chooseStars(dialog, '4 Stars');
    await user.type(within(dialog).getByRole('textbox', { name: messages.reviewLabel }), 'Clear and fun.{Enter}Would take again.');
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await screen.findByText(messages.ratingSaved)).toBeInTheDocument();
    expect(sent).toEqual([{ path_course_id: '1', course: '1', student: '7', rating: '4', reviews: 'Clear and fun.\nWould take again.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(messages.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.rate })).not.toBeInTheDocument();
    // The badge is a plain element (no role to query by): check where the focus went instead.
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toHaveTextContent(messages.alreadyRated));
  });

  it('accepts a 200 answer as saved', async () => {
    answerRating(() => HttpResponse.json({ id: 1, course: 1, student: 7, rating: 2 } satisfies Rating, { status: 200 }));
    const { user, dialog } = await openRatingDialog();

    chooseStars(dialog, '2 Stars');
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await screen.findByText(messages.ratingSaved)).toBeInTheDocument();
  });

  it.each([
    ['a 400 with the server message', () => failure(400, 'You have already rated this course.'), 'You have already rated this course.'],
    ['a 500', () => failure(500), errorMessages.server],
    ['a network error', () => HttpResponse.error(), errorMessages.network],
  ])('keeps the dialog open with its values and says why on %s', async (_case, answer, text) => {
    answerRating(answer);
    const { user, dialog } = await openRatingDialog();

    chooseStars(dialog, '5 Stars');
    await user.type(within(dialog).getByRole('textbox', { name: messages.reviewLabel }), 'Great teacher');
    await user.click(within(dialog).getByRole('button', { name: messages.submitRating }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).getByRole('radio', { name: '5 Stars' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: messages.reviewLabel })).toHaveValue('Great teacher');
    expect(within(dialog).getByRole('button', { name: messages.submitRating })).toBeEnabled();
    expect(screen.queryByText(messages.ratingSaved)).not.toBeInTheDocument();
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
});
