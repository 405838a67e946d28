import { type Viewer } from './context';
import { type Db } from './db';
import {
  type AssignmentRow,
  type ChapterProgressRow,
  type ChapterRow,
  type CourseRow,
  type MessageRow,
  type RatingRow,
  type StudentRow,
  type TeacherRow,
  isEnrolled,
} from './records';

/** Shapes stored rows into the answers of api-spec.yaml; never copies passwords or codes. */
export class Presenter {
  constructor(private readonly db: Db) {}

  /** Whether the viewer may see the chapter videos of the course. */
  mayWatch(viewer: Viewer, course: Pick<CourseRow, 'id' | 'teacher_id'>): boolean {
    return viewer.teacherId === course.teacher_id || isEnrolled(this.db, viewer.studentId, course.id);
  }

  course(course: CourseRow, viewer: Viewer) {
    const category = this.db.prepare('SELECT id, title FROM categories WHERE id = ?').get(course.category_id);
    const teacher = this.db
      .prepare('SELECT id, full_name, profile_img FROM teachers WHERE id = ?')
      .get(course.teacher_id);
    const chapters = this.chapterRows(course.id);
    const showVideos = this.mayWatch(viewer, course);
    const { rating, enrolled } = this.db
      .prepare(
        `SELECT (SELECT AVG(rating) FROM ratings WHERE course_id = @id) AS rating,
                (SELECT COUNT(*) FROM enrollments WHERE course_id = @id) AS enrolled`,
      )
      .get({ id: course.id }) as { rating: number | null; enrolled: number };
    return {
      id: course.id,
      title: course.title,
      description: course.description,
      category: category ?? course.category_id,
      teacher,
      languages: course.languages,
      price: course.price,
      featured_img: course.featured_img,
      course_chapters: chapters.map((chapter) => ({
        id: chapter.id,
        title: chapter.title,
        video: showVideos ? chapter.video : null,
      })),
      related_videos: JSON.stringify(
        chapters.map((chapter) => ({ model: 'main.chapter', pk: chapter.id, fields: { title: chapter.title } })),
      ),
      course_rating: rating === null ? null : Math.round(rating * 10) / 10,
      total_enrolled_students: enrolled,
    };
  }

  /** The light course of a teacher's `teacher_courses`. */
  courseSummary(course: CourseRow) {
    return {
      id: course.id,
      title: course.title,
      description: course.description,
      languages: course.languages,
      price: course.price,
      featured_img: course.featured_img,
    };
  }

  chapter(chapter: ChapterRow, showVideo: boolean) {
    return {
      id: chapter.id,
      course: chapter.course_id,
      title: chapter.title,
      description: chapter.description,
      video: showVideo ? chapter.video : null,
      captions: showVideo ? chapter.captions : null,
      remarks: chapter.remarks,
    };
  }

  chapterRows(courseId: number): ChapterRow[] {
    return this.db.prepare('SELECT * FROM chapters WHERE course_id = ? ORDER BY id').all(courseId) as ChapterRow[];
  }

  /** `email` and `mobile_no` only for the teacher themself; courses only when asked. */
  teacher(teacher: TeacherRow, options: { self: boolean; withCourses?: boolean }) {
    const courses = options.withCourses
      ? (this.db.prepare('SELECT * FROM courses WHERE teacher_id = ? ORDER BY id').all(teacher.id) as CourseRow[])
      : undefined;
    return {
      id: teacher.id,
      full_name: teacher.full_name,
      ...(options.self && { email: teacher.email, mobile_no: teacher.mobile_no }),
      qualification: teacher.qualification,
      skills: teacher.skills,
      profile_img: teacher.profile_img,
      detail: teacher.detail,
      login_via_otp: teacher.login_via_otp === 1,
      ...(courses && { teacher_courses: courses.map((course) => this.courseSummary(course)) }),
    };
  }

  student(student: StudentRow) {
    return {
      id: student.id,
      full_name: student.full_name,
      email: student.email,
      username: student.username,
      interested_categories: student.interested_categories,
    };
  }

  assignment(assignment: AssignmentRow) {
    const names = this.db
      .prepare(
        `SELECT s.full_name AS student_name, t.full_name AS teacher_name
         FROM students s, teachers t WHERE s.id = ? AND t.id = ?`,
      )
      .get(assignment.student_id, assignment.teacher_id) as { student_name: string; teacher_name: string };
    return {
      id: assignment.id,
      title: assignment.title,
      detail: assignment.detail,
      student: { id: assignment.student_id, full_name: names.student_name },
      teacher: { id: assignment.teacher_id, full_name: names.teacher_name },
      student_status: assignment.student_status === 1,
      created_at: assignment.created_at,
    };
  }

  message(message: MessageRow) {
    return {
      id: message.id,
      msg_text: message.msg_text,
      msg_from: message.msg_from,
      msg_time: message.msg_time,
    };
  }

  chapterProgress(progress: ChapterProgressRow) {
    return {
      chapter: progress.chapter_id,
      position: progress.position,
      watched: progress.watched === 1,
      updated_at: progress.updated_at,
    };
  }

  rating(rating: RatingRow) {
    return {
      id: rating.id,
      course: rating.course_id,
      student: rating.student_id,
      rating: rating.rating,
      reviews: rating.reviews,
    };
  }
}
