/**
 * The API layer's only public surface: the generated endpoints with every provider variant
 * normalised (spec section 3), so screens see one shape:
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
 */
import type { DefinitionsFromApi, OverrideResultType, ResultTypeFrom } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from '@/config/env';
import {
  generatedApi,
  type Assignment as RawAssignment,
  type BoolLike,
  type Chapter as RawChapter,
  type Course as RawCourse,
  type EnrolledCourse as RawEnrolledCourse,
  type FavoriteCourse as RawFavoriteCourse,
  type Message,
  type ListCoursesApiArg,
  type MyTeacher as RawMyTeacher,
  type MyTeacherCourse as RawMyTeacherCourse,
  type Teacher as RawTeacher,
  type TeacherRef as RawTeacherRef,
} from './generated';
import { requiredSessions, uploadRules } from './operations';
import type { UploadArgs } from './uploadQuery';

export { apiStateRestored } from './baseApi';
export * from './errors';
export { uploadRules, type FileRule } from './operations';
export type { UploadProgress } from './uploadQuery';
export { isUploadCancelled, useUpload, type Upload } from './useUpload';

export type {
  ChapterProgress,
  CourseProgress,
  PasswordChangeForm,
  StudentProfileForm,
  AssignmentForm,
  AssignmentStatusForm,
  Category,
  ChapterCreateForm,
  ChapterUpdateForm,
  CourseCreateForm,
  CourseUpdateForm,
  Enrollment,
  Message,
  MessageForm,
  UnreadMessages,
  PaymentSession,
  Rating,
  RatingForm,
  Student,
  StudentDashboard,
  StudentRegistrationForm,
  TeacherDashboard,
  TeacherLoginForm,
  TeacherProfileForm,
  TeacherRegistrationForm,
  TeacherStudent,
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
  course_chapters: { id: number; title?: string; video: string | null }[];
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

export interface Chapter extends Omit<RawChapter, 'video' | 'captions'> {
  video: string | null;
  /** The video's WebVTT captions (extension); null when the chapter has none or the provider keeps none. */
  captions: string | null;
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

/** The session an endpoint cannot be called without (from api-spec.yaml's security), if any. */
export function requiredSession(endpointName: string): 'student' | 'teacher' | undefined {
  return requiredSessions[endpointName];
}

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

function normaliseChapter(chapter: RawChapter): Chapter {
  return { ...chapter, video: mediaUrl(chapter.video), captions: mediaUrl(chapter.captions) };
}

function normaliseAssignment(assignment: RawAssignment): Assignment {
  const { student } = assignment;
  return {
    ...assignment,
    student: typeof student === 'number' ? { id: student } : (student ?? null),
    teacher: normaliseTeacherRef(assignment.teacher),
    student_status: toBool(assignment.student_status),
  };
}

function normaliseBools<T extends { bool: BoolLike; rated?: BoolLike }>(answer: T): Normalised<T> {
  const { rated, ...rest } = answer;
  return {
    ...rest,
    bool: toBool(answer.bool),
    ...(rated === undefined ? {} : { rated: toBool(rated) }),
  } as Normalised<T>;
}

const normaliseCourses = (courses: RawCourse[]) => courses.map(normaliseCourse);

/** Whether `text` contains `part`, ignoring case; true when the text is unknown (not sent). */
const containsOrUnknown = (text: string | undefined, part: string) => text === undefined || text.toLowerCase().includes(part.toLowerCase());

/**
 * The course list's filters applied to the answer, as the local provider applies them (spec of
 * `listCourses`): providers on the original backend ignore `category`, `search`, `language` and
 * `teacher`, so /category/spanish would list every course. A no-op when the provider filtered:
 * a course whose field was not sent is kept (the provider may have matched on it), and `result`
 * cuts the list only when the provider sent more.
 */
export function filterCourses(courses: Course[], { category, teacher, search, language, result }: ListCoursesApiArg = {}): Course[] {
  const searched = search?.trim() ?? '';
  const spoken = language?.trim() ?? '';
  const kept = courses.filter(
    (course) =>
      (category === undefined || course.category === null || course.category.id === category) &&
      (teacher === undefined || course.teacher === null || course.teacher.id === teacher) &&
      (searched === '' ||
        course.title.toLowerCase().includes(searched.toLowerCase()) ||
        containsOrUnknown(course.description, searched)) &&
      (spoken === '' || containsOrUnknown(course.languages, spoken)),
  );
  return result === undefined ? kept : kept.slice(0, result);
}

/** One page of a list (`limit` and `offset`, extensions) and how many rows match in all. */
export interface Paged<Row> {
  items: Row[];
  total: number;
}

/** How many rows match in all, as a provider that pages says in X-Total-Count (extension); null when it does not. */
export function totalCount(meta: { response?: Response } | undefined): number | null {
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header === null || header === undefined || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : null;
}

/**
 * A list answer as one page. A provider that pages sends the page and the total (X-Total-Count);
 * one that ignores `limit` and `offset` (the original backend) sends every row, or more rows than
 * asked for, and the page is cut here, as filterCourses applies the filters such a provider ignores.
 */
export function pageOf<Row>(rows: Row[], total: number | null, { limit, offset = 0 }: { limit?: number; offset?: number } = {}): Paged<Row> {
  const providerPaged = total !== null && (limit === undefined || rows.length <= limit);
  if (providerPaged) return { items: rows, total };
  return { items: limit === undefined ? rows.slice(offset) : rows.slice(offset, offset + limit), total: rows.length };
}

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

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Override<Name extends keyof Definitions, Result> = OverrideResultType<Definitions[Name], Result>;
type BoolAnswerEndpoint =
  | 'fetchEnrollStatus'
  | 'fetchRatingStatus'
  | 'studentLogin'
  | 'teacherLogin'
  | 'studentLogout'
  | 'teacherLogout'
  | 'verifyStudent'
  | 'verifyTeacher'
  | 'studentForgotPassword'
  | 'teacherForgotPassword'
  | 'changeStudentForgottenPassword'
  | 'changeTeacherForgottenPassword'
  | 'changeTeacherPassword'
  | 'sendMessage'
  | 'sendGroupMessage'
  | 'sendGroupMessageFromStudent'
  | 'changeStudentPassword'
  | 'startStudentEmailChange'
  | 'startTeacherEmailChange'
  | 'removeFavoriteCourse'
  | 'fetchFavoriteStatus';

type NormalisedDefinitions = Omit<
  Definitions,
  | BoolAnswerEndpoint
  | 'listCourses'
  | 'getCourse'
  | 'listTeacherCourses'
  | 'getTeacherCourseDetail'
  | 'createCourse'
  | 'updateCourse'
  | 'listTeachers'
  | 'getTeacher'
  | 'fetchMyTeachers'
  | 'fetchEnrolledCourses'
  | 'listCourseChapters'
  | 'getChapter'
  | 'createChapter'
  | 'updateChapter'
  | 'listMyAssignments'
  | 'listStudentAssignments'
  | 'fetchFavoriteCourses'
> & { [Name in BoolAnswerEndpoint]: Override<Name, Normalised<ResultTypeFrom<Definitions[Name]>>> } & {
  listCourses: Override<'listCourses', Paged<Course>>;
  getCourse: Override<'getCourse', Course>;
  listTeacherCourses: Override<'listTeacherCourses', Course[]>;
  getTeacherCourseDetail: Override<'getTeacherCourseDetail', Course>;
  createCourse: Override<'createCourse', Course>;
  updateCourse: Override<'updateCourse', Course>;
  listTeachers: Override<'listTeachers', Paged<Teacher>>;
  getTeacher: Override<'getTeacher', Teacher>;
  fetchMyTeachers: Override<'fetchMyTeachers', MyTeacher[]>;
  fetchEnrolledCourses: Override<'fetchEnrolledCourses', EnrolledCourse[]>;
  listCourseChapters: Override<'listCourseChapters', Chapter[]>;
  getChapter: Override<'getChapter', Chapter>;
  createChapter: Override<'createChapter', Chapter>;
  updateChapter: Override<'updateChapter', Chapter>;
  listMyAssignments: Override<'listMyAssignments', Assignment[]>;
  listStudentAssignments: Override<'listStudentAssignments', Assignment[]>;
  fetchFavoriteCourses: Override<'fetchFavoriteCourses', FavoriteCourse[]>;
};

const boolAnswer = { transformResponse: normaliseBools };

/**
 * The cache policy. Each entity has a tag type; a read provides `{ type, id }` for every row it
 * shows plus `{ type, id: 'LIST' }` for the list itself, and also the tags of whatever else its
 * figures depend on (a dashboard's counts depend on enrolments and assignments). A create
 * invalidates `LIST`, an update or delete its `id` (and `LIST` when counts change), so every
 * screen showing the data refreshes without a reload and no screen refetches by hand.
 */
export const tagTypes = [
  'Course',
  'Chapter',
  'Category',
  'Teacher',
  'Student',
  'Enrolment',
  'Rating',
  'Assignment',
  'Message',
  'Favorite',
  'Progress',
] as const;
type TagType = (typeof tagTypes)[number];
type Tag = { type: TagType; id: number | string };

const list = (type: TagType): Tag => ({ type, id: 'LIST' });
const rowsOf = (type: TagType, rows: readonly { id: number }[] | undefined): Tag[] => [
  list(type),
  ...(rows ?? []).map((row) => ({ type, id: row.id })),
];
const conversation = (teacherId: number, studentId: number): Tag => ({ type: 'Message', id: `${teacherId}-${studentId}` });
const unread: Tag = { type: 'Message', id: 'UNREAD' };

/**
 * Upload endpoints (those with file fields, `uploadRules`) hand the arg's `onUploadProgress` on
 * to the base query, which reports the body's progress to it; the generated query functions
 * build the call from the form fields only. `useUpload` adds it to the arg.
 */
function forwardUploadProgress(definition: { query?: unknown }): void {
  const query = definition.query as ((arg: unknown) => string | UploadArgs) | undefined;
  if (!query) return;
  definition.query = (arg: { onUploadProgress?: UploadArgs['onUploadProgress'] }): UploadArgs => {
    const call = query(arg);
    return { ...(typeof call === 'string' ? { url: call } : call), onUploadProgress: arg.onUploadProgress };
  };
}

const uploadingApi = generatedApi.enhanceEndpoints({
  endpoints: Object.fromEntries(Object.keys(uploadRules).map((name) => [name, forwardUploadProgress])),
});

export const api = uploadingApi.enhanceEndpoints<TagType, NormalisedDefinitions>({
  addTagTypes: tagTypes,
  endpoints: {
    listCourses: {
      transformResponse: (courses: RawCourse[], meta, arg) => pageOf(filterCourses(normaliseCourses(courses), arg), totalCount(meta), arg),
      providesTags: (courses) => rowsOf('Course', courses?.items),
    },
    getCourse: { transformResponse: normaliseCourse, providesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }] },
    listTeacherCourses: { transformResponse: normaliseCourses, providesTags: (courses) => rowsOf('Course', courses) },
    getTeacherCourseDetail: {
      transformResponse: normaliseCourse,
      providesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }],
    },
    createCourse: { transformResponse: normaliseCourse, invalidatesTags: [list('Course')] },
    updateCourse: { transformResponse: normaliseCourse, invalidatesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }] },
    deleteCourse: { invalidatesTags: (_answer, _error, { id }) => [{ type: 'Course', id }, list('Course'), list('Chapter'), list('Enrolment')] },
    rateCourse: { invalidatesTags: (_rating, _error, { courseId }) => [list('Rating'), { type: 'Course', id: courseId }] },
    fetchEnrollStatus: { ...boolAnswer, providesTags: [list('Enrolment'), list('Rating')] },
    // Also on a refusal: 'already enrolled' means the shown status is stale.
    enrollCourse: {
      invalidatesTags: (_record, _error, { enrollCourseForm }) => [list('Enrolment'), { type: 'Course', id: enrollCourseForm.course }],
    },
    fetchRatingStatus: { ...boolAnswer, providesTags: [list('Rating')] },
    listCategories: { providesTags: [list('Category')] },
    listCategoryOptions: { providesTags: [list('Category')] },

    listTeachers: {
      transformResponse: (teachers: RawTeacher[], meta, arg) => pageOf(teachers.map(normaliseTeacher), totalCount(meta), arg),
      providesTags: (teachers) => rowsOf('Teacher', teachers?.items),
    },
    getTeacher: { transformResponse: normaliseTeacher, providesTags: (_teacher, _error, { id }) => [{ type: 'Teacher', id }, list('Course')] },
    updateTeacher: { invalidatesTags: (_teacher, _error, { id }) => [{ type: 'Teacher', id }] },
    startTeacherEmailChange: boolAnswer,
    confirmTeacherEmailChange: { invalidatesTags: (_teacher, _error, { id }) => [{ type: 'Teacher', id }] },
    getTeacherDashboard: { providesTags: [list('Course'), list('Chapter'), list('Enrolment')] },
    fetchEnrolledStudents: { providesTags: [list('Enrolment'), list('Student')] },
    fetchAllEnrolledStudents: { providesTags: [list('Enrolment'), list('Student')] },
    getTeacherStudent: {
      providesTags: (_answer, _error, { studentId }) => [{ type: 'Student', id: studentId }, list('Enrolment'), list('Course')],
    },

    getStudent: { providesTags: (_student, _error, { studentId }) => [{ type: 'Student', id: studentId }] },
    updateStudent: { invalidatesTags: (_student, _error, { id }) => [{ type: 'Student', id }, list('Student')] },
    changeStudentPassword: boolAnswer,
    startStudentEmailChange: boolAnswer,
    confirmStudentEmailChange: { invalidatesTags: (_student, _error, { id }) => [{ type: 'Student', id }, list('Student')] },
    listStudentProgress: { providesTags: [list('Progress'), list('Enrolment'), list('Chapter')] },
    // Saving progress while a chapter plays must not refetch the course page's progress every
    // few seconds; the course page reads it afresh each time it opens instead.
    getCourseProgress: {
      providesTags: (_progress, _error, { courseId }) => [{ type: 'Progress', id: `course-${courseId}` }],
      keepUnusedDataFor: 0,
    },
    saveChapterProgress: { invalidatesTags: [list('Progress')] },
    fetchFavoriteStatus: { ...boolAnswer, providesTags: [list('Favorite')] },
    fetchFavoriteCourses: {
      transformResponse: (rows: RawFavoriteCourse[]) => rows.map((row) => ({ ...row, course: normaliseCourse(row.course) })),
      providesTags: (rows) => [list('Favorite'), ...(rows ?? []).map((row) => ({ type: 'Course' as const, id: row.course.id }))],
    },
    addFavoriteCourse: { invalidatesTags: [list('Favorite')] },
    removeFavoriteCourse: { ...boolAnswer, invalidatesTags: [list('Favorite')] },
    getStudentDashboard: { providesTags: [list('Enrolment'), list('Assignment')] },
    fetchEnrolledCourses: {
      transformResponse: (rows: RawEnrolledCourse[]) =>
        rows.map((row) => ({
          ...row,
          course: row.course ? { ...row.course, teacher: normaliseTeacherRef(row.course.teacher) } : null,
        })),
      providesTags: [list('Enrolment'), list('Course')],
    },
    fetchMyTeachers: {
      transformResponse: normaliseMyTeachers,
      providesTags: [list('Enrolment'), list('Teacher')],
    },

    listCourseChapters: {
      transformResponse: (chapters: RawChapter[]) => chapters.map(normaliseChapter),
      providesTags: (chapters) => rowsOf('Chapter', chapters),
    },
    getChapter: { transformResponse: normaliseChapter, providesTags: (_chapter, _error, { id }) => [{ type: 'Chapter', id }] },
    createChapter: {
      transformResponse: normaliseChapter,
      invalidatesTags: (_chapter, _error, { chapterCreateForm }) => [list('Chapter'), { type: 'Course', id: chapterCreateForm.course }],
    },
    updateChapter: {
      transformResponse: normaliseChapter,
      invalidatesTags: (_chapter, _error, { id, chapterUpdateForm }) => [{ type: 'Chapter', id }, { type: 'Course', id: chapterUpdateForm.course }],
    },
    deleteChapter: { invalidatesTags: (_answer, _error, { id }) => [{ type: 'Chapter', id }, list('Chapter'), list('Course')] },

    listMyAssignments: {
      transformResponse: (rows: RawAssignment[]) => rows.map(normaliseAssignment),
      providesTags: (assignments) => rowsOf('Assignment', assignments),
    },
    listStudentAssignments: {
      transformResponse: (rows: RawAssignment[]) => rows.map(normaliseAssignment),
      providesTags: (assignments) => rowsOf('Assignment', assignments),
    },
    updateAssignment: { invalidatesTags: (_assignment, _error, { id }) => [{ type: 'Assignment', id }, list('Assignment')] },
    createAssignment: { invalidatesTags: [list('Assignment')] },

    // Messages: a conversation is `Message` `{teacherId}-{studentId}`; unread counts are
    // `Message` `UNREAD`. Sending changes the conversation (and, seen from the other side, its
    // unread count); marking read changes only the counts, so the conversation's 5-second
    // polling and its read marks never feed each other.
    getMessages: {
      transformResponse: (messages: Message[]) => messages.map((message) => ({ ...message, msg_time: toIsoTime(message.msg_time) })),
      providesTags: (_messages, _error, { teacherId, studentId }) => [conversation(teacherId, studentId), list('Message')],
    },
    sendMessage: {
      ...boolAnswer,
      invalidatesTags: (_answer, _error, { teacherId, studentId }) => [conversation(teacherId, studentId), unread],
    },
    sendGroupMessage: { ...boolAnswer, invalidatesTags: [list('Message'), unread] },
    sendGroupMessageFromStudent: { ...boolAnswer, invalidatesTags: [list('Message'), unread] },
    markMessagesRead: { invalidatesTags: [unread] },
    getStudentUnreadMessages: { providesTags: [unread] },
    getTeacherUnreadMessages: { providesTags: [unread] },

    studentLogin: boolAnswer,
    teacherLogin: boolAnswer,
    studentLogout: boolAnswer,
    teacherLogout: boolAnswer,
    verifyStudent: boolAnswer,
    verifyTeacher: boolAnswer,
    studentForgotPassword: boolAnswer,
    teacherForgotPassword: boolAnswer,
    changeStudentForgottenPassword: boolAnswer,
    changeTeacherForgottenPassword: boolAnswer,
    changeTeacherPassword: boolAnswer,
  },
});

export const {
  useListCoursesQuery,
  useGetCourseQuery,
  useFetchEnrollStatusQuery,
  useFetchRatingStatusQuery,
  useRateCourseMutation,
  useCreatePaymentSessionMutation,
  useEnrollCourseMutation,
  useListTeachersQuery,
  useGetTeacherQuery,
  useListCategoriesQuery,
  useListCategoryOptionsQuery,
  useStudentLoginMutation,
  useStudentLogoutMutation,
  useStudentForgotPasswordMutation,
  useRegisterStudentMutation,
  useVerifyStudentMutation,
  useChangeStudentForgottenPasswordMutation,
  useGetStudentDashboardQuery,
  useGetStudentQuery,
  useFetchEnrolledCoursesQuery,
  useListMyAssignmentsQuery,
  useUpdateAssignmentMutation,
  useFetchMyTeachersQuery,
  useGetMessagesQuery,
  useSendMessageMutation,
  useSendGroupMessageMutation,
  useSendGroupMessageFromStudentMutation,
  useMarkMessagesReadMutation,
  useGetStudentUnreadMessagesQuery,
  useGetTeacherUnreadMessagesQuery,
  useTeacherLoginMutation,
  useTeacherLogoutMutation,
  useTeacherForgotPasswordMutation,
  useRegisterTeacherMutation,
  useVerifyTeacherMutation,
  useChangeTeacherForgottenPasswordMutation,
  useChangeTeacherPasswordMutation,
  useGetTeacherDashboardQuery,
  useUpdateTeacherMutation,
  useListTeacherCoursesQuery,
  useDeleteCourseMutation,
  useCreateCourseMutation,
  useGetTeacherCourseDetailQuery,
  useUpdateCourseMutation,
  useCreateChapterMutation,
  useGetChapterQuery,
  useUpdateChapterMutation,
  useDeleteChapterMutation,
  useListCourseChaptersQuery,
  useFetchEnrolledStudentsQuery,
  useFetchAllEnrolledStudentsQuery,
  useGetTeacherStudentQuery,
  useCreateAssignmentMutation,
  useListStudentAssignmentsQuery,
  useUpdateStudentMutation,
  useChangeStudentPasswordMutation,
  useStartStudentEmailChangeMutation,
  useConfirmStudentEmailChangeMutation,
  useStartTeacherEmailChangeMutation,
  useConfirmTeacherEmailChangeMutation,
  useListStudentProgressQuery,
  useGetCourseProgressQuery,
  useSaveChapterProgressMutation,
  useAddFavoriteCourseMutation,
  useRemoveFavoriteCourseMutation,
  useFetchFavoriteStatusQuery,
  useFetchFavoriteCoursesQuery,
} = api;
