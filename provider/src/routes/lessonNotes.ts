import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest, messages, notFound } from '../errors';
import { type Handlers } from '../router';
import { type AssignmentRow, type LessonRow } from '../rows.generated';
import { lessonAnswerOf } from './lessonBookings';
import { requireApprovedTeacher } from './lessons';
import { id, text } from './values';

const longestNote = 2000;
const longestComment = 1000;
const reviewsShown = 10;

/** A booked lesson of the caller's side: 401 without that session, 403 for another's, 404 unless booked. */
async function ownBookedLesson(context: ProviderContext, request: Parameters<Handlers[string]>[0], side: 'student' | 'teacher'): Promise<LessonRow> {
  const callerId = await context.sessions.require(request, side);
  const lesson = await context.queries.one(sql<LessonRow>`SELECT * FROM lessons WHERE id = ${id(request.params.lesson_id)}`);
  if (!lesson || lesson.status !== 'booked') throw notFound('Lesson not found.');
  if ((side === 'student' ? lesson.student_id : lesson.teacher_id) !== callerId) throw new HttpError(403, messages.forbidden);
  return lesson;
}

/** The first word of a name: what a review shows of the student who wrote it. */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/** After a lesson (issue 40): the teacher's note and homework, the student's rating, and the teacher's figures. */
export function lessonNoteHandlers(context: ProviderContext): Handlers {
  const { queries } = context;
  return {
    async writeLessonNote(request) {
      const lesson = await ownBookedLesson(context, request, 'teacher');
      if (Date.parse(lesson.starts_at) > Date.now()) throw badRequest('A lesson’s note is written once it has started.');
      const note = text(request.body.note);
      if (note === '') throw badRequest('Please write what the lesson covered.');
      if ([...note].length > longestNote) throw badRequest(`A lesson’s note has at most ${longestNote} characters.`);
      const homeworkText = text(request.body.homework_assignment_id);
      let homework: number | null = null;
      if (homeworkText !== '') {
        homework = id(homeworkText, 'homework_assignment_id');
        const assignment = await queries.one(sql<Pick<AssignmentRow, 'id'>>`SELECT id FROM assignments
          WHERE id = ${homework} AND teacher_id = ${lesson.teacher_id} AND student_id = ${lesson.student_id}`);
        if (!assignment) throw badRequest('The homework must be one of your assignments for this student.');
      }
      await queries.run(sql`UPDATE lessons SET note = ${note}, homework_assignment_id = ${homework} WHERE id = ${lesson.id}`);
      return lessonAnswerOf(queries, lesson.id);
    },

    async rateLesson(request) {
      const lesson = await ownBookedLesson(context, request, 'student');
      if (Date.parse(lesson.ends_at) > Date.now()) throw badRequest('A lesson is rated once it has ended.');
      const ratingText = text(request.body.rating);
      if (!/^[1-5]$/.test(ratingText)) throw badRequest('Choose a rating from 1 to 5 stars.');
      const comment = text(request.body.comment);
      if ([...comment].length > longestComment) throw badRequest(`A comment has at most ${longestComment} characters.`);
      await queries.run(
        sql`UPDATE lessons SET rating = ${Number(ratingText)}, rating_comment = ${comment === '' ? null : comment}, rated_at = ${now()} WHERE id = ${lesson.id}`,
      );
      return lessonAnswerOf(queries, lesson.id);
    },

    async getTeacherLessonReviews(request) {
      const teacherId = id(request.params.teacher_id);
      await requireApprovedTeacher(queries, teacherId);
      const at = now();
      const figures = (await queries.one(
        sql<{ given: number; rated: number; total: number | null }>`SELECT
            SUM(CASE WHEN ends_at <= ${at} THEN 1 ELSE 0 END) AS given,
            SUM(CASE WHEN rating IS NOT NULL THEN 1 ELSE 0 END) AS rated,
            SUM(rating) AS total
          FROM lessons WHERE teacher_id = ${teacherId} AND status = 'booked'`,
      )) as { given: number | null; rated: number | null; total: number | null };
      const rows = await queries.all(
        sql<{ rating: number; rating_comment: string | null; full_name: string; rated_at: string }>`SELECT l.rating, l.rating_comment, s.full_name, l.rated_at
          FROM lessons l JOIN students s ON s.id = l.student_id
          WHERE l.teacher_id = ${teacherId} AND l.status = 'booked' AND l.rating IS NOT NULL
          ORDER BY l.rated_at DESC, l.id DESC LIMIT ${reviewsShown}`,
      );
      const rated = Number(figures.rated ?? 0);
      return {
        lessons_given: Number(figures.given ?? 0),
        rating_average: rated === 0 ? null : Math.round((Number(figures.total) / rated) * 10) / 10,
        rating_count: rated,
        reviews: rows.map((row) => ({ rating: Number(row.rating), comment: row.rating_comment, student_name: firstName(row.full_name), rated_at: row.rated_at })),
      };
    },
  };
}
