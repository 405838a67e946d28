import { type Db } from './db';
import { notFound } from './errors';
import { type AssignmentRow, type CategoryRow, type ChapterRow, type CourseRow, type StudentRow, type TeacherRow } from './rows.generated';

/**
 * Rows as stored, generated from the migrated schema (rows.generated.ts, `npm run codegen`);
 * answers are shaped from them in presenters.ts.
 */
export type {
  AssignmentRow,
  CategoryRow,
  ChapterProgressRow,
  ChapterRow,
  CourseRow,
  FavoriteCourseRow,
  MessageRow,
  RatingRow,
  StudentRow,
  TeacherRow,
} from './rows.generated';

function findById<Row>(db: Db, table: string, id: number): Row | undefined {
  return db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined;
}

function requireById<Row>(db: Db, table: string, id: number, label: string): Row {
  const row = findById<Row>(db, table, id);
  if (!row) throw notFound(`${label} not found.`);
  return row;
}

export const requireCourse = (db: Db, id: number) => requireById<CourseRow>(db, 'courses', id, 'Course');
export const requireChapter = (db: Db, id: number) => requireById<ChapterRow>(db, 'chapters', id, 'Chapter');
export const requireTeacher = (db: Db, id: number) => requireById<TeacherRow>(db, 'teachers', id, 'Teacher');
export const requireStudent = (db: Db, id: number) => requireById<StudentRow>(db, 'students', id, 'Student');
export const requireAssignment = (db: Db, id: number) =>
  requireById<AssignmentRow>(db, 'assignments', id, 'Assignment');
export const findCategory = (db: Db, id: number) => findById<CategoryRow>(db, 'categories', id);

export function isEnrolled(db: Db, studentId: number | null, courseId: number): boolean {
  if (studentId === null) return false;
  return Boolean(
    db.prepare('SELECT 1 FROM enrollments WHERE student_id = ? AND course_id = ?').get(studentId, courseId),
  );
}

export function hasRated(db: Db, studentId: number, courseId: number): boolean {
  return Boolean(db.prepare('SELECT 1 FROM ratings WHERE student_id = ? AND course_id = ?').get(studentId, courseId));
}

/** True when the student is enrolled in at least one of the teacher's courses. */
export function isTeachersStudent(db: Db, teacherId: number, studentId: number): boolean {
  return Boolean(
    db
      .prepare(
        `SELECT 1 FROM enrollments e JOIN courses c ON c.id = e.course_id
         WHERE c.teacher_id = ? AND e.student_id = ? LIMIT 1`,
      )
      .get(teacherId, studentId),
  );
}

/** Prices are kept as decimal strings ("20.00"); empty or zero means free. */
export function isFree(price: string | null): boolean {
  return price === null || price.trim() === '' || Number(price) === 0;
}
