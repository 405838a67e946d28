/**
 * Lists done in the browser for providers that do not do them: the course list's filters
 * (`filterCourses`) and paging (`pageOf`, with the total a paging provider sends, `totalCount`).
 */
import type { ListCoursesApiArg } from './generated';
import type { Course } from './normalise';

/** Whether `text` contains `part`, ignoring case; true when the text is unknown (not sent). */
const containsOrUnknown = (text: string | undefined, part: string) => text === undefined || text.toLowerCase().includes(part.toLowerCase());

/** The search rule (`matchesSearch` of api/forgivingSearch.ts, loaded when a search is asked: loadSearchRule). */
export type SearchRule = (search: string, text: string) => boolean;

/** The search rule, in a chunk of its own: the initial download does without it until a list is searched. */
export const loadSearchRule = async (): Promise<SearchRule> => (await import(/* webpackChunkName: "search" */ './forgivingSearch')).matchesSearch;

/** The orders of the course list (`sort`, an extension of `listCourses`). */
export type CourseSort = NonNullable<ListCoursesApiArg['sort']>;
export const courseSorts: readonly CourseSort[] = ['newest', 'price_asc', 'price_desc', 'rating', 'popular'];

/** Whether `value` is one of the course list's orders (an address may hold anything). */
export function isCourseSort(value: unknown): value is CourseSort {
  return courseSorts.some((sort) => sort === value);
}

/** A course's price as the orders read it: a free course (null) counts as 0. */
const priceOf = (course: Course) => course.price ?? 0;

/**
 * Each order as the local provider applies it (api-spec.yaml `listCourses` `sort`), ties left in the
 * answer's order (Array.prototype.sort is stable): on an answer the provider sorted this changes
 * nothing, on one it did not (it ignores `sort`) it puts the courses in the order asked for. A
 * course whose rating or enrolment count was not sent counts as unrated, or as nobody enrolled.
 */
const compareBy: Record<CourseSort, (a: Course, b: Course) => number> = {
  newest: (a, b) => b.id - a.id,
  price_asc: (a, b) => priceOf(a) - priceOf(b),
  price_desc: (a, b) => priceOf(b) - priceOf(a),
  rating: (a, b) => (b.course_rating ?? -1) - (a.course_rating ?? -1),
  popular: (a, b) => (b.total_enrolled_students ?? 0) - (a.total_enrolled_students ?? 0),
};

/**
 * The course list's filters and order applied to the answer, as the local provider applies them
 * (spec of `listCourses`; the search by the provider's own rule, `matchesSearch`, which the caller
 * loads with loadSearchRule; without it the search is left to the provider): providers on the original backend ignore `category`, `search`,
 * `language`, `teacher`, `free`, `level` and `sort`, so /category/spanish would list every course. A no-op
 * when the provider filtered and sorted: a course whose field was not sent is kept (the provider
 * may have matched on it; a price not sent is free), the sort keeps the answer's order between
 * equals, and `result` cuts the list only when the provider sent more.
 */
export function filterCourses(
  courses: Course[],
  { category, teacher, search, language, free, level, sort, result }: ListCoursesApiArg = {},
  matchesSearch?: SearchRule,
): Course[] {
  const searched = search?.trim() ?? '';
  const spoken = language?.trim() ?? '';
  const kept = courses.filter(
    (course) =>
      (category === undefined || course.category === null || course.category.id === category) &&
      (teacher === undefined || course.teacher === null || course.teacher.id === teacher) &&
      (searched === '' || matchesSearch === undefined || course.description === undefined || matchesSearch(searched, `${course.title} ${course.description}`)) &&
      (spoken === '' || containsOrUnknown(course.languages, spoken)) &&
      (free !== true || course.price === null) &&
      (level === undefined || course.level === undefined || course.level === level),
  );
  const sorted = sort === undefined ? kept : kept.sort(compareBy[sort]);
  return result === undefined ? sorted : sorted.slice(0, result);
}

/** One page of a list (`limit` and `offset`, extensions) and how many rows match in all. */
export interface Paged<Row> {
  items: Row[];
  total: number;
  /**
   * Only when the provider did not page (it sent every row, or more than `limit`): every row it
   * sent, so a caller reading the list page by page has all of it after one call and asks no more.
   */
  all?: Row[];
}

/** How many rows match in all, as a provider that pages says in X-Total-Count (extension); null when it does not. */
export function totalCount(meta: { response?: Response } | undefined): number | null {
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header === null || header === undefined || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : null;
}

/**
 * A list answer as one page. A provider that pages sends the page and the total (X-Total-Count);
 * one that ignores `limit` and `offset` (the original backend) sends every row, or more rows than
 * asked for, and the page is cut here, as filterCourses applies the filters such a provider ignores.
 */
export function pageOf<Row>(rows: Row[], total: number | null, { limit, offset = 0 }: { limit?: number; offset?: number } = {}): Paged<Row> {
  const providerPaged = total !== null && (limit === undefined || rows.length <= limit);
  if (providerPaged) return { items: rows, total };
  if (limit === undefined) return { items: rows.slice(offset), total: rows.length };
  return { items: rows.slice(offset, offset + limit), total: rows.length, all: rows };
}
