import { act, screen, waitFor, within } from '@testing-library/react';
import type { Course, Teacher } from '@/api/generated';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { AllTeachersPage } from '@/features/site/AllTeachersPage';
import { mockDb } from '@test/handlers/mockDb';
import * as fixtures from '@test/handlers/fixtures';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderRoute } from '@test/render';
import { pageLoad } from './pageLoad';

/** The paged lists' texts (ours). */
const messages = {
  coursePages: 'Pages of courses',
  languageFilter: 'Language',
  firstPage: 'Go to the first page',
  teacherPages: 'Pages of teachers',
};

const openCourses = (route: string) => renderRoute(patterns.allCourses, <AllCoursesPage />, { route });
const openTeachers = (route: string) => renderRoute(patterns.allTeachers, <AllTeachersPage />, { route });

/** 30 courses: Course 1 … Course 30, in the provider's order. */
function thirtyCourses(): Course[] {
  return Array.from({ length: 30 }, (_, index) => ({ ...fixtures.freeCourse, id: 100 + index, title: `Course ${index + 1}` }));
}

async function courseTitles() {
  const cards = await screen.findAllByRole('article', {}, pageLoad);
  return cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
}

const titles = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, index) => `Course ${first + index}`);

describe('paged lists', () => {
  it('/all-courses shows 12 courses a page, with page links that go through the address and back', async () => {
    mockDb.courses = thirtyCourses();
    const calls = recordCalls('listCourses');
    const { user, router } = openCourses('/all-courses');

    expect(await courseTitles()).toEqual(titles(1, 12));
    expect(screen.getByText(`${'30 courses found'} · Courses 1–12 of 30`)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: messages.coursePages });
    expect(within(pages).getByRole('link', { name: 'Go to page 3' })).toHaveAttribute('href', '/all-courses?page=3');

    await user.click(within(pages).getByRole('link', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(async () => expect(await courseTitles()).toEqual(titles(13, 24)));
    expect(calls.at(-1)?.query).toEqual({ limit: '12', offset: '12' });
    expect(within(screen.getByRole('navigation', { name: messages.coursePages })).getByRole('link', { name: 'page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await act(() => router.navigate(-1));
    await waitFor(async () => expect(await courseTitles()).toEqual(titles(1, 12)));
  });

  it('keeps the focus in the pager when a page link, previous or next changes the page', async () => {
    mockDb.courses = thirtyCourses();
    const { user } = openCourses('/all-courses');
    expect(await courseTitles()).toEqual(titles(1, 12));
    const pages = () => screen.getByRole('navigation', { name: messages.coursePages });

    await user.click(within(pages()).getByRole('link', { name: 'Go to page 2' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(titles(13, 24)));
    expect(within(pages()).getByRole('link', { name: 'page 2' })).toHaveFocus();

    await user.click(within(pages()).getByRole('link', { name: 'Go to next page' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(titles(25, 30)));
    // Next leads nowhere from the last page: the focus goes to the page now shown.
    expect(within(pages()).getByRole('link', { name: 'page 3' })).toHaveFocus();

    await user.click(within(pages()).getByRole('link', { name: 'Go to previous page' }));
    await waitFor(async () => expect(await courseTitles()).toEqual(titles(13, 24)));
    expect(within(pages()).getByRole('link', { name: 'Go to previous page' })).toHaveFocus();
  });

  it('pages the whole list itself when the provider ignores limit and offset', async () => {
    mockDb.courses = thirtyCourses();
    mockEndpoint('listCourses', () => mockDb.courses);
    openCourses('/all-courses?page=3');

    expect(await courseTitles()).toEqual(titles(25, 30));
    expect(screen.getByText(`${'30 courses found'} · Courses 25–30 of 30`)).toBeInTheDocument();
  });

  it('starts again at the first page when a filter changes, and keeps the filters in the page links', async () => {
    mockDb.courses = thirtyCourses();
    const { user, router } = openCourses('/all-courses?search=course&page=2');

    expect(await courseTitles()).toEqual(titles(13, 24));
    expect(within(screen.getByRole('navigation', { name: messages.coursePages })).getByRole('link', { name: 'Go to page 3' })).toHaveAttribute(
      'href',
      '/all-courses?search=course&page=3',
    );
    await user.click(screen.getByRole('combobox', { name: messages.languageFilter }));
    // The catalogue's only language (the thirty courses are all 'Pidgin').
    await user.click(await screen.findByRole('option', { name: 'Pidgin' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=course&language=Pidgin'));
  });

  it('says when a page is past the last one and links to the first', async () => {
    mockDb.courses = thirtyCourses();
    const { user } = openCourses('/all-courses?page=9');

    expect(await screen.findByText('There is no such page: the list has 3 pages.', {}, pageLoad)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: messages.firstPage }));
    expect(await courseTitles()).toEqual(titles(1, 12));
  });

  it('/all-teachers shows 12 teachers a page', async () => {
    mockDb.teachers = Array.from({ length: 14 }, (_, index): Teacher => ({ ...fixtures.teacher, id: 200 + index, full_name: `Teacher ${index + 1}` }));
    const { user } = openTeachers('/all-teachers');

    expect(await screen.findAllByRole('article', {}, pageLoad)).toHaveLength(12);
    await user.click(within(screen.getByRole('navigation', { name: messages.teacherPages })).getByRole('link', { name: 'Go to page 2' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Teacher 14' })).toBeInTheDocument();
  });
});
