import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useMemo, useState } from 'react';
import { type ChapterProgress, isUnsupported, useGetCourseProgressQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';

export interface CourseProgressState {
  /**
   * The logged-in student whose progress is read and saved, or null when nothing is to be read
   * or saved: no student is logged in, or the provider has no progress operations.
   */
  studentId: number | null;
  /** True once the saved progress is known (or known to be unavailable): players may resume. */
  ready: boolean;
  /** The saved progress of each chapter, by chapter id. */
  saved: ReadonlyMap<number, ChapterProgress>;
  /** Call when a save is answered 404 or 405: no further saves are attempted on this page. */
  onUnsupported: () => void;
}

/**
 * The logged-in student's saved progress in a course's chapters, read afresh each time the course
 * page opens (`getCourseProgress` is not kept in the cache). A provider without the progress
 * operations (404 or 405) or a failed read leaves every chapter to play from the start, with no
 * error shown; only after a 404 or 405 are saves given up as well.
 */
export function useCourseProgress(courseId: number): CourseProgressState {
  const loggedInStudent = useAppSelector(selectStudentId);
  const [unsupported, setUnsupported] = useState(false);
  const { currentData, error, isError } = useGetCourseProgressQuery(
    loggedInStudent === null ? skipToken : { studentId: loggedInStudent, courseId },
  );
  const missing = unsupported || (isError && isUnsupported(error));
  const saved = useMemo(() => new Map((currentData ?? []).map((entry) => [entry.chapter, entry])), [currentData]);
  const onUnsupported = useCallback(() => setUnsupported(true), []);
  return {
    studentId: missing ? null : loggedInStudent,
    ready: loggedInStudent === null || currentData !== undefined || isError,
    saved,
    onUnsupported,
  };
}
