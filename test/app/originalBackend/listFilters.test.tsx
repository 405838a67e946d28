/**
 * Ignored list filters: the original backend answers `course/` with every course whatever its
 * `category`, `search`, `language`, `teacher` and `result`, so the app applies them to the answer.
 */
import { screen, within } from '@testing-library/react';
import { filterCourses, normaliseCourse } from '@/api';
import { matchesSearch } from '@/api/forgivingSearch';
import type { Course } from '@/api/generated';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { CategoryPage } from '@/features/site/CategoryPage';
import { HomePage } from '@/features/site/HomePage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderRoute } from '@test/render';

const spanish: Course = {
  ...fixtures.paidCourse,
  id: 3,
  title: 'Spanish Conversation',
  description: 'Talk about your day in Spanish.',
  category: { id: 1, title: 'Spanish' },
  teacher: { id: 5, full_name: 'Tunde Okafor' },
  languages: 'Spanish',
};
const moreCourses: Course[] = [4, 5, 6].map((id) => ({ ...fixtures.freeCourse, id, title: `Pidgin ${id}` }));

/** The original backend: every course, whatever the query. */
function ignoreFilters() {
  mockDb.courses = [fixtures.paidCourse, fixtures.freeCourse, spanish, ...moreCourses];
  mockEndpoint('listCourses', () => mockDb.courses);
  return recordCalls('listCourses');
}

/** The titles of the course cards shown. */
async function shownTitles() {
  const cards = await screen.findAllByRole('article', {}, { timeout: 5000 });
  return cards.map((card) => within(card).getByRole('heading').textContent);
}

describe('filterCourses', () => {
  const courses = [fixtures.paidCourse, fixtures.freeCourse, spanish].map(normaliseCourse);
  const titles = (list: { title: string }[]) => list.map((course) => course.title);

  it('keeps the courses of a category, a teacher, a search text and a language', () => {
    expect(titles(filterCourses(courses, { category: 1 }))).toEqual(['Spanish Conversation']);
    expect(titles(filterCourses(courses, { category: 2 }))).toEqual(['Pidgin Basics']); // a bare category id
    expect(titles(filterCourses(courses, { teacher: 4 }))).toEqual(['Yoruba for Beginners']);
    expect(titles(filterCourses(courses, { search: '  YOUR DAY ' }, matchesSearch))).toEqual(['Spanish Conversation']);
    expect(titles(filterCourses(courses, { language: 'pidgin' }))).toEqual(['Pidgin Basics']);
    expect(titles(filterCourses(courses, { result: 2 }))).toEqual(['Yoruba for Beginners', 'Pidgin Basics']);
  });

  it('searches as the provider does: accents and case aside, one typo forgiven in a word of five letters or more', () => {
    expect(titles(filterCourses(courses, { search: 'YORÙBÁ' }, matchesSearch))).toEqual(['Yoruba for Beginners']);
    expect(titles(filterCourses(courses, { search: 'spansh conversaton' }, matchesSearch))).toEqual(['Spanish Conversation']);
    expect(titles(filterCourses(courses, { search: 'spnsh' }, matchesSearch))).toEqual([]);
  });

  it('changes nothing in an answer the provider filtered, even when it left fields out', () => {
    const filtered = [normaliseCourse({ id: 8, title: 'Untitled summary' })];
    expect(filterCourses(filtered, { category: 1, teacher: 4, search: 'yoruba', language: 'Yoruba', result: 3 })).toEqual(filtered);
    expect(filterCourses(courses, {})).toEqual(courses);
    expect(filterCourses(courses)).toEqual(courses);
  });
});

describe('listings on a provider that ignores the filters', () => {
  it('/category/spanish lists only the Spanish course', async () => {
    const calls = ignoreFilters();
    renderRoute(patterns.category, <CategoryPage />, { route: '/category/spanish' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Spanish' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await shownTitles()).toEqual(['Spanish Conversation']);
    expect(calls.map((call) => call.query)).toEqual([{ category: '1', limit: '12', offset: '0' }]);
  });

  it('/all-courses applies the search and the language', async () => {
    ignoreFilters();
    renderRoute(patterns.allCourses, <AllCoursesPage />, { route: '/all-courses?search=greetings&language=Yoruba' });

    expect(await shownTitles()).toEqual(['Yoruba for Beginners']);
    expect(screen.getByText('1 course found')).toBeInTheDocument();
  });

  it('/all-courses finds a course despite a typo in the search', async () => {
    ignoreFilters();
    renderRoute(patterns.allCourses, <AllCoursesPage />, { route: '/all-courses?search=spansh' });

    expect(await shownTitles()).toEqual(['Spanish Conversation']);
  });

  it('/all-courses says nothing matches when nothing does', async () => {
    ignoreFilters();
    renderRoute(patterns.allCourses, <AllCoursesPage />, { route: '/all-courses?search=klingon' });

    expect(await screen.findByText('No courses match these filters.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('the home page shows 3 popular courses when the provider sends more', async () => {
    const calls = ignoreFilters();
    renderRoute(patterns.home, <HomePage />);

    const section = await screen.findByRole('region', { name: 'Popular Courses' }, { timeout: 5000 });
    await within(section).findAllByRole('article');
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    expect(calls.map((call) => call.query)).toEqual([{ result: '3' }]);
  });
});
