import { skipToken } from '@reduxjs/toolkit/query/react';
import { useFetchEnrollStatusQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';

/**
 * The logged-in student's enrolment in a course (`data.bool` = enrolled, `data.rated` when the
 * provider tells). `studentId` is null, and nothing is fetched, when no student is logged in.
 */
export function useEnrolmentStatus(courseId: number) {
  const studentId = useAppSelector(selectStudentId);
  const status = useFetchEnrollStatusQuery(studentId === null ? skipToken : { studentId, courseId });
  return { studentId, ...status };
}
