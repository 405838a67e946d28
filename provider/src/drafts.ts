import { type Viewer } from './context';
import { type Queries } from './database';
import { notFound } from './errors';
import { type CourseRow, isEnrolled, requireCourse } from './records';

/**
 * Course drafts (extension, `Course.status`): a draft is seen only by its teacher and by the
 * students enrolled in it (before an unpublish); everyone else is answered as if it did not exist.
 */

/** The SQL condition that keeps only the catalogue's courses (published), for a courses table aliased `alias`. */
export const isPublished = (alias = 'c') => `${alias}.status = 'published'`;

/** Whether the viewer may see the course: published, or its teacher, or a student enrolled in it. */
export async function maySeeCourse(queries: Queries, course: Pick<CourseRow, 'id' | 'teacher_id' | 'status'>, viewer: Viewer): Promise<boolean> {
  return course.status === 'published' || viewer.teacherId === course.teacher_id || (await isEnrolled(queries, viewer.studentId, course.id));
}

/** The course when the viewer may see it (`maySeeCourse`); 404 for an unknown course and for someone else's draft. */
export async function visibleCourse(queries: Queries, courseId: number, viewer: Viewer): Promise<CourseRow> {
  const course = await requireCourse(queries, courseId);
  if (!(await maySeeCourse(queries, course, viewer))) throw notFound('Course not found.');
  return course;
}

/**
 * The course a student enrols in or pays for: a published one, or one they are already enrolled in
 * (answered "already enrolled" by the caller); 404 for a draft, as for an unknown course.
 */
export async function enrollableCourse(queries: Queries, courseId: number, studentId: number): Promise<CourseRow> {
  const course = await requireCourse(queries, courseId);
  if (course.status !== 'published' && !(await isEnrolled(queries, studentId, course.id))) throw notFound('Course not found.');
  return course;
}
