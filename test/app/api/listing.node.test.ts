/** The course list's order and Free only as the app applies them to a provider's answer (api/listing.ts). */
import { filterCourses, isCourseSort, normaliseCourse } from '@/api';
import type { Course } from '@/api/generated';
import * as fixtures from '@test/handlers/fixtures';

const course = (id: number, title: string, fields: Partial<Course>): Course => ({ ...fixtures.paidCourse, id, title, ...fields });

/** In id order, as a provider that ignores `sort` answers. */
const answer = [
  course(1, 'Twenty', { price: '20.00', course_rating: 4, total_enrolled_students: 3 }),
  course(2, 'Free, unrated', { price: null, course_rating: null, total_enrolled_students: 0 }),
  course(3, 'Five', { price: '5.00', course_rating: 4, total_enrolled_students: 9 }),
  course(4, 'Zero', { price: '0.00', course_rating: 5, total_enrolled_students: 3 }),
].map(normaliseCourse);
const titles = (list: { title: string }[]) => list.map((item) => item.title);

describe('filterCourses with sort and free', () => {
  it('orders by each sort value, equals left in the answer’s order', () => {
    expect(titles(filterCourses([...answer], { sort: 'newest' }))).toEqual(['Zero', 'Five', 'Free, unrated', 'Twenty']);
    expect(titles(filterCourses([...answer], { sort: 'price_asc' }))).toEqual(['Free, unrated', 'Zero', 'Five', 'Twenty']);
    expect(titles(filterCourses([...answer], { sort: 'price_desc' }))).toEqual(['Twenty', 'Five', 'Free, unrated', 'Zero']);
    expect(titles(filterCourses([...answer], { sort: 'rating' }))).toEqual(['Zero', 'Twenty', 'Five', 'Free, unrated']);
    expect(titles(filterCourses([...answer], { sort: 'popular' }))).toEqual(['Five', 'Twenty', 'Zero', 'Free, unrated']);
  });

  it('sorts before cutting to `result`, and keeps only the free courses with free', () => {
    expect(titles(filterCourses([...answer], { sort: 'popular', result: 1 }))).toEqual(['Five']);
    expect(titles(filterCourses([...answer], { free: true }))).toEqual(['Free, unrated', 'Zero']);
    expect(titles(filterCourses([...answer], { free: false }))).toEqual(titles(answer));
  });

  it('changes nothing in an answer the provider sorted, even with ties it broke its own way', () => {
    const sortedByProvider = [answer[3], answer[0], answer[2], answer[1]] as typeof answer; // rating, ties by id
    expect(filterCourses([...sortedByProvider], { sort: 'rating' })).toEqual(sortedByProvider);
    const tiesReversed = [answer[2], answer[3], answer[0], answer[1]] as typeof answer; // popular: Zero before Twenty (a tie at 3)
    expect(filterCourses([...tiesReversed], { sort: 'popular' })).toEqual(tiesReversed);
  });

  it('knows the sort values an address may hold', () => {
    expect(['newest', 'price_asc', 'price_desc', 'rating', 'popular'].every(isCourseSort)).toBe(true);
    expect([null, '', 'cheapest', 'PRICE_ASC'].some(isCourseSort)).toBe(false);
  });
});
