import type { Course } from '@/api';
import {
  parseInterests,
  POPULAR_COURSES_SHOWN,
  rankCourses,
  RECOMMENDED_COURSES_SHOWN,
  recommendationOf,
  recommendCourses,
} from '@/features/student/area/recommendCourses';

/** A course as the API layer hands it to screens (normalised). */
function course(id: number, overrides: Partial<Course> = {}): Course {
  return {
    id,
    title: `Course ${id}`,
    description: '',
    category: null,
    teacher: null,
    languages: '',
    price: null,
    featured_img: null,
    course_chapters: [],
    related_videos: [],
    course_rating: null,
    total_enrolled_students: 0,
    ...overrides,
  };
}

const ids = (courses: readonly Course[]) => courses.map((item) => item.id);

describe('parseInterests', () => {
  it.each([
    ['French, Yoruba', ['French', 'Yoruba']],
    ['  French ;yoruba\nAkan ', ['French', 'yoruba', 'Akan']],
    ['French, french, FRENCH', ['French']],
    [', ,', []],
    ['', []],
    [null, []],
    [undefined, []],
  ])('reads %j as %j', (text, interests) => {
    expect(parseInterests(text)).toEqual(interests);
  });
});

describe('recommendCourses', () => {
  const french = { id: 2, title: 'French' };
  const yoruba = { id: 3, title: 'Yoruba' };

  it('recommends the courses of the interested categories, best rated first, then the most enrolled', () => {
    const courses = [
      course(1, { category: french, course_rating: 4, total_enrolled_students: 3 }),
      course(2, { category: french, course_rating: null, total_enrolled_students: 50 }),
      course(3, { category: yoruba, course_rating: 4.5, total_enrolled_students: 1 }),
      course(4, { category: french, course_rating: 4, total_enrolled_students: 9 }),
      course(5, { category: { id: 9, title: 'German' }, course_rating: 5, total_enrolled_students: 99 }),
    ];

    const recommendation = recommendCourses({ courses, interests: 'french, Yoruba', enrolledCourseIds: [] });

    expect(recommendation.kind).toBe('interests');
    expect(recommendation.interests).toEqual(['french', 'Yoruba']);
    expect(ids(recommendation.courses)).toEqual([3, 4, 1, 2]);
  });

  it('matches the languages a course is taught in as well as its category', () => {
    const courses = [
      course(1, { category: { id: 9, title: 'Culture' }, languages: 'Akan, English' }),
      course(2, { category: { id: 9, title: 'Culture' }, languages: 'Pidgin' }),
    ];

    expect(ids(recommendCourses({ courses, interests: 'Akan', enrolledCourseIds: [] }).courses)).toEqual([1]);
  });

  it('leaves out the courses the student is enrolled in', () => {
    const courses = [course(1, { category: french }), course(2, { category: french })];

    expect(ids(recommendCourses({ courses, interests: 'French', enrolledCourseIds: [1] }).courses)).toEqual([2]);
  });

  it('names a category sent as a bare id from the category list', () => {
    const courses = [course(1, { category: { id: 3 } }), course(2, { category: { id: 2 } })];

    expect(ids(recommendCourses({ courses, interests: 'Yoruba', enrolledCourseIds: [], categories: [french, yoruba] }).courses)).toEqual([1]);
    expect(recommendCourses({ courses, interests: 'Yoruba', enrolledCourseIds: [] }).kind).toBe('noMatch');
  });

  it('recommends the most popular courses the student has not joined when they have no interests', () => {
    const courses = [
      course(1, { total_enrolled_students: 5, course_rating: 3 }),
      course(2, { total_enrolled_students: 40 }),
      course(3, { total_enrolled_students: 5, course_rating: 4.5 }),
      course(4, { total_enrolled_students: 100 }),
    ];

    for (const interests of ['', '  ', null, undefined]) {
      const recommendation = recommendCourses({ courses, interests, enrolledCourseIds: [4] });
      expect(recommendation).toEqual({ kind: 'popular', interests: [], courses: [courses[1], courses[2], courses[0]] });
    }
  });

  it(`shows at most ${POPULAR_COURSES_SHOWN} popular courses`, () => {
    const courses = Array.from({ length: POPULAR_COURSES_SHOWN + 3 }, (_, index) => course(index + 1, { total_enrolled_students: index }));

    const recommendation = recommendCourses({ courses, interests: '', enrolledCourseIds: [] });

    expect(recommendation.courses).toHaveLength(POPULAR_COURSES_SHOWN);
    expect(recommendation.courses[0]?.id).toBe(POPULAR_COURSES_SHOWN + 3);
  });

  it('falls back to the popular courses when nothing the student has not joined matches their interests', () => {
    const courses = [course(1, { category: yoruba, total_enrolled_students: 1 }), course(2, { category: french, total_enrolled_students: 7 })];

    const recommendation = recommendCourses({ courses, interests: 'Yoruba', enrolledCourseIds: [1] });

    expect(recommendation).toEqual({ kind: 'noMatch', interests: ['Yoruba'], courses: [courses[1]] });
  });

  it('recommends nothing when the student has joined every course', () => {
    const courses = [course(1, { category: french })];

    expect(recommendCourses({ courses, interests: 'French', enrolledCourseIds: [1] }).courses).toEqual([]);
    expect(recommendCourses({ courses, interests: '', enrolledCourseIds: [1] }).courses).toEqual([]);
  });

  it('keeps the order stable for equal figures (by title)', () => {
    const courses = [course(1, { title: 'Beta', category: french }), course(2, { title: 'Alpha', category: french })];

    expect(ids(recommendCourses({ courses, interests: 'French', enrolledCourseIds: [] }).courses)).toEqual([2, 1]);
  });

  it(`shows at most ${RECOMMENDED_COURSES_SHOWN} courses of the interests, the best rated`, () => {
    const courses = Array.from({ length: RECOMMENDED_COURSES_SHOWN + 5 }, (_, index) => course(index + 1, { category: french, course_rating: (index % 5) + 1 }));

    const recommendation = recommendCourses({ courses, interests: 'French', enrolledCourseIds: [] });

    expect(recommendation.courses).toHaveLength(RECOMMENDED_COURSES_SHOWN);
    expect(recommendation.courses.map((item) => item.course_rating)).toEqual([5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2]);
  });

  it('ranks a catalogue page by page as it ranks it whole, ties in the catalogue order', () => {
    const courses = Array.from({ length: 250 }, (_, index) =>
      course(index + 1, {
        title: `Course ${index % 17}`,
        category: index % 3 === 0 ? french : yoruba,
        course_rating: index % 4 === 0 ? null : (index % 9) / 2,
        total_enrolled_students: index % 11,
      }),
    );
    for (const interests of ['French', 'yoruba, French', '', 'German']) {
      const input = { interests, enrolledCourseIds: [3, 6, 9, 120] };
      const whole = recommendCourses({ ...input, courses });
      for (const pageSize of [1, 7, 100, 250]) {
        let kept = rankCourses([], input);
        for (let offset = 0; offset < courses.length; offset += pageSize) kept = rankCourses(courses.slice(offset, offset + pageSize), input, kept);
        expect(recommendationOf(kept, interests)).toEqual(whole);
      }
    }
  });
});
