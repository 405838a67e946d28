/**
 * Bare ids: inside a teacher's `teacher_courses` the original backend sends `teacher` and
 * `category` as ids (`"teacher": 1`) and no `course_rating`; the answer of `teacher/{id}` may
 * also lack `skills`.
 */
import { screen, within } from '@testing-library/react';
import { normaliseCourse, normaliseTeacher } from '@/api';
import type { Course, Teacher } from '@/api/generated';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { renderApp } from '@test/render';

/** A course as the original backend nests it in `teacher_courses`. */
const summary = (id: number, title: string): Course => ({
  id,
  title,
  description: 'Summary',
  category: 3,
  teacher: 4,
  languages: 'Yoruba',
  price: '20.00',
  featured_image: `/media/course_images/${id}.svg`,
});

/** The original backend's teacher: no skills, courses with bare ids and no ratings. */
const originalTeacher: Teacher = {
  id: 4,
  full_name: 'Amara Obi',
  profile_image: '/media/teacher_images/amara.svg',
  detail: 'Teaches Yoruba to adults since 2012.',
  teacher_courses: [summary(1, 'Yoruba for Beginners'), summary(6, 'Yoruba Proverbs')],
};

/** Matches the paragraph whose whole text, across its inner elements, is `text`. */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

describe('normalising bare ids', () => {
  it('turns a bare teacher or category id into a reference with that id', () => {
    const course = normaliseCourse({ id: 9, title: 'Akan', teacher: 1, category: 2 });
    expect(course.teacher).toEqual({ id: 1, full_name: '', profile_img: null });
    expect(course.category).toEqual({ id: 2 });
  });

  it("gives a teacher's own courses the teacher's name and photo, and says their ratings are unknown", () => {
    const teacher = normaliseTeacher(originalTeacher);
    expect(teacher.teacher_courses.map((course) => course.teacher)).toEqual([
      { id: 4, full_name: 'Amara Obi', profile_img: 'http://localhost/media/teacher_images/amara.svg' },
      { id: 4, full_name: 'Amara Obi', profile_img: 'http://localhost/media/teacher_images/amara.svg' },
    ]);
    expect(teacher.teacher_courses.map((course) => course.category)).toEqual([{ id: 3 }, { id: 3 }]);
    expect(teacher.course_ratings_known).toBe(false);
  });

  it('says the ratings are known when every course carries course_rating, null included', () => {
    const teacher = normaliseTeacher({ ...originalTeacher, teacher_courses: [{ ...summary(1, 'A'), course_rating: null }] });
    expect(teacher.course_ratings_known).toBe(true);
  });
});

describe('/teacher-detail on the original backend', () => {
  it('shows the courses without ratings, no average rating and no languages line', async () => {
    mockDb.teachers = [originalTeacher, fixtures.otherTeacher];
    renderApp({ route: '/teacher-detail/4' });

    const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, { timeout: 5000 }));
    expect(profile.getByText(paragraph('Recent course: Yoruba Proverbs'))).toBeInTheDocument();
    expect(profile.queryByText('Rating:')).not.toBeInTheDocument();
    expect(profile.queryByText('Languages:')).not.toBeInTheDocument();

    const cards = screen.getAllByRole('article');
    // Newest first, as the teacher's page lists them (a page at a time).
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Yoruba Proverbs', 'Yoruba for Beginners']);
    expect(screen.queryByText('Not rated yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Stars/ })).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
  });

  it('shows the average where the ratings are known', async () => {
    const rated = { ...originalTeacher, teacher_courses: [{ ...summary(1, 'Yoruba for Beginners'), course_rating: 4 }, { ...summary(6, 'Yoruba Proverbs'), course_rating: null }] };
    mockDb.teachers = [rated];
    renderApp({ route: '/teacher-detail/4' });

    const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, { timeout: 5000 }));
    expect(profile.getByText(paragraph('Rating: 4.0/5'))).toBeInTheDocument();
    expect(screen.getByText('Not rated yet')).toBeInTheDocument();
  });
});
