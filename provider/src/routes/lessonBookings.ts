import { DateTime } from 'luxon';
import { type RawBuilder, sql } from 'kysely';
import { type Checkout, returnBaseOf } from '../checkout';
import { type ProviderContext, viewerOf } from '../context';
import { type Queries } from '../database';
import { now } from '../db';
import { HttpError, badRequest, messages, notFound } from '../errors';
import { bookingMessages, holdMs, letGoLapsedHolds, takeQuarters } from '../lessonHolds';
import { freeTimes } from '../lessonTimes';
import { requestOrigin } from '../origins';
import { type Handlers } from '../router';
import { type LessonRow, type LessonTypeRow } from '../rows.generated';
import { lessonHoursOf, requireApprovedTeacher, settingsOf } from './lessons';
import { id, text } from './values';

/** Lessons a page of `getStudentLessons` and `getTeacherBookings`. */
const pageSize = 20;
const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const mostReasonCharacters = 500;

const refusals = {
  alreadyCancelled: 'This lesson has already been cancelled.',
  started: 'This lesson has already started.',
  noReason: 'Please give the student a reason.',
  changedMeanwhile: 'This lesson has just changed: please reload it and try again.',
  notBooked: 'Only a booked lesson can be moved: please pay for it first.',
} as const;

type NamedLesson = LessonRow & { teacher_name: string; student_name: string };

/** Lessons with their teacher's and student's names (`l`, `t`, `s`), for a WHERE to follow. */
const namedLessons = sql`SELECT l.*, t.full_name AS teacher_name, s.full_name AS student_name
  FROM lessons l JOIN teachers t ON t.id = l.teacher_id JOIN students s ON s.id = l.student_id`;

function cancellableUntil(lesson: Pick<LessonRow, 'starts_at' | 'cancellation_hours'>): string {
  return new Date(Date.parse(lesson.starts_at) - Number(lesson.cancellation_hours) * hourMs).toISOString();
}

function storedLanguages(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((language): language is string => typeof language === 'string') : [];
  } catch {
    return [];
  }
}

/** api-spec.yaml's `Lesson`. */
function lessonAnswer(row: NamedLesson) {
  return {
    id: row.id,
    teacher_id: row.teacher_id,
    teacher_name: row.teacher_name,
    student_id: row.student_id,
    student_name: row.student_name,
    lesson_type_id: row.lesson_type_id,
    title: row.title,
    minutes: Number(row.minutes),
    free_trial: Number(row.free_trial) === 1,
    price: row.price,
    languages: storedLanguages(row.languages),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: row.status,
    pay_until: row.pay_until,
    cancellable_until: cancellableUntil(row),
    cancelled_by: row.cancelled_by,
    cancel_reason: row.cancel_reason,
    refund: row.refund,
    note: row.note,
    homework_assignment_id: row.homework_assignment_id,
    rating: row.rating === null ? null : Number(row.rating),
    rating_comment: row.rating_comment,
  };
}

export async function namedLesson(queries: Queries, lessonId: number): Promise<NamedLesson | undefined> {
  return queries.one(sql<NamedLesson>`${namedLessons} WHERE l.id = ${lessonId}`);
}

export async function lessonAnswerOf(queries: Queries, lessonId: number) {
  return lessonAnswer((await namedLesson(queries, lessonId)) as NamedLesson);
}

/** A start from a form: an instant with its zone or `Z` (ISO 8601), as a UTC ISO string. */
function startOf(value: unknown): string {
  const sent = text(value);
  const parsed = DateTime.fromISO(sent, { setZone: true });
  if (!parsed.isValid || !/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(sent)) {
    throw badRequest('The start must be a date and time with its zone, like 2026-12-07T09:00:00Z.');
  }
  return new Date(parsed.toMillis()).toISOString();
}

/**
 * 400 unless a lesson of `minutes` may start at `startsAt` by the teacher's hours, days off and
 * notice now (lessonTimes.ts, for a window of that one minute). Other lessons in the way are the
 * quarter hours' to refuse (`takeQuarters`). Answers the teacher's cancellation window.
 */
async function assertFreeTime(queries: Queries, teacherId: number, startsAt: string, minutes: number): Promise<number> {
  const settings = await settingsOf(queries, teacherId);
  const [first] = freeTimes(lessonHoursOf(settings), { from: new Date(startsAt), days: 1 / (24 * 60), minutes }, new Date());
  if (first?.start !== startsAt) throw badRequest(bookingMessages.timeTaken);
  return settings.cancellation_hours;
}

/** Why a lesson cannot be cancelled or moved any more, if it cannot. */
function refusalOf(lesson: Pick<LessonRow, 'status' | 'starts_at'>, at: string): string | null {
  if (lesson.status === 'cancelled') return refusals.alreadyCancelled;
  if (lesson.starts_at <= at) return refusals.started;
  return null;
}

/** The `when` and `page` of a lesson list (api-spec.yaml `LessonsWhen`, `LessonsPage`). */
function listQuery(query: Record<string, unknown>): { when: 'upcoming' | 'past'; page: number } {
  const when = query.when === undefined ? 'upcoming' : text(query.when);
  if (when !== 'upcoming' && when !== 'past') throw badRequest('The lessons are upcoming or past.');
  const page = query.page === undefined ? 1 : Number(query.page);
  if (!Number.isInteger(page) || page < 1) throw badRequest('The page is a whole number from 1.');
  return { when, page };
}

/**
 * Booking, cancelling and moving lessons, and each person's list of them (issue 40). A lesson's
 * time is the quarter hours it holds (lessonHolds.ts): taken in the booking's or the move's
 * transaction, freed when it is cancelled or its hold lapses.
 */
export function lessonBookingHandlers(context: ProviderContext, checkout: Checkout): Handlers {
  const { queries, sessions } = context;

  /** A page of the lessons `whose` (a condition on `l`) of `when`, with the count of them all. */
  const lessonList = async (whose: RawBuilder<unknown>, when: 'upcoming' | 'past', page: number, upcoming: RawBuilder<unknown>, past: RawBuilder<unknown>) => {
    const which = sql`${whose} AND ${when === 'upcoming' ? upcoming : past}`;
    const counted = await queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count FROM lessons l WHERE ${which}`);
    const rows = await queries.all(
      sql<NamedLesson>`${namedLessons} WHERE ${which}
        ORDER BY ${when === 'upcoming' ? sql`l.starts_at, l.id` : sql`l.starts_at DESC, l.id DESC`}
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return { count: Number(counted?.count ?? 0), lessons: rows.map(lessonAnswer) };
  };

  return {
    async bookLesson(request, reply) {
      const studentId = id(request.body.student_id, 'student_id');
      await sessions.requireSelf(request, 'student', studentId);
      const type = await queries.one(sql<LessonTypeRow>`SELECT * FROM lesson_types WHERE id = ${id(request.body.lesson_type_id, 'lesson_type_id')}`);
      if (!type) throw notFound('Lesson type not found.');
      await requireApprovedTeacher(queries, type.teacher_id);
      const startsAt = startOf(request.body.starts_at);
      const minutes = Number(type.minutes);
      const freeTrial = Number(type.free_trial) === 1;
      // The checkout's way back, as `createPaymentSession`'s (absolute for Stripe).
      const returnBase = returnBaseOf(request, context.config);
      const checkoutBase = checkout.stripe ? returnBase || (requestOrigin(request) ?? context.config.appOrigin) : returnBase;

      const held = await queries.transaction(async (tx) => {
        await letGoLapsedHolds(tx, type.teacher_id, studentId);
        const open = await tx.one(
          sql<LessonRow>`SELECT * FROM lessons
            WHERE student_id = ${studentId} AND lesson_type_id = ${type.id} AND starts_at = ${startsAt} AND status = 'awaiting_payment'`,
        );
        if (open) return { lessonId: open.id, checkout: await checkout.openForLesson(tx, open, checkoutBase) };
        const cancellationHours = await assertFreeTime(tx, type.teacher_id, startsAt, minutes);
        const trialTaken = sql`SELECT 1 AS found FROM lessons
          WHERE student_id = ${studentId} AND teacher_id = ${type.teacher_id} AND free_trial = 1 AND (status = 'booked' OR refund = 'none')`;
        if (freeTrial && (await tx.one(trialTaken))) throw badRequest(bookingMessages.freeTrialTaken);
        const at = now();
        // The one free trial's partial unique index decides between two tabs booking both at once.
        const lesson = await tx.one(
          sql<LessonRow>`INSERT INTO lessons (teacher_id, student_id, lesson_type_id, title, minutes, free_trial, price, languages, starts_at, ends_at,
              cancellation_hours, status, pay_until, created_at)
            VALUES (${type.teacher_id}, ${studentId}, ${type.id}, ${type.title}, ${minutes}, ${freeTrial ? 1 : 0}, ${type.price}, ${type.languages},
              ${startsAt}, ${new Date(Date.parse(startsAt) + minutes * minuteMs).toISOString()}, ${cancellationHours},
              ${freeTrial ? 'booked' : 'awaiting_payment'}, ${freeTrial ? null : new Date(Date.parse(at) + holdMs).toISOString()}, ${at})
            ON CONFLICT DO NOTHING RETURNING *`,
        );
        if (!lesson) throw badRequest(bookingMessages.freeTrialTaken);
        await takeQuarters(tx, lesson);
        if (!freeTrial) return { lessonId: lesson.id, checkout: await checkout.openForLesson(tx, lesson, checkoutBase) };
        await context.lessonMails.booked(tx, lesson.id);
        return { lessonId: lesson.id, checkout: null };
      });
      if (held.checkout === null) context.outbox.wake();
      const session = held.checkout && (await checkout.sessionOf(held.checkout, request.log));
      return reply.code(201).send({ lesson: await lessonAnswerOf(queries, held.lessonId), checkout: session });
    },

    async cancelLesson(request) {
      const lessonId = id(request.params.lesson_id, 'lesson_id');
      const viewer = await viewerOf(context, request);
      if (viewer.studentId === null && viewer.teacherId === null) throw new HttpError(401, 'Please log in.');
      const lesson = await queries.one(sql<LessonRow>`SELECT * FROM lessons WHERE id = ${lessonId}`);
      if (!lesson) throw notFound('Lesson not found.');
      const by = viewer.studentId === lesson.student_id ? 'student' : viewer.teacherId === lesson.teacher_id ? 'teacher' : null;
      if (by === null) throw new HttpError(403, messages.forbidden);
      // A hold is the student's until paid (and one let go or cancelled unpaid stays theirs): the teacher does not see it.
      const neverBooked = lesson.status === 'awaiting_payment' || (lesson.status === 'cancelled' && lesson.refund === null);
      if (by === 'teacher' && neverBooked) throw notFound('Lesson not found.');
      const reason = by === 'teacher' ? text(request.body?.reason) : null;
      if (reason !== null && (reason === '' || [...reason].length > mostReasonCharacters)) throw badRequest(refusals.noReason);

      const at = now();
      await queries.transaction(async (tx) => {
        const current = (await tx.one(sql<LessonRow>`SELECT * FROM lessons WHERE id = ${lessonId}`)) as LessonRow;
        const refused = refusalOf(current, at);
        if (refused) throw badRequest(refused);
        const refund = current.status === 'awaiting_payment' ? null : by === 'teacher' || at < cancellableUntil(current) ? 'full' : 'none';
        const cancelled = await tx.run(
          sql`UPDATE lessons SET status = 'cancelled', pay_until = NULL, cancelled_at = ${at}, cancelled_by = ${by}, cancel_reason = ${reason},
              refund = ${refund}, sequence = sequence + 1
            WHERE id = ${lessonId} AND status = ${current.status} AND starts_at > ${at}`,
        );
        // Paid, moved or cancelled at the same moment on another instance.
        if (cancelled === 0) throw badRequest(refusals.changedMeanwhile);
        await tx.run(sql`DELETE FROM lesson_quarters WHERE lesson_id = ${lessonId}`);
        await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE lesson_id = ${lessonId} AND status = 'open'`);
        // The local test checkout charged nothing: its refund is the record. Stripe's is made after the commit.
        if (refund === 'full') await tx.run(sql`UPDATE payments SET refunded_at = ${at} WHERE lesson_id = ${lessonId} AND method = 'local' AND refunded_at IS NULL`);
        await context.lessonMails.cancelled(tx, lessonId);
      });
      context.outbox.wake();
      await checkout.stripe?.refundDue(request.log, lessonId);
      return lessonAnswerOf(queries, lessonId);
    },

    async moveLesson(request) {
      const lessonId = id(request.params.lesson_id, 'lesson_id');
      const studentId = await sessions.require(request, 'student');
      const lesson = await queries.one(sql<LessonRow>`SELECT * FROM lessons WHERE id = ${lessonId}`);
      if (!lesson) throw notFound('Lesson not found.');
      if (lesson.student_id !== studentId) throw new HttpError(403, messages.forbidden);
      const startsAt = startOf(request.body.starts_at);

      await queries.transaction(async (tx) => {
        const current = (await tx.one(sql<LessonRow>`SELECT * FROM lessons WHERE id = ${lessonId}`)) as LessonRow;
        const at = now();
        const refused = refusalOf(current, at) ?? (current.status === 'awaiting_payment' ? refusals.notBooked : null);
        if (refused) throw badRequest(refused);
        if (at >= cancellableUntil(current)) {
          const hours = Number(current.cancellation_hours);
          throw badRequest(`This lesson starts within ${hours} ${hours === 1 ? 'hour' : 'hours'}, so it can no longer be moved.`);
        }
        const minutes = Number(current.minutes);
        await letGoLapsedHolds(tx, current.teacher_id, current.student_id);
        await assertFreeTime(tx, current.teacher_id, startsAt, minutes);
        // Its own time let go, then the new one taken: a conflict rolls both back, and the old time stays.
        await tx.run(sql`DELETE FROM lesson_quarters WHERE lesson_id = ${lessonId}`);
        const moved = await tx.run(
          sql`UPDATE lessons SET starts_at = ${startsAt}, ends_at = ${new Date(Date.parse(startsAt) + minutes * minuteMs).toISOString()},
              sequence = sequence + 1, reminded_day_before_at = NULL, reminded_hour_before_at = NULL
            WHERE id = ${lessonId} AND status = 'booked' AND starts_at = ${current.starts_at}`,
        );
        if (moved === 0) throw badRequest(refusals.changedMeanwhile);
        await takeQuarters(tx, { ...current, starts_at: startsAt });
        await context.lessonMails.moved(tx, lessonId, current.starts_at);
      });
      context.outbox.wake();
      return lessonAnswerOf(queries, lessonId);
    },

    async getStudentLessons(request) {
      const studentId = id(request.params.student_id, 'student_id');
      await sessions.requireSelf(request, 'student', studentId);
      const { when, page } = listQuery(request.query);
      const at = now();
      return lessonList(
        sql`l.student_id = ${studentId}`,
        when,
        page,
        sql`(l.status = 'booked' OR (l.status = 'awaiting_payment' AND l.pay_until > ${at})) AND l.ends_at > ${at}`,
        // Ended, or cancelled by a person (a hold that lapsed was not).
        sql`((l.status = 'booked' AND l.ends_at <= ${at}) OR (l.status = 'cancelled' AND l.cancelled_by IS NOT NULL))`,
      );
    },

    async getTeacherBookings(request) {
      const teacherId = id(request.params.teacher_id, 'teacher_id');
      await sessions.requireSelf(request, 'teacher', teacherId);
      const { when, page } = listQuery(request.query);
      const at = now();
      return lessonList(
        sql`l.teacher_id = ${teacherId}`,
        when,
        page,
        sql`l.status = 'booked' AND l.ends_at > ${at}`,
        // Ended, or cancelled once booked (with a refund decided): never a hold the teacher did not see.
        sql`((l.status = 'booked' AND l.ends_at <= ${at}) OR (l.status = 'cancelled' AND l.refund IS NOT NULL))`,
      );
    },
  };
}
