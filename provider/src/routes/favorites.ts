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
  const { db, sessions, present } = context;

  const record = (row: FavoriteCourseRow) => ({ id: row.id, course: row.course_id, student: row.student_id });
  const findFavorite = (studentId: number, courseId: number) =>
    db.prepare('SELECT * FROM favorite_courses WHERE student_id = ? AND course_id = ?').get(studentId, courseId) as
      FavoriteCourseRow | undefined;

  return {
    async addFavoriteCourse(request, reply) {
      const studentId = sessions.require(request, 'student');
      const { body } = request;
      if (id(body.student, 'student') !== studentId) throw new HttpError(403, messages.forbidden);
      const courseId = id(body.course, 'course');
      // Someone else's draft (drafts.ts) is unknown too.
      const course = db.prepare('SELECT * FROM courses WHERE id = ?').get(courseId) as CourseRow | undefined;
      if (!course || !maySeeCourse(db, course, viewerOf(context, request)))
        throw badRequest(favoriteMessages.unknownCourse);
      const { changes } = db
        .prepare(
          `INSERT INTO favorite_courses (student_id, course_id, created_at) VALUES (?, ?, ?)
           ON CONFLICT (student_id, course_id) DO NOTHING`,
        )
        .run(studentId, courseId, now());
      const favorite = findFavorite(studentId, courseId) as FavoriteCourseRow;
      return reply.code(changes === 1 ? 201 : 200).send(record(favorite));
    },

    async removeFavoriteCourse(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const { changes } = db
        .prepare('DELETE FROM favorite_courses WHERE student_id = ? AND course_id = ?')
        .run(studentId, id(request.params.course_id));
      return { bool: true, msg: changes ? favoriteMessages.removed : favoriteMessages.notFavorite };
    },

    async fetchFavoriteStatus(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const course = visibleCourse(db, id(request.params.course_id), viewerOf(context, request));
      return { bool: findFavorite(studentId, course.id) !== undefined };
    },

    async fetchFavoriteCourses(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const rows = db
        .prepare(
          `SELECT c.*, f.id AS favorite_id FROM favorite_courses f JOIN courses c ON c.id = f.course_id
           WHERE f.student_id = @student
             -- A course unpublished since stays only for a student enrolled in it (drafts.ts).
             AND (c.status = 'published' OR EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = c.id AND e.student_id = @student))
           ORDER BY f.created_at DESC, f.id DESC`,
        )
        .all({ student: studentId }) as (CourseRow & { favorite_id: number })[];
      const viewer = viewerOf(context, request);
      return rows.map((row) => ({ id: row.favorite_id, course: present.course(row, viewer), student: studentId }));
    },
  };
}
