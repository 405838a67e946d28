import { type ProviderContext } from '../context';
import { now } from '../db';
import { HttpError, badRequest, messages } from '../errors';
import { type MessageRow, isTeachersStudent, requireStudent, requireTeacher } from '../records';
import { type Handlers } from '../router';
import { notTeachersStudent } from './guards';
import { id, text } from './values';

export function messageHandlers(context: ProviderContext): Handlers {
  const { db, sessions, present } = context;
  const insert = db.prepare(
    'INSERT INTO messages (teacher_id, student_id, msg_text, msg_from, msg_time) VALUES (?, ?, ?, ?, ?)',
  );

  return {
    async getMessages(request) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      sessions.requireAnyOf(request, { teacher: teacherId, student: studentId });
      // A teacher reads only conversations with the students of their courses.
      if (sessions.userId(request, 'student') !== studentId && !isTeachersStudent(db, teacherId, studentId)) {
        throw new HttpError(403, notTeachersStudent);
      }
      const rows = db
        .prepare('SELECT * FROM messages WHERE teacher_id = ? AND student_id = ? ORDER BY msg_time, id')
        .all(teacherId, studentId) as MessageRow[];
      return rows.map((row) => present.message(row));
    },

    async sendMessage(request) {
      const teacherId = id(request.params.teacher_id);
      const studentId = id(request.params.student_id);
      const from = request.body.msg_from === 'teacher' ? 'teacher' : 'student';
      sessions.requireSelf(request, from, from === 'teacher' ? teacherId : studentId);
      requireTeacher(db, teacherId);
      requireStudent(db, studentId);
      if (!isTeachersStudent(db, teacherId, studentId)) {
        throw new HttpError(403, 'Messages go only between a teacher and the students of their courses.');
      }
      insert.run(teacherId, studentId, messageText(request.body.msg_text), from, now());
      return { bool: true, msg: 'Message has been sent.' };
    },

    async sendGroupMessage(request) {
      const teacherId = id(request.params.teacherId);
      sessions.requireSelf(request, 'teacher', teacherId);
      if (request.body.msg_from !== 'teacher') {
        throw new HttpError(403, `${messages.forbidden} Group messages come from the teacher.`);
      }
      const studentIds = db
        .prepare(
          `SELECT DISTINCT e.student_id FROM enrollments e JOIN courses c ON c.id = e.course_id
           WHERE c.teacher_id = ? ORDER BY e.student_id`,
        )
        .pluck()
        .all(teacherId) as number[];
      const sentAt = now();
      const msgText = messageText(request.body.msg_text);
      db.transaction(() => {
        for (const studentId of studentIds) insert.run(teacherId, studentId, msgText, 'teacher', sentAt);
      })();
      const count = studentIds.length;
      return { bool: true, msg: `Message has been sent to ${count} student${count === 1 ? '' : 's'}.` };
    },
  };
}

function messageText(value: unknown): string {
  const message = text(value);
  if (!message) throw badRequest('The message must not be empty.');
  return message;
}
