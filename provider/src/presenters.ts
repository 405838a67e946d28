import { sql } from 'kysely';
import { type Viewer } from './context';
import { type Queries } from './database';
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

/** A chapter as a course answer lists it. */
interface CourseChapter {
  id: number;
  title: string;
  video: string | null;
  is_preview: 0 | 1;
}

/** A course row with what its answer shows from other tables. */
interface FactsRow extends CourseRow {
  category_ref: number | null;
  category_title: string | null;
  teacher_ref: number | null;
  teacher_name: string | null;
  teacher_img: string | null;
  rating: number | null;
  enrolled: number;
}

/** What a course answer is made of (`Presenter.courseFacts`). */
export interface CourseFacts {
  row: FactsRow;
  chapters: CourseChapter[];
}

/** Whether anyone may watch the chapter: a free preview of a published course (issue 39). */
/** A caption track of `chapter_caption_tracks` (the English one is `chapters.captions`). */
export type CaptionTrackRow = { chapter_id: number; lang: string; url: string };

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The English name of a BCP 47 tag (`yo` → Yoruba); undefined when it names no language known here. */
export function languageName(lang: string): string;
export function languageName(lang: string, known: 'known'): string | undefined;
export function languageName(lang: string, known?: 'known'): string | undefined {
  const name = languageNames.of(lang);
  return known ? name : (name ?? lang);
}

export function isOpenPreview(chapter: Pick<ChapterRow, 'is_preview'>, course: Pick<CourseRow, 'status'>): boolean {
  return chapter.is_preview === 1 && course.status === 'published';
}

/** Shapes stored rows into the answers of api-spec.yaml; never copies passwords or codes. */
export class Presenter {
  constructor(private readonly queries: Queries) {}

  /** Whether the viewer may see the chapter videos of the course. */
  async mayWatch(viewer: Viewer, course: Pick<CourseRow, 'id' | 'teacher_id'>): Promise<boolean> {
    return viewer.teacherId === course.teacher_id || (await isEnrolled(this.queries, viewer.studentId, course.id));
  }

  /**
   * The ids of the courses whose chapter videos the viewer may see (their own courses, the ones
   * they are enrolled in): one query, none when nobody is logged in.
   */
  async watchableCourseIds(viewer: Viewer): Promise<Set<number>> {
    if (viewer.studentId === null && viewer.teacherId === null) return new Set();
    const rows = await this.queries.all(
      sql<{ id: number }>`SELECT course_id AS id FROM enrollments WHERE student_id = ${viewer.studentId}
                          UNION SELECT id FROM courses WHERE teacher_id = ${viewer.teacherId}`,
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * What course answers are made of, for the given courses (in that order, unknown ids left out)
   * or for all of them (by id): two queries whatever their number, one for the courses with their
   * category, teacher, rating and enrolment count, one for their chapters.
   */
  async courseFacts(selection: readonly number[] | 'all', queries: Queries = this.queries): Promise<CourseFacts[]> {
    const all = selection === 'all';
    if (!all && selection.length === 0) return [];
    const courseIds = all ? sql`` : sql`WHERE c.id IN (${sql.join(selection)})`;
    const rows = await queries.all(
      sql<FactsRow>`SELECT c.*,
                cat.id AS category_ref, cat.title AS category_title,
                t.id AS teacher_ref, t.full_name AS teacher_name, t.profile_img AS teacher_img,
                (SELECT AVG(r.rating) FROM ratings r WHERE r.course_id = c.id) AS rating,
                (SELECT COUNT(*) FROM enrollments e WHERE e.course_id = c.id) AS enrolled
         FROM courses c
         LEFT JOIN categories cat ON cat.id = c.category_id
         LEFT JOIN teachers t ON t.id = c.teacher_id
         ${courseIds}
         ORDER BY c.id`,
    );
    const chapters = new Map<number, CourseChapter[]>();
    const chapterRows = await queries.all(
      sql<CourseChapter & { course_id: number }>`SELECT id, course_id, title, video, is_preview FROM chapters
         ${all ? sql`` : sql`WHERE course_id IN (${sql.join(selection)})`}
         ORDER BY course_id, position, id`,
    );
    for (const { course_id: courseId, ...chapter } of chapterRows) {
      const list = chapters.get(courseId);
      if (list) list.push(chapter);
      else chapters.set(courseId, [chapter]);
    }
    const facts = rows.map((row) => ({ row, chapters: chapters.get(row.id) ?? [] }));
    if (all) return facts;
    const byId = new Map(facts.map((course) => [course.row.id, course]));
    return selection.flatMap((id) => byId.get(id) ?? []);
  }

  /** A course answer of api-spec.yaml, chapter videos shown or not; no query. */
  courseAnswer({ row, chapters }: CourseFacts, showVideos: boolean) {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      category: row.category_ref === null ? row.category_id : { id: row.category_ref, title: row.category_title },
      teacher:
        row.teacher_ref === null
          ? undefined
          : { id: row.teacher_ref, full_name: row.teacher_name, profile_img: row.teacher_img },
      languages: row.languages,
      price: row.price,
      featured_img: row.featured_img,
      course_chapters: chapters.map((chapter) => ({
        id: chapter.id,
        title: chapter.title,
        video: showVideos || isOpenPreview(chapter, row) ? chapter.video : null,
        // Extension: a free preview's video goes to everyone once the course is published.
        is_preview: chapter.is_preview === 1,
      })),
      related_videos: JSON.stringify(
        chapters.map((chapter) => ({ model: 'main.chapter', pk: chapter.id, fields: { title: chapter.title } })),
      ),
      course_rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
      total_enrolled_students: row.enrolled,
      // Extension: drafts are answered only to their teacher and enrolled students (drafts.ts).
      status: row.status,
      // Extension: the course page sells (issue 39).
      level: row.level,
      outcomes: JSON.parse(row.outcomes) as string[],
    };
  }

  /** Course answers for the viewer, in the order of `courses`, in at most three queries. */
  async courses(courses: readonly Pick<CourseRow, 'id'>[], viewer: Viewer) {
    const [facts, watchable] = await Promise.all([this.courseFacts(courses.map((course) => course.id)), this.watchableCourseIds(viewer)]);
    return facts.map((course) => this.courseAnswer(course, watchable.has(course.row.id)));
  }

  async course(course: Pick<CourseRow, 'id'>, viewer: Viewer) {
    const [answer] = await this.courses([course], viewer);
    if (!answer) throw new Error(`Course ${course.id} is not stored.`);
    return answer;
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
      status: course.status,
      level: course.level,
    };
  }

  /**
   * A chapter answer; its video and captions when `showVideo` (the course's teacher, its enrolled
   * students) or when it is a free preview of the published `course`.
   */
  chapter(chapter: ChapterRow, canWatch: boolean, course?: Pick<CourseRow, 'status'>, tracks: readonly CaptionTrackRow[] = []) {
    const showVideo = canWatch || (course !== undefined && isOpenPreview(chapter, course));
    // Extension (issue 39): every language's track, the English one being `captions`.
    const captionTracks = showVideo
      ? [...(chapter.captions ? [{ lang: 'en', url: chapter.captions }] : []), ...tracks].map(({ lang, url }) => ({
          lang,
          label: languageName(lang),
          url,
        }))
      : [];
    return {
      id: chapter.id,
      course: chapter.course_id,
      title: chapter.title,
      description: chapter.description,
      video: showVideo ? chapter.video : null,
      captions: showVideo ? chapter.captions : null,
      caption_tracks: captionTracks,
      remarks: chapter.remarks,
      // Extension: the video's length, shown to everyone (a visitor sees how long each chapter is).
      duration: chapter.duration_seconds,
      is_preview: chapter.is_preview === 1,
      // Extension (issue 39): its place in the course's order, which reorderChapters sets.
      position: chapter.position,
    };
  }

  /** The caption tracks other than English of `chapterIds`, by chapter, each chapter's in the order of their tags. */
  async captionTracks(chapterIds: readonly number[]): Promise<Map<number, CaptionTrackRow[]>> {
    const byChapter = new Map<number, CaptionTrackRow[]>();
    if (chapterIds.length === 0) return byChapter;
    const rows = await this.queries.all(
      sql<CaptionTrackRow>`SELECT chapter_id, lang, url FROM chapter_caption_tracks
        WHERE chapter_id IN (${sql.join([...chapterIds])}) ORDER BY chapter_id, lang`,
    );
    for (const row of rows) byChapter.set(row.chapter_id, [...(byChapter.get(row.chapter_id) ?? []), row]);
    return byChapter;
  }

  chapterRows(courseId: number): Promise<ChapterRow[]> {
    return this.queries.all(sql<ChapterRow>`SELECT * FROM chapters WHERE course_id = ${courseId} ORDER BY position, id`);
  }

  /** A teacher's answer: `email` and `mobile_no` only for the teacher themself. */
  teacher(teacher: TeacherRow, { self }: { self: boolean }) {
    return {
      id: teacher.id,
      full_name: teacher.full_name,
      ...(self && { email: teacher.email, mobile_no: teacher.mobile_no }),
      qualification: teacher.qualification,
      skills: teacher.skills,
      profile_img: teacher.profile_img,
      detail: teacher.detail,
      // Extension: present (null when none) on every teacher, so a front end knows it may set it.
      intro_video: teacher.intro_video,
      login_via_otp: teacher.login_via_otp === 1,
    };
  }

  /**
   * A teacher's answer with their published courses (the public profile; the teacher's own list
   * is `listTeacherCourses`): all of them oldest first, or a page of them newest first with their
   * total and rating (extension).
   */
  async teacherWithCourses(teacher: TeacherRow, { self, coursesPage: page }: { self: boolean; coursesPage?: { limit: number; offset: number } }) {
    const courses = await this.queries.all(
      page
        ? sql<CourseRow>`SELECT * FROM courses WHERE teacher_id = ${teacher.id} AND status = 'published'
                         ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`
        : sql<CourseRow>`SELECT * FROM courses WHERE teacher_id = ${teacher.id} AND status = 'published' ORDER BY id`,
    );
    const summary = page
      ? await this.queries.one(
          sql<{ total: number; rating: number | null }>`SELECT
             (SELECT COUNT(*) FROM courses WHERE teacher_id = ${teacher.id} AND status = 'published') AS total,
             (SELECT AVG(rating) FROM (SELECT AVG(r.rating) AS rating FROM courses c JOIN ratings r ON r.course_id = c.id
                WHERE c.teacher_id = ${teacher.id} AND c.status = 'published' GROUP BY c.id) AS course_ratings) AS rating`,
        )
      : undefined;
    return {
      ...this.teacher(teacher, { self }),
      teacher_courses: courses.map((course) => this.courseSummary(course)),
      ...(summary && {
        teacher_courses_total: summary.total,
        teacher_courses_rating: summary.rating === null ? null : Math.round(summary.rating * 10) / 10,
      }),
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

  async assignment(assignment: AssignmentRow) {
    const [answer] = await this.assignments([assignment]);
    if (!answer) throw new Error(`Assignment ${assignment.id} is not stored.`);
    return answer;
  }

  /** Assignment answers, in the order of `assignments`, with their people's names read in two queries. */
  async assignments(assignments: readonly AssignmentRow[]) {
    if (assignments.length === 0) return [];
    const studentIds = [...new Set(assignments.map((assignment) => assignment.student_id))];
    const teacherIds = [...new Set(assignments.map((assignment) => assignment.teacher_id))];
    const [students, teachers] = await Promise.all([
      this.queries.all(sql<{ id: number; full_name: string }>`SELECT id, full_name FROM students WHERE id IN (${sql.join(studentIds)})`),
      this.queries.all(sql<{ id: number; full_name: string }>`SELECT id, full_name FROM teachers WHERE id IN (${sql.join(teacherIds)})`),
    ]);
    const studentNames = new Map(students.map((student) => [student.id, student.full_name]));
    const teacherNames = new Map(teachers.map((teacher) => [teacher.id, teacher.full_name]));
    return assignments.map((assignment) => this.assignmentAnswer(assignment, studentNames.get(assignment.student_id), teacherNames.get(assignment.teacher_id)));
  }

  private assignmentAnswer(assignment: AssignmentRow, studentName: string | undefined, teacherName: string | undefined) {
    const names = { student_name: studentName ?? '', teacher_name: teacherName ?? '' };
    return {
      id: assignment.id,
      title: assignment.title,
      detail: assignment.detail,
      student: { id: assignment.student_id, full_name: names.student_name },
      teacher: { id: assignment.teacher_id, full_name: names.teacher_name },
      student_status: assignment.student_status === 1,
      answer_kind: assignment.answer_kind,
      due_at: assignment.due_at,
      mark_scale: assignment.mark_scale,
      created_at: assignment.created_at,
      // A `done` assignment marked done has a time but nothing handed in: no answer.
      answer:
        assignment.answered_at !== null &&
        (assignment.answer_text !== null || assignment.answer_voice !== null || assignment.answer_file !== null)
          ? {
              text: assignment.answer_text,
              voice: assignment.answer_voice,
              voice_seconds: assignment.answer_voice_seconds,
              file: assignment.answer_file,
              file_name: assignment.answer_file_name,
              answered_at: assignment.answered_at,
            }
          : null,
      feedback:
        assignment.marked_at === null
          ? null
          : {
              text: assignment.feedback_text,
              voice: assignment.feedback_voice,
              voice_seconds: assignment.feedback_voice_seconds,
              mark: assignment.feedback_mark,
              marked_at: assignment.marked_at,
            },
    };
  }

  message(message: MessageRow) {
    return {
      id: message.id,
      msg_text: message.msg_text,
      msg_from: message.msg_from,
      msg_time: message.msg_time,
      // Extension: a voice note (served only to the two people of the conversation: privateMedia.ts).
      voice: message.voice,
      voice_seconds: message.voice_seconds,
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
