import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { type Queries } from '../database';
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

/**
 * How the provider decides that a chapter is watched (the browser's `watched` is only a hint).
 * Each save of a chapter not yet watched is kept with the real seconds since the student's
 * previous save of any chapter (`chapter_views`; so two chapters played at once share the time). A save at position p after t seconds shows that at most
 * the part [p - 2.2 t, p] can have played since (double speed, with 10% for the timing of
 * requests); t counts at most 15 s (the player saves at least every 10 s while it plays), so one
 * save after a long pause vouches for 33 s at most. The chapter is watched when those parts
 * cover 90% of its length AND the real seconds add up to the time those 90% take at double speed.
 * Two saves 23 ms apart prove nothing; watching at 2x (or letting a script wait as long) does.
 */
export const viewing = {
  fastestPlaybackRate: 2,
  timingMargin: 1.1,
  longestCountedGapSeconds: 15,
  watchedShare: 0.9,
  /** Saves kept per student and chapter until it is watched (about 5 hours of saves every 10 s). */
  keptViews: 2000,
} as const;

export interface ChapterView {
  position: number;
  elapsed_seconds: number;
}

/**
 * Whether `views` (the saves of one student in one chapter, as received) show the chapter watched.
 * A chapter of unknown duration (no video, or one whose length could not be read) never is: the
 * provider cannot tell how much of it played.
 */
export function watchedFromViews(views: readonly ChapterView[], duration: number | null): boolean {
  if (duration === null || !(duration > 0)) return false;
  const { fastestPlaybackRate, timingMargin, watchedShare } = viewing;
  const realSeconds = views.reduce((sum, view) => sum + view.elapsed_seconds, 0);
  if (realSeconds < (watchedShare * duration) / fastestPlaybackRate) return false;
  const parts = views
    .map((view): [number, number] => {
      const end = Math.min(view.position, duration);
      return [Math.max(0, end - fastestPlaybackRate * timingMargin * view.elapsed_seconds), end];
    })
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = 0;
  for (const [start, end] of parts) {
    if (end <= reached) continue;
    covered += end - Math.max(start, reached);
    reached = end;
  }
  return covered >= watchedShare * duration;
}

interface LastSave {
  course_id: number;
  chapter_id: number;
  position: number;
  updated_at: string;
}

/** Where each student stopped in each chapter (extension operations). */
export function progressHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present } = context;

  const requireEnrolled = async (studentId: number, courseId: number) => {
    if (!(await isEnrolled(queries, studentId, courseId))) {
      throw new HttpError(403, 'Only students enrolled in this course have progress in it.');
    }
  };

  const progressOf = (tx: Queries, studentId: number, chapterId: number) =>
    tx.one(sql<ChapterProgressRow>`SELECT * FROM chapter_progress WHERE student_id = ${studentId} AND chapter_id = ${chapterId}`);

  /** Keeps a save of a chapter not yet watched; true when the saves kept now show it watched. */
  const recordView = async (
    tx: Queries,
    studentId: number,
    chapterId: number,
    view: ChapterView & { saved_at: string },
    duration: number | null,
  ) => {
    await tx.run(
      sql`INSERT INTO chapter_views (student_id, chapter_id, position, elapsed_seconds, saved_at)
          VALUES (${studentId}, ${chapterId}, ${view.position}, ${view.elapsed_seconds}, ${view.saved_at})`,
    );
    await tx.run(
      sql`DELETE FROM chapter_views WHERE student_id = ${studentId} AND chapter_id = ${chapterId} AND id <= (
            SELECT id FROM chapter_views WHERE student_id = ${studentId} AND chapter_id = ${chapterId}
            ORDER BY id DESC LIMIT 1 OFFSET ${viewing.keptViews})`,
    );
    const views = await tx.all(
      sql<ChapterView>`SELECT position, elapsed_seconds FROM chapter_views
        WHERE student_id = ${studentId} AND chapter_id = ${chapterId} ORDER BY id`,
    );
    const watched = watchedFromViews(views, duration);
    // Once watched, the saves have served their purpose.
    if (watched) await tx.run(sql`DELETE FROM chapter_views WHERE student_id = ${studentId} AND chapter_id = ${chapterId}`);
    return watched;
  };

  return {
    async getCourseProgress(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const course = await requireCourse(queries, id(request.params.course_id));
      await requireEnrolled(studentId, course.id);
      const rows = await queries.all(
        sql<ChapterProgressRow>`SELECT p.* FROM chapter_progress p JOIN chapters ch ON ch.id = p.chapter_id
          WHERE p.student_id = ${studentId} AND ch.course_id = ${course.id} ORDER BY ch.position, ch.id`,
      );
      return rows.map((row) => present.chapterProgress(row));
    },

    async saveChapterProgress(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const chapter = await requireChapter(queries, id(request.params.chapter_id));
      await requireEnrolled(studentId, chapter.course_id);
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
      // The provider decides `watched` from what it saw (see `viewing`); the browser's is a hint.
      // `watched` never goes back to false once true, whichever of two saves at once writes last
      // (the upsert keeps the larger of the stored and the new); `watched_at` keeps when it first
      // became true. The save that watches the last unwatched chapter issues the course's
      // certificate with it: both are committed, or neither.
      const saved = await queries.transaction(async (tx) => {
        const savedAt = now();
        let watched = (await progressOf(tx, studentId, chapter.id))?.watched === 1;
        const watchedBefore = watched;
        if (!watched) {
          // Since the student's previous save of any chapter: chapters played side by side share
          // the real time, so they take as long as one after the other.
          const previous = (
            await tx.one(sql<{ last: string | null }>`SELECT MAX(updated_at) AS last FROM chapter_progress WHERE student_id = ${studentId}`)
          )?.last ?? null;
          const sincePrevious = previous === null ? 0 : (Date.parse(savedAt) - Date.parse(previous)) / 1000;
          const elapsed = Math.min(Math.max(0, sincePrevious || 0), viewing.longestCountedGapSeconds);
          watched = await recordView(tx, studentId, chapter.id, { position, elapsed_seconds: elapsed, saved_at: savedAt }, duration);
        }
        await tx.run(
          sql`INSERT INTO chapter_progress (student_id, chapter_id, position, watched, updated_at, watched_at)
              VALUES (${studentId}, ${chapter.id}, ${position}, ${watched ? 1 : 0}, ${savedAt}, ${watched ? savedAt : null})
              ON CONFLICT (student_id, chapter_id) DO UPDATE SET
                position = excluded.position,
                watched = CASE WHEN chapter_progress.watched > excluded.watched THEN chapter_progress.watched ELSE excluded.watched END,
                watched_at = COALESCE(chapter_progress.watched_at, excluded.watched_at),
                updated_at = excluded.updated_at`,
        );
        const certificate = await issueCertificateIfFinished(tx, studentId, chapter.course_id);
        return {
          progress: (await progressOf(tx, studentId, chapter.id)) as ChapterProgressRow,
          newlyWatched: watched && !watchedBefore,
          certificate,
        };
      });
      // Two saves at once on several instances, each watching one of the course's last two
      // chapters, each see the other's chapter unwatched until it commits: the save that commits
      // last issues the certificate here, after both (the insert keeps it to one).
      if (saved.newlyWatched && saved.certificate === null) await issueCertificateIfFinished(queries, studentId, chapter.course_id);
      return present.chapterProgress(saved.progress);
    },

    async listStudentProgress(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const courses = await queries.all(
        sql<{
          course: number;
          chapters_total: number;
          chapters_watched: number;
          completed_at: string | null;
          certificate: string | null;
        }>`SELECT course, chapters_total, chapters_watched,
             CASE WHEN chapters_total > 0 AND chapters_watched = chapters_total AND exercises_open = 0
               THEN CASE WHEN last_answered > last_watched THEN last_answered ELSE last_watched END END AS completed_at,
             certificate
           FROM (
             SELECT e.id AS enrolment, e.course_id AS course,
               (SELECT COUNT(*) FROM chapters ch WHERE ch.course_id = e.course_id) AS chapters_total,
               COUNT(p.id) AS chapters_watched,
               MAX(COALESCE(p.watched_at, p.updated_at)) AS last_watched,
               cert.code AS certificate,
               -- Published exercises of the course not answered yet: 'Finished' needs none (issue 38).
               (SELECT COUNT(*) FROM exercises x JOIN chapters xc ON xc.id = x.chapter_id
                 WHERE xc.course_id = e.course_id AND x.is_published = 1
                   AND NOT EXISTS (SELECT 1 FROM exercise_attempts a
                                   WHERE a.exercise_id = x.id AND a.student_id = e.student_id AND a.counted = 1)) AS exercises_open,
               (SELECT MAX(a.answered_at) FROM exercise_attempts a JOIN exercises x ON x.id = a.exercise_id
                  JOIN chapters xc ON xc.id = x.chapter_id
                 WHERE xc.course_id = e.course_id AND x.is_published = 1 AND a.student_id = e.student_id AND a.counted = 1) AS last_answered
             FROM enrollments e
             LEFT JOIN chapters ch ON ch.course_id = e.course_id
             LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.student_id = e.student_id AND p.watched = 1
             LEFT JOIN certificates cert ON cert.student_id = e.student_id AND cert.course_id = e.course_id
             WHERE e.student_id = ${studentId}
             -- At most one certificate per enrolment (one per student and course).
             GROUP BY e.id, cert.code
           ) AS enrolled ORDER BY enrolment`,
      );
      // A course finished without a certificate (progress older than certificates, or finished when
      // the teacher removed the last unwatched chapter) gets it now, at the student's first look.
      const unissued = courses.filter((course) => course.completed_at !== null && course.certificate === null);
      if (unissued.length > 0) {
        await queries.transaction(async (tx) => {
          for (const course of unissued) course.certificate = await issueCertificateIfFinished(tx, studentId, course.course);
        });
      }
      // Each course's latest save, read for every course at once.
      const lastSaves = new Map(
        (
          await queries.all(
            sql<LastSave & { place: number }>`SELECT course_id, chapter_id, position, updated_at FROM (
                SELECT ch.course_id, p.chapter_id, p.position, p.updated_at,
                  ROW_NUMBER() OVER (PARTITION BY ch.course_id ORDER BY p.updated_at DESC, p.id DESC) AS place
                FROM chapter_progress p JOIN chapters ch ON ch.id = p.chapter_id
                WHERE p.student_id = ${studentId}
              ) AS saves WHERE place = 1`,
          )
        ).map((save) => [save.course_id, save]),
      );
      const answers = courses.map((course) => {
        const last = lastSaves.get(course.course);
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
