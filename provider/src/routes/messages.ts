import { type RawBuilder, sql } from 'kysely';
import { type FastifyRequest } from 'fastify';
import { type ProviderContext } from '../context';
import { type Queries } from '../database';
import { now } from '../db';
import { HttpError, badRequest, messages } from '../errors';
import { type MessageRow, isTeachersStudent, requireStudent, requireTeacher } from '../records';
import { type Handlers, checkingBeforeBody } from '../router';
import { notTeachersStudent } from './guards';
import { file, id, text } from './values';

type Side = 'student' | 'teacher';

export const messageTexts = {
  sent: 'Message has been sent.',
  empty: 'The message must not be empty.',
  tooLong: (limit: number) => `The message is too long: at most ${limit.toLocaleString('en-GB')} characters.`,
  notYourSide: 'A message can only be sent, or a conversation read, as yourself.',
  groupFromTeacher: `${messages.forbidden} A teacher's group message comes from the teacher.`,
  groupFromStudent: `${messages.forbidden} A student's group message comes from the student.`,
  sentToStudents: (count: number) => `Message has been sent to ${count} student${count === 1 ? '' : 's'}.`,
  badLang: (allowed: readonly string[]) => `The message language must be one of: ${allowed.join(', ')}.`,
  sentToTeachers: (count: number) => `Message has been sent to ${count} teacher${count === 1 ? '' : 's'}.`,
  voiceSent: 'Voice note has been sent.',
  voiceMissing: 'Record a voice note to send.',
} as const;

/** The longest message, in characters (api-spec.yaml's `MessageForm.msg_text.maxLength`). */
export const messageMaxLength = 5000;

/**
 * Conversations between a teacher and a student enrolled in one of their courses: only those
 * two read or write one, each as their own side; group messages reach only the other side's
 * people of the sender's courses; read marks and unread counts per conversation (extensions).
 */
export function messageHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present, media, notifications } = context;

  /**
   * One conversation, or the part getMessages' `after`, `before` and `limit` (extensions) ask for:
   * on SQLite a range of one of the pair's indexes (teacher and student, then the rowid, which is
   * `id`). The bounds are cast to BIGINT: `before` defaults to 2^53, beyond PostgreSQL's INTEGER.
   */
  const inConversation = (teacherId: number, studentId: number, after: number, before: number) =>
    sql`teacher_id = ${teacherId} AND student_id = ${studentId} AND id > CAST(${after} AS BIGINT) AND id < CAST(${before} AS BIGINT)`;

  /**
   * The caller acting as `side` in the conversation of teacher `teacherId` and student
   * `studentId`: 401 without a session of either party, 403 for a session of the other party
   * claiming this side or for someone else's conversation, 404 for an unknown person, 403 when
   * the student is not enrolled in one of the teacher's courses.
   */
  async function requireParty(request: FastifyRequest, side: Side, teacherId: number, studentId: number): Promise<void> {
    const own = side === 'teacher' ? teacherId : studentId;
    if ((await sessions.userId(request, side)) !== own) {
      const other: Side = side === 'teacher' ? 'student' : 'teacher';
      const otherParty = other === 'teacher' ? teacherId : studentId;
      if ((await sessions.userId(request, other)) === otherParty) throw new HttpError(403, messageTexts.notYourSide);
      await sessions.requireSelf(request, side, own);
    }
    await requireConversation(teacherId, studentId);
  }

  async function requireConversation(teacherId: number, studentId: number): Promise<void> {
    await requireTeacher(queries, teacherId);
    await requireStudent(queries, studentId);
    if (!(await isTeachersStudent(queries, teacherId, studentId))) throw new HttpError(403, notTeachersStudent);
  }

  return {
    /**
     * The conversation, oldest first; with `after`, `before` and `limit` (extensions) only the
     * messages with an id between the two, the newest `limit` of them, and `X-Total-Count` (with
     * `limit`) how many lie between the two in all.
     */
    async getMessages(request, reply) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      await sessions.requireAnyOf(request, { teacher: teacherId, student: studentId });
      await requireConversation(teacherId, studentId);
      const part = conversationRange(request.query);
      const range = inConversation(teacherId, studentId, part.after, part.before);
      // The newest `limit` of the range, oldest first.
      const rows = await queries.all(
        part.limit === undefined
          ? sql<MessageRow>`SELECT * FROM messages WHERE ${range} ORDER BY id`
          : sql<MessageRow>`SELECT * FROM (SELECT * FROM messages WHERE ${range} ORDER BY id DESC LIMIT ${part.limit}) AS part ORDER BY id`,
      );
      if (part.limit !== undefined) {
        const { total } = (await queries.one(sql<{ total: number }>`SELECT COUNT(*) AS total FROM messages WHERE ${range}`)) as { total: number };
        reply.header('X-Total-Count', total);
      }
      // `lang` (an extension) only when the sender gave one: absent, as on other providers, otherwise.
      return rows.map((row) => ({ ...present.message(row), ...(row.lang === null ? {} : { lang: row.lang }) }));
    },

    async sendMessage(request) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      const from: Side = request.body.msg_from === 'teacher' ? 'teacher' : 'student';
      await requireParty(request, from, teacherId, studentId);
      const msgText = messageText(request.body.msg_text);
      await insertMessages(queries, [{ teacherId, studentId, text: msgText, from, at: now(), lang: messageLang(request.body.lang) }]);
      await notifications.messagesSent([{ teacherId, studentId, from, text: msgText }]);
      return { bool: true, msg: messageTexts.sent };
    },

    /**
     * Extension: a voice note (VoiceFile: Opus in WebM or Ogg, 10 MB, 5 minutes, checked by
     * content) with optional text, under sendMessage's rules. The note is kept in
     * `message_voices`, served only to the two people while they share a course (privateMedia.ts).
     */
    sendVoiceMessage: checkingBeforeBody(
      async (request) => {
        const teacherId = id(request.params.teacher_id);
        const studentId = id(request.params.student_id);
        const from: Side = request.body.msg_from === 'teacher' ? 'teacher' : 'student';
        await requireParty(request, from, teacherId, studentId);
        const voice = file(request.body.voice);
        if (!voice) throw badRequest(messageTexts.voiceMissing);
        const note = optionalMessageText(request.body.msg_text);
        const kept = await media.keepVoice(voice, 'message_voices');
        await queries.run(
          sql`INSERT INTO messages (teacher_id, student_id, msg_text, msg_from, msg_time, voice, voice_seconds)
              VALUES (${teacherId}, ${studentId}, ${note}, ${from}, ${now()}, ${kept.url}, ${kept.seconds})`,
        );
        await notifications.messagesSent([{ teacherId, studentId, from, text: note }]);
        return { bool: true, msg: messageTexts.voiceSent };
      },
      // Either party, before the note is read; which side they write as is checked with the fields.
      async (request) => {
        const teacherId = id(request.params.teacher_id);
        const studentId = id(request.params.student_id);
        if ((await sessions.userId(request, 'teacher')) !== teacherId && (await sessions.userId(request, 'student')) !== studentId) {
          throw new HttpError(403, messages.forbidden);
        }
        await requireConversation(teacherId, studentId);
      },
    ),

    /** Extension: the student's inbox, one query (conversationsSql). Only the student themself. */
    async listStudentConversations(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      return (await queries.all(conversationsSql('student', studentId))).map(conversationOf);
    },

    /** Extension: the teacher's inbox, one query (conversationsSql). Only the teacher themself. */
    async listTeacherConversations(request) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      return (await queries.all(conversationsSql('teacher', teacherId))).map(conversationOf);
    },

    async sendGroupMessage(request) {
      const teacherId = id(request.params.teacherId);
      await sessions.requireSelf(request, 'teacher', teacherId);
      if (request.body.msg_from !== 'teacher') throw new HttpError(403, messageTexts.groupFromTeacher);
      const msgText = messageText(request.body.msg_text);
      const lang = messageLang(request.body.lang);
      const sentAt = now();
      // The recipients and their messages in one transaction: all of them get it, or none.
      const studentIds = await queries.transaction(async (tx) => {
        const recipients = await tx.all(
          sql<{ student_id: number }>`SELECT DISTINCT e.student_id FROM enrollments e JOIN courses c ON c.id = e.course_id
            WHERE c.teacher_id = ${teacherId} ORDER BY e.student_id`,
        );
        const ids = recipients.map((row) => row.student_id);
        await insertMessages(tx, ids.map((studentId) => ({ teacherId, studentId, text: msgText, from: 'teacher', at: sentAt, lang })));
        return ids;
      });
      await notifications.messagesSent(studentIds.map((studentId) => ({ teacherId, studentId, from: 'teacher' as const, text: msgText })));
      return { bool: true, msg: messageTexts.sentToStudents(studentIds.length), recipients: studentIds.length };
    },

    async sendGroupMessageFromStudent(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      if (request.body.msg_from !== 'student') throw new HttpError(403, messageTexts.groupFromStudent);
      const msgText = messageText(request.body.msg_text);
      const lang = messageLang(request.body.lang);
      const sentAt = now();
      // The recipients and their messages in one transaction: all of them get it, or none.
      const teacherIds = await queries.transaction(async (tx) => {
        const recipients = await tx.all(
          sql<{ teacher_id: number }>`SELECT DISTINCT c.teacher_id FROM enrollments e JOIN courses c ON c.id = e.course_id
            WHERE e.student_id = ${studentId} ORDER BY c.teacher_id`,
        );
        const ids = recipients.map((row) => row.teacher_id);
        await insertMessages(tx, ids.map((teacherId) => ({ teacherId, studentId, text: msgText, from: 'student', at: sentAt, lang })));
        return ids;
      });
      await notifications.messagesSent(teacherIds.map((teacherId) => ({ teacherId, studentId, from: 'student' as const, text: msgText })));
      return { bool: true, msg: messageTexts.sentToTeachers(teacherIds.length), recipients: teacherIds.length };
    },

    async markMessagesRead(request) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      const reader: Side = request.body.reader === 'teacher' ? 'teacher' : 'student';
      await requireParty(request, reader, teacherId, studentId);
      // Only the messages still unread: two marks at once count each message once.
      const marked = await queries.run(
        sql`UPDATE messages SET read_at = ${now()}
          WHERE teacher_id = ${teacherId} AND student_id = ${studentId} AND msg_from <> ${reader} AND read_at IS NULL`,
      );
      await notifications.conversationRead(teacherId, studentId, reader);
      return { marked };
    },

    async getStudentUnreadMessages(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      return unreadCounts(
        await queries.all(
          sql<UnreadRow>`SELECT teacher_id, student_id, COUNT(*) AS unread FROM messages
            WHERE student_id = ${studentId} AND msg_from = 'teacher' AND read_at IS NULL
            GROUP BY teacher_id, student_id ORDER BY teacher_id`,
        ),
      );
    },

    async getTeacherUnreadMessages(request) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      return unreadCounts(
        await queries.all(
          sql<UnreadRow>`SELECT teacher_id, student_id, COUNT(*) AS unread FROM messages
            WHERE teacher_id = ${teacherId} AND msg_from = 'student' AND read_at IS NULL
            GROUP BY teacher_id, student_id ORDER BY student_id`,
        ),
      );
    },
  };
}

interface NewMessage {
  teacherId: number;
  studentId: number;
  text: string;
  from: Side;
  at: string;
  lang: string | null;
}

/** Rows per INSERT of insertMessages: well under either engine's limit on parameters. */
const messagesPerInsert = 500;

/** Writes the messages, in order (their ids follow it), a few hundred rows per statement. */
async function insertMessages(queries: Queries, written: readonly NewMessage[]): Promise<void> {
  for (let start = 0; start < written.length; start += messagesPerInsert) {
    const rows = written
      .slice(start, start + messagesPerInsert)
      .map((message) => sql`(${message.teacherId}, ${message.studentId}, ${message.text}, ${message.from}, ${message.at}, ${message.lang})`);
    await queries.run(sql`INSERT INTO messages (teacher_id, student_id, msg_text, msg_from, msg_time, lang) VALUES ${sql.join(rows)}`);
  }
}

/** One row of conversationsSql: the pair, their names, the last message (null columns for none) and the unread count. */
interface ConversationRow {
  teacher_id: number;
  teacher_name: string;
  teacher_img: string | null;
  student_id: number;
  student_name: string;
  message_id: number | null;
  msg_text: string | null;
  msg_from: Side | null;
  msg_time: string | null;
  lang: string | null;
  voice: string | null;
  voice_seconds: number | null;
  unread: number;
}

/**
 * The inbox of one side (`me`), in one query: the other side's people of the caller's courses
 * (the enrolment pairs: the people `getMessages` lets them talk to); the newest message of each pair
 * by a window over the caller's messages; the unread count (the other side's messages without
 * `read_at`) by one GROUP BY. Newest message first, pairs without messages last by name.
 */
function conversationsSql(side: Side, me: number): RawBuilder<ConversationRow> {
  // Column and table names from the two fixed sides only.
  const mine = sql.raw(side === 'student' ? 'student_id' : 'teacher_id');
  const other = sql.raw(side === 'student' ? 'teacher_id' : 'student_id');
  const otherTable = sql.raw(side === 'student' ? 't' : 's');
  const enrolled =
    side === 'student'
      ? sql`SELECT DISTINCT c.teacher_id AS other FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE e.student_id = ${me}`
      : sql`SELECT DISTINCT e.student_id AS other FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE c.teacher_id = ${me}`;
  const people =
    side === 'student'
      ? sql`teachers t ON t.id = p.other JOIN students s ON s.id = ${me}`
      : sql`students s ON s.id = p.other JOIN teachers t ON t.id = ${me}`;
  return sql<ConversationRow>`
    WITH pairs AS (
      ${enrolled}
    ),
    latest AS (
      SELECT m.*, ROW_NUMBER() OVER (PARTITION BY m.${other} ORDER BY m.id DESC) AS newest
      FROM messages m WHERE m.${mine} = ${me}
    ),
    unread AS (
      SELECT ${other} AS other, COUNT(*) AS count FROM messages
      WHERE ${mine} = ${me} AND msg_from <> ${side} AND read_at IS NULL GROUP BY ${other}
    )
    SELECT t.id AS teacher_id, t.full_name AS teacher_name, t.profile_img AS teacher_img,
           s.id AS student_id, s.full_name AS student_name,
           l.id AS message_id, l.msg_text, l.msg_from, l.msg_time, l.lang, l.voice, l.voice_seconds,
           COALESCE(u.count, 0) AS unread
    FROM pairs p
    JOIN ${people}
    LEFT JOIN latest l ON l.${other} = p.other AND l.newest = 1
    LEFT JOIN unread u ON u.other = p.other
    ORDER BY l.id IS NULL, l.id DESC, casefold(${otherTable}.full_name), p.other`;
}

/** A Conversation of api-spec.yaml; the last message as getMessages shows it (`lang` only when given). */
function conversationOf(row: ConversationRow) {
  return {
    teacher: { id: row.teacher_id, full_name: row.teacher_name, profile_img: row.teacher_img },
    student: { id: row.student_id, full_name: row.student_name },
    last_message:
      row.message_id === null
        ? null
        : {
            id: row.message_id,
            msg_text: row.msg_text,
            msg_from: row.msg_from,
            msg_time: row.msg_time,
            voice: row.voice,
            voice_seconds: row.voice_seconds,
            ...(row.lang === null ? {} : { lang: row.lang }),
          },
    unread: row.unread,
  };
}

interface UnreadRow {
  teacher_id: number;
  student_id: number;
  unread: number;
}

function unreadCounts(conversations: UnreadRow[]) {
  return { total: conversations.reduce((sum, row) => sum + row.unread, 0), conversations };
}

/** The message's text, trimmed: 400 when blank or longer than the limit. */
function messageText(value: unknown): string {
  const raw = typeof value === 'string' ? value : text(value);
  if ([...raw].length > messageMaxLength) throw badRequest(messageTexts.tooLong(messageMaxLength));
  const message = raw.trim();
  if (!message) throw badRequest(messageTexts.empty);
  return message;
}

/** The optional text of a voice note, trimmed ('' for none): 400 when longer than the limit. */
function optionalMessageText(value: unknown): string {
  const raw = typeof value === 'string' ? value : text(value);
  if ([...raw].length > messageMaxLength) throw badRequest(messageTexts.tooLong(messageMaxLength));
  return raw.trim();
}

/** The largest id `after` and `before` take (api-spec.yaml): JavaScript's largest safe integer. */
const largestMessageId = Number.MAX_SAFE_INTEGER;
/** The most messages one answer of getMessages holds with `limit` (api-spec.yaml). */
export const messagePageLimit = 200;

/**
 * getMessages' `after`, `before` and `limit` (extensions; the spec's schema has checked them
 * already): the ids the answer lies strictly between, and how many of the newest it holds
 * (undefined: all). 400 for anything else, had the schema let it through.
 */
export function conversationRange(query: Record<string, unknown>): { after: number; before: number; limit: number | undefined } {
  const whole = (value: unknown, name: string, least: number, most: number): number | undefined => {
    if (value === undefined) return undefined;
    const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(parsed) || parsed < least || parsed > most) {
      throw badRequest(`The ${name} must be a whole number from ${least} to ${most.toLocaleString('en-GB')}.`);
    }
    return parsed;
  };
  return {
    after: whole(query.after, 'after', 0, largestMessageId) ?? 0,
    before: whole(query.before, 'before', 1, largestMessageId) ?? largestMessageId + 1,
    limit: whole(query.limit, 'limit', 1, messagePageLimit),
  };
}

/** The languages a message may be marked with (api-spec.yaml's `MessageForm.lang`), as BCP 47 tags. */
export const messageLanguages = ['en', 'es', 'fr', 'de', 'yo', 'pcm', 'ak'] as const;

/** The message's language tag, or null when none was sent: 400 for any tag outside the list. */
function messageLang(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && (messageLanguages as readonly string[]).includes(value)) return value;
  throw badRequest(messageTexts.badLang(messageLanguages));
}
