import { sql } from 'kysely';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { now } from './db';
import { type InvitedLesson, LessonCalendar, type LessonSide, myLessonsPaths } from './lessonCalendar';
import { type Mail } from './mail';
import { type MailLog, consoleMailLog } from './mailDelivery';
import { type LessonRow } from './rows.generated';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lessons' mails (their reminders can be sent at once: `app.lessonMails.sendReminders()`). */
    lessonMails: LessonMails;
  }
}

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
const sides: readonly LessonSide[] = ['student', 'teacher'];

/** A lesson as its mails tell of it. */
interface MailedLesson
  extends InvitedLesson,
    Pick<LessonRow, 'free_trial' | 'price' | 'cancellation_hours' | 'cancelled_by' | 'cancel_reason' | 'refund'> {
  /** The teacher's zone (lesson_settings), null when they set none. */
  time_zone: string | null;
}

/**
 * The reminders before a lesson, each sent once to both people while the lesson is booked and has
 * not started: the day before, while between 24 hours and 1 hour remain; the hour before, in its
 * last hour. A confirmation or a move stands for the reminders whose time has come already: a
 * lesson booked or moved less than 24 hours ahead gets no day-before reminder (it would arrive
 * with the confirmation), and one less than an hour ahead no hour-before one either; a move
 * further ahead makes them due again. Each is claimed by an UPDATE that still finds its column
 * null, so of several instances one sends it.
 */
const reminders = [
  { column: 'reminded_day_before_at', fromMs: hourMs, untilMs: dayMs, when: 'tomorrow', subject: 'Tomorrow' },
  { column: 'reminded_hour_before_at', fromMs: 0, untilMs: hourMs, when: 'in an hour', subject: 'In an hour' },
] as const;

/**
 * The mails of booked lessons (issue 40): the confirmation with an iCalendar invitation when a
 * lesson is booked, the updated invitation when it moves, the cancellation, and the reminders a
 * day and an hour before, on a timer every instance runs. Transactional mails: no unsubscribe link.
 */
export class LessonMails {
  readonly calendar: LessonCalendar;
  private log: MailLog = consoleMailLog;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly context: Omit<ProviderContext, 'lessonMails'>) {
    this.calendar = new LessonCalendar(context.config);
  }

  /** Starts the reminders' timer, every `notificationIntervalMs` (it does not keep the process alive). */
  start(log?: MailLog): void {
    if (log) this.log = log;
    if (this.timer) return;
    this.timer = setInterval(() => {
      // One run at a time in this instance; other instances are kept off by the claims.
      if (this.running) return;
      this.running = this.sendReminders()
        .catch((error: unknown) => this.log.error({ err: error }, 'lesson reminders failed'))
        .finally(() => (this.running = null));
    }, this.context.config.notificationIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Queues the confirmations of a lesson just booked, to both people, in `tx` (sent if it commits). */
  async booked(tx: Queries, lessonId: number): Promise<void> {
    const lesson = await lessonToMail(tx, lessonId);
    if (!lesson) return;
    await coverReminders(tx, lesson);
    for (const side of sides) {
      const student = side === 'student';
      await this.send(tx, lesson, side, {
        subject: `Lesson booked: ${lesson.title} with ${otherName(lesson, side)}`,
        opening: student ? `your lesson with ${lesson.teacher_name} is booked.` : `${lesson.student_name} booked a lesson with you.`,
        details: [...facts(lesson, side), priceLine(lesson, side)],
        notes: [...(student ? [deadlineText(lesson)] : []), 'The invitation in this mail adds the lesson to your calendar.'],
        invitation: 'REQUEST',
      });
    }
  }

  /** Queues the updated invitations of a lesson moved from `previousStartsAt`, in `tx`. */
  async moved(tx: Queries, lessonId: number, previousStartsAt: string): Promise<void> {
    const lesson = await lessonToMail(tx, lessonId);
    if (!lesson) return;
    await coverReminders(tx, lesson);
    const previousEndsAt = new Date(Date.parse(previousStartsAt) + lesson.minutes * 60_000).toISOString();
    for (const side of sides) {
      const student = side === 'student';
      await this.send(tx, lesson, side, {
        subject: `Lesson moved: ${lesson.title} with ${otherName(lesson, side)}`,
        opening: student ? `your lesson with ${lesson.teacher_name} has moved.` : `${lesson.student_name} moved their lesson with you.`,
        details: [
          `Lesson: ${lesson.title}, ${lesson.minutes} minutes`,
          `${student ? 'Teacher' : 'Student'}: ${otherName(lesson, side)}`,
          `Was: ${whenText(lesson, side, previousStartsAt, previousEndsAt)}`,
          `Now: ${whenText(lesson, side)}`,
        ],
        notes: [...(student ? [deadlineText(lesson)] : []), 'The invitation in this mail updates the lesson in your calendar.'],
        invitation: 'REQUEST',
      });
    }
  }

  /**
   * Queues the cancellations of a lesson just cancelled (by whom, the reason and the refund are on
   * its row), in `tx`. A hold let go before it was paid (no refund either way) was never booked:
   * nobody got an invitation, the teacher never saw it, and nothing is sent.
   */
  async cancelled(tx: Queries, lessonId: number): Promise<void> {
    const lesson = await lessonToMail(tx, lessonId);
    if (!lesson || lesson.refund === null) return;
    for (const side of sides) {
      const byThisSide = lesson.cancelled_by === side;
      const other = otherName(lesson, side);
      await this.send(tx, lesson, side, {
        subject: `Lesson cancelled: ${lesson.title} with ${other}`,
        opening: byThisSide
          ? `you cancelled your lesson with ${other}.`
          : side === 'student'
            ? `${other} cancelled your lesson.`
            : `${other} cancelled their lesson with you.`,
        details: [...facts(lesson, side), ...(lesson.cancel_reason ? [`Reason: ${lesson.cancel_reason}`] : [])],
        notes: [refundText(lesson, side), 'The cancellation in this mail removes the lesson from your calendar.'],
        invitation: 'CANCEL',
      });
    }
  }

  /** Sends the reminders due now (see `reminders`): the job the timer runs. */
  async sendReminders(): Promise<void> {
    const { queries, outbox } = this.context;
    for (const reminder of reminders) {
      const moment = Date.now();
      const due = await queries.all(
        sql<Pick<LessonRow, 'id' | 'starts_at'>>`SELECT id, starts_at FROM lessons
          WHERE status = 'booked' AND ${sql.ref(reminder.column)} IS NULL
            AND starts_at > ${new Date(moment + reminder.fromMs).toISOString()} AND starts_at <= ${new Date(moment + reminder.untilMs).toISOString()}
          ORDER BY starts_at, id`,
      );
      for (const candidate of due) {
        await queries.transaction(async (tx) => {
          // The claim: still booked, at the same time, and not reminded (by another instance) since.
          const won = await tx.run(
            sql`UPDATE lessons SET ${sql.ref(reminder.column)} = ${now()}
                WHERE id = ${candidate.id} AND status = 'booked' AND starts_at = ${candidate.starts_at} AND ${sql.ref(reminder.column)} IS NULL`,
          );
          const lesson = won === 1 ? await lessonToMail(tx, candidate.id) : undefined;
          if (!lesson) return;
          for (const side of sides) {
            await this.send(tx, lesson, side, {
              subject: `${reminder.subject}: ${lesson.title} with ${otherName(lesson, side)}`,
              opening: `your lesson with ${otherName(lesson, side)} starts ${reminder.when}.`,
              details: facts(lesson, side),
              notes: [],
            });
          }
        });
      }
    }
    outbox.wake();
  }

  private async send(tx: Queries, lesson: MailedLesson, side: LessonSide, mail: LessonMail): Promise<void> {
    const { config, outbox } = this.context;
    const name = side === 'student' ? lesson.student_name : lesson.teacher_name;
    const message: Mail = {
      to: side === 'student' ? lesson.student_email : lesson.teacher_email,
      subject: mail.subject,
      text: [
        `Hello ${name},`,
        mail.opening,
        mail.details.join('\n'),
        ...mail.notes,
        `Your lessons: ${config.appOrigin}${myLessonsPaths[side]}`,
        config.mail.academyName,
      ].join('\n\n'),
      ...(mail.invitation ? { calendar: this.calendar.invitation(lesson, side, mail.invitation) } : {}),
    };
    await outbox.send(message, tx);
  }
}

interface LessonMail {
  subject: string;
  /** The first sentence, after the greeting. */
  opening: string;
  /** The lesson's facts, a line each. */
  details: string[];
  /** Paragraphs after the facts. */
  notes: string[];
  invitation?: 'REQUEST' | 'CANCEL';
}

function lessonToMail(queries: Queries, lessonId: number): Promise<MailedLesson | undefined> {
  return queries.one(
    sql<MailedLesson>`SELECT l.id, l.title, l.minutes, l.starts_at, l.ends_at, l.status, l.sequence, l.free_trial, l.price,
        l.cancellation_hours, l.cancelled_by, l.cancel_reason, l.refund,
        s.full_name AS student_name, s.email AS student_email, t.full_name AS teacher_name, t.email AS teacher_email, ls.time_zone
      FROM lessons l JOIN students s ON s.id = l.student_id JOIN teachers t ON t.id = l.teacher_id
        LEFT JOIN lesson_settings ls ON ls.teacher_id = l.teacher_id
      WHERE l.id = ${lessonId}`,
  );
}

/** Marks the reminders whose time has come as sent with the confirmation or the move, and makes the others due (see `reminders`). */
async function coverReminders(tx: Queries, lesson: MailedLesson): Promise<void> {
  const ahead = Date.parse(lesson.starts_at) - Date.now();
  const moment = now();
  await tx.run(
    sql`UPDATE lessons SET reminded_day_before_at = ${ahead <= dayMs ? moment : null}, reminded_hour_before_at = ${ahead <= hourMs ? moment : null}
        WHERE id = ${lesson.id}`,
  );
}

function otherName(lesson: MailedLesson, side: LessonSide): string {
  return side === 'student' ? lesson.teacher_name : lesson.student_name;
}

function facts(lesson: MailedLesson, side: LessonSide): string[] {
  return [`Lesson: ${lesson.title}, ${lesson.minutes} minutes`, `${side === 'student' ? 'Teacher' : 'Student'}: ${otherName(lesson, side)}`, `When: ${whenText(lesson, side)}`];
}

/**
 * When a lesson is, for `side`: the teacher reads it in their own zone, named; the student (whose
 * zone the provider does not know) in UTC, then in the teacher's zone when that is another.
 */
function whenText(lesson: MailedLesson, side: LessonSide, startsAt = lesson.starts_at, endsAt = lesson.ends_at): string {
  const zone = zoneOf(lesson.time_zone);
  if (side === 'teacher') return rangeText(startsAt, endsAt, zone);
  const utc = rangeText(startsAt, endsAt, 'UTC');
  if (zone === 'UTC') return utc;
  // The teacher's day is named only when it is another.
  const day = `${dayAndTime(startsAt, 'UTC').day}, `;
  const local = rangeText(startsAt, endsAt, zone);
  return `${utc} (${local.startsWith(day) ? local.slice(day.length) : local}, ${lesson.teacher_name}'s time)`;
}

function priceLine(lesson: MailedLesson, side: LessonSide): string {
  if (Number(lesson.free_trial) === 1) return 'Free trial';
  return `${side === 'student' ? 'Price' : 'Paid'}: $${lesson.price}`;
}

/** Until when the student may cancel with a refund (a paid lesson) or without using up the trial, and move it. */
function deadlineText(lesson: MailedLesson): string {
  const until = instantText(new Date(Date.parse(lesson.starts_at) - lesson.cancellation_hours * hourMs).toISOString());
  return Number(lesson.free_trial) === 1
    ? `You can move or cancel this free trial until ${until}; cancelled after that, it counts as your free trial.`
    : `You can cancel with a full refund, or move the lesson, until ${until}.`;
}

function refundText(lesson: MailedLesson, side: LessonSide): string {
  const student = side === 'student';
  if (Number(lesson.free_trial) === 1) {
    if (!student) return 'This was a free trial: nothing was paid.';
    return lesson.refund === 'full'
      ? `This was a free trial: nothing was paid, and you may book your free trial with ${lesson.teacher_name} again.`
      : `This was a free trial: nothing was paid. Cancelled less than ${lesson.cancellation_hours} hours before its start, it counts as your free trial.`;
  }
  if (lesson.refund === 'full') return student ? `You get a full refund of $${lesson.price}.` : `${lesson.student_name} gets a full refund of $${lesson.price}.`;
  return `${student ? 'You get' : `${lesson.student_name} gets`} no refund: the lesson was cancelled less than ${lesson.cancellation_hours} hours before its start.`;
}

/** The teacher's zone, when it is one this runtime knows; else UTC. */
function zoneOf(zone: string | null): string {
  if (!zone) return 'UTC';
  try {
    formatter(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, format);
  }
  return format;
}

/** `Monday 7 December 2026` and `09:00` of an instant in `zone`. */
function dayAndTime(iso: string, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return { day: `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** `Monday 7 December 2026, 10:00–10:50 Europe/Berlin` (both days when the lesson crosses midnight there). */
function rangeText(startsAt: string, endsAt: string, zone: string): string {
  const start = dayAndTime(startsAt, zone);
  const end = dayAndTime(endsAt, zone);
  return start.day === end.day ? `${start.day}, ${start.time}–${end.time} ${zone}` : `${start.day}, ${start.time} – ${end.day}, ${end.time} ${zone}`;
}

/** `Sunday 6 December 2026, 09:00 UTC`. */
function instantText(iso: string): string {
  const { day, time } = dayAndTime(iso, 'UTC');
  return `${day}, ${time} UTC`;
}
