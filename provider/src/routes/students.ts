import { Accounts, accountMessages, normalizeEmail } from '../accounts';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { assertSameEmail } from '../emailChange';
import { badRequest } from '../errors';
import { type CourseRow, type TeacherRow, requireStudent } from '../records';
import { type Handlers } from '../router';
import { id, optionalText, text } from './values';

/** A field a student's account must have (the schema lets an empty text through). */
const blank = { fullName: 'The full name must not be empty.', username: 'The username must not be empty.' } as const;

export function studentHandlers(context: ProviderContext): Handlers {
  const { db, queries, sessions, present } = context;
  const students = new Accounts(context, 'student');

  /** 400 when another student uses the username (compared without regard to case). */
  const assertUsernameFree = (username: string, exceptId?: number) => {
    const existing = db.prepare('SELECT id FROM students WHERE username = ? COLLATE NOCASE').get(username) as
      { id: number } | undefined;
    if (existing && existing.id !== exceptId) throw badRequest(accountMessages.duplicateUsername);
  };

  return {
    async registerStudent(request, reply) {
      const { body } = request;
      const email = normalizeEmail(text(body.email));
      const attempt = await students.registrationAttempt(request, email);
      const fullName = text(body.full_name);
      const username = text(body.username);
      if (!fullName) throw badRequest(blank.fullName);
      if (!username) throw badRequest(blank.username);
      students.assertEmailFree(email);
      assertUsernameFree(username);
      const passwordHash = await students.hashPassword(text(body.password));
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO students (full_name, email, username, password_hash, interested_categories, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(fullName, email, username, passwordHash, text(body.interested_categories), now());
      const student = await requireStudent(queries, Number(lastInsertRowid));
      students.mailCode(reply, student, 'registration');
      await attempt.succeeded();
      return reply.code(201).send(present.student(student));
    },

    async verifyStudent(request, reply) {
      const studentId = id(request.params.student_id);
      // An id without an account, or a browser the code was not mailed for, is answered as a wrong
      // code: the answer tells nothing about ids, and strangers cannot burn the owner's code.
      // A code of this browser that is no longer valid is said so, to ask for a new one.
      const code = await students.verifyCode(request, reply, studentId, text(request.body.otp_digit));
      if (code.outcome !== 'verified') {
        const msg = code.outcome === 'spent' ? accountMessages.codeSpent : accountMessages.wrongCode;
        return { bool: false, msg, student_id: studentId };
      }
      await sessions.start(request, reply, 'student', studentId);
      return { bool: true, msg: accountMessages.verified, student_id: studentId };
    },

    async studentLogin(request, reply) {
      const student = await students.checkCredentials(request, text(request.body.email), text(request.body.password));
      if (!student) return { bool: false, msg: accountMessages.wrongCredentials };
      if (!student.verified) {
        students.mailCode(reply, student, 'registration');
        return { bool: false, msg: accountMessages.verifyFirst, student_id: student.id };
      }
      await sessions.start(request, reply, 'student', student.id);
      return { bool: true, msg: accountMessages.loggedIn, student_id: student.id };
    },

    resendStudentCode: students.resendCodeHandler('student_id'),
    studentLogout: students.logoutHandler(),
    studentForgotPassword: students.forgotPasswordHandler(),
    changeStudentForgottenPassword: students.resetPasswordHandler('student_id'),
    changeStudentPassword: students.changePasswordHandler('student_id', { requireCurrentPassword: true }),

    async getStudent(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      return present.student(await requireStudent(queries, studentId));
    },

    async updateStudent(request) {
      const studentId = id(request.params.id);
      await sessions.requireSelf(request, 'student', studentId);
      const current = await requireStudent(queries, studentId);
      const { body } = request;
      const fullName = text(body.full_name);
      const username = text(body.username);
      if (!fullName) throw badRequest(blank.fullName);
      if (!username) throw badRequest(blank.username);
      // The address changes only with the password and a code sent to it (emailChange.ts).
      assertSameEmail(body.email, current.email);
      // Checks and update run without an await between them, so no other request can slip in.
      assertUsernameFree(username, studentId);
      db.prepare('UPDATE students SET full_name = ?, username = ?, interested_categories = ? WHERE id = ?').run(
        fullName,
        username,
        optionalText(body.interested_categories) ?? current.interested_categories,
        studentId,
      );
      return present.student(await requireStudent(queries, studentId));
    },

    async getStudentDashboard(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      return db
        .prepare(
          `SELECT
             (SELECT COUNT(*) FROM enrollments WHERE student_id = @id) AS enrolled_courses,
             (SELECT COUNT(*) FROM assignments WHERE student_id = @id AND student_status = 1) AS complete_assignments,
             (SELECT COUNT(*) FROM assignments WHERE student_id = @id AND student_status = 0) AS pending_assignments,
             (SELECT COUNT(*) FROM assignments WHERE student_id = @id AND student_status = 0 AND due_at > @now)
               AS assignments_due,
             (SELECT COUNT(*) FROM assignments WHERE student_id = @id AND student_status = 0 AND due_at <= @now)
               AS assignments_late,
             (SELECT COUNT(*) FROM assignments WHERE student_id = @id AND student_status = 1 AND marked_at IS NULL)
               AS assignments_answered,
             (SELECT COUNT(*) FROM assignments WHERE student_id = @id AND marked_at IS NOT NULL) AS assignments_marked`,
        )
        .get({ id: studentId, now: now() });
    },

    async fetchEnrolledCourses(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const rows = db
        .prepare(
          `SELECT e.id AS enrollment_id, c.id, c.title, t.id AS teacher_id, t.full_name AS teacher_name
           FROM enrollments e
           JOIN courses c ON c.id = e.course_id
           JOIN teachers t ON t.id = c.teacher_id
           WHERE e.student_id = ? ORDER BY e.id`,
        )
        .all(studentId) as (Pick<CourseRow, 'id' | 'title'> & {
        enrollment_id: number;
        teacher_id: number;
        teacher_name: string;
      })[];
      return rows.map((row) => ({
        id: row.enrollment_id,
        course: { id: row.id, title: row.title, teacher: { id: row.teacher_id, full_name: row.teacher_name } },
      }));
    },

    async fetchMyTeachers(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const rows = db
        .prepare(
          `SELECT t.*, MIN(e.id) AS enrollment_id
           FROM enrollments e
           JOIN courses c ON c.id = e.course_id
           JOIN teachers t ON t.id = c.teacher_id
           WHERE e.student_id = ? GROUP BY t.id ORDER BY MIN(e.id)`,
        )
        .all(studentId) as (TeacherRow & { enrollment_id: number })[];
      const coursesOf = db.prepare(
        `SELECT c.id, c.title FROM enrollments e JOIN courses c ON c.id = e.course_id
         WHERE e.student_id = ? AND c.teacher_id = ? ORDER BY e.id`,
      );
      return rows.map((row) => ({
        id: row.enrollment_id,
        teacher: present.teacher(row, { self: false }),
        courses: coursesOf.all(studentId, row.id) as { id: number; title: string }[],
      }));
    },
  };
}
