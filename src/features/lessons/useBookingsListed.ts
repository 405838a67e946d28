import { skipToken } from '@reduxjs/toolkit/query/react';
import { isUnsupported, lessonsApi } from '@/api';

/** The first read of My lessons (its Upcoming tab's first page): the menus ask the same, so it costs one call for both. */
export const firstPage = { when: 'upcoming', page: 1 } as const;

/**
 * Whether the provider lists booked lessons (extension `getStudentLessons`, issue 40): false on a
 * provider without it (404 or 405), where the student's menu leaves My lessons out.
 */
export function useStudentLessonsListed(studentId: number | null): boolean {
  const { error } = lessonsApi.useGetStudentLessonsQuery(studentId === null ? skipToken : { studentId, ...firstPage });
  return !(error !== undefined && isUnsupported(error));
}

/** The same for the teacher's menu (`getTeacherBookings`). */
export function useTeacherBookingsListed(teacherId: number | null): boolean {
  const { error } = lessonsApi.useGetTeacherBookingsQuery(teacherId === null ? skipToken : { teacherId, ...firstPage });
  return !(error !== undefined && isUnsupported(error));
}
