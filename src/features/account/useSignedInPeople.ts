import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetStudentQuery, useGetTeacherQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';

/** A logged-in side: its id, and its name once the provider has given one (null meanwhile or on failure). */
export interface SignedInPerson {
  id: number;
  name: string | null;
}

export interface SignedInPeople {
  student: SignedInPerson | null;
  teacher: SignedInPerson | null;
}

function nameOf(record: { full_name?: string } | undefined): string | null {
  return record?.full_name?.trim() || null;
}

/**
 * Who is logged in on each side, with the name from the student or teacher record the areas read
 * too (one cached call each, shared with the dashboards and profile pages). On a prerendered page
 * the sessions read as logged out until hydration is done, as the page was rendered.
 */
export function useSignedInPeople(): SignedInPeople {
  const studentId = useAppSelector(selectStudentId);
  const teacherId = useAppSelector(selectTeacherId);
  const student = useGetStudentQuery(studentId === null ? skipToken : { studentId });
  const teacher = useGetTeacherQuery(teacherId === null ? skipToken : { id: teacherId });
  return {
    student: studentId === null ? null : { id: studentId, name: nameOf(student.currentData) },
    teacher: teacherId === null ? null : { id: teacherId, name: nameOf(teacher.currentData) },
  };
}
