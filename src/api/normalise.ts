/**
 * The provider's answers in one shape, whichever variant the provider sends (spec section 3):
 * - `featured_img` / `featured_image` -> `featured_img`; `profile_img` / `profile_image` -> `profile_img`;
 *   media paths become absolute URLs on the API's origin;
 * - `price` (number, "20.00", "" or null) -> a number, or null when the course is free;
 * - `bool` / `rated` (boolean or "True"/"False") -> boolean;
 * - `related_videos` (a JSON string) -> a parsed list;
 * - `msg_time` without a zone (`"2026-11-22 19:10"`) -> an ISO date-time, read as UTC;
 * - a category, teacher or student given as a bare id -> an object with that id (a teacher's own
 *   `teacher_courses` get the teacher's name and photo);
 * - `password` and `otp_digit`, which the original backend nests in every teacher and student
 *   object, are dropped from every answer by the base query (`withoutSecrets`) before any of this.
 * The entity types here are what screens see; answers.ts says which endpoint goes through which.
 */
import { apiBaseUrl } from '@/config/env';
import type {
  Assignment as RawAssignment,
  BoolLike,
  CaptionTrack,
  Chapter as RawChapter,
  Conversation,
  Course as RawCourse,
  EnrolledCourse as RawEnrolledCourse,
  FavoriteCourse as RawFavoriteCourse,
  Message,
  MyTeacher as RawMyTeacher,
  MyTeacherCourse as RawMyTeacherCourse,
  RecommendedCourses as RawRecommendedCourses,
  Teacher as RawTeacher,
  TeacherRef as RawTeacherRef,
} from './generated';

export interface TeacherRef {
  id: number;
  full_name: string;
  profile_img: string | null;
}

export interface RelatedVideo {
  pk: number;
  title: string;
}

export interface Course extends Omit<RawCourse, 'price' | 'featured_img' | 'featured_image' | 'category' | 'teacher' | 'related_videos' | 'course_chapters'> {
  /** Dollars; null when the course is free (price empty, null or zero). */
  price: number | null;
  featured_img: string | null;
  category: { id: number; title?: string } | null;
  teacher: TeacherRef | null;
  course_chapters: { id: number; title?: string; video: string | null; is_preview?: boolean }[];
  related_videos: RelatedVideo[];
  course_rating: number | null;
}

export interface Teacher extends Omit<RawTeacher, 'profile_img' | 'profile_image' | 'teacher_courses'> {
  profile_img: string | null;
  teacher_courses: Course[];
  /**
   * Whether every entry of `teacher_courses` came with its `course_rating` (null when nobody
   * rated it). The original backend leaves it out there: the ratings are then unknown, and each
   * course's `course_rating` null only for want of a better value.
   */
  course_ratings_known: boolean;
}

export interface Chapter extends Omit<RawChapter, 'video' | 'captions' | 'caption_tracks'> {
  video: string | null;
  /** The video's WebVTT captions (extension); null when the chapter has none or the provider keeps none. */
  captions: string | null;
  /**
   * Its WebVTT tracks, one per language (extension, issue 39): the provider's list, or on a provider
   * without it the English `captions` alone (none when there are none).
   */
  caption_tracks: CaptionTrack[];
  /** Whether the provider lists caption tracks (extension): false on one that answers `captions` alone. */
  caption_tracks_known: boolean;
}

export interface Assignment extends Omit<RawAssignment, 'student' | 'teacher' | 'student_status'> {
  student: { id: number; full_name?: string } | null;
  teacher: TeacherRef | null;
  student_status: boolean;
}

export interface EnrolledCourse extends Omit<RawEnrolledCourse, 'course'> {
  course: { id: number; title?: string; teacher: TeacherRef | null } | null;
}

export interface FavoriteCourse extends Omit<RawFavoriteCourse, 'course'> {
  course: Course;
}

/**
 * One of the student's teachers with the student's courses they teach, from either answer of
 * fetch-my-teachers: one record per teacher, or (the original backend) course objects with the
 * teacher nested. `id` is the teacher's id.
 */
export interface MyTeacher {
  id: number;
  teacher: Teacher;
  courses: { id: number; title: string }[];
}

/** An answer whose `bool` (and `rated`) the provider may send as "True"/"False". */
export type Normalised<T> = Omit<T, 'bool' | 'rated'> &
  ('bool' extends keyof T ? { bool: boolean } : unknown) &
  ('rated' extends keyof T ? { rated?: boolean } : unknown);

export function toBool(value: BoolLike | string | null | undefined): boolean {
  return value === true || value === 'True' || value === 'true';
}

/** A media path of the provider as an absolute URL (null when there is none). */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return new URL(path, apiBaseUrl()).href;
}

export function toPrice(price: RawCourse['price']): number | null {
  if (price === null || price === undefined || price === '') return null;
  const amount = typeof price === 'number' ? price : Number.parseFloat(price);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

function parseRelatedVideos(json: string | undefined): RelatedVideo[] {
  if (!json) return [];
  try {
    const entries: unknown = JSON.parse(json);
    if (!Array.isArray(entries)) return [];
    return entries.flatMap((entry: { pk?: unknown; fields?: { title?: unknown } }) =>
      typeof entry?.pk === 'number' ? [{ pk: entry.pk, title: String(entry.fields?.title ?? '') }] : [],
    );
  } catch {
    return [];
  }
}

function normaliseTeacherRef(teacher: RawTeacherRef | number | null | undefined): TeacherRef | null {
  if (teacher === null || teacher === undefined) return null;
  if (typeof teacher === 'number') return { id: teacher, full_name: '', profile_img: null };
  return {
    id: teacher.id,
    full_name: teacher.full_name ?? '',
    profile_img: mediaUrl(teacher.profile_img ?? teacher.profile_image),
  };
}

export function normaliseCourse(course: RawCourse): Course {
  const { featured_image, category, teacher, price, related_videos, course_chapters, course_rating, ...rest } = course;
  return {
    ...rest,
    price: toPrice(price),
    featured_img: mediaUrl(course.featured_img ?? featured_image),
    category: typeof category === 'number' ? { id: category } : (category ?? null),
    teacher: normaliseTeacherRef(teacher),
    course_chapters: (course_chapters ?? []).map((chapter) => ({ ...chapter, video: mediaUrl(chapter.video) })),
    related_videos: parseRelatedVideos(related_videos),
    course_rating: course_rating ?? null,
  };
}

export function normaliseTeacher(teacher: RawTeacher): Teacher {
  const { profile_image, teacher_courses, ...rest } = teacher;
  const profileImg = mediaUrl(teacher.profile_img ?? profile_image);
  const self: TeacherRef = { id: teacher.id, full_name: teacher.full_name, profile_img: profileImg };
  const courses = teacher_courses ?? [];
  return {
    ...rest,
    profile_img: profileImg,
    // Extension (issue 39): absent on a provider without it, which is how screens tell.
    ...(rest.intro_video !== undefined && { intro_video: mediaUrl(rest.intro_video) }),
    teacher_courses: courses.map((course) => {
      const normalised = normaliseCourse(course);
      // The teacher's own course names them by bare id (or not at all): fill in who they are.
      const namesSelf = course.teacher === undefined || course.teacher === teacher.id;
      return namesSelf ? { ...normalised, teacher: self } : normalised;
    }),
    course_ratings_known: courses.every((course) => course.course_rating !== undefined),
  };
}

/** A date and time with no zone, as the original backend formats `msg_time`: `2026-11-22 19:10`. */
const zonelessTime = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?$/;

/**
 * A message's time as an ISO 8601 string. A time without a zone is read as UTC: the original
 * backend (Django) stores times in UTC and formats them in its `TIME_ZONE`, which a new project
 * sets to UTC. Times with a zone, and times that cannot be read, are kept as sent.
 */
export function toIsoTime(time: string): string {
  const match = zonelessTime.exec(time.trim());
  if (!match) return time;
  const date = new Date(`${match[1]}T${match[2]}${match[3] ?? ':00'}Z`);
  return Number.isNaN(date.getTime()) ? time : date.toISOString();
}

export function normaliseChapter(chapter: RawChapter): Chapter {
  const captions = mediaUrl(chapter.captions);
  const tracks = chapter.caption_tracks ?? (captions ? [{ lang: 'en', label: 'English', url: captions }] : []);
  return {
    ...chapter,
    video: mediaUrl(chapter.video),
    captions,
    caption_tracks: tracks.map((track) => ({ ...track, url: mediaUrl(track.url) ?? track.url })),
    caption_tracks_known: chapter.caption_tracks !== undefined,
  };
}

export function normaliseAssignment(assignment: RawAssignment): Assignment {
  const { student } = assignment;
  return {
    ...assignment,
    student: typeof student === 'number' ? { id: student } : (student ?? null),
    teacher: normaliseTeacherRef(assignment.teacher),
    student_status: toBool(assignment.student_status),
  };
}

export function normaliseBools<T extends { bool: BoolLike; rated?: BoolLike }>(answer: T): Normalised<T> {
  const { rated, ...rest } = answer;
  return {
    ...rest,
    bool: toBool(answer.bool),
    ...(rated === undefined ? {} : { rated: toBool(rated) }),
  } as Normalised<T>;
}


export const normaliseCourses = (courses: RawCourse[]): Course[] => courses.map(normaliseCourse);
export const normaliseChapters = (chapters: RawChapter[]): Chapter[] => chapters.map(normaliseChapter);
export const normaliseAssignments = (rows: RawAssignment[]): Assignment[] => rows.map(normaliseAssignment);

export const normaliseFavoriteCourses = (rows: RawFavoriteCourse[]): FavoriteCourse[] =>
  rows.map((row) => ({ ...row, course: normaliseCourse(row.course) }));

export const normaliseEnrolledCourses = (rows: RawEnrolledCourse[]): EnrolledCourse[] =>
  rows.map((row) => ({
    ...row,
    course: row.course ? { ...row.course, teacher: normaliseTeacherRef(row.course.teacher) } : null,
  }));

export const normaliseMessages = (messages: Message[]): Message[] =>
  messages.map((message) => ({ ...message, msg_time: toIsoTime(message.msg_time) }));

/** Courses recommended to a student (extension `listRecommendedCourses`) and why they were chosen. */
export interface RecommendedCourses {
  /** Courses of the interests; `noMatch`: the student has interests but nothing matched, so the popular ones; `popular`: no interests. */
  kind: 'interests' | 'noMatch' | 'popular';
  /** The student's interests as the provider parsed them (none for `popular`). */
  interests: string[];
  courses: Course[];
}

export const normaliseRecommendedCourses = ({ kind, interests, courses }: RawRecommendedCourses): RecommendedCourses => ({
  kind: kind === 'no_match' ? 'noMatch' : kind,
  interests: kind === 'popular' ? [] : interests,
  courses: normaliseCourses(courses),
});

export const normaliseConversations = (rows: Conversation[]): Conversation[] =>
  rows.map((row) => ({ ...row, last_message: row.last_message ? { ...row.last_message, msg_time: toIsoTime(row.last_message.msg_time) } : null }));

function isTeacherCourse(row: RawMyTeacher | RawMyTeacherCourse): row is RawMyTeacherCourse {
  return 'title' in row && typeof row.title === 'string';
}

/** fetch-my-teachers as one row per teacher, whichever of its two answers the provider gives. */
export function normaliseMyTeachers(rows: (RawMyTeacher | RawMyTeacherCourse)[]): MyTeacher[] {
  const byTeacher = new Map<number, MyTeacher>();
  for (const row of rows) {
    const teacher = isTeacherCourse(row)
      ? normaliseTeacher({ ...row.teacher, full_name: row.teacher.full_name ?? '' })
      : normaliseTeacher(row.teacher);
    const courses = isTeacherCourse(row) ? [{ id: row.id, title: row.title }] : (row.courses ?? []);
    const entry = byTeacher.get(teacher.id) ?? { id: teacher.id, teacher, courses: [] };
    for (const course of courses) {
      if (!entry.courses.some((known) => known.id === course.id)) entry.courses.push(course);
    }
    byTeacher.set(teacher.id, entry);
  }
  return [...byTeacher.values()];
}
