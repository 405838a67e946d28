import { useGetCourseExerciseCountsQuery } from '@/api';

/**
 * How many published exercises each chapter of a course has (`getCourseExerciseCounts`, public),
 * by chapter id; empty while unknown and on a provider without exercises (it answers 404), so that
 * no Practice link or count shows there.
 */
export function useExerciseCounts(courseId: number): ReadonlyMap<number, number> {
  const { data } = useGetCourseExerciseCountsQuery({ courseId });
  return new Map((data?.chapters ?? []).map(({ chapter_id, exercises }) => [chapter_id, exercises]));
}
