import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { mockDb } from '@test/handlers/mockDb';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';
import { goOffline, goOnline, keptChanges, withOutboxKit } from '@test/app/offline/outboxTestKit';

withOutboxKit();

/** Student 7, enrolled in course 1 and yet to rate it, on its page. */
async function openCourse() {
  const view = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });
  await screen.findByRole('button', { name: 'Rating' });
  return view;
}

describe('course page offline', () => {
  it('keeps a rating given offline, shows the course rated with a quiet note (no toast), and sends it when back online', async () => {
    const sent = recordSent('rateCourse');
    const { user } = await openCourse();
    goOffline();

    await user.click(screen.getByRole('button', { name: 'Rating' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate this course' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Learnt on the bus.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit rating' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('You already rated this course')).toBeInTheDocument();
    expect(screen.getByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    // The badge took the focus from the closed dialog (a plain element, no role to query by).
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toHaveTextContent('You already rated this course'));
    expect(screen.queryByText('Rating has been saved')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(await keptChanges()).toMatchObject([{ endpoint: 'rateCourse', path: '/course-rating/1', method: 'POST' }]);

    goOnline();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields).toEqual({ course: '1', student: '7', rating: '4', reviews: 'Learnt on the bus.' });
    await waitFor(() => expect(screen.queryByText('Saved on this device: will be sent when you are back online.')).not.toBeInTheDocument());
    expect(screen.getByText('You already rated this course')).toBeInTheDocument();
    expect(mockDb.ratings).toHaveLength(1);
  });

  it('keeps a favourite added offline, shows it added with a quiet note, and sends it when back online', async () => {
    const sent = recordSent('addFavoriteCourse');
    const { user } = await openCourse();
    goOffline();

    await user.click(await screen.findByRole('button', { name: 'Add to favourites' }));

    // Shown added at once; the note once it is kept on the device.
    expect(await screen.findByText('Saved on this device: will be sent when you are back online.')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove from favourites' });
    expect(remove).toHaveAccessibleDescription('Saved on this device: will be sent when you are back online.');
    expect(remove).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    goOnline();

    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Saved on this device: will be sent when you are back online.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toBeInTheDocument();
    expect(mockDb.favourites.map((favourite) => favourite.course)).toEqual([1]);
  });
});
