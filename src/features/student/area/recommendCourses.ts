import type { Category, Course } from '@/api';

/** How many courses the popular fallback shows at most. */
export const POPULAR_COURSES_SHOWN = 6;

/** How many courses of the student's interests are shown at most (the provider's `listRecommendedCourses` answers as many). */
export const RECOMMENDED_COURSES_SHOWN = 12;

export interface RecommendationInput {
  /** The courses to rank (`course/`, whole or a page of it). */
  courses: readonly Course[];
  /** The student's `interested_categories` text, e.g. "French, Yoruba" (empty or absent: none). */
  interests: string | null | undefined;
  /** Ids of the courses the student is enrolled in (`fetch-enrolled-courses/{id}`). */
  enrolledCourseIds: readonly number[];
  /** The categories (`category/`), to name courses whose category a provider sends as a bare id. */
  categories?: readonly Category[];
}

export type Recommendation =
  /** Courses matching an interest, best rated first (at most RECOMMENDED_COURSES_SHOWN). */
  | { kind: 'interests'; interests: string[]; courses: Course[] }
  /** The student has interests but no course they have not joined matches them: the most popular instead. */
  | { kind: 'noMatch'; interests: string[]; courses: Course[] }
  /** The student has no interests: the most popular courses. */
  | { kind: 'popular'; interests: []; courses: Course[] };

/** The interests in a free-text list ("French, Yoruba" or "French; yoruba"), trimmed, each once. */
export function parseInterests(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const interests: string[] = [];
  for (const part of (text ?? '').split(/[,;\n]/)) {
    const interest = part.trim();
    if (interest !== '' && !seen.has(interest.toLowerCase())) {
      seen.add(interest.toLowerCase());
      interests.push(interest);
    }
  }
  return interests;
}

const normalise = (text: string) => text.trim().toLowerCase();

/** The lower-cased names a course can be matched by: its category title and each of its languages. */
function courseTopics(course: Course, categoryTitles: ReadonlyMap<number, string>): Set<string> {
  const topics = new Set(parseInterests(course.languages).map(normalise));
  const category = course.category?.title ?? (course.category ? categoryTitles.get(course.category.id) : undefined);
  if (category) topics.add(normalise(category));
  return topics;
}

const rating = (course: Course) => course.course_rating ?? -1;
const enrolled = (course: Course) => course.total_enrolled_students ?? 0;

/** Best rated first (unrated last), then the most enrolled, then by title for a stable order. */
function byRating(a: Course, b: Course): number {
  return rating(b) - rating(a) || enrolled(b) - enrolled(a) || a.title.localeCompare(b.title);
}

/** The most enrolled first, then the best rated, then by title. */
function byPopularity(a: Course, b: Course): number {
  return enrolled(b) - enrolled(a) || rating(b) - rating(a) || a.title.localeCompare(b.title);
}

/** What the ranking needs besides the courses. */
export type RankingInput = Omit<RecommendationInput, 'courses'>;

/**
 * What the ranking keeps of the courses seen so far: the best of those matching the interests
 * (at most RECOMMENDED_COURSES_SHOWN) and the most popular (at most POPULAR_COURSES_SHOWN), of
 * the courses the student has not joined. Ranking the catalogue page by page into it
 * (`rankCourses(page, input, kept)`) gives what ranking it whole gives: a page's courses come after
 * those kept, and the sorts are stable, so ties keep the catalogue's order.
 */
export interface Ranking {
  matching: Course[];
  popular: Course[];
}

export const noRanking: Ranking = { matching: [], popular: [] };

/** `kept` with `courses` ranked in (see Ranking). */
export function rankCourses(courses: readonly Course[], { interests: interestText, enrolledCourseIds, categories = [] }: RankingInput, kept: Ranking = noRanking): Ranking {
  const enrolledIds = new Set(enrolledCourseIds);
  const candidates = courses.filter((course) => !enrolledIds.has(course.id));
  const wanted = new Set(parseInterests(interestText).map(normalise));
  const categoryTitles = new Map(categories.map((category) => [category.id, category.title]));
  const matching = wanted.size === 0 ? [] : candidates.filter((course) => [...courseTopics(course, categoryTitles)].some((topic) => wanted.has(topic)));
  return {
    matching: matching.length === 0 ? kept.matching : [...kept.matching, ...matching].sort(byRating).slice(0, RECOMMENDED_COURSES_SHOWN),
    popular: [...kept.popular, ...candidates].sort(byPopularity).slice(0, POPULAR_COURSES_SHOWN),
  };
}

/** The recommendation a ranking gives for the student's interests (`interested_categories`). */
export function recommendationOf({ matching, popular }: Ranking, interestText: string | null | undefined): Recommendation {
  const interests = parseInterests(interestText);
  if (interests.length === 0) return { kind: 'popular', interests: [], courses: popular };
  if (matching.length === 0) return { kind: 'noMatch', interests, courses: popular };
  return { kind: 'interests', interests, courses: matching };
}

/**
 * The courses to recommend to a student: those in their interested categories or languages that
 * they are not enrolled in, best rated first (`course_rating`, then `total_enrolled_students`), at
 * most RECOMMENDED_COURSES_SHOWN. Without interests, or when none matches, the most popular
 * courses they have not joined. The provider's `listRecommendedCourses` ranks the same way.
 */
export function recommendCourses(input: RecommendationInput): Recommendation {
  return recommendationOf(rankCourses(input.courses, input), input.interests);
}
