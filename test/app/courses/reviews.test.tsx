import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderRoute } from '@test/render';
import { shownFacts } from './courseDetailHelpers';


/** Seven written reviews of course 1 (Nov 1 to 7, by students 31 to 37) and one rating without words. */
function sevenReviews() {
  const stars = [5, 4, 5, 3, 5, 1, 4];
  mockDb.students.push(...stars.map((_, index) => ({ id: 31 + index, full_name: `Reviewer${index + 1} Lastname`, email: `r${index + 1}@academy.test` })));
  mockDb.ratings.push(
    ...stars.map((rating, index) => ({
      id: 100 + index,
      course: 1,
      student: 31 + index,
      rating,
      reviews: `Review number ${index + 1}.`,
      rated_at: `2026-11-0${index + 1}T10:00:00.000Z`,
    })),
    { id: 120, course: 1, student: 7, rating: 5, reviews: '  ', rated_at: '2026-11-08T10:00:00.000Z' },
  );
}

describe('course detail: reviews', () => {
  it('shows the average, the count and the stars given, then the written reviews newest first, five more at a time', async () => {
    sevenReviews();
    const calls = recordCalls('listCourseReviews');
    const { user } = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1' });

    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('4.0 out of 5')).toBeInTheDocument();
    expect(within(reviews).getByText('8 ratings')).toBeInTheDocument();
    const distribution = within(reviews).getByRole('list', { name: 'Ratings by stars' });
    expect(within(distribution).getAllByRole('listitem').map((bar) => bar.textContent)).toEqual([
      '5 stars: 4 ratings',
      '4 stars: 2 ratings',
      '3 stars: 1 rating',
      '2 stars: 0 ratings',
      '1 star: 1 rating',
    ]);

    const written = () => within(reviews).getAllByRole('listitem').filter((item) => !distribution.contains(item));
    await waitFor(() => expect(written()).toHaveLength(5));
    expect(written().map((review) => within(review).getByText(/^Review number/).textContent)).toEqual([
      'Review number 7.',
      'Review number 6.',
      'Review number 5.',
      'Review number 4.',
      'Review number 3.',
    ]);
    const newest = written()[0]!;
    expect(within(newest).getByText('Reviewer7 L.')).toBeInTheDocument();
    expect(within(newest).getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(within(newest).getByText('7 November 2026')).toHaveAttribute('datetime', '2026-11-07T10:00:00.000Z');

    await user.click(within(reviews).getByRole('button', { name: 'Show more reviews' }));

    await waitFor(() => expect(written()).toHaveLength(7));
    expect(written().slice(5).map((review) => within(review).getByText(/^Review number/).textContent)).toEqual(['Review number 2.', 'Review number 1.']);
    await waitFor(() => expect(written()[5]).toHaveFocus());
    expect(within(reviews).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.query)).toEqual([
      { limit: '5', offset: '0' },
      { limit: '5', offset: '5' },
    ]);
  });

  it('says nobody has rated a course yet', async () => {
    renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/2' });

    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('Nobody has rated this course yet.')).toBeInTheDocument();
    expect(within(reviews).getByText('No written reviews yet.')).toBeInTheDocument();
  });

  it('leaves the reviews out on a provider without them (404): the average stays in the facts', async () => {
    failEndpoint('listCourseReviews', 404);
    const calls = recordCalls('listCourseReviews');
    renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shownFacts()['Rating']).toBe('4.5/5');
  });

  it('shows an error with Retry when the reviews fail to load, and loads them on Retry', async () => {
    sevenReviews();
    failEndpoint('listCourseReviews', 500, { once: true });
    const { user } = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1' });

    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    const alert = await within(reviews).findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(reviews).findByText('Review number 7.')).toBeInTheDocument();
  });
});
