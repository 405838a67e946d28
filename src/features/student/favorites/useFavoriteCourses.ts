import { skipToken } from '@reduxjs/toolkit/query/react';
import { isUnsupported, useFetchFavoriteCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';

/**
 * The logged-in student's favourite courses (`fetch-favorite-courses/{id}`), read once and shared by
 * every favourite toggle, the favourites page and the sidebar. `unsupported` is true when the
 * provider lacks the favourites extension, so that its controls are hidden rather than broken.
 * For a visitor (no student logged in) nothing is read and `studentId` is null.
 */
export function useFavoriteCourses() {
  const studentId = useAppSelector(selectStudentId);
  const query = useFetchFavoriteCoursesQuery(studentId === null ? skipToken : { studentId });
  // The error stays while a new subscription reads the list again, so nothing flickers back meanwhile.
  return { ...query, studentId, unsupported: query.data === undefined && isUnsupported(query.error) };
}
