/** /all-courses' order, Free only and languages: the choices in the address, on providers that apply them and on one that does not. */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Course } from '@/api/generated';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { renderRoute } from '@test/render';
import { chooseFilter, courseTitles, firstPage, recordCourseRequests } from './courseListSteps';
import { pageLoad } from './pageLoad';

/** The course list's texts (ours). */
const messages = {
  languageFilter: 'Language',
  anyLanguage: 'All languages',
  allCoursesTitle: 'Browse Courses',
  sortLabel: 'Sort by',
  freeOnly: 'Free only',
  clearFilters: 'Clear filters',
};

/** /all-courses alone on its route, at `route`. */
const openCourses = (route: string) => renderRoute(patterns.allCourses, <AllCoursesPage />, { route });

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
    const { user } = openCourses('/all-courses');
    await screen.findAllByRole('article', {}, pageLoad);
    // The mocked catalogue: 'Yoruba, English' and 'Pidgin'.
    expect(await optionsOf(user, messages.languageFilter)).toEqual([messages.anyLanguage, 'English', 'Pidgin', 'Yoruba']);
  });

  it('reads the languages from the course list when the provider has no catalogue counts (404)', async () => {
    failEndpoint('getCatalogueCounts', 404);
    const { user } = openCourses('/all-courses');
    await screen.findAllByRole('article', {}, pageLoad);
    expect(await optionsOf(user, messages.languageFilter)).toEqual([messages.anyLanguage, 'English', 'Pidgin', 'Yoruba']);
  });

  it('sorts by price, sending the order and keeping it in the address, from the first page', async () => {
    const requests = recordCourseRequests();
    const { user, router } = openCourses('/all-courses?page=2');
    await screen.findByRole('heading', { level: 1, name: messages.allCoursesTitle }, pageLoad);

    await chooseFilter(user, messages.sortLabel, 'Price: low to high');
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, sort: 'price_asc' }));
    expect(await courseTitles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']);
    expect(router.state.location.search).toBe('?sort=price_asc');

    await chooseFilter(user, messages.sortLabel, 'Price: high to low');
    await waitFor(async () => expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']));
    expect(router.state.location.search).toBe('?sort=price_desc');
  });

  it('keeps only the free courses with Free only, and Back and Forward go through the choices', async () => {
    const requests = recordCourseRequests();
    const { user, router } = openCourses('/all-courses?sort=newest');
    expect(await courseTitles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']);

    await user.click(screen.getByRole('checkbox', { name: messages.freeOnly }));
    await waitFor(() => expect(requests.last()).toEqual({ ...firstPage, sort: 'newest', free: 'true' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics']));
    expect(new URLSearchParams(router.state.location.search).get('free')).toBe('1');
    expect(screen.getByText('1 course found')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']));
    expect(screen.getByRole('checkbox', { name: messages.freeOnly })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: messages.sortLabel })).toHaveTextContent('Newest');

    await act(() => router.navigate(1));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Pidgin Basics']));
    expect(screen.getByRole('checkbox', { name: messages.freeOnly })).toBeChecked();
  });

  it('opens with the order and Free only of the address, and Clear filters keeps the order', async () => {
    const requests = recordCourseRequests();
    const { user, router } = openCourses('/all-courses?free=1&sort=price_desc&language=Pidgin');

    expect(await courseTitles()).toEqual(['Pidgin Basics']);
    expect(requests.last()).toEqual({ ...firstPage, free: 'true', sort: 'price_desc', language: 'Pidgin' });
    expect(screen.getByRole('checkbox', { name: messages.freeOnly })).toBeChecked();
    expect(screen.getByRole('combobox', { name: messages.sortLabel })).toHaveTextContent('Price: high to low');

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

    const { user } = openCourses('/all-courses?sort=price_desc');
    expect(await courseTitles()).toEqual(['Yoruba for Beginners', 'Akan Basics', 'Pidgin Basics', 'Free German']);

    await chooseFilter(user, messages.sortLabel, 'Most popular');
    await waitFor(async () => expect(await courseTitles()).toEqual(['Akan Basics', 'Yoruba for Beginners', 'Free German', 'Pidgin Basics']));
    await chooseFilter(user, messages.sortLabel, 'Highest rated');
    await waitFor(async () => expect(await courseTitles()).toEqual(['Free German', 'Yoruba for Beginners', 'Akan Basics', 'Pidgin Basics']));

    await user.click(screen.getByRole('checkbox', { name: messages.freeOnly }));
    await waitFor(async () => expect(await courseTitles()).toEqual(['Free German', 'Pidgin Basics']));
    expect(screen.getByText('2 courses found')).toBeInTheDocument();
  });
});
