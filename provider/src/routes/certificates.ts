import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { type Queries } from '../database';
import { now } from '../db';
import { notFound } from '../errors';
import { type Handlers } from '../router';
import { type CertificateRow } from '../rows.generated';
import { text } from './values';

/** Letters and digits without the look-alikes 0/O, 1/I/L: 31 symbols, about 59 bits in 12. */
export const certificateAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const certificateCodeLength = 12;

export function newCertificateCode(): string {
  let code = '';
  for (let index = 0; index < certificateCodeLength; index += 1) {
    code += certificateAlphabet[randomInt(certificateAlphabet.length)];
  }
  return code;
}

/**
 * The course's completion for the student: when every chapter (at least one) is watched and every
 * published exercise of it answered once (issue 38), the time the last of these happened;
 * otherwise null.
 */
export async function completedAt(queries: Queries, studentId: number, courseId: number): Promise<string | null> {
  const row = (await queries.one(
    sql<{ total: number; watched: number; last: string | null }>`SELECT COUNT(*) AS total, COUNT(p.id) AS watched,
         MAX(COALESCE(p.watched_at, p.updated_at)) AS last
       FROM chapters ch
       LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.student_id = ${studentId} AND p.watched = 1
       WHERE ch.course_id = ${courseId}`,
  )) as { total: number; watched: number; last: string | null };
  if (!(Number(row.total) > 0 && Number(row.watched) === Number(row.total))) return null;
  const practice = (await queries.one(
    sql<{ total: number; answered: number; last: string | null }>`SELECT COUNT(*) AS total, COUNT(a.id) AS answered,
         MAX(a.answered_at) AS last
       FROM exercises x JOIN chapters ch ON ch.id = x.chapter_id
       LEFT JOIN exercise_attempts a ON a.exercise_id = x.id AND a.student_id = ${studentId} AND a.counted = 1
       WHERE ch.course_id = ${courseId} AND x.is_published = 1`,
  )) as { total: number; answered: number; last: string | null };
  if (Number(practice.answered) < Number(practice.total)) return null;
  return practice.last !== null && row.last !== null && practice.last > row.last ? practice.last : row.last;
}

const certificateCode = (queries: Queries, studentId: number, courseId: number) =>
  queries.one(sql<{ code: string }>`SELECT code FROM certificates WHERE student_id = ${studentId} AND course_id = ${courseId}`);

/**
 * Issues the student's certificate of the course when they have watched every chapter of it and
 * have none yet; returns its code, or null while unfinished. Run it with the `Queries` of the
 * transaction of the save that may finish the course. The course and teacher names are those of
 * now; the student's is the name they held when they enrolled (`student_names`), so a name taken
 * on during the course (and dropped after it) never reaches a certificate.
 *
 * One certificate per student and course however many saves finish it at once, on any instance:
 * the insert itself decides (the table's unique student and course), and a save that loses the
 * race answers the code the winner issued.
 */
export async function issueCertificateIfFinished(queries: Queries, studentId: number, courseId: number): Promise<string | null> {
  const existing = await certificateCode(queries, studentId, courseId);
  if (existing) return existing.code;
  const finished = await completedAt(queries, studentId, courseId);
  if (!finished) return null;
  // A clash of random codes is all but impossible; another code is drawn if it happens.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newCertificateCode();
    const inserted = await queries.run(
      sql`INSERT INTO certificates (code, student_id, course_id, student_name, course_title, teacher_name, completed_at, issued_at)
         SELECT CAST(${code} AS TEXT), s.id, c.id, COALESCE(
             (SELECT n.full_name FROM student_names n WHERE n.student_id = s.id AND n.since <= e.enrolled_at
              ORDER BY n.since DESC, n.id DESC LIMIT 1),
             -- Enrolled before the first name known (rows written by hand): the first one.
             (SELECT n.full_name FROM student_names n WHERE n.student_id = s.id ORDER BY n.since, n.id LIMIT 1),
             s.full_name),
           c.title, t.full_name, CAST(${finished} AS TEXT), CAST(${now()} AS TEXT)
         FROM students s
         JOIN courses c ON c.id = ${courseId}
         JOIN teachers t ON t.id = c.teacher_id
         LEFT JOIN enrollments e ON e.student_id = s.id AND e.course_id = c.id
         WHERE s.id = ${studentId}
         ON CONFLICT DO NOTHING`,
    );
    if (inserted === 1) return code;
    // Either the code was taken, or another save issued the certificate meanwhile: then that one.
    const issued = await certificateCode(queries, studentId, courseId);
    if (issued) return issued.code;
  }
  throw new Error('Could not draw a free certificate code.');
}

/** The public check of a certificate (extension `verifyCertificate`). */
export function certificateHandlers(context: ProviderContext): Handlers {
  const { queries } = context;
  return {
    async verifyCertificate(request) {
      // The schema has checked 12 letters and digits (400 otherwise); codes are stored upper-case.
      const code = text(request.params.code).toUpperCase();
      const row = await queries.one(sql<CertificateRow>`SELECT * FROM certificates WHERE code = ${code}`);
      if (!row) throw notFound('No certificate has this code.');
      // The snapshot at issue: never an e-mail address or the student's id.
      return {
        code: row.code,
        student_name: row.student_name,
        course: row.course_id,
        course_title: row.course_title,
        teacher_name: row.teacher_name,
        completed_at: row.completed_at,
      };
    },
  };
}
