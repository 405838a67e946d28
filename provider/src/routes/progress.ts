import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest } from '../errors';
import { type ChapterProgressRow, isEnrolled, requireChapter, requireCourse } from '../records';
import { type Handlers } from '../router';
import { id } from './values';

/** Positions accepted when a chapter's duration is unknown: up to 24 hours. */
export const unknownDurationLimitSeconds = 24 * 60 * 60;
/** Players report the end of a video a little past its declared duration. */
export const durationToleranceSeconds = 1;

interface LastSave {
  chapter_id: number;
  position: number;
  updated_at: string;
}

/** Where each student stopped in each chapter (extension operations). */
export function progressHandlers(context: ProviderContext): Handlers {
  const { db, sessions, present } = context;

  const requireEnrolled = (studentId: number, courseId: number) => {
    if (!isEnrolled(db, studentId, courseId)) {
      throw new HttpError(403, 'Only students enrolled in this course have progress in it.');
    }
  };

  const progressOf = (studentId: number, chapterId: number) =>
    db
      .prepare('SELECT * FROM chapter_progress WHERE student_id = ? AND chapter_id = ?')
      .get(studentId, chapterId) as ChapterProgressRow;

  return {
    async getCourseProgress(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const course = requireCourse(db, id(request.params.course_id));
      requireEnrolled(studentId, course.id);
      const rows = db
        .prepare(
          `SELECT p.* FROM chapter_progress p JOIN chapters ch ON ch.id = p.chapter_id
           WHERE p.student_id = ? AND ch.course_id = ? ORDER BY ch.id`,
        )
        .all(studentId, course.id) as ChapterProgressRow[];
      return rows.map((row) => present.chapterProgress(row));
    },

    async saveChapterProgress(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const chapter = requireChapter(db, id(request.params.chapter_id));
      requireEnrolled(studentId, chapter.course_id);
      const position = Number(request.body.position);
      if (!Number.isFinite(position) || position < 0)
        throw badRequest('The position must be a number of seconds from 0.');
      const duration = chapter.duration_seconds;
      if (duration === null && position > unknownDurationLimitSeconds) {
        throw badRequest('The position must be at most 24 hours (86400 seconds).');
      }
      if (duration !== null && position > duration + durationToleranceSeconds) {
        throw badRequest(`The position is beyond the end of the video (${formatSeconds(duration)} seconds).`);
      }
      // `watched` never goes back to false once true.
      db.prepare(
        `INSERT INTO chapter_progress (student_id, chapter_id, position, watched, updated_at)
         VALUES (@student, @chapter, @position, @watched, @now)
         ON CONFLICT (student_id, chapter_id) DO UPDATE SET
           position = excluded.position,
           watched = MAX(watched, excluded.watched),
           updated_at = excluded.updated_at`,
      ).run({
        student: studentId,
        chapter: chapter.id,
        position,
        watched: request.body.watched === true ? 1 : 0,
        now: now(),
      });
      return present.chapterProgress(progressOf(studentId, chapter.id));
    },

    async listStudentProgress(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const courses = db
        .prepare(
          `SELECT e.course_id AS course,
             (SELECT COUNT(*) FROM chapters ch WHERE ch.course_id = e.course_id) AS chapters_total,
             (SELECT COUNT(*) FROM chapter_progress p JOIN chapters ch ON ch.id = p.chapter_id
               WHERE p.student_id = e.student_id AND ch.course_id = e.course_id AND p.watched = 1) AS chapters_watched
           FROM enrollments e WHERE e.student_id = ? ORDER BY e.id`,
        )
        .all(studentId) as { course: number; chapters_total: number; chapters_watched: number }[];
      const lastSave = db.prepare(
        `SELECT p.chapter_id, p.position, p.updated_at FROM chapter_progress p
         JOIN chapters ch ON ch.id = p.chapter_id
         WHERE p.student_id = ? AND ch.course_id = ?
         ORDER BY p.updated_at DESC, p.id DESC LIMIT 1`,
      );
      const answers = courses.map((course) => {
        const last = lastSave.get(studentId, course.course) as LastSave | undefined;
        return {
          ...course,
          last_chapter: last?.chapter_id ?? null,
          last_position: last?.position ?? 0,
          updated_at: last?.updated_at ?? null,
        };
      });
      // The most recently watched first; courses not started keep the order of enrolment (a stable sort).
      return answers.sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
    },
  };
}

function formatSeconds(seconds: number): string {
  return String(Math.round(seconds * 100) / 100);
}
