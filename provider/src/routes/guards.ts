import { type FastifyRequest } from 'fastify';
import { type ProviderContext } from '../context';
import { HttpError, messages } from '../errors';
import { type CourseRow, requireCourse } from '../records';

/** The course when the caller is its teacher: 401 without a teacher session, 404, then 403. */
export function ownedCourse(context: ProviderContext, request: FastifyRequest, courseId: number): CourseRow {
  const teacherId = context.sessions.require(request, 'teacher');
  const course = requireCourse(context.db, courseId);
  if (course.teacher_id !== teacherId) throw new HttpError(403, messages.forbidden);
  return course;
}
