import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest } from '../errors';
import { type ChapterProgressRow, isEnrolled, requireChapter, requireCourse } from '../records';
import { type Handlers } from '../router';
import { issueCertificateIfFinished } from './certificates';
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
      // `watched` never goes back to false once true; `watched_at` keeps when it first became true.
      // The save that watches the last unwatched chapter issues the course's certificate with it.
      const save = db.transaction(() => {
        db.prepare(
          `INSERT INTO chapter_progress (student_id, chapter_id, position, watched, updated_at, watched_at)
           VALUES (@student, @chapter, @position, @watched, @now, CASE WHEN @watched = 1 THEN @now END)
           ON CONFLICT (student_id, chapter_id) DO UPDATE SET
             position = excluded.position,
             watched = MAX(watched, excluded.watched),
             watched_at = COALESCE(watched_at, excluded.watched_at),
             updated_at = excluded.updated_at`,
        ).run({
          student: studentId,
          chapter: chapter.id,
          position,
          watched: request.body.watched === true ? 1 : 0,
          now: now(),
        });
        issueCertificateIfFinished(db, studentId, chapter.course_id);
        return progressOf(studentId, chapter.id);
      });
      return present.chapterProgress(save());
    },

    async listStudentProgress(request) {
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'student', studentId);
      const courses = db
        .prepare(
          `SELECT course, chapters_total, chapters_watched,
             CASE WHEN chapters_total > 0 AND chapters_watched = chapters_total THEN last_watched END AS completed_at,
             certificate
           FROM (
             SELECT e.id AS enrolment, e.course_id AS course,
               (SELECT COUNT(*) FROM chapters ch WHERE ch.course_id = e.course_id) AS chapters_total,
               COUNT(p.id) AS chapters_watched,
               MAX(COALESCE(p.watched_at, p.updated_at)) AS last_watched,
               cert.code AS certificate
             FROM enrollments e
             LEFT JOIN chapters ch ON ch.course_id = e.course_id
             LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.student_id = e.student_id AND p.watched = 1
             LEFT JOIN certificates cert ON cert.student_id = e.student_id AND cert.course_id = e.course_id
             WHERE e.student_id = ?
             GROUP BY e.id
           ) ORDER BY enrolment`,
        )
        .all(studentId) as {
        course: number;
        chapters_total: number;
        chapters_watched: number;
        completed_at: string | null;
        certificate: string | null;
      }[];
      // A course finished without a certificate (progress older than certificates, or finished when
      // the teacher removed the last unwatched chapter) gets it now, at the student's first look.
      const unissued = courses.filter((course) => course.completed_at !== null && course.certificate === null);
      if (unissued.length > 0) {
        db.transaction(() => {
          for (const course of unissued) course.certificate = issueCertificateIfFinished(db, studentId, course.course);
        })();
      }
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
