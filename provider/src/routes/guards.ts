import { type FastifyRequest } from 'fastify';
import { type ProviderContext } from '../context';
import { HttpError, messages } from '../errors';
import { type CourseRow, type StudentRow, isTeachersStudent, requireCourse, requireStudent } from '../records';

/** The course when the caller is its teacher: 401 without a teacher session, 404, then 403. */
export async function ownedCourse(context: ProviderContext, request: FastifyRequest, courseId: number): Promise<CourseRow> {
  const teacherId = await context.sessions.require(request, 'teacher');
  const course = await requireCourse(context.queries, courseId);
  if (course.teacher_id !== teacherId) throw new HttpError(403, messages.forbidden);
  return course;
}

export const notTeachersStudent = 'This student is not enrolled in any of your courses.';

/**
 * The student when the caller is teacher `teacherId` and the student is enrolled in one of
 * their courses: 401 without a teacher session, 403 for another teacher, 404, then 403.
 */
export async function teachersStudent(
  context: ProviderContext,
  request: FastifyRequest,
  teacherId: number,
  studentId: number,
): Promise<StudentRow> {
  await context.sessions.requireSelf(request, 'teacher', teacherId);
  const student = await requireStudent(context.queries, studentId);
  if (!(await isTeachersStudent(context.queries, teacherId, studentId))) throw new HttpError(403, notTeachersStudent);
  return student;
}
