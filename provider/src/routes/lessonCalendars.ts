import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { notFound } from '../errors';
import { type CalendarLesson, type LessonSide } from '../lessonCalendar';
import { ownOrigin } from '../origins';
import { type LessonCalendarRow } from '../rows.generated';
import { type ApiRequest, type Handlers, apiBase } from '../router';
import { id } from './values';

/** How far back a feed reaches: lessons that started up to 30 days ago. */
const feedPastMs = 30 * 24 * 60 * 60 * 1000;

/** A new feed token: 32 URL-safe characters (192 random bits), as the spec's `feed_token` pattern takes. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * Each person's lesson calendar feed (iCalendar) at a secret, renewable address (issue 40): one
 * token a person, made on first asking (of two first asks at once, the unique key keeps one and
 * both answer it), replaced by a renewal. The feed needs no session: the token is the key.
 */
export function lessonCalendarHandlers(context: ProviderContext): Handlers {
  const { queries, sessions } = context;
  const { calendar } = context.lessonMails;

  /** The person of the path, who must be the caller: 401 without that side's session, 403 for another id. */
  async function self(request: ApiRequest, side: LessonSide): Promise<number> {
    const personId = id(request.params[`${side}_id`], `${side}_id`);
    await sessions.requireSelf(request, side, personId);
    return personId;
  }

  /** The feed's absolute address, on the provider's origin as this request reached it. */
  function address(request: ApiRequest, token: string): { url: string } {
    return { url: `${ownOrigin(request) ?? context.config.appOrigin}${apiBase}/lesson-calendars/${token}/` };
  }

  async function tokenOf(side: LessonSide, personId: number): Promise<string> {
    const owner = sql.ref(`${side}_id`);
    const find = () => queries.one(sql<Pick<LessonCalendarRow, 'token'>>`SELECT token FROM lesson_calendars WHERE ${owner} = ${personId}`);
    const found = await find();
    if (found) return found.token;
    await queries.run(
      sql`INSERT INTO lesson_calendars (token, ${owner}, created_at) VALUES (${newToken()}, ${personId}, ${now()}) ON CONFLICT (${owner}) DO NOTHING`,
    );
    const made = await find();
    if (!made) throw new Error(`The ${side}'s lesson calendar could not be kept.`);
    return made.token;
  }

  async function renew(side: LessonSide, personId: number): Promise<string> {
    const owner = sql.ref(`${side}_id`);
    const token = newToken();
    await queries.run(
      sql`INSERT INTO lesson_calendars (token, ${owner}, created_at) VALUES (${token}, ${personId}, ${now()})
          ON CONFLICT (${owner}) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
    );
    return token;
  }

  return {
    async getStudentLessonCalendar(request) {
      const studentId = await self(request, 'student');
      return address(request, await tokenOf('student', studentId));
    },

    async renewStudentLessonCalendar(request) {
      const studentId = await self(request, 'student');
      return address(request, await renew('student', studentId));
    },

    async getTeacherLessonCalendar(request) {
      const teacherId = await self(request, 'teacher');
      return address(request, await tokenOf('teacher', teacherId));
    },

    async renewTeacherLessonCalendar(request) {
      const teacherId = await self(request, 'teacher');
      return address(request, await renew('teacher', teacherId));
    },

    /**
     * The person's lessons that were booked, from 30 days ago on, cancelled ones included (a hold
     * never paid, let go or lapsed, has no refund and is left out). Calendar apps poll it: it may
     * be kept five minutes.
     */
    async getLessonCalendarFeed(request, reply) {
      const owner = await queries.one(
        sql<Pick<LessonCalendarRow, 'student_id' | 'teacher_id'>>`SELECT student_id, teacher_id FROM lesson_calendars WHERE token = ${String(request.params.feed_token)}`,
      );
      if (!owner) throw notFound('This calendar address is not known: it may have been renewed.');
      const side: LessonSide = owner.student_id !== null ? 'student' : 'teacher';
      const personId = owner.student_id ?? owner.teacher_id;
      const lessons = await queries.all(
        sql<CalendarLesson>`SELECT l.id, l.title, l.minutes, l.starts_at, l.ends_at, l.status, l.sequence,
            s.full_name AS student_name, t.full_name AS teacher_name
          FROM lessons l JOIN students s ON s.id = l.student_id JOIN teachers t ON t.id = l.teacher_id
          WHERE ${sql.ref(`l.${side}_id`)} = ${personId}
            AND (l.status = 'booked' OR (l.status = 'cancelled' AND l.refund IS NOT NULL))
            AND l.starts_at >= ${new Date(Date.now() - feedPastMs).toISOString()}
          ORDER BY l.starts_at, l.id`,
      );
      reply.header('Cache-Control', 'private, max-age=300').type('text/calendar; charset=utf-8');
      return calendar.feed(lessons, side);
    },
  };
}
