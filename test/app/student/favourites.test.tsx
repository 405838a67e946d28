import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { FavoriteCoursesPage } from '@/features/student/area/FavoriteCoursesPage';
import { StudentAreaLayout } from '@/features/student/area/StudentAreaLayout';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp, renderRoute, renderWithProviders } from '@test/render';

const asStudent = loggedInAs({ student: 7 });

/** Our texts for the favourites (an extension). */
const messages = {
  addToFavorites: 'Add to favourites',
  removeFromFavorites: 'Remove from favourites',
  favoritesTableLabel: 'Favourite courses',
  removeFavoriteNamed: (title: string) => `Remove ${title} from favourites`,
  noFavorites: 'You have no favourite courses yet.',
  favoriteCoursesLink: 'Favourite Courses',
};

/** The fixtures: course 1 'Yoruba for Beginners' (student 7 is enrolled), course 2 'Pidgin Basics'. */
const favouriteOf = (course: number) => ({ id: mockDb.favourites.length + 1, course, student: 7 });
const isFavourite = (course: number) => mockDb.favourites.some((favourite) => favourite.course === course && favourite.student === 7);

const addButton = (container: HTMLElement = document.body) =>
  within(container).findByRole('button', { name: messages.addToFavorites });
const removeButton = (container: HTMLElement = document.body) =>
  within(container).findByRole('button', { name: messages.removeFromFavorites });

const openFavourites = () => renderRoute(patterns.favoriteCourses, <FavoriteCoursesPage />, { preloadedState: asStudent });
const openCourse = (preloadedState = asStudent) => renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: paths.courseDetail(1), preloadedState });
const openAllCourses = (preloadedState = asStudent) => renderRoute(patterns.allCourses, <AllCoursesPage />, { preloadedState });
/** The dashboard in the student area's layout, whose menu is the sidebar. */
const openDashboard = () =>
  renderWithProviders(
    <Routes>
      <Route element={<StudentAreaLayout />}>
        <Route path={patterns.studentDashboard} element={<StudentDashboardPage />} />
      </Route>
    </Routes>,
    { route: paths.studentDashboard, preloadedState: asStudent },
  );
const sidebar = () => screen.findByRole('navigation', { name: 'Student area' });
const table = () => screen.findByRole('table', { name: messages.favoritesTableLabel });
const rowOf = (title: string) => screen.findByRole('row', { name: (name) => name.startsWith(`${title} `) });

describe('favourite toggle on the course page', () => {
  it('adds the course to the favourites and removes it again, its words saying what it does now and nothing else', async () => {
    const { user } = openCourse();

    const add = await addButton();
    // One signal: the words. No aria-pressed besides ('Remove from favourites, pressed').
    expect(add).not.toHaveAttribute('aria-pressed');
    await user.click(add);

    const remove = await removeButton();
    expect(remove).not.toHaveAttribute('aria-pressed');
    expect(remove).toHaveFocus();
    await waitFor(() => expect(isFavourite(1)).toBe(true));

    await user.click(remove);
    expect(await addButton()).not.toHaveAttribute('aria-pressed');
    await waitFor(() => expect(isFavourite(1)).toBe(false));
  });

  it('offers to remove a course that is a favourite already', async () => {
    mockDb.favourites = [favouriteOf(1)];
    openCourse();

    expect(await removeButton()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.addToFavorites })).not.toBeInTheDocument();
  });

  it('is not shown to visitors', async () => {
    openCourse({});

    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /favourites/ })).not.toBeInTheDocument();
  });

  it.each<[string, () => void, string]>([
    ['a refusal', () => failEndpoint('addFavoriteCourse', 400, { msg: 'Unknown course.' }), 'Unknown course.'],
    ['a server failure', () => failEndpoint('addFavoriteCourse', 500), 'The server ran into a problem. Please try again in a few minutes.'],
    ['a network failure', () => failEndpoint('addFavoriteCourse', 'network'), 'No response from the server. Please try again later.'],
  ])('says why on %s and still offers to add', async (_case, fail, text) => {
    fail();
    const { user } = openCourse();

    await user.click(await addButton());

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(await addButton()).toBeInTheDocument();
    expect(isFavourite(1)).toBe(false);
  });

  it("says why when the provider answers a removal with bool false, and still offers to remove", async () => {
    mockDb.favourites = [favouriteOf(1)];
    mockEndpoint('removeFavoriteCourse', { status: 200, body: { bool: false, msg: 'Could not remove it.' } });
    const { user } = openCourse();

    await user.click(await removeButton());

    expect(await screen.findByText('Could not remove it.')).toBeInTheDocument();
    expect(await removeButton()).toBeInTheDocument();
  });
});

describe('favourite toggle on course cards', () => {
  // The whole app: the list page, reached afterwards, shows what the card did.
  it('marks a card’s course as favourite, named after its course, and the list page shows it', async () => {
    const { user, router } = renderApp({ route: paths.allCourses, preloadedState: asStudent });

    await screen.findByRole('heading', { name: 'Pidgin Basics' });
    const card = screen.getAllByRole('article').find((article) => within(article).queryByRole('heading', { name: 'Pidgin Basics' }) !== null)!;
    const add = await addButton(card);
    expect(add).toHaveAccessibleDescription('Pidgin Basics');
    await user.click(add);
    expect(await removeButton(card)).not.toHaveAttribute('aria-pressed');
    await waitFor(() => expect(isFavourite(2)).toBe(true));

    await router.navigate(paths.favoriteCourses);
    const row = await rowOf('Pidgin Basics');
    expect(within(row).getByRole('link', { name: 'Pidgin Basics' })).toHaveAttribute('href', '/detail/2');
  });

  it('reads the favourites once for all the cards', async () => {
    let reads = 0;
    mockEndpoint('fetchFavoriteCourses', () => {
      reads += 1;
      return [];
    });
    openAllCourses();

    expect(await screen.findAllByRole('button', { name: messages.addToFavorites })).toHaveLength(2);
    expect(reads).toBe(1);
  });

  it('is not shown to visitors', async () => {
    openAllCourses({});

    expect(await screen.findByRole('heading', { name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /favourites/ })).not.toBeInTheDocument();
  });
});

describe('favourite courses page', () => {
  it('lists the favourite courses with their teachers and languages, and removes one', async () => {
    mockDb.favourites = [favouriteOf(1), { id: 2, course: 2, student: 7 }];
    const { user } = openFavourites();

    expect(await screen.findByRole('heading', { level: 1, name: 'Favourite Courses' })).toBeInTheDocument();
    const headers = within(await table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Course', 'Teacher', 'Languages', 'Action']);
    const yoruba = await rowOf('Yoruba for Beginners');
    expect(within(yoruba).getByRole('link', { name: 'Yoruba for Beginners' })).toHaveAttribute('href', '/detail/1');
    expect(within(yoruba).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    expect(within(yoruba).getByText('Yoruba, English')).toBeInTheDocument();

    // The course in the name, after the visible word: a list of buttons tells the rows apart.
    const remove = within(yoruba).getByRole('button', { name: messages.removeFavoriteNamed('Yoruba for Beginners') });
    expect(remove).toHaveTextContent('Remove');
    await user.click(remove);

    await waitFor(() => expect(screen.queryByRole('row', { name: /^Yoruba for Beginners / })).not.toBeInTheDocument());
    expect(await rowOf('Pidgin Basics')).toBeInTheDocument();
    expect(isFavourite(1)).toBe(false);
    // The row and its button are gone: the focus stays on the list (a plain element, no role to query by).
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toContainElement(screen.getByRole('table', { name: messages.favoritesTableLabel })));
  });

  it('shows the empty state with a link to all courses once the last one is removed', async () => {
    mockDb.favourites = [favouriteOf(1)];
    const { user } = openFavourites();

    await user.click(within(await rowOf('Yoruba for Beginners')).getByRole('button', { name: messages.removeFavoriteNamed('Yoruba for Beginners') }));

    expect(await screen.findByText(messages.noFavorites)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/all-courses');
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toHaveTextContent(messages.noFavorites));
  });

  it('says so when the student has no favourite course', async () => {
    openFavourites();

    expect(await screen.findByText(messages.noFavorites)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/all-courses');
  });

  it('keeps the course and says why when it cannot be removed', async () => {
    mockDb.favourites = [favouriteOf(1)];
    failEndpoint('removeFavoriteCourse', 500);
    const { user } = openFavourites();

    await user.click(within(await rowOf('Yoruba for Beginners')).getByRole('button', { name: messages.removeFavoriteNamed('Yoruba for Beginners') }));

    const row = await rowOf('Yoruba for Beginners');
    expect(await within(row).findByRole('alert')).toHaveTextContent('The server ran into a problem. Please try again in a few minutes.');
    expect(within(row).getByRole('button', { name: messages.removeFavoriteNamed('Yoruba for Beginners') })).toBeEnabled();
    expect(isFavourite(1)).toBe(true);
  });
});

describe('a provider without the favourites extension', () => {
  const withoutFavourites: [string, () => void][] = [
    ['404', () => failEndpoint('fetchFavoriteCourses', 404)],
    ['405', () => mockEndpoint('fetchFavoriteCourses', { status: 405, body: { detail: 'Method "GET" not allowed.' } })],
  ];

  it.each(withoutFavourites)('(%s) hides the sidebar entry but keeps the others', async (_status, arrange) => {
    arrange();
    failEndpoint('fetchFavoriteStatus', 404);
    openDashboard();

    const nav = await sidebar();
    expect(await within(nav).findByRole('link', { name: 'Recommended Courses' })).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: messages.favoriteCoursesLink })).not.toBeInTheDocument());
  });

  it.each(withoutFavourites)('(%s) hides the toggle on the course page and on cards', async (_status, arrange) => {
    arrange();
    const { unmount } = openCourse();

    expect(await screen.findByText('You are already enrolled in this course')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /favourites/ })).not.toBeInTheDocument());

    unmount();
    openAllCourses();
    expect(await screen.findByRole('heading', { name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /favourites/ })).not.toBeInTheDocument();
  });

  it('(404) says on the list page that favourites are not available', async () => {
    failEndpoint('fetchFavoriteCourses', 404);
    openFavourites();

    expect(await screen.findByText('Favourite courses are not available.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the sidebar entry when the favourites fail for another reason', async () => {
    failEndpoint('fetchFavoriteCourses', 500);
    openDashboard();

    expect(await within(await sidebar()).findByRole('link', { name: messages.favoriteCoursesLink })).toBeInTheDocument();
  });
});
