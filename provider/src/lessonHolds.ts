import { sql } from 'kysely';
import { type Queries } from './database';
import { now } from './db';
import { badRequest } from './errors';
import { type BusyInterval } from './lessonTimes';
import { type LessonRow } from './rows.generated';

/** How long a paid lesson is held for its payment (a Stripe checkout lasts at least 30 minutes). */
export const holdMs = 35 * 60_000;
const quarterMs = 15 * 60_000;

/** The refusals of api-spec.yaml's booking rules (`bookLesson`, `moveLesson`, the checkout's Pay). */
export const bookingMessages = {
  timeTaken: 'This time is no longer free. Please choose another.',
  studentBusy: 'You already have a lesson at this time.',
  freeTrialTaken: 'You have already had your free trial with this teacher.',
  lapsed: 'This booking has lapsed: the time was held for 35 minutes. Please book it again.',
} as const;

/**
 * The UTC quarter hours (ISO strings) a lesson from `startsAt` for `minutes` takes: from its start
 * to its end rounded up to the quarter hour (migration 30's `lesson_quarters`).
 */
export function quartersOf(startsAt: string, minutes: number): string[] {
  const start = Date.parse(startsAt);
  const end = Math.ceil((start + minutes * 60_000) / quarterMs) * quarterMs;
  const quarters: string[] = [];
  for (let quarter = Math.floor(start / quarterMs) * quarterMs; quarter < end; quarter += quarterMs) quarters.push(new Date(quarter).toISOString());
  return quarters;
}

/**
 * Takes the quarter hours of `lesson` in `tx`. When another lesson has one of them (the two unique
 * keys decide, however many book at once, on either engine: ON CONFLICT DO NOTHING, then the rows
 * counted), a 400 saying whose lesson is in the way, which rolls the transaction back.
 */
export async function takeQuarters(tx: Queries, lesson: Pick<LessonRow, 'id' | 'teacher_id' | 'student_id' | 'starts_at' | 'minutes'>): Promise<void> {
  const quarters = quartersOf(lesson.starts_at, Number(lesson.minutes));
  const taken = await tx.run(
    sql`INSERT INTO lesson_quarters (lesson_id, teacher_id, student_id, starts_at)
        VALUES ${sql.join(quarters.map((quarter) => sql`(${lesson.id}, ${lesson.teacher_id}, ${lesson.student_id}, ${quarter})`))}
        ON CONFLICT DO NOTHING`,
  );
  if (taken === quarters.length) return;
  const studentsOwn = await tx.one(
    sql`SELECT 1 AS found FROM lesson_quarters WHERE student_id = ${lesson.student_id} AND lesson_id <> ${lesson.id} AND starts_at IN (${sql.join(quarters)})`,
  );
  throw badRequest(studentsOwn ? bookingMessages.studentBusy : bookingMessages.timeTaken);
}

/** Frees what the held lessons `lessonIds` took: their quarter hours and their open checkout. */
async function freeHolds(tx: Queries, lessonIds: number[]): Promise<void> {
  if (lessonIds.length === 0) return;
  await tx.run(sql`DELETE FROM lesson_quarters WHERE lesson_id IN (${sql.join(lessonIds)})`);
  await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE lesson_id IN (${sql.join(lessonIds)}) AND status = 'open'`);
}

/**
 * Lets go of the lapsed holds (awaiting payment past `pay_until`) of the teacher and of the
 * student, before a booking that may need their time: cancelled by no one and without refund.
 * Only the UPDATE that still finds a hold awaiting lets it go, on any instance.
 */
export async function letGoLapsedHolds(tx: Queries, teacherId: number, studentId: number): Promise<void> {
  const at = now();
  const lapsed = await tx.all(
    sql<{ id: number }>`UPDATE lessons SET status = 'cancelled', pay_until = NULL, cancelled_at = ${at}
      WHERE status = 'awaiting_payment' AND pay_until <= ${at} AND (teacher_id = ${teacherId} OR student_id = ${studentId})
      RETURNING id`,
  );
  await freeHolds(
    tx,
    lapsed.map((lesson) => lesson.id),
  );
}

/** Lets go of the hold `lessonId` (its checkout cancelled, its payment lapsed); false when it was no longer awaiting payment. */
export async function releaseHold(tx: Queries, lessonId: number): Promise<boolean> {
  const released = await tx.run(
    sql`UPDATE lessons SET status = 'cancelled', pay_until = NULL, cancelled_at = ${now()} WHERE id = ${lessonId} AND status = 'awaiting_payment'`,
  );
  if (released === 0) return false;
  await freeHolds(tx, [lessonId]);
  return true;
}

/**
 * Books the held lesson `lessonId` on its payment: only while it still awaits payment and, with
 * `beforeLapse`, before its hold ends (the local checkout's Pay; a Stripe payment was made before
 * its session expired with the hold, whenever its event arrives). False when it did not.
 */
export async function bookPaidLesson(tx: Queries, lessonId: number, { beforeLapse }: { beforeLapse: boolean }): Promise<boolean> {
  const booked = await tx.run(
    sql`UPDATE lessons SET status = 'booked', pay_until = NULL
      WHERE id = ${lessonId} AND status = 'awaiting_payment' ${beforeLapse ? sql`AND pay_until > ${now()}` : sql``}`,
  );
  return booked === 1;
}

/** The teacher's held (not lapsed) and booked quarter hours from `from` to `to`, as busy intervals for `freeTimes`. */
export async function busyTimes(queries: Queries, teacherId: number, from: Date, to: Date): Promise<BusyInterval[]> {
  const rows = await queries.all(
    sql<{ starts_at: string }>`SELECT q.starts_at FROM lesson_quarters q JOIN lessons l ON l.id = q.lesson_id
      WHERE q.teacher_id = ${teacherId} AND q.starts_at >= ${new Date(from.getTime() - quarterMs).toISOString()} AND q.starts_at < ${to.toISOString()}
        AND (l.status = 'booked' OR (l.status = 'awaiting_payment' AND l.pay_until > ${now()}))`,
  );
  return rows.map((row) => ({ start: Date.parse(row.starts_at), end: Date.parse(row.starts_at) + quarterMs }));
}
