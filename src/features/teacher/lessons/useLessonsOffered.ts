import { skipToken } from '@reduxjs/toolkit/query/react';
import { isUnsupported, useGetTeacherLessonsQuery } from '@/api';

/**
 * Whether the provider offers one-to-one lessons (extension `getTeacherLessons`, issue 40): false
 * on a provider without it (404 or 405), where the menu and the Lessons screen leave lessons out.
 * The same read as the Lessons screen's, so it costs one call for both.
 */
export function useLessonsOffered(teacherId: number | null): boolean {
  const { error } = useGetTeacherLessonsQuery(teacherId === null ? skipToken : { teacherId });
  return !(error !== undefined && isUnsupported(error));
}
