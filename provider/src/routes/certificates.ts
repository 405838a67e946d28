import { randomInt } from 'node:crypto';
import { type ProviderContext } from '../context';
import { type Db, now } from '../db';
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
 * The course's completion for the student: when every chapter (at least one) is watched, the
 * time the last of them was first watched; otherwise null.
 */
export function completedAt(db: Db, studentId: number, courseId: number): string | null {
  const row = db
    .prepare(
      `SELECT COUNT(*) AS total, COUNT(p.id) AS watched, MAX(COALESCE(p.watched_at, p.updated_at)) AS last
       FROM chapters ch
       LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.student_id = @student AND p.watched = 1
       WHERE ch.course_id = @course`,
    )
    .get({ student: studentId, course: courseId }) as { total: number; watched: number; last: string | null };
  return row.total > 0 && row.watched === row.total ? row.last : null;
}

/**
 * Issues the student's certificate of the course when they have watched every chapter of it and
 * have none yet; returns its code, or null while unfinished. Run it inside the transaction of the
 * save that may finish the course. The course and teacher names are those of now; the student's
 * is the name they held when they enrolled (`student_names`), so a name taken on during the
 * course (and dropped after it) never reaches a certificate.
 */
export function issueCertificateIfFinished(db: Db, studentId: number, courseId: number): string | null {
  const existing = db
    .prepare('SELECT code FROM certificates WHERE student_id = ? AND course_id = ?')
    .pluck()
    .get(studentId, courseId) as string | undefined;
  if (existing) return existing;
  const finished = completedAt(db, studentId, courseId);
  if (!finished) return null;
  const insert = db.prepare(
    `INSERT INTO certificates (code, student_id, course_id, student_name, course_title, teacher_name, completed_at, issued_at)
     SELECT @code, s.id, c.id, COALESCE(
         (SELECT n.full_name FROM student_names n WHERE n.student_id = s.id AND n.since <= e.enrolled_at
          ORDER BY n.since DESC, n.id DESC LIMIT 1),
         -- Enrolled before the first name known (rows written by hand): the first one.
         (SELECT n.full_name FROM student_names n WHERE n.student_id = s.id ORDER BY n.since, n.id LIMIT 1),
         s.full_name),
       c.title, t.full_name, @completed, @now
     FROM students s
     JOIN courses c ON c.id = @course
     JOIN teachers t ON t.id = c.teacher_id
     LEFT JOIN enrollments e ON e.student_id = s.id AND e.course_id = c.id
     WHERE s.id = @student
     ON CONFLICT (code) DO NOTHING`,
  );
  // A clash of random codes is all but impossible; another code is drawn if it happens.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newCertificateCode();
    const { changes } = insert.run({ code, student: studentId, course: courseId, completed: finished, now: now() });
    if (changes === 1) return code;
  }
  throw new Error('Could not draw a free certificate code.');
}

/** The public check of a certificate (extension `verifyCertificate`). */
export function certificateHandlers(context: ProviderContext): Handlers {
  const { db } = context;
  return {
    async verifyCertificate(request) {
      // The schema has checked 12 letters and digits (400 otherwise); codes are stored upper-case.
      const code = text(request.params.code).toUpperCase();
      const row = db.prepare('SELECT * FROM certificates WHERE code = ?').get(code) as CertificateRow | undefined;
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
