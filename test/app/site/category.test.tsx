import { screen, within } from '@testing-library/react';
import { messages } from '@/features/site/messages';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderApp } from '@test/render';
import { pageLoad } from './pageLoad';

/** Adds a category 'Pidgin English' holding the free course, and records the queries of the course-list calls. */
function arrangePidginEnglish() {
  mockDb.categories.push({ id: 5, title: 'Pidgin English' });
  mockDb.courses = mockDb.courses.map((course) => (course.id === 2 ? { ...course, category: 5 } : course));
  return recordCalls('listCourses');
}

describe('/category/{category_slug}', () => {
  it('shows the category whose title slugifies to the slug, with its courses', async () => {
    const courseCalls = arrangePidginEnglish();
    renderApp({ route: '/category/pidgin-english' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pidgin English' }, pageLoad)).toBeInTheDocument();
    const [course] = await screen.findAllByRole('article');
    expect(within(course!).getByRole('heading', { level: 2, name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(within(course!).getByRole('link', { name: `${messages.enrollNow}: Pidgin Basics` })).toHaveAttribute('href', '/detail/2');
    expect(courseCalls.map((call) => call.query)).toEqual([{ category: '5', limit: '12', offset: '0' }]);
  });

  it('matches a one-word title in lower case', async () => {
    arrangePidginEnglish();
    renderApp({ route: '/category/yoruba' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba' }, pageLoad)).toBeInTheDocument();
  });

  it('says the category is not found for an unknown slug, without asking for courses', async () => {
    const courseCalls = arrangePidginEnglish();
    renderApp({ route: '/category/klingon' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.categoryNotFound }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.browseAllCourses })).toHaveAttribute('href', '/all-courses');
    expect(courseCalls).toEqual([]);
  });

  it('shows an error with Retry when the categories fail to load', async () => {
    failEndpoint('listCategories', 500, { msg: 'Server error', once: true });
    const { user } = renderApp({ route: '/category/yoruba' });

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.categoriesLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba' })).toBeInTheDocument();
  });

  it('links course cards to their category page', async () => {
    renderApp({ route: '/all-courses' });

    const [paid] = await screen.findAllByRole('article', {}, pageLoad);
    expect(within(paid!).getByRole('link', { name: 'Yoruba' })).toHaveAttribute('href', '/category/yoruba');
  });
});
