import path from 'node:path';
import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest, messages } from '../errors';
import { fieldWords } from '../fieldLabels';
import { type AssignmentRow, isTeachersStudent, requireAssignment, requireStudent } from '../records';
import { type ApiRequest, type Handlers } from '../router';
import { notTeachersStudent, teachersStudent } from './guards';
import { file, id, nonBlank, pageOf, text } from './values';

type AnswerKind = AssignmentRow['answer_kind'];
type MarkScale = AssignmentRow['mark_scale'];

const answerKinds: readonly AnswerKind[] = ['done', 'voice', 'text', 'file'];
const markScales: readonly MarkScale[] = ['words', 'percent'];
const wordMarks = new Set(['needs_work', 'good', 'excellent']);

/** Longest answer or feedback text, in characters (the spec's `maxLength`). */
const longestText = 5000;

/** An ISO 8601 date-time with a time zone (`format: date-time`). */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/** Something handed in: a `done` assignment marked done has nothing to give feedback on (as `present.assignment`). */
const handedIn = '(a.answer_text IS NOT NULL OR a.answer_voice IS NOT NULL OR a.answer_file IS NOT NULL)';

/** The `status` filter of listTeacherAnswers: its rows and order. */
const answerQueues = {
  // The queue: answers without feedback, the oldest first (rows completed before migration 14 have no time: their creation).
  unmarked: { where: `a.marked_at IS NULL AND ${handedIn}`, order: 'COALESCE(a.answered_at, a.created_at) ASC, a.id ASC' },
  marked: { where: 'a.marked_at IS NOT NULL', order: 'a.marked_at DESC, a.id DESC' },
  all: { where: `(a.marked_at IS NOT NULL OR ${handedIn})`, order: 'COALESCE(a.answered_at, a.created_at) DESC, a.id DESC' },
} as const;

/** The answers a teacher's queue holds: completed assignments of students still enrolled with them (after the teacher's id). */
const teachersAnswersRest = `AND a.student_status = 1
    AND EXISTS (SELECT 1 FROM enrollments e JOIN courses c ON c.id = e.course_id
                WHERE c.teacher_id = a.teacher_id AND e.student_id = a.student_id)`;
const teachersAnswers = (teacherId: number) => sql`FROM assignments a WHERE a.teacher_id = ${teacherId} ${sql.raw(teachersAnswersRest)}`;

/** How many answers wait for the teacher's feedback (getTeacherDashboard's `answers_to_mark`), as a subquery. */
export const answersToMark = (teacherId: number) =>
  sql<{ count: number }>`SELECT COUNT(*) AS count ${teachersAnswers(teacherId)} AND ${sql.raw(answerQueues.unmarked.where)}`;

/** `column IS value` on either engine: PostgreSQL's IS takes no parameter, and `=` never matches NULL. */
const isValue = (column: string, value: string | null) =>
  value === null ? sql`${sql.ref(column)} IS NULL` : sql`${sql.ref(column)} = ${value}`;

export function assignmentHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present, media, notifications } = context;

  /** The caller is the assignment's student or teacher (either session): 401, 404, then 403. */
  async function readableAssignment(request: ApiRequest): Promise<AssignmentRow> {
    const studentId = await sessions.userId(request, 'student');
    const teacherId = await sessions.userId(request, 'teacher');
    if (studentId === null && teacherId === null) throw new HttpError(401, 'Please log in.');
    const assignment = await requireAssignment(queries, id(request.params.assignment_id));
    if (assignment.student_id !== studentId && assignment.teacher_id !== teacherId) {
      throw new HttpError(403, messages.forbidden);
    }
    return assignment;
  }

  return {
    async listMyAssignments(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const rows = await queries.all(sql<AssignmentRow>`SELECT * FROM assignments WHERE student_id = ${studentId} ORDER BY id`);
      return present.assignments(rows);
    },

    async updateAssignment(request) {
      const studentId = await sessions.require(request, 'student');
      const assignment = await requireAssignment(queries, id(request.params.id));
      if (assignment.student_id !== studentId) throw new HttpError(403, messages.forbidden);
      // Only "Mark as Done": title, detail, student and teacher are sent back but never change.
      if (request.body.student_status !== true) {
        throw badRequest('An assignment can only be marked as done (student_status true).');
      }
      if (assignment.answer_kind !== 'done') {
        throw badRequest(`This assignment asks for a ${assignment.answer_kind} answer: hand it in on its page.`);
      }
      await queries.run(
        sql`UPDATE assignments SET student_status = 1, answered_at = COALESCE(answered_at, ${now()}) WHERE id = ${assignment.id}`,
      );
      return present.assignment(await requireAssignment(queries, assignment.id));
    },

    async createAssignment(request, reply) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const { body } = request;
      if (id(body.teacher, 'teacher') !== teacherId || id(body.student, 'student') !== studentId) {
        throw badRequest('The teacher and student fields must match the ids in the path.');
      }
      const title = nonBlank(body.title, 'title');
      const answerKind = oneOf(body.answer_kind, answerKinds, 'done', 'answer_kind');
      const markScale = oneOf(body.mark_scale, markScales, 'words', 'mark_scale');
      const dueAt = futureDate(body.due_at);
      await requireStudent(queries, studentId);
      if (!(await isTeachersStudent(queries, teacherId, studentId))) {
        throw new HttpError(403, 'You can only give assignments to your students: those enrolled in one of your courses or with a lesson booked with you.');
      }
      const inserted = (await queries.one(
        sql<{ id: number }>`INSERT INTO assignments (teacher_id, student_id, title, detail, created_at, answer_kind, due_at, mark_scale)
          VALUES (${teacherId}, ${studentId}, ${title}, ${text(body.detail)}, ${now()}, ${answerKind}, ${dueAt}, ${markScale})
          RETURNING id`,
      )) as { id: number };
      await notifications.assignmentCreated(inserted.id);
      return reply.code(201).send(await present.assignment(await requireAssignment(queries, inserted.id)));
    },

    async listStudentAssignments(request) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      await teachersStudent(context, request, teacherId, studentId);
      const rows = await queries.all(
        sql<AssignmentRow>`SELECT * FROM assignments WHERE teacher_id = ${teacherId} AND student_id = ${studentId} ORDER BY id`,
      );
      return present.assignments(rows);
    },

    async getAssignment(request) {
      return present.assignment(await readableAssignment(request));
    },

    async answerAssignment(request) {
      const studentId = await sessions.require(request, 'student');
      const assignment = await requireAssignment(queries, id(request.params.assignment_id));
      if (assignment.student_id !== studentId) throw new HttpError(403, messages.forbidden);
      if (!(await isTeachersStudent(queries, assignment.teacher_id, studentId))) {
        throw new HttpError(403, 'You are no longer enrolled in any of this teacher’s courses.');
      }
      const kind = assignment.answer_kind;
      if (kind === 'done') throw badRequest('This assignment takes no answer: mark it as done.');
      if (assignment.marked_at !== null) {
        throw badRequest('Your teacher has already given feedback: the answer can no longer change.');
      }
      const { body } = request;
      const note = text(body.text) || null;
      const voice = file(body.voice);
      const attachment = file(body.file);
      if (kind === 'text' && note === null) throw badRequest('Write your answer in the text field.');
      if (kind === 'voice' && !voice) throw badRequest('Record your answer: the voice file is missing.');
      if (kind === 'file' && !attachment) throw badRequest('Attach your answer: the file is missing.');
      if (voice && kind !== 'voice') throw badRequest('This assignment does not take a voice recording.');
      if (attachment && kind !== 'file') throw badRequest('This assignment does not take a file.');
      if (note !== null && [...note].length > longestText) {
        throw badRequest(`The text holds at most ${longestText} characters.`);
      }

      const kept = voice ? await media.keepVoice(voice, 'assignment_answers') : null;
      const keptFile = attachment ? await media.keep(attachment, 'assignment_answers') : null;
      // Saved only while no feedback exists (feedback may have arrived during the upload) and over
      // the answer this request read, so two answers at once cannot both delete the other's file.
      const changes = await queries.run(
        sql`UPDATE assignments SET student_status = 1, answer_text = ${note}, answer_voice = ${kept?.url ?? null},
              answer_voice_seconds = ${kept?.seconds ?? null}, answer_file = ${keptFile},
              answer_file_name = ${attachment ? fileName(attachment.filename) : null}, answered_at = ${now()}
            WHERE id = ${assignment.id} AND marked_at IS NULL
              AND ${isValue('answer_voice', assignment.answer_voice)} AND ${isValue('answer_file', assignment.answer_file)}`,
      );
      if (changes === 0) {
        await media.remove(kept?.url ?? null);
        await media.remove(keptFile);
        throw badRequest('The assignment changed meanwhile: open it again and resend your answer.');
      }
      // The earlier answer's files go once the new answer is saved.
      await media.remove(assignment.answer_voice);
      await media.remove(assignment.answer_file);
      await notifications.answerHandedIn(assignment.id);
      return present.assignment(await requireAssignment(queries, assignment.id));
    },

    async giveAssignmentFeedback(request) {
      const teacherId = await sessions.require(request, 'teacher');
      const assignment = await requireAssignment(queries, id(request.params.assignment_id));
      if (assignment.teacher_id !== teacherId) throw new HttpError(403, messages.forbidden);
      if (!(await isTeachersStudent(queries, teacherId, assignment.student_id))) throw new HttpError(403, notTeachersStudent);
      if (assignment.student_status !== 1) {
        throw badRequest('This assignment is still pending: feedback follows the student’s answer.');
      }
      const { body } = request;
      const note = text(body.text) || null;
      const voice = file(body.voice);
      const mark = text(body.mark) || null;
      if (note === null && !voice && mark === null) throw badRequest('Give a text, a voice note or a mark.');
      if (note !== null && [...note].length > longestText) {
        throw badRequest(`The text holds at most ${longestText} characters.`);
      }
      if (mark !== null && !fitsScale(mark, assignment.mark_scale)) {
        throw badRequest(
          assignment.mark_scale === 'words'
            ? 'The mark must be needs_work, good or excellent.'
            : 'The mark must be a whole percentage from 0 to 100.',
        );
      }
      const kept = voice ? await media.keepVoice(voice, 'assignment_feedback') : null;
      // Feedback is replaced whole: a voice note not sent again is removed. Saved over the feedback
      // this request read, so two at once cannot both delete the other's voice note.
      const changes = await queries.run(
        sql`UPDATE assignments SET feedback_text = ${note}, feedback_voice = ${kept?.url ?? null},
              feedback_voice_seconds = ${kept?.seconds ?? null}, feedback_mark = ${mark}, marked_at = ${now()}
            WHERE id = ${assignment.id} AND ${isValue('feedback_voice', assignment.feedback_voice)}`,
      );
      if (changes === 0) {
        await media.remove(kept?.url ?? null);
        throw badRequest('The feedback changed meanwhile: open the assignment again and resend it.');
      }
      await media.remove(assignment.feedback_voice);
      await notifications.feedbackGiven(assignment.id);
      return present.assignment(await requireAssignment(queries, assignment.id));
    },

    async listTeacherAnswers(request, reply) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const status = oneOf(request.query.status, ['unmarked', 'marked', 'all'] as const, 'unmarked', 'status');
      const queue = answerQueues[status];
      const where = sql.raw(queue.where);
      const { total } = (await queries.one(
        sql<{ total: number }>`SELECT COUNT(*) AS total ${teachersAnswers(teacherId)} AND ${where}`,
      )) as { total: number };
      const page = pageOf(request.query, total);
      const rows = await queries.all(
        sql<AssignmentRow>`SELECT a.* ${teachersAnswers(teacherId)} AND ${where}
          ORDER BY ${sql.raw(queue.order)} LIMIT ${page.limit} OFFSET ${page.offset}`,
      );
      reply.header('X-Total-Count', total);
      return present.assignments(rows);
    },
  };
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, label: string): T {
  if (value === undefined || value === '') return fallback;
  if (!allowed.includes(value as T)) throw badRequest(`The ${fieldWords(label) ?? 'choice'} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/** A due date: absent or empty is none; otherwise an ISO date-time still ahead, stored in UTC. */
function futureDate(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const given = String(value).trim();
  const time = Date.parse(given);
  if (!isoDateTime.test(given) || Number.isNaN(time)) {
    throw badRequest('due_at must be an ISO 8601 date and time, e.g. 2026-11-30T18:00:00Z.');
  }
  if (time <= Date.now()) throw badRequest('The due date must be in the future.');
  return new Date(time).toISOString();
}

function fitsScale(mark: string, scale: MarkScale): boolean {
  if (scale === 'words') return wordMarks.has(mark);
  return /^(100|[1-9]?[0-9])$/.test(mark);
}

/** The attachment's name as shown: its last path segment, without control characters, at most 200 characters. */
function fileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...clean].slice(0, 200).join('') || 'answer';
}
