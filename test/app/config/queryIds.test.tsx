import { screen, within } from '@testing-library/react';
import type { Course } from '@/api/generated';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, renderApp } from '@test/render';
import { pageLoad } from '../site/pageLoad';

/**
 * `?page=` and `?chapter=` are read by the one id parser (`parseIdParam`), as route ids are: a
 * number that is not written in plain digits (`1e2`, which `Number()` reads as 100) is no page
 * and no chapter.
 */
describe('numbers in the query are read as ids', () => {
  it('shows the first page for ?page=1e2, not page 100', async () => {
    mockDb.courses = Array.from({ length: 30 }, (_, index): Course => ({ ...fixtures.freeCourse, id: 100 + index, title: `Course ${index + 1}` }));
    renderApp({ route: '/all-courses?page=1e2' });

    const cards = await screen.findAllByRole('article', {}, pageLoad);
    expect(within(cards[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Course 1');
    expect(screen.getByText('30 courses found · Courses 1–12 of 30')).toBeInTheDocument();
    expect(screen.queryByText('There is no such page: the list has 3 pages.')).not.toBeInTheDocument();
  });

  it('opens no chapter in the player for ?chapter=1e2, even when chapter 100 exists', async () => {
    mockDb.chapters = [{ ...fixtures.chapters[0]!, id: 100 }];
    const { router } = renderApp({ route: '/detail/1?chapter=1e2', preloadedState: loggedInAs({ student: 7 }) });

    // An old chapter address (?chapter={id}) opens the player; this one names no chapter.
    expect(await screen.findByRole('link', { name: '1 Greetings' }, pageLoad)).toHaveAttribute('href', '/learn/1/100');
    expect(router.state.location.pathname).toBe('/detail/1');
  });
});
