import { screen, waitFor, within } from '@testing-library/react';
import type { Course } from '@/api/generated';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { AllPopularCoursesPage } from '@/features/site/AllPopularCoursesPage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { renderRoute } from '@test/render';
import { chooseFilter, courseTitles, firstPage, recordCourseRequests } from './courseListSteps';
import { pageLoad } from './pageLoad';

/** The course lists' texts (ours). */
const messages = {
  allCoursesTitle: 'Browse Courses',
  searchLabel: 'Search courses',
  languageFilter: 'Language',
  categoryFilter: 'Category',
  noMatchingCourses: 'No courses match these filters.',
  clearFilters: 'Clear filters',
  coursesLoadFailed: 'The courses could not be loaded.',
  popularCoursesTitle: 'Popular Courses',
};

const openCourses = (route: string) => renderRoute(patterns.allCourses, <AllCoursesPage />, { route });
const openPopular = (route: string) => renderRoute(patterns.allPopularCourses, <AllPopularCoursesPage />, { route });

describe('/all-courses', () => {
  it('lists every course with no filter', async () => {
    const requests = recordCourseRequests();
    openCourses('/all-courses');

    expect(await screen.findByRole('heading', { level: 1, name: messages.allCoursesTitle }, pageLoad)).toBeInTheDocument();
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
    expect(screen.getByText('2 courses found')).toBeInTheDocument();
    expect(requests.last()).toEqual(firstPage);
  });

  it('searches on Enter, sending the text as the search parameter and keeping it in the address', async () => {
    const requests = recordCourseRequests();
    const { user, router } = openCourses('/all-courses');
    await screen.findAllByRole('article', {}, pageLoad);

    await user.click(screen.getByRole('searchbox', { name: messages.searchLabel }));
    await user.paste('pidgin');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, search: 'pidgin' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics']));
    expect(router.state.location.search).toBe('?search=pidgin');
    expect(screen.getByText('1 course found')).toBeInTheDocument();
  });

  it('filters by language and by category, sending both parameters', async () => {
    const requests = recordCourseRequests();
    const { user, router } = openCourses('/all-courses');
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
    openCourses('/all-courses?language=Pidgin&search=basics&category=2');

    expect(await courseTitles()).toEqual(['Pidgin Basics']);
    expect(requests.queries).toHaveLength(1);
    expect(requests.last()).toEqual({ ...firstPage, language: 'Pidgin', search: 'basics', category: '2' });
    expect(screen.getByRole('combobox', { name: messages.languageFilter })).toHaveTextContent('Pidgin');
    expect(screen.getByRole('searchbox', { name: messages.searchLabel })).toHaveValue('basics');
    await waitFor(() => expect(screen.getByRole('combobox', { name: messages.categoryFilter })).toHaveTextContent('French'));
  });

  it('clears every filter', async () => {
    const requests = recordCourseRequests();
    const { user, router } = openCourses('/all-courses?language=Pidgin');
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
    const { user, router } = openCourses('/all-courses');
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
    const { user } = openCourses('/all-courses');

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.coursesLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
  });
});

describe('/all-popular-courses', () => {
  it('asks for the 12 most popular courses and lists them', async () => {
    const requests = recordCourseRequests();
    openPopular('/all-popular-courses');

    expect(await screen.findByRole('heading', { level: 1, name: messages.popularCoursesTitle }, pageLoad)).toBeInTheDocument();
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
    expect(requests.last()).toEqual({ result: '12', sort: 'popular' });
  });

  it('lists the most enrolled courses first on a provider that ignores result and sort', async () => {
    const popular: Course = { ...fixtures.freeCourse, id: 3, title: 'Crowded Course', total_enrolled_students: 99 };
    mockDb.courses = [fixtures.paidCourse, fixtures.freeCourse, popular];
    mockEndpoint('listCourses', () => mockDb.courses);
    openPopular('/all-popular-courses');

    expect(await courseTitles()).toEqual(['Crowded Course', 'Yoruba for Beginners', 'Pidgin Basics']);
  });
});
