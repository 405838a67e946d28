import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { mockDb } from '@test/handlers/mockDb';
import { answerLater } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';
import { goOffline, goOnline, keptChanges, withOutboxKit } from '@test/app/offline/outboxTestKit';

withOutboxKit();

const asStudent = loggedInAs({ student: 7 });
const rowOf = (title: string) => screen.findByRole('row', { name: (name) => name.startsWith(`${title} `) });

describe('favourite courses page offline', () => {
  it('removes a course offline at once, says the change waits on the device (also after a reload), and sends it when back online', async () => {
    mockDb.favourites = [
      { id: 1, course: 1, student: 7 },
      { id: 2, course: 2, student: 7 },
    ];
    const removals = recordCalls('removeFavoriteCourse');
    const { user, unmount } = renderApp({ route: paths.favoriteCourses, preloadedState: asStudent });
    const yoruba = await rowOf('Yoruba for Beginners');
    goOffline();

    await user.click(within(yoruba).getByRole('button', { name: 'Remove Yoruba for Beginners from favourites' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /^Yoruba for Beginners / })).not.toBeInTheDocument());
    expect(await screen.findByText('Changes to your favourites are saved on this device: they will be sent when you are back online.')).toBeInTheDocument();
    expect(await rowOf('Pidgin Basics')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(removals).toEqual([]);
    expect(await keptChanges()).toMatchObject([{ endpoint: 'removeFavoriteCourse', path: '/student-remove-favorite-course/1/7', method: 'DELETE', body: null }]);

    // The page opened again, still offline: the provider still lists the course, the device knows better.
    unmount();
    renderApp({ route: paths.favoriteCourses, preloadedState: asStudent });
    expect(await rowOf('Pidgin Basics')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^Yoruba for Beginners / })).not.toBeInTheDocument();
    expect(screen.getByText('Changes to your favourites are saved on this device: they will be sent when you are back online.')).toBeInTheDocument();

    // Sent, the removal stays shown while the list is read again: the course never flickers back.
    let answerList!: () => void;
    answerLater('fetchFavoriteCourses', new Promise<void>((resolve) => (answerList = resolve)));
    const listReads = recordCalls('fetchFavoriteCourses');
    goOnline();

    await waitFor(() => expect(removals.map((call) => call.params)).toEqual([{ course_id: '1', student_id: '7' }]));
    await waitFor(() => expect(listReads).toHaveLength(1));
    expect(screen.queryByRole('row', { name: /^Yoruba for Beginners / })).not.toBeInTheDocument();
    expect(screen.getByText('Changes to your favourites are saved on this device: they will be sent when you are back online.')).toBeInTheDocument();
    answerList();
    await waitFor(() => expect(screen.queryByText('Changes to your favourites are saved on this device: they will be sent when you are back online.')).not.toBeInTheDocument());
    expect(mockDb.favourites.map((favourite) => favourite.course)).toEqual([2]);
    expect(screen.queryByRole('row', { name: /^Yoruba for Beginners / })).not.toBeInTheDocument();
    expect(await rowOf('Pidgin Basics')).toBeInTheDocument();
  });
});
