import { sql } from 'kysely';
import { Accounts, accountMessages, normalizeEmail, refusingDuplicates } from '../accounts';
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
  const { queries, sessions, present } = context;
  const students = new Accounts(context, 'student');

  /** 400 when another student uses the username (compared without regard to case). */
  const assertUsernameFree = async (username: string, exceptId?: number) => {
    const existing = await queries.one(sql<{ id: number }>`SELECT id FROM students WHERE casefold(username) = casefold(${username})`);
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
      const checks = async () => {
        await students.assertEmailFree(email);
        await assertUsernameFree(username);
      };
      await checks();
      const passwordHash = await students.hashPassword(text(body.password));
      // A registration that took the address or the username meanwhile is refused by a unique index.
      const created = await refusingDuplicates(
        () =>
          queries.one(
            sql<{ id: number }>`INSERT INTO students (full_name, email, username, password_hash, interested_categories, created_at)
              VALUES (${fullName}, ${email}, ${username}, ${passwordHash}, ${text(body.interested_categories)}, ${now()}) RETURNING id`,
          ),
        checks,
      );
      const student = await requireStudent(queries, (created as { id: number }).id);
      await students.mailCode(reply, student, 'registration');
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
        await students.mailCode(reply, student, 'registration');
        return { bool: false, msg: accountMessages.verifyFirst, student_id: student.id };
      }
      await sessions.start(request, reply, 'student', student.id);
      return { bool: true, msg: accountMessages.loggedIn, student_id: student.id };
    },

    resendStudentCode: students.resendCodeHandler('student_id'),
    studentLogout: students.logoutHandler(),

    async getStudentSession(request) {
      return { student_id: await sessions.require(request, 'student') };
    },
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
      // A username taken between the check and the update is refused by the unique index.
      await assertUsernameFree(username, studentId);
      await refusingDuplicates(
        () =>
          queries.run(
            sql`UPDATE students SET full_name = ${fullName}, username = ${username},
                interested_categories = ${optionalText(body.interested_categories) ?? current.interested_categories}
                WHERE id = ${studentId}`,
          ),
        () => assertUsernameFree(username, studentId),
      );
      return present.student(await requireStudent(queries, studentId));
    },

    async getStudentDashboard(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const time = now();
      return queries.one(
        sql`SELECT
             (SELECT COUNT(*) FROM enrollments WHERE student_id = ${studentId}) AS enrolled_courses,
             (SELECT COUNT(*) FROM assignments WHERE student_id = ${studentId} AND student_status = 1) AS complete_assignments,
             (SELECT COUNT(*) FROM assignments WHERE student_id = ${studentId} AND student_status = 0) AS pending_assignments,
             (SELECT COUNT(*) FROM assignments WHERE student_id = ${studentId} AND student_status = 0 AND due_at > ${time})
               AS assignments_due,
             (SELECT COUNT(*) FROM assignments WHERE student_id = ${studentId} AND student_status = 0 AND due_at <= ${time})
               AS assignments_late,
             (SELECT COUNT(*) FROM assignments WHERE student_id = ${studentId} AND student_status = 1 AND marked_at IS NULL)
               AS assignments_answered,
             (SELECT COUNT(*) FROM assignments WHERE student_id = ${studentId} AND marked_at IS NOT NULL) AS assignments_marked`,
      );
    },

    async fetchEnrolledCourses(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const rows = await queries.all(
        sql<Pick<CourseRow, 'id' | 'title'> & { enrollment_id: number; teacher_id: number; teacher_name: string }>`
          SELECT e.id AS enrollment_id, c.id, c.title, t.id AS teacher_id, t.full_name AS teacher_name
          FROM enrollments e
          JOIN courses c ON c.id = e.course_id
          JOIN teachers t ON t.id = c.teacher_id
          WHERE e.student_id = ${studentId} ORDER BY e.id`,
      );
      return rows.map((row) => ({
        id: row.enrollment_id,
        course: { id: row.id, title: row.title, teacher: { id: row.teacher_id, full_name: row.teacher_name } },
      }));
    },

    async fetchMyTeachers(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const rows = await queries.all(
        sql<TeacherRow & { enrollment_id: number }>`SELECT t.*, MIN(e.id) AS enrollment_id
          FROM enrollments e
          JOIN courses c ON c.id = e.course_id
          JOIN teachers t ON t.id = c.teacher_id
          WHERE e.student_id = ${studentId} GROUP BY t.id ORDER BY MIN(e.id)`,
      );
      // Every teacher's courses in one query, in enrolment order.
      const courses = await queries.all(
        sql<{ id: number; title: string; teacher_id: number }>`SELECT c.id, c.title, c.teacher_id
          FROM enrollments e JOIN courses c ON c.id = e.course_id
          WHERE e.student_id = ${studentId} ORDER BY e.id`,
      );
      return rows.map((row) => ({
        id: row.enrollment_id,
        teacher: present.teacher(row, { self: false }),
        courses: courses.filter((course) => course.teacher_id === row.id).map((course) => ({ id: course.id, title: course.title })),
      }));
    },
  };
}
