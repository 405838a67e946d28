import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { patterns } from '@/config/paths';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

const teacher = loggedInAs({ teacher: 4 });

/** The chapter list alone on its route. Course 1 has one chapter: 11 'Greetings', with a video. */
function openChapters(route = '/course-chapters/1') {
  return renderRoute(patterns.courseChapters, <CourseChaptersPage />, { route, preloadedState: teacher });
}

async function chapterRow(title: string) {
  const cell = await screen.findByRole('rowheader', { name: title });
  return cell.closest('tr') as HTMLElement;
}

describe('All Chapters of a course', () => {
  it('heads the list with the count, offers Add Chapter, and shows each chapter with its video, remarks and actions', async () => {
    mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', description: 'One to ten.', video: null, remarks: 'Say them aloud.' });
    const { user, router } = openChapters();
    expect(await screen.findByRole('heading', { level: 1, name: 'All Chapters (2)' })).toBeInTheDocument();

    const greetings = await chapterRow('Greetings');
    expect(within(greetings).getByLabelText('Video of Greetings')).toHaveAttribute('src', 'http://localhost/media/chapter_videos/greetings.webm');
    expect(within(greetings).getByRole('link', { name: 'Edit chapter Greetings' })).toHaveAttribute('href', '/edit-chapter/11');
    expect(within(greetings).getByRole('button', { name: 'Delete chapter Greetings' })).toBeInTheDocument();

    const numbers = await chapterRow('Numbers');
    expect(within(numbers).getByText('No Video')).toBeInTheDocument();
    expect(within(numbers).getByText('Say them aloud.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Add Chapter' }));
    expect(router.state.location.pathname).toBe('/add-chapter/1');
  });

  it("says 'No chapters found for this course.' for a course without chapters", async () => {
    mockDb.chapters = [];
    openChapters();
    expect(await screen.findByText('No chapters found for this course.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Chapters (0)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Chapter' })).toBeInTheDocument();
  });

  it("says 'No course ID provided.' when the address holds no valid course id", async () => {
    openChapters('/course-chapters/1e2');
    expect(await screen.findByText('No course ID provided.')).toBeInTheDocument();
  });

  it.each([
    [404, 'Course chapters not found.'],
    [401, 'Unauthorized access. Please log in.'],
    [403, 'An unexpected error occurred.'],
  ] as const)('says what failed (%s): %s, with Retry', async (failure, text) => {
    failEndpoint('listCourseChapters', failure, { once: true });
    const { user } = openChapters();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Greetings' })).toBeInTheDocument();
  });

  describe('deleting a chapter', () => {
    async function askToDelete() {
      const view = openChapters();
      const button = within(await chapterRow('Greetings')).getByRole('button', { name: 'Delete chapter Greetings' });
      await view.user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this chapter?' });
      return { ...view, button, dialog };
    }

    it("on confirmation deletes it: 'This particular chapter has been deleted.', the count follows and the heading takes the focus", async () => {
      const { user, dialog } = await askToDelete();
      expect(within(dialog).getByText('Greetings')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

      expect(await screen.findByText('This particular chapter has been deleted.')).toBeInTheDocument();
      expect(await screen.findByText('No chapters found for this course.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 1, name: 'All Chapters (0)' })).toHaveFocus();
    });

    it("on cancel keeps it and says 'Chapter has not been deleted!', the focus back on the delete button", async () => {
      const { user, dialog, button } = await askToDelete();
      expect(within(dialog).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));

      expect(await screen.findByText('Chapter has not been deleted!')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(button).toHaveFocus();
      expect(mockDb.chapters.map((chapter) => chapter.id)).toEqual([11]);
    });

    it("on failure keeps it and says 'Chapter has not been deleted!'", async () => {
      failEndpoint('deleteChapter', 500);
      const { user, dialog } = await askToDelete();
      await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
      expect(await screen.findByText('Chapter has not been deleted!')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('rowheader', { name: 'Greetings' })).toBeInTheDocument();
    });

    it('refreshes the dashboard counts without a reload', async () => {
      // The dashboard and the chapter list on their routes, without the area's layout: the way between them is the router's.
      const { user, router } = renderWithProviders(
        <Routes>
          <Route path={patterns.teacherDashboard} element={<TeacherDashboardPage />} />
          <Route path={patterns.courseChapters} element={<CourseChaptersPage />} />
        </Routes>,
        { route: patterns.teacherDashboard, preloadedState: teacher },
      );
      expect(await screen.findByRole('link', { name: '1 Total Chapters' })).toBeInTheDocument();
      await act(() => router.navigate('/course-chapters/1'));
      await user.click(within(await chapterRow('Greetings')).getByRole('button', { name: 'Delete chapter Greetings' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
      expect(await screen.findByText('This particular chapter has been deleted.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await act(() => router.navigate(patterns.teacherDashboard));
      expect(await screen.findByRole('link', { name: '0 Total Chapters' })).toBeInTheDocument();
    });
  });

  describe('chapter order (extension, issue 39)', () => {
    /** Three chapters of course 1 with their places: a provider that orders chapters. */
    function threeChapters() {
      mockDb.chapters = [
        { ...mockDb.chapters[0]!, position: 1 },
        { id: 12, course: 1, title: 'Numbers', description: '', video: null, remarks: '', position: 2 },
        { id: 13, course: 1, title: 'Cafés', description: '', video: null, remarks: '', position: 3 },
      ];
    }
    const shownTitles = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

    it('moves a chapter with Move down by keyboard: saved, announced, the focus kept on the moved row', async () => {
      threeChapters();
      const { user } = openChapters();
      const moveDown = within(await chapterRow('Greetings')).getByRole('button', { name: 'Move down: Greetings' });
      act(() => moveDown.focus());
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Greetings moved to position 2 of 3')).toBeInTheDocument();
      expect(shownTitles()).toEqual(['Numbers', 'Greetings', 'Cafés']);
      expect(mockDb.chapters.map((chapter) => chapter.id)).toEqual([12, 11, 13]);
      expect(screen.getByRole('button', { name: 'Move down: Greetings' })).toHaveFocus();

      // To the bottom: Move down is then disabled, so the row's Move up keeps the focus.
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Greetings moved to position 3 of 3')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Move down: Greetings' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Move up: Greetings' })).toHaveFocus();
      expect(shownTitles()).toEqual(['Numbers', 'Cafés', 'Greetings']);
    });

    it('moves a chapter dragged by its handle with a pointer', async () => {
      threeChapters();
      openChapters();
      await chapterRow('Cafés');
      const handles = screen.getAllByTitle('Drag to reorder');
      // jsdom lays nothing out: each handle is given a row's height, 100 px apart.
      handles.forEach((handle, index) => {
        jest.spyOn(handle, 'getBoundingClientRect').mockReturnValue({ top: index * 100, height: 40, bottom: index * 100 + 40 } as DOMRect);
      });
      const cafes = handles[2]!;
      fireEvent.pointerDown(cafes, { pointerId: 1, button: 0, pointerType: 'mouse' });
      fireEvent.pointerMove(cafes, { pointerId: 1, clientY: 10 });
      fireEvent.pointerUp(cafes, { pointerId: 1, clientY: 10 });
      expect(await screen.findByText('Cafés moved to position 1 of 3')).toBeInTheDocument();
      expect(mockDb.chapters.map((chapter) => chapter.id)).toEqual([13, 11, 12]);
    });

    it("puts the rows back and says the provider's refusal", async () => {
      threeChapters();
      failEndpoint('reorderChapters', 400, { msg: 'List every chapter of the course once.' });
      const { user } = openChapters();
      await user.click(within(await chapterRow('Numbers')).getByRole('button', { name: 'Move up: Numbers' }));
      expect(await screen.findByText('List every chapter of the course once.')).toBeInTheDocument();
      expect(shownTitles()).toEqual(['Greetings', 'Numbers', 'Cafés']);
    });

    it('offers no order controls on a provider without the extension (its chapters carry no position)', async () => {
      openChapters();
      await chapterRow('Greetings');
      expect(screen.queryByRole('button', { name: /^Move (up|down)/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Order' })).not.toBeInTheDocument();
    });
  });
});
