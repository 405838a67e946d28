import { type Db } from './db';
import { notFound } from './errors';

/** Rows as stored; answers are shaped from them in presenters.ts. */
export interface CategoryRow {
  id: number;
  title: string;
}

export interface TeacherRow {
  id: number;
  full_name: string;
  email: string;
  password_hash: string;
  qualification: string;
  mobile_no: string;
  skills: string;
  detail: string;
  profile_img: string | null;
  login_via_otp: 0 | 1;
  approved: 0 | 1;
  verified: 0 | 1;
  created_at: string;
}

export interface StudentRow {
  id: number;
  full_name: string;
  email: string;
  username: string;
  password_hash: string;
  interested_categories: string;
  verified: 0 | 1;
  created_at: string;
}

export interface CourseRow {
  id: number;
  category_id: number;
  teacher_id: number;
  title: string;
  description: string;
  languages: string;
  price: string | null;
  featured_img: string | null;
  created_at: string;
  /** Extension (migration 14): drafts are seen only by their teacher and enrolled students (drafts.ts). */
  status: 'draft' | 'published';
}

export interface ChapterRow {
  id: number;
  course_id: number;
  title: string;
  description: string;
  video: string | null;
  /** The WebVTT captions of the video; null when the teacher gave none. */
  captions: string | null;
  remarks: string;
  created_at: string;
  /** Seconds, read from the video when it was kept; null when unknown. */
  duration_seconds: number | null;
}

export interface AssignmentRow {
  id: number;
  teacher_id: number;
  student_id: number;
  title: string;
  detail: string;
  student_status: 0 | 1;
  created_at: string;
  answer_kind: 'done' | 'voice' | 'text' | 'file';
  due_at: string | null;
  mark_scale: 'words' | 'percent';
  answer_text: string | null;
  answer_voice: string | null;
  answer_voice_seconds: number | null;
  answer_file: string | null;
  answer_file_name: string | null;
  /** When the student answered, or marked a `done` assignment done (null for rows older than migration 14). */
  answered_at: string | null;
  feedback_text: string | null;
  feedback_voice: string | null;
  feedback_voice_seconds: number | null;
  feedback_mark: string | null;
  /** When the teacher last gave feedback; null before any. */
  marked_at: string | null;
}

export interface MessageRow {
  id: number;
  teacher_id: number;
  student_id: number;
  msg_text: string;
  msg_from: 'student' | 'teacher';
  msg_time: string;
  /** When the recipient read it; null while unread. */
  read_at: string | null;
  /** Extension (migration 14): a voice note's `/media/message_voices/...` URL, and its length when known. */
  voice: string | null;
  voice_seconds: number | null;
}

export interface RatingRow {
  id: number;
  course_id: number;
  student_id: number;
  rating: number;
  reviews: string;
  rated_at: string;
}

export interface ChapterProgressRow {
  id: number;
  student_id: number;
  chapter_id: number;
  position: number;
  watched: 0 | 1;
  updated_at: string;
  /** When `watched` first became 1 (migration 13); null while not watched. */
  watched_at: string | null;
}

export interface FavoriteCourseRow {
  id: number;
  student_id: number;
  course_id: number;
  created_at: string;
}

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
