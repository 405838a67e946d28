import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest, messages } from '../errors';
import { type AssignmentRow, isTeachersStudent, requireAssignment, requireStudent } from '../records';
import { type Handlers } from '../router';
import { teachersStudent } from './guards';
import { id, text } from './values';

export function assignmentHandlers(context: ProviderContext): Handlers {
  const { db, sessions, present } = context;

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
        .prepare('INSERT INTO assignments (teacher_id, student_id, title, detail, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(teacherId, studentId, text(body.title), text(body.detail), now());
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
