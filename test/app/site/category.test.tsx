import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { CategoryPage } from '@/features/site/CategoryPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderRoute } from '@test/render';
import { pageLoad } from './pageLoad';

/** The category page's texts (ours; 'ENROLL NOW' the spec's). */
const messages = {
  enrollNow: 'ENROLL NOW',
  categoryNotFound: 'Category not found',
  browseAllCourses: 'Browse all courses',
  categoriesLoadFailed: 'The categories could not be loaded.',
  sortLabel: 'Sort by',
  freeOnly: 'Free only',
  noMatchingCourses: 'No courses match these filters.',
  clearFilters: 'Clear filters',
};

/** The category page alone on its route, at `route`. */
const openCategory = (route: string) => renderRoute(patterns.category, <CategoryPage />, { route });

/** Adds a category 'Pidgin English' holding the free course, and records the queries of the course-list calls. */
function arrangePidginEnglish() {
  mockDb.categories.push({ id: 5, title: 'Pidgin English' });
  mockDb.courses = mockDb.courses.map((course) => (course.id === 2 ? { ...course, category: 5 } : course));
  return recordCalls('listCourses');
}

describe('/category/{category_slug}', () => {
  it('shows the category whose title slugifies to the slug, with its courses', async () => {
    const courseCalls = arrangePidginEnglish();
    openCategory('/category/pidgin-english');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pidgin English' }, pageLoad)).toBeInTheDocument();
    const [course] = await screen.findAllByRole('article');
    expect(within(course!).getByRole('heading', { level: 2, name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(within(course!).getByRole('link', { name: `${messages.enrollNow}: Pidgin Basics` })).toHaveAttribute('href', '/detail/2');
    expect(courseCalls.map((call) => call.query)).toEqual([{ category: '5', limit: '12', offset: '0' }]);
  });

  it('matches a one-word title in lower case', async () => {
    arrangePidginEnglish();
    openCategory('/category/yoruba');

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba' }, pageLoad)).toBeInTheDocument();
  });

  it('says the category is not found for an unknown slug, without asking for courses', async () => {
    const courseCalls = arrangePidginEnglish();
    openCategory('/category/klingon');

    expect(await screen.findByRole('heading', { level: 1, name: messages.categoryNotFound }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.browseAllCourses })).toHaveAttribute('href', '/all-courses');
    expect(courseCalls).toEqual([]);
  });

  it('shows an error with Retry when the categories fail to load', async () => {
    failEndpoint('listCategories', 500, { msg: 'Server error', once: true });
    const { user } = openCategory('/category/yoruba');

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.categoriesLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba' })).toBeInTheDocument();
  });

  it('links course cards to their category page', async () => {
    renderRoute(patterns.allCourses, <AllCoursesPage />);

    const [paid] = await screen.findAllByRole('article', {}, pageLoad);
    expect(within(paid!).getByRole('link', { name: 'Yoruba' })).toHaveAttribute('href', '/category/yoruba');
  });

  it('sorts and keeps only the free courses, with the choices in the address', async () => {
    mockDb.courses = mockDb.courses.map((course) => ({ ...course, category: { id: 3, title: 'Yoruba' } }));
    const courseCalls = recordCalls('listCourses');
    const { user, router } = openCategory('/category/yoruba');
    const titles = async () => (await screen.findAllByRole('article')).map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
    expect(await titles()).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);

    await user.click(screen.getByRole('combobox', { name: messages.sortLabel }));
    await user.click(await screen.findByRole('option', { name: 'Price: low to high' }));
    await waitFor(async () => expect(await titles()).toEqual(['Pidgin Basics', 'Yoruba for Beginners']));
    expect(courseCalls.at(-1)?.query).toEqual({ category: '3', sort: 'price_asc', limit: '12', offset: '0' });

    await user.click(screen.getByRole('checkbox', { name: messages.freeOnly }));
    await waitFor(async () => expect(await titles()).toEqual(['Pidgin Basics']));
    expect(router.state.location.search).toBe('?sort=price_asc&free=1');
  });

  it('says no course matches Free only in a category without free courses, and clears it', async () => {
    const { user, router } = openCategory('/category/yoruba?free=1');

    expect(await screen.findByRole('heading', { level: 2, name: messages.noMatchingCourses }, pageLoad)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.clearFilters }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Yoruba for Beginners' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
