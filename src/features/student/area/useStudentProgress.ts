import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { type CourseProgress, isUnsupported, useListStudentProgressQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';

export interface StudentProgress {
  /** The progress in each enrolled course, by course id; empty while loading or unavailable. */
  byCourse: ReadonlyMap<number, CourseProgress>;
  /** As the provider lists it: the most recently watched course first. */
  courses: readonly CourseProgress[];
  loading: boolean;
  /** The provider has no progress operations (404 or 405): show no progress and no error. */
  unavailable: boolean;
  /** Any other failure, to show with a Retry. */
  failed: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The logged-in student's progress in each enrolled course (`listStudentProgress`, an
 * extension). It follows saves and enrolments through the cache tags. A provider without the
 * operation (404 or 405) is `unavailable`, not an error.
 */
export function useStudentProgress(): StudentProgress {
  const studentId = useAppSelector(selectStudentId);
  const { data, error, isError, isLoading, refetch } = useListStudentProgressQuery(studentId === null ? skipToken : { studentId });
  const unavailable = isError && isUnsupported(error);
  const byCourse = useMemo(() => new Map((data ?? []).map((entry) => [entry.course, entry])), [data]);
  return {
    byCourse,
    courses: data ?? [],
    loading: isLoading,
    unavailable,
    failed: isError && !unavailable,
    error,
    refetch: () => void refetch(),
  };
}
