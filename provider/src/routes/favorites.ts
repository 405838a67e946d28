import { sql } from 'kysely';
import { type ProviderContext, viewerOf } from '../context';
import { now } from '../db';
import { HttpError, badRequest, messages } from '../errors';
import { maySeeCourse, visibleCourse } from '../drafts';
import { type CourseRow, type FavoriteCourseRow } from '../records';
import { type Handlers } from '../router';
import { id } from './values';

export const favoriteMessages = {
  removed: 'The course has been removed from your favourites.',
  notFavorite: 'The course was not in your favourites.',
  unknownCourse: 'Unknown course.',
} as const;

/** A student's favourite courses (extension operations named after the original backend's routes). */
export function favoriteHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present } = context;

  const record = (row: FavoriteCourseRow) => ({ id: row.id, course: row.course_id, student: row.student_id });
  const findFavorite = (studentId: number, courseId: number) =>
    queries.one(sql<FavoriteCourseRow>`SELECT * FROM favorite_courses WHERE student_id = ${studentId} AND course_id = ${courseId}`);

  return {
    async addFavoriteCourse(request, reply) {
      const studentId = await sessions.require(request, 'student');
      const { body } = request;
      if (id(body.student, 'student') !== studentId) throw new HttpError(403, messages.forbidden);
      const courseId = id(body.course, 'course');
      // Someone else's draft (drafts.ts) is unknown too.
      const course = await queries.one(sql<CourseRow>`SELECT * FROM courses WHERE id = ${courseId}`);
      if (!course || !(await maySeeCourse(queries, course, await viewerOf(context, request))))
        throw badRequest(favoriteMessages.unknownCourse);
      const added = await queries.run(
        sql`INSERT INTO favorite_courses (student_id, course_id, created_at) VALUES (${studentId}, ${courseId}, ${now()})
            ON CONFLICT (student_id, course_id) DO NOTHING`,
      );
      const favorite = (await findFavorite(studentId, courseId)) as FavoriteCourseRow;
      return reply.code(added === 1 ? 201 : 200).send(record(favorite));
    },

    async removeFavoriteCourse(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const removed = await queries.run(sql`DELETE FROM favorite_courses WHERE student_id = ${studentId} AND course_id = ${id(request.params.course_id)}`);
      return { bool: true, msg: removed ? favoriteMessages.removed : favoriteMessages.notFavorite };
    },

    async fetchFavoriteStatus(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const course = await visibleCourse(queries, id(request.params.course_id), await viewerOf(context, request));
      return { bool: (await findFavorite(studentId, course.id)) !== undefined };
    },

    async fetchFavoriteCourses(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const rows = await queries.all(
        sql<CourseRow & { favorite_id: number }>`SELECT c.*, f.id AS favorite_id FROM favorite_courses f JOIN courses c ON c.id = f.course_id
          WHERE f.student_id = ${studentId}
            -- A course unpublished since stays only for a student enrolled in it (drafts.ts).
            AND (c.status = 'published' OR EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = c.id AND e.student_id = ${studentId}))
          ORDER BY f.created_at DESC, f.id DESC`,
      );
      const courses = await present.courses(rows, await viewerOf(context, request));
      return rows.map((row, index) => ({ id: row.favorite_id, course: courses[index], student: studentId }));
    },
  };
}
