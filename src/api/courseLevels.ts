/**
 * A course's levels and its 'What you will learn' limits (api-spec.yaml `CourseLevel`, `Course.outcomes`:
 * extensions, issue 39), with the words every screen shows a level in (the catalogue's filter, the
 * course page, the teacher's form), kept beside the contract's values they name.
 */
import type { CourseLevel } from './generated';

/** A course's levels (api-spec.yaml `CourseLevel`, an extension), in order: the CEFR levels, then all levels. */
export const courseLevels: readonly CourseLevel[] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'all'];

/** How a level reads wherever it is shown or chosen ('A2 · Elementary', 'All levels'). */
export const courseLevelNames: Record<CourseLevel, string> = {
  A1: 'A1 · Beginner',
  A2: 'A2 · Elementary',
  B1: 'B1 · Intermediate',
  B2: 'B2 · Upper intermediate',
  C1: 'C1 · Advanced',
  C2: 'C2 · Proficient',
  all: 'All levels',
};

/** Whether `value` is one of the levels (an address or a select may hold anything). */
export function isCourseLevel(value: unknown): value is CourseLevel {
  return courseLevels.some((level) => level === value);
}

/** At most this many 'What you will learn' lines, each at most `outcomeLength` characters (api-spec.yaml `Course.outcomes`). */
export const mostOutcomes = 6;
export const outcomeLength = 120;
