import { screen, within } from '@testing-library/react';
import type { Course } from '@/api/generated';
import { messages } from '@/features/site/messages';
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
    expect(screen.getByText(`${messages.resultCount(30)} · Courses 1–12 of 30`)).toBeInTheDocument();
    expect(screen.queryByText(messages.pastLastPage(3))).not.toBeInTheDocument();
  });

  it('continues no chapter for ?chapter=1e2, even when chapter 100 exists', async () => {
    mockDb.chapters = [{ ...fixtures.chapters[0]!, id: 100 }];
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderApp({ route: '/detail/1?chapter=1e2', preloadedState: loggedInAs({ student: 7 }) });
      const video = await screen.findByLabelText<HTMLVideoElement>('Greetings', { selector: 'video' }, pageLoad);

      // The chapter to continue is brought into view and focused as its player mounts.
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(video).not.toHaveFocus();
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });
});
