import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useMemo, useState } from 'react';
import { type ChapterProgress, isUnsupported, useGetCourseProgressQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';
import { usePendingChanges } from '@/offline/pendingChanges';

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
  /**
   * Call with what the provider answered to a save: `saved` then tells it, so a chapter opened
   * again on this page resumes there and the chapter list marks it watched without reading the
   * course's progress again.
   */
  onSaved: (entry: ChapterProgress) => void;
}

/**
 * The logged-in student's saved progress in a course's chapters, read afresh each time the course
 * page or the lesson player opens (`getCourseProgress` is not kept in the cache), plus what was
 * saved on the page since (`onSaved`). A provider without the progress
 * operations (404 or 405) or a failed read leaves every chapter to play from the start, with no
 * error shown; only after a 404 or 405 are saves given up as well. Saves made offline and kept
 * on the device (the outbox, also from an earlier visit) count as saved until they are sent.
 */
export function useCourseProgress(courseId: number): CourseProgressState {
  const loggedInStudent = useAppSelector(selectStudentId);
  const [unsupported, setUnsupported] = useState(false);
  const { currentData, error, isError } = useGetCourseProgressQuery(
    loggedInStudent === null ? skipToken : { studentId: loggedInStudent, courseId },
  );
  const missing = unsupported || (isError && isUnsupported(error));
  // What was saved on this page since the progress was read, by chapter.
  const [savedHere, setSavedHere] = useState<ReadonlyMap<number, ChapterProgress>>(new Map());
  const pending = usePendingChanges(loggedInStudent);
  const saved = useMemo(() => {
    const merged = new Map((currentData ?? []).map((entry) => [entry.chapter, entry]));
    for (const change of pending) {
      if (change.endpoint !== 'saveChapterProgress') continue;
      const { chapterId, chapterProgressForm: form } = change.arg as { chapterId: number; chapterProgressForm: { position: number; watched?: boolean } };
      const watched = form.watched === true || merged.get(chapterId)?.watched === true;
      merged.set(chapterId, { chapter: chapterId, position: form.position, watched, updated_at: new Date(change.made).toISOString() });
    }
    for (const [chapter, entry] of savedHere) merged.set(chapter, entry);
    return merged;
  }, [currentData, pending, savedHere]);
  const onUnsupported = useCallback(() => setUnsupported(true), []);
  const onSaved = useCallback((entry: ChapterProgress) => setSavedHere((previous) => new Map(previous).set(entry.chapter, entry)), []);
  return {
    studentId: missing ? null : loggedInStudent,
    ready: loggedInStudent === null || currentData !== undefined || isError,
    saved,
    onUnsupported,
    onSaved,
  };
}
