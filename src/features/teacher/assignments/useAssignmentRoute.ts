import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router-dom';
import { useGetTeacherStudentQuery } from '@/api';
import { parseIdParam } from '@/config/routeParams';
import { studentName } from '../students/StudentsTable';

/**
 * The student and teacher ids of /add-assignment/:student_id/:teacher_id and
 * /show-assignment/:student_id/:teacher_id (null when the address does not name both), and the
 * student's name when the provider gives it (for context only: the screens work without it).
 */
export function useAssignmentRoute(): { ids: { studentId: number; teacherId: number } | null; name: string | undefined } {
  const params = useParams();
  const studentId = parseIdParam(params.student_id);
  const teacherId = parseIdParam(params.teacher_id);
  const ids = studentId === null || teacherId === null ? null : { studentId, teacherId };
  const { name } = useGetTeacherStudentQuery(ids ?? skipToken, {
    selectFromResult: ({ data }) => ({ name: data ? studentName(data.student) : undefined }),
  });
  return { ids, name };
}
