import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Course } from '@/api/generated';
import { messages } from '@/features/site/messages';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderApp } from '@test/render';
import { pageLoad } from './pageLoad';

/**
 * Records the query of each course-list call; the mocked provider answers them from its courses
 * (Yoruba for Beginners: Yoruba, category Yoruba; Pidgin Basics: Pidgin, category French).
 */
function recordCourseRequests() {
  const calls = recordCalls('listCourses');
  return {
    queries: calls,
    last: () => calls.at(-1)?.query ?? {},
  };
}

async function courseTitles() {
  const cards = await screen.findAllByRole('article');
  return cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
}

/** Chooses an option of a filter (MUI's listbox): opens it with a click and clicks the option. */
async function chooseFilter(user: UserEvent, filter: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: filter }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The first page of a paged list: what a list asks for with no `?page=`. */
const firstPage = { limit: '12', offset: '0' };

describe('/all-courses', () => {
  it('lists every course with no filter', async () => {
    const requests = recordCourseRequests();
    renderApp({ route: '/all-courses' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.allCoursesTitle }, pageLoad)).toBeInTheDocument();
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
    expect(screen.getByText(messages.resultCount(2))).toBeInTheDocument();
    expect(requests.last()).toEqual(firstPage);
  });

  it('searches on Enter, sending the text as the search parameter and keeping it in the address', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses' });
    await screen.findAllByRole('article', {}, pageLoad);

    await user.type(screen.getByRole('searchbox', { name: messages.searchLabel }), 'pidgin{Enter}');

    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, search: 'pidgin' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics']));
    expect(router.state.location.search).toBe('?search=pidgin');
    expect(screen.getByText(messages.resultCount(1))).toBeInTheDocument();
  });

  it('filters by language and by category, sending both parameters', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses' });
    await screen.findAllByRole('article', {}, pageLoad);

    await chooseFilter(user, messages.languageFilter, 'Yoruba');
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, language: 'Yoruba' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Yoruba for Beginners']));

    const category = screen.getByRole('combobox', { name: messages.categoryFilter });
    await waitFor(() => expect(category).not.toHaveAttribute('aria-disabled'));
    await chooseFilter(user, messages.categoryFilter, 'French');
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, language: 'Yoruba', category: '2' }));
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('2');
    // Nothing matches: the screen says so and offers the way out.
    expect(await screen.findByRole('heading', { level: 2, name: messages.noMatchingCourses })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
    expect(screen.getByRole('searchbox', { name: messages.searchLabel })).toHaveFocus();
  });

  it('opens with the filters of the address, as the language tiles link to it', async () => {
    const requests = recordCourseRequests();
    renderApp({ route: '/all-courses?language=Pidgin&search=basics&category=2' });

    expect(await courseTitles()).toEqual(['Pidgin Basics']);
    expect(requests.queries).toHaveLength(1);
    expect(requests.last()).toEqual({ ...firstPage, language: 'Pidgin', search: 'basics', category: '2' });
    expect(screen.getByRole('combobox', { name: messages.languageFilter })).toHaveTextContent('Pidgin');
    expect(screen.getByRole('searchbox', { name: messages.searchLabel })).toHaveValue('basics');
    await waitFor(() => expect(screen.getByRole('combobox', { name: messages.categoryFilter })).toHaveTextContent('French'));
  });

  it('clears every filter', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses?language=Pidgin' });
    await screen.findAllByRole('article', {}, pageLoad);

    await user.click(screen.getByRole('button', { name: messages.clearFilters }));

    await waitFor(() => expect(requests.last()).toEqual(firstPage));
    expect(router.state.location.search).toBe('');
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
    // The button went with the filters; the focus is on the first of them, not on the page body.
    expect(screen.queryByRole('button', { name: messages.clearFilters })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: messages.searchLabel })).toHaveFocus();
  });

  it('runs no search while the arrow keys go through a filter’s options, one when the choice is made', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses' });
    await screen.findAllByRole('article', {}, pageLoad);
    expect(requests.queries).toHaveLength(1);

    const language = screen.getByRole('combobox', { name: messages.languageFilter });
    language.focus();
    await user.keyboard('{ArrowDown}');
    const options = await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(options).getByRole('option', { name: 'Pidgin' })).toHaveFocus();
    expect(requests.queries).toHaveLength(1);
    expect(router.state.location.search).toBe('');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, language: 'Pidgin' }));
    expect(requests.queries).toHaveLength(2);
    expect(router.state.location.search).toBe('?language=Pidgin');
    await waitFor(() => expect(language).toHaveFocus());
  });

  it('shows an error with Retry when the courses fail to load', async () => {
    failEndpoint('listCourses', 500, { msg: 'Server error', once: true });
    const { user } = renderApp({ route: '/all-courses' });

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.coursesLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
  });
});

describe('/all-popular-courses', () => {
  it('asks for the 12 most popular courses and lists them', async () => {
    const requests = recordCourseRequests();
    renderApp({ route: '/all-popular-courses' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.popularCoursesTitle }, pageLoad)).toBeInTheDocument();
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
    expect(requests.last()).toEqual({ result: '12', sort: 'popular' });
  });

  it('lists the most enrolled courses first on a provider that ignores result and sort', async () => {
    const popular: Course = { ...fixtures.freeCourse, id: 3, title: 'Crowded Course', total_enrolled_students: 99 };
    mockDb.courses = [fixtures.paidCourse, fixtures.freeCourse, popular];
    mockEndpoint('listCourses', () => mockDb.courses);
    renderApp({ route: '/all-popular-courses' });

    expect(await courseTitles()).toEqual(['Crowded Course', 'Yoruba for Beginners', 'Pidgin Basics']);
  });
});

/** The options a filter offers, by their names. */
async function optionsOf(user: UserEvent, filter: string) {
  const combobox = screen.getByRole('combobox', { name: filter });
  await waitFor(() => expect(combobox).not.toHaveAttribute('aria-disabled'));
  await user.click(combobox);
  const names = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('/all-courses sort, Free only and languages', () => {
  it('offers the languages of the catalogue’s courses, not a fixed list', async () => {
    const { user } = renderApp({ route: '/all-courses' });
    await screen.findAllByRole('article', {}, pageLoad);
    // The mocked catalogue: 'Yoruba, English' and 'Pidgin'.
    expect(await optionsOf(user, messages.languageFilter)).toEqual([messages.anyLanguage, 'English', 'Pidgin', 'Yoruba']);
  });

  it('reads the languages from the course list when the provider has no catalogue counts (404)', async () => {
    failEndpoint('getCatalogueCounts', 404);
    const { user } = renderApp({ route: '/all-courses' });
    await screen.findAllByRole('article', {}, pageLoad);
    expect(await optionsOf(user, messages.languageFilter)).toEqual([messages.anyLanguage, 'English', 'Pidgin', 'Yoruba']);
  });

  it('sorts by price, sending the order and keeping it in the address, from the first page', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses?page=2' });
    await screen.findByRole('heading', { level: 1, name: messages.allCoursesTitle }, pageLoad);

    await chooseFilter(user, messages.sortLabel, messages.sortOptions.price_asc);
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, sort: 'price_asc' }));
    expect(await courseTitles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']);
    expect(router.state.location.search).toBe('?sort=price_asc');

    await chooseFilter(user, messages.sortLabel, messages.sortOptions.price_desc);
    await waitFor(async () => expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']));
    expect(router.state.location.search).toBe('?sort=price_desc');
  });

  it('keeps only the free courses with Free only, and Back and Forward go through the choices', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses?sort=newest' });
    expect(await courseTitles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']);

    await user.click(screen.getByRole('checkbox', { name: messages.freeOnly }));
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, sort: 'newest', free: 'true' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics']));
    expect(new URLSearchParams(router.state.location.search).get('free')).toBe('1');
    expect(screen.getByText(messages.resultCount(1))).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']));
    expect(screen.getByRole('checkbox', { name: messages.freeOnly })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: messages.sortLabel })).toHaveTextContent(messages.sortOptions.newest);

    await act(() => router.navigate(1));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics']));
    expect(screen.getByRole('checkbox', { name: messages.freeOnly })).toBeChecked();
  });

  it('opens with the order and Free only of the address, and Clear filters keeps the order', async () => {
    const requests = recordCourseRequests();
    const { user, router } = renderApp({ route: '/all-courses?free=1&sort=price_desc&language=Pidgin' });

    expect(await courseTitles()).toEqual(['Pidgin Basics']);
    expect(requests.last()).toEqual({ ...firstPage, free: 'true', sort: 'price_desc', language: 'Pidgin' });
    expect(screen.getByRole('checkbox', { name: messages.freeOnly })).toBeChecked();
    expect(screen.getByRole('combobox', { name: messages.sortLabel })).toHaveTextContent(messages.sortOptions.price_desc);

    await user.click(screen.getByRole('button', { name: messages.clearFilters }));
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, sort: 'price_desc' }));
    expect(router.state.location.search).toBe('?sort=price_desc');
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
  });

  it('sorts and filters the answer of a provider that ignores sort, free and paging (the original backend)', async () => {
    const cheap: Course = { ...fixtures.paidCourse, id: 3, title: 'Akan Basics', price: '5.00', course_rating: 3, total_enrolled_students: 40 };
    const free: Course = { ...fixtures.freeCourse, id: 4, title: 'Free German', price: null, course_rating: 5, total_enrolled_students: 2 };
    mockDb.courses = [fixtures.paidCourse, fixtures.freeCourse, cheap, free];
    mockEndpoint('listCourses', () => mockDb.courses);

    const { user } = renderApp({ route: '/all-courses?sort=price_desc' });
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Akan Basics', 'Pidgin Basics', 'Free German']);

    await chooseFilter(user, messages.sortLabel, messages.sortOptions.popular);
    await waitFor(async () => expect(await courseTitles()).toEqual(['Akan Basics', 'Yoruba for Beginners', 'Free German', 'Pidgin Basics']));
    await chooseFilter(user, messages.sortLabel, messages.sortOptions.rating);
    await waitFor(async () => expect(await courseTitles()).toEqual(['Free German', 'Yoruba for Beginners', 'Akan Basics', 'Pidgin Basics']));

    await user.click(screen.getByRole('checkbox', { name: messages.freeOnly }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Free German', 'Pidgin Basics']));
    expect(screen.getByText(messages.resultCount(2))).toBeInTheDocument();
  });
});
