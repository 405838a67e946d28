import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Category, Course } from '@/api/generated';
import { messages } from '@/features/site/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { renderApp } from '@test/render';
import { server } from '@test/server';
import { pageLoad } from './pageLoad';

const categories: Category[] = [...fixtures.categories, { id: 5, title: 'Pidgin English' }];

function answerCategoriesAndCourses() {
  const courseQueries: URLSearchParams[] = [];
  server.use(
    http.get<never, never, Category[]>(`${API}/category/`, () => HttpResponse.json(categories)),
    http.get<never, never, Course[]>(`${API}/course/`, ({ request }) => {
      courseQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json([fixtures.freeCourse]);
    }),
  );
  return courseQueries;
}

describe('/category/{category_slug}', () => {
  it('shows the category whose title slugifies to the slug, with its courses', async () => {
    const courseQueries = answerCategoriesAndCourses();
    renderApp({ route: '/category/pidgin-english' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pidgin English' }, pageLoad)).toBeInTheDocument();
    const [course] = await screen.findAllByRole('article');
    expect(within(course!).getByRole('heading', { level: 2, name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(within(course!).getByRole('link', { name: messages.enrollNow })).toHaveAttribute('href', '/detail/2');
    expect(courseQueries.map((query) => Object.fromEntries(query))).toEqual([{ category: '5' }]);
  });

  it('matches a one-word title in lower case', async () => {
    answerCategoriesAndCourses();
    renderApp({ route: '/category/yoruba' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba' }, pageLoad)).toBeInTheDocument();
  });

  it('says the category is not found for an unknown slug, without asking for courses', async () => {
    const courseQueries = answerCategoriesAndCourses();
    renderApp({ route: '/category/klingon' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.categoryNotFound }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.browseAllCourses })).toHaveAttribute('href', '/all-courses');
    expect(courseQueries).toEqual([]);
  });

  it('shows an error with Retry when the categories fail to load', async () => {
    server.use(http.get(`${API}/category/`, () => HttpResponse.json({ msg: 'Server error' }, { status: 500 }), { once: true }));
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
