/**
 * The ranking of Recommended Courses (extension `listRecommendedCourses`), the same as the app's
 * own (src/features/student/area/recommendCourses.ts), which it falls back to on a provider
 * without the operation: the student's interests (category titles or languages) first, best rated,
 * then most enrolled, then by title; without interests, or when none matches, the most popular.
 * It reads the catalogue cache (catalogueCache.ts: published courses, their facts as their
 * answers show them), so a call costs one pass over the cached courses and no course query.
 */

/** What a course is ranked by, as its answer shows it. */
export interface RankFacts {
  title: string;
  /** Its category title and each of its languages, trimmed and lower-cased. */
  topics: readonly string[];
  /** `course_rating` as answered (one decimal); -1 when nobody rated it (unrated last). */
  rating: number;
  /** `total_enrolled_students`. */
  enrolled: number;
}

/** How many courses the popular fallback shows at most (the app's POPULAR_COURSES_SHOWN). */
export const popularCoursesShown = 6;

/** The interests in a free-text list ("French, Yoruba" or "French; yoruba"), trimmed, each once (the app's parseInterests). */
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

/** The rank facts of a course answer (`Presenter.courseAnswer`). */
export function rankFactsOf(answer: {
  title: string;
  languages: string;
  category: { title: string | null } | number | null;
  course_rating: number | null;
  total_enrolled_students: number;
}): RankFacts {
  const topics = new Set(parseInterests(answer.languages).map(normalise));
  const category = typeof answer.category === 'object' ? answer.category?.title : null;
  if (category) topics.add(normalise(category));
  return {
    title: answer.title,
    topics: [...topics],
    rating: answer.course_rating ?? -1,
    enrolled: answer.total_enrolled_students,
  };
}

type Compare = (a: RankFacts, b: RankFacts) => number;

/** Best rated first (unrated last), then the most enrolled, then by title. */
const byRating: Compare = (a, b) => b.rating - a.rating || b.enrolled - a.enrolled || a.title.localeCompare(b.title);

/** The most enrolled first, then the best rated, then by title. */
const byPopularity: Compare = (a, b) => b.enrolled - a.enrolled || b.rating - a.rating || a.title.localeCompare(b.title);

interface Ranked {
  id: number;
  facts: RankFacts;
}

/**
 * The first `count` of `rows` in the order of `compare`, as a stable sort then a cut would give
 * them (equal rows keep the order they came in), without sorting them all: one comparison for
 * most rows, at most `count` for the others.
 */
function best(rows: Iterable<Ranked>, compare: Compare, count: number): Ranked[] {
  const kept: Ranked[] = [];
  for (const row of rows) {
    const last = kept.at(-1);
    if (kept.length === count && last && compare(row.facts, last.facts) >= 0) continue;
    let at = kept.length;
    while (at > 0 && compare(row.facts, (kept[at - 1] as Ranked).facts) < 0) at -= 1;
    kept.splice(at, 0, row);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

export interface Recommendation {
  kind: 'interests' | 'no_match' | 'popular';
  interests: string[];
  /** The ids of the courses to show, in order. */
  ids: number[];
}

/**
 * The recommendation for a student with these interests (`interested_categories`) and
 * enrolments, from the catalogue's courses in id order: up to `limit` courses of the interests,
 * or the popular fallback (at most `popularCoursesShown`, and `limit`).
 */
export function recommend(
  courses: Iterable<[number, RankFacts]>,
  { interestText, enrolled, limit }: { interestText: string | null; enrolled: ReadonlySet<number>; limit: number },
): Recommendation {
  const candidates: Ranked[] = [];
  for (const [id, facts] of courses) if (!enrolled.has(id)) candidates.push({ id, facts });
  const popular = () => best(candidates, byPopularity, Math.min(popularCoursesShown, limit)).map((row) => row.id);
  const interests = parseInterests(interestText);
  if (interests.length === 0) return { kind: 'popular', interests: [], ids: popular() };

  const wanted = new Set(interests.map(normalise));
  const matching = candidates.filter((row) => row.facts.topics.some((topic) => wanted.has(topic)));
  if (matching.length === 0) return { kind: 'no_match', interests, ids: popular() };
  return { kind: 'interests', interests, ids: best(matching, byRating, limit).map((row) => row.id) };
}
