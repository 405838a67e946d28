import { sql } from 'kysely';
import { type Queries } from './database';
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

async function findById<Row>(queries: Queries, table: string, id: number): Promise<Row | undefined> {
  return queries.one(sql<Row>`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`);
}

async function requireById<Row>(queries: Queries, table: string, id: number, label: string): Promise<Row> {
  const row = await findById<Row>(queries, table, id);
  if (!row) throw notFound(`${label} not found.`);
  return row;
}

export const requireCourse = (queries: Queries, id: number) => requireById<CourseRow>(queries, 'courses', id, 'Course');
export const requireChapter = (queries: Queries, id: number) => requireById<ChapterRow>(queries, 'chapters', id, 'Chapter');
export const requireTeacher = (queries: Queries, id: number) => requireById<TeacherRow>(queries, 'teachers', id, 'Teacher');
export const requireStudent = (queries: Queries, id: number) => requireById<StudentRow>(queries, 'students', id, 'Student');
export const requireAssignment = (queries: Queries, id: number) => requireById<AssignmentRow>(queries, 'assignments', id, 'Assignment');
export const findCategory = (queries: Queries, id: number) => findById<CategoryRow>(queries, 'categories', id);

export async function isEnrolled(queries: Queries, studentId: number | null, courseId: number): Promise<boolean> {
  if (studentId === null) return false;
  return (await queries.one(sql`SELECT 1 AS found FROM enrollments WHERE student_id = ${studentId} AND course_id = ${courseId}`)) !== undefined;
}

export async function hasRated(queries: Queries, studentId: number, courseId: number): Promise<boolean> {
  return (await queries.one(sql`SELECT 1 AS found FROM ratings WHERE student_id = ${studentId} AND course_id = ${courseId}`)) !== undefined;
}

/**
 * True when the student is enrolled in at least one of the teacher's courses, or has a lesson
 * booked with the teacher (issue 40): the two may then message each other, and the teacher set
 * assignments (a lesson's homework).
 */
export async function isTeachersStudent(queries: Queries, teacherId: number, studentId: number): Promise<boolean> {
  const found = await queries.one(
    sql`SELECT 1 AS found FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE c.teacher_id = ${teacherId} AND e.student_id = ${studentId}
        UNION ALL
        SELECT 1 AS found FROM lessons WHERE teacher_id = ${teacherId} AND student_id = ${studentId} AND status = 'booked'
        LIMIT 1`,
  );
  return found !== undefined;
}

/** Prices are kept as decimal strings ("20.00"); empty or zero means free. */
export function isFree(price: string | null): boolean {
  return price === null || price.trim() === '' || Number(price) === 0;
}
