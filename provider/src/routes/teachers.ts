import { type RawBuilder, sql } from 'kysely';
import { Accounts, accountMessages, normalizeEmail, refusingDuplicates } from '../accounts';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { assertSameEmail } from '../emailChange';
import { badRequest, notFound } from '../errors';
import { type StudentRow, type TeacherRow, requireTeacher } from '../records';
import { type Handlers } from '../router';
import { answersToMark } from './assignments';
import { ownedCourse, teachersStudent } from './guards';
import { file, id, nonBlank, optionalText, pageOf, text } from './values';

export function teacherHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present, media } = context;
  const teachers = new Accounts(context, 'teacher');

  const enrollmentsOf = (rows: (StudentRow & { enrollment_id: number })[]) =>
    rows.map((row) => ({ id: row.enrollment_id, student: present.student(row) }));

  return {
    async registerTeacher(request, reply) {
      const { body } = request;
      const email = normalizeEmail(text(body.email));
      const attempt = await teachers.registrationAttempt(request, email);
      const fullName = text(body.full_name);
      if (!fullName) throw badRequest('The full name must not be empty.');
      await teachers.assertEmailFree(email);
      const passwordHash = await teachers.hashPassword(text(body.password));
      // A teacher waits for the academy's approval (`npm run provider:admin`); in development mode
      // (`npm start`) they are approved at once. A registration that took the address meanwhile is
      // refused by the unique index.
      const approved = context.config.devMode ? 1 : 0;
      const created = await refusingDuplicates(
        () =>
          queries.one(
            sql<{ id: number }>`INSERT INTO teachers (full_name, email, password_hash, qualification, mobile_no, skills, approved, created_at)
              VALUES (${fullName}, ${email}, ${passwordHash}, ${text(body.qualification)}, ${text(body.mobile_no)}, ${text(body.skills)}, ${approved}, ${now()})
              RETURNING id`,
          ),
        () => teachers.assertEmailFree(email),
      );
      const teacher = await requireTeacher(queries, (created as { id: number }).id);
      await teachers.mailCode(reply, teacher, 'registration');
      await attempt.succeeded();
      return reply.code(201).send(present.teacher(teacher, { self: true }));
    },

    async verifyTeacher(request, reply) {
      const teacherId = id(request.params.teacher_id);
      // An unknown id, or a browser the code was not mailed for, is answered as a wrong code, and
      // only the holder of the right code learns that the account awaits approval (its e-mail
      // address is verified all the same).
      const code = await teachers.verifyCode(request, reply, teacherId, text(request.body.otp_digit));
      if (code.outcome !== 'verified') {
        const msg = code.outcome === 'spent' ? accountMessages.codeSpent : accountMessages.wrongCode;
        return { bool: false, msg, teacher_id: teacherId };
      }
      const teacher = code.account;
      if (!teacher.approved) return { bool: false, msg: accountMessages.approvalPending, teacher_id: teacherId };
      // 'Remember me' of the login that mailed the code (a registration code never remembers).
      await sessions.start(request, reply, 'teacher', teacherId, code.remember ? 'remembered' : 'browser');
      return { bool: true, msg: accountMessages.verified, teacher_id: teacherId };
    },

    async teacherLogin(request, reply) {
      const teacher = await teachers.checkCredentials(request, text(request.body.email), text(request.body.password));
      if (!teacher) return { bool: false, msg: accountMessages.wrongCredentials };
      if (!teacher.approved) return { bool: false, msg: accountMessages.approvalPending };
      // As for a student: an account whose e-mail is not verified gets a fresh code, no session.
      if (!teacher.verified) {
        await teachers.mailCode(reply, teacher, 'registration');
        return { bool: false, msg: accountMessages.verifyFirst, teacher_id: teacher.id };
      }
      // 'Remember me' (extension): a 30-day persistent cookie, else one that ends with the browser session.
      const remember = request.body.remember === true;
      if (teacher.login_via_otp) {
        await teachers.mailCode(reply, teacher, 'login', { remember });
        return { bool: true, msg: accountMessages.codeSent, login_via_otp: true, teacher_id: teacher.id };
      }
      await sessions.start(request, reply, 'teacher', teacher.id, remember ? 'remembered' : 'browser');
      return { bool: true, msg: accountMessages.loggedIn, login_via_otp: false, teacher_id: teacher.id };
    },

    resendTeacherCode: teachers.resendCodeHandler('teacher_id'),
    teacherLogout: teachers.logoutHandler(),
    teacherForgotPassword: teachers.forgotPasswordHandler(),
    changeTeacherForgottenPassword: teachers.resetPasswordHandler('teacher_id'),
    // current_password is an extension of the teacher's contract, as of the student's.
    changeTeacherPassword: teachers.changePasswordHandler('teacherId', { requireCurrentPassword: true }),

    async listTeachers(request, reply) {
      const search = text(request.query.search);
      const language = text(request.query.language);
      const matching = sql`FROM teachers
        WHERE approved = 1
          ${search === '' ? sql`` : sql`AND instr(casefold(full_name), casefold(${search})) > 0`}
          ${language === '' ? sql`` : sql`AND instr(casefold(skills), casefold(${language})) > 0`}`;
      const { count } = (await queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count ${matching}`)) as { count: number };
      const { limit, offset } = pageOf(request.query, count);
      const rows = await queries.all(sql<TeacherRow>`SELECT * ${matching} ORDER BY id LIMIT ${limit} OFFSET ${offset}`);
      reply.header('X-Total-Count', count);
      return rows.map((row) => present.teacher(row, { self: false }));
    },

    async getTeacher(request) {
      const teacherId = id(request.params.id);
      const teacher = await requireTeacher(queries, teacherId);
      const self = await sessions.userId(request, 'teacher') === teacherId;
      // An applicant the academy has not approved has no public page (nor a name anyone could list by id).
      if (!teacher.approved && !self) throw notFound('Teacher not found.');
      return present.teacherWithCourses(teacher, { self, coursesPage: coursesPageOf(request.query) });
    },

    async updateTeacher(request) {
      const teacherId = id(request.params.id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const current = await requireTeacher(queries, teacherId);
      const { body } = request;
      const fullName = nonBlank(body.full_name, 'full name');
      // The address changes only with the password and a code sent to it (emailChange.ts).
      assertSameEmail(body.email, current.email);
      const photo = file(body.profile_img);
      const video = file(body.intro_video);
      // Each new file is kept (and checked) before anything changes; a refused video leaves no photo behind.
      const newPhoto = photo ? await media.keep(photo) : null;
      const newVideo = video
        ? await media.keepVideo(video).catch(async (error: unknown) => {
            await media.remove(newPhoto);
            throw error;
          })
        : null;
      // A multipart body carries line breaks as CRLF; the bio keeps them as LF.
      const introVideo = newVideo ? newVideo.url : body.remove_intro_video === true ? null : current.intro_video;
      const loginViaOtp = body.login_via_otp === undefined ? current.login_via_otp : Number(body.login_via_otp === true);
      await queries.run(
        sql`UPDATE teachers SET full_name = ${fullName},
              qualification = ${optionalText(body.qualification) ?? current.qualification},
              mobile_no = ${optionalText(body.mobile_no) ?? current.mobile_no},
              skills = ${optionalText(body.skills) ?? current.skills},
              detail = ${optionalText(body.detail)?.replace(/\r\n?/g, '\n') ?? current.detail}, intro_video = ${introVideo},
              login_via_otp = ${loginViaOtp}, profile_img = ${newPhoto ?? current.profile_img}
            WHERE id = ${teacherId}`,
      );
      if (newPhoto) await media.remove(current.profile_img);
      if (introVideo !== current.intro_video) await media.remove(current.intro_video);
      return present.teacherWithCourses(await requireTeacher(queries, teacherId), { self: true });
    },

    async getTeacherDashboard(request) {
      const teacherId = id(request.params.id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      return queries.one(
        sql`SELECT
             (SELECT COUNT(*) FROM courses WHERE teacher_id = ${teacherId}) AS total_teacher_courses,
             (SELECT COUNT(DISTINCT e.student_id) FROM enrollments e JOIN courses c ON c.id = e.course_id
               WHERE c.teacher_id = ${teacherId}) AS total_teacher_students,
             (SELECT COUNT(*) FROM chapters ch JOIN courses c ON c.id = ch.course_id
               WHERE c.teacher_id = ${teacherId}) AS total_teacher_chapters,
             (${answersToMark(teacherId)}) AS answers_to_mark`,
      );
    },

    async fetchEnrolledStudents(request) {
      const course = await ownedCourse(context, request, id(request.params.course_id));
      const rows = await queries.all(
        sql<StudentRow & { enrollment_id: number }>`SELECT s.*, e.id AS enrollment_id FROM enrollments e JOIN students s ON s.id = e.student_id
          WHERE e.course_id = ${course.id} ORDER BY e.id`,
      );
      return enrollmentsOf(rows);
    },

    async fetchAllEnrolledStudents(request) {
      const teacherId = id(request.params.teacherId);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const rows = await queries.all(
        sql<StudentRow & { enrollment_id: number }>`SELECT s.*, MIN(e.id) AS enrollment_id
          FROM enrollments e
          JOIN courses c ON c.id = e.course_id
          JOIN students s ON s.id = e.student_id
          WHERE c.teacher_id = ${teacherId} GROUP BY s.id ORDER BY MIN(e.id)`,
      );
      return enrollmentsOf(rows);
    },

    async getTeacherStudent(request) {
      const teacherId = id(request.params.teacher_id);
      const student = await teachersStudent(context, request, teacherId, id(request.params.student_id));
      // With the extension's progress of each course: one grouped query.
      const courses = await queries.all(
        sql`SELECT c.id, c.title, ${enrolmentProgress}, e.enrolled_at
          ${teacherEnrolments}
          WHERE c.teacher_id = ${teacherId} AND e.student_id = ${student.id}
          GROUP BY e.id, c.id ORDER BY e.id`,
      );
      return { student: present.student(student), courses };
    },

    /** Extension: one row per student of the teacher's courses, in `fetchAllEnrolledStudents`' order. */
    async listTeacherStudentsProgress(request) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      return queries.all(
        sql`SELECT e.student_id AS student, COUNT(DISTINCT e.id) AS courses, ${enrolmentProgress}
          ${teacherEnrolments}
          WHERE c.teacher_id = ${teacherId}
          GROUP BY e.student_id ORDER BY MIN(e.id)`,
      );
    },

    /**
     * Extension: the teacher's enrolments of the last `attention.newDays` days, newest first, and
     * those with no progress saved for `attention.inactiveDays` days (from the enrolment when none
     * was ever saved), the longest inactive first; a course fully watched (or without chapters)
     * leaves nothing to do, so it is never inactive. At most `attention.listed` of each, with the totals.
     */
    async getTeacherAttention(request) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const nowMs = Date.now();
      const entries = async (condition: { where?: RawBuilder<unknown>; having?: RawBuilder<unknown>; order: RawBuilder<unknown> }) => {
        const rows = await queries.all(
          sql<AttentionRow>`SELECT s.id AS student_id, s.full_name, c.id AS course_id, c.title, e.enrolled_at, ${enrolmentProgress},
              COUNT(*) OVER () AS matching
            ${teacherEnrolments}
            JOIN students s ON s.id = e.student_id
            WHERE c.teacher_id = ${teacherId} ${condition.where ? sql`AND ${condition.where}` : sql``}
            GROUP BY e.id, c.id, s.id ${condition.having ? sql`HAVING ${condition.having}` : sql``}
            ORDER BY ${condition.order} LIMIT ${attention.listed}`,
        );
        return {
          total: rows[0]?.matching ?? 0,
          list: rows.map((row) => ({
            student: { id: row.student_id, full_name: row.full_name },
            course: { id: row.course_id, title: row.title },
            enrolled_at: row.enrolled_at,
            last_activity: row.last_activity,
          })),
        };
      };
      const since = new Date(nowMs - attention.newDays * dayMs).toISOString();
      const recent = await entries({
        where: sql`julianday(e.enrolled_at) >= julianday(${since})`,
        order: sql`julianday(e.enrolled_at) DESC, e.id DESC`,
      });
      // The aggregates spelt out: PostgreSQL takes no output column's name in HAVING or in an ORDER BY expression.
      const quietSince = new Date(nowMs - attention.inactiveDays * dayMs).toISOString();
      const quiet = await entries({
        having: sql`${chaptersWatched} < ${chaptersTotal}
                    AND julianday(COALESCE(${lastActivity}, e.enrolled_at)) <= julianday(${quietSince})`,
        order: sql`julianday(COALESCE(${lastActivity}, e.enrolled_at)), e.id`,
      });
      return {
        new_enrolments_total: recent.total,
        new_enrolments: recent.list,
        inactive_students_total: quiet.total,
        inactive_students: quiet.list,
      };
    },
  };
}

const dayMs = 86_400_000;

/** What `getTeacherAttention` counts as new, as inactive, and how many of each it lists. */
export const attention = { newDays: 7, inactiveDays: 14, listed: 20 } as const;

/**
 * Enrolments in a teacher's courses with each course's chapters and the student's progress in
 * them (at most one progress row per chapter and student), for GROUP BY e.id or e.student_id.
 */
const teacherEnrolments = sql`FROM enrollments e
  JOIN courses c ON c.id = e.course_id
  LEFT JOIN chapters ch ON ch.course_id = e.course_id
  LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.student_id = e.student_id`;

/** The aggregates of `teacherEnrolments`: chapters, watched ones, the last save. */
const chaptersTotal = sql`COUNT(ch.id)`;
const chaptersWatched = sql`COUNT(CASE WHEN p.watched = 1 THEN 1 END)`;
const lastActivity = sql`MAX(p.updated_at)`;
const enrolmentProgress = sql`${chaptersTotal} AS chapters_total, ${chaptersWatched} AS chapters_watched, ${lastActivity} AS last_activity`;

interface AttentionRow {
  student_id: number;
  full_name: string;
  course_id: number;
  title: string;
  enrolled_at: string;
  last_activity: string | null;
  chapters_total: number;
  chapters_watched: number;
  matching: number;
}

/**
 * The page of a teacher's courses `getTeacher` was asked for (extension `courses_limit` and
 * `courses_offset`), or undefined for the whole list; 400 in plain words for values out of range.
 */
function coursesPageOf(query: Record<string, unknown>): { limit: number; offset: number } | undefined {
  const { courses_limit: limitValue, courses_offset: offsetValue } = query;
  if (limitValue === undefined) {
    if (offsetValue !== undefined) throw badRequest('The courses offset can only be given with a courses limit.');
    return undefined;
  }
  const limit = Number(limitValue);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badRequest('The courses limit must be a whole number from 1 to 100.');
  const offset = offsetValue === undefined ? 0 : Number(offsetValue);
  if (!Number.isSafeInteger(offset) || offset < 0) throw badRequest('The courses offset must be a whole number of 0 or more.');
  return { limit, offset };
}
