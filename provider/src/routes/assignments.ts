import path from 'node:path';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest, messages } from '../errors';
import { type AssignmentRow, isTeachersStudent, requireAssignment, requireStudent } from '../records';
import { type Handlers } from '../router';
import { teachersStudent } from './guards';
import { id, text } from './values';

export function assignmentHandlers(context: ProviderContext): Handlers {
  const { db, sessions, present, media } = context;

  /** The caller is the assignment's student or teacher (either session): 401, 404, then 403. */
  function readableAssignment(request: ApiRequest): AssignmentRow {
    const studentId = sessions.userId(request, 'student');
    const teacherId = sessions.userId(request, 'teacher');
    if (studentId === null && teacherId === null) throw new HttpError(401, 'Please log in.');
    const assignment = requireAssignment(db, id(request.params.assignment_id));
    if (assignment.student_id !== studentId && assignment.teacher_id !== teacherId) {
      throw new HttpError(403, messages.forbidden);
    }
    return assignment;
  }

  return {
    async listMyAssignments(request) {
      const studentId = id(request.params.studentId);
      sessions.requireSelf(request, 'student', studentId);
      const rows = db.prepare('SELECT * FROM assignments WHERE student_id = ? ORDER BY id').all(studentId);
      return (rows as AssignmentRow[]).map((row) => present.assignment(row));
    },

    async updateAssignment(request) {
      const studentId = sessions.require(request, 'student');
      const assignment = requireAssignment(db, id(request.params.id));
      if (assignment.student_id !== studentId) throw new HttpError(403, messages.forbidden);
      // Only "Mark as Done": title, detail, student and teacher are sent back but never change.
      if (request.body.student_status !== true) {
        throw badRequest('An assignment can only be marked as done (student_status true).');
      }
      db.prepare('UPDATE assignments SET student_status = 1 WHERE id = ?').run(assignment.id);
      return present.assignment(requireAssignment(db, assignment.id));
    },

    async createAssignment(request, reply) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      sessions.requireSelf(request, 'teacher', teacherId);
      const { body } = request;
      if (id(body.teacher, 'teacher') !== teacherId || id(body.student, 'student') !== studentId) {
        throw badRequest('The teacher and student fields must match the ids in the path.');
      }
      requireStudent(db, studentId);
      if (!isTeachersStudent(db, teacherId, studentId)) {
        throw new HttpError(403, 'You can only give assignments to students enrolled in your courses.');
      }
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO assignments (teacher_id, student_id, title, detail, created_at, answer_kind, due_at, mark_scale)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(teacherId, studentId, text(body.title), text(body.detail), now(), answerKind, dueAt, markScale);
      return reply.code(201).send(present.assignment(requireAssignment(db, Number(lastInsertRowid))));
    },

    async listStudentAssignments(request) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      teachersStudent(context, request, teacherId, studentId);
      const rows = db
        .prepare('SELECT * FROM assignments WHERE teacher_id = ? AND student_id = ? ORDER BY id')
        .all(teacherId, studentId);
      return (rows as AssignmentRow[]).map((row) => present.assignment(row));
    },
  };
}
      const answerKind = oneOf(body.answer_kind, answerKinds, 'done', 'answer_kind');
      const markScale = oneOf(body.mark_scale, markScales, 'words', 'mark_scale');
      const dueAt = futureDate(body.due_at);

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, label: string): T {
  if (value === undefined || value === '') return fallback;
  if (!allowed.includes(value as T)) throw badRequest(`${label} must be one of ${allowed.join(', ')}.`);
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
