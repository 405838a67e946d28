import { baseApi as api } from "./baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCourse: build.mutation<CreateCourseApiResponse, CreateCourseApiArg>({
      query: (queryArg) => ({
        url: `/course/`,
        method: "POST",
        body: queryArg.courseCreateForm,
      }),
    }),
    deleteCourse: build.mutation<DeleteCourseApiResponse, DeleteCourseApiArg>({
      query: (queryArg) => ({
        url: `/course/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    setCourseStatus: build.mutation<
      SetCourseStatusApiResponse,
      SetCourseStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/course-status/${queryArg.courseId}/`,
        method: "POST",
        body: queryArg.courseStatusForm,
      }),
    }),
    getTeacherCourseDetail: build.query<
      GetTeacherCourseDetailApiResponse,
      GetTeacherCourseDetailApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-course-detail/${queryArg.courseId}/`,
      }),
    }),
    updateCourse: build.mutation<UpdateCourseApiResponse, UpdateCourseApiArg>({
      query: (queryArg) => ({
        url: `/teacher-course-detail/${queryArg.courseId}/`,
        method: "PUT",
        body: queryArg.courseUpdateForm,
      }),
    }),
    createChapter: build.mutation<
      CreateChapterApiResponse,
      CreateChapterApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter/`,
        method: "POST",
        body: queryArg.chapterCreateForm,
      }),
    }),
    getChapter: build.query<GetChapterApiResponse, GetChapterApiArg>({
      query: (queryArg) => ({ url: `/chapter/${queryArg.id}/` }),
    }),
    updateChapter: build.mutation<
      UpdateChapterApiResponse,
      UpdateChapterApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.chapterUpdateForm,
      }),
    }),
    deleteChapter: build.mutation<
      DeleteChapterApiResponse,
      DeleteChapterApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    putChapterCaptionTrack: build.mutation<
      PutChapterCaptionTrackApiResponse,
      PutChapterCaptionTrackApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-captions/${queryArg.chapterId}/${queryArg.lang}/`,
        method: "PUT",
        body: queryArg.captionTrackForm,
      }),
    }),
    deleteChapterCaptionTrack: build.mutation<
      DeleteChapterCaptionTrackApiResponse,
      DeleteChapterCaptionTrackApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-captions/${queryArg.chapterId}/${queryArg.lang}/`,
        method: "DELETE",
      }),
    }),
    getUploadOptions: build.query<
      GetUploadOptionsApiResponse,
      GetUploadOptionsApiArg
    >({
      query: () => ({ url: `/uploads/` }),
    }),
    reorderChapters: build.mutation<
      ReorderChaptersApiResponse,
      ReorderChaptersApiArg
    >({
      query: (queryArg) => ({
        url: `/course-chapters/${queryArg.courseId}/order/`,
        method: "PUT",
        body: queryArg.chapterOrderForm,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as authoringGeneratedApi };
export type CreateCourseApiResponse =
  /** status 201 The created course. */ Course;
export type CreateCourseApiArg = {
  courseCreateForm: CourseCreateForm;
};
export type DeleteCourseApiResponse = unknown;
export type DeleteCourseApiArg = {
  /** Id of the course. */
  id: Id;
};
export type SetCourseStatusApiResponse = /** status 200 The course. */ Course;
export type SetCourseStatusApiArg = {
  /** Id of the course. */
  courseId: Id;
  courseStatusForm: CourseStatusForm;
};
export type GetTeacherCourseDetailApiResponse =
  /** status 200 The course. */ Course;
export type GetTeacherCourseDetailApiArg = {
  /** Id of the course. */
  courseId: Id;
};
export type UpdateCourseApiResponse =
  /** status 200 The updated course. */ Course;
export type UpdateCourseApiArg = {
  /** Id of the course. */
  courseId: Id;
  courseUpdateForm: CourseUpdateForm;
};
export type CreateChapterApiResponse =
  /** status 201 The created chapter. */ Chapter;
export type CreateChapterApiArg = {
  chapterCreateForm: ChapterCreateForm;
};
export type GetChapterApiResponse = /** status 200 The chapter. */ Chapter;
export type GetChapterApiArg = {
  /** Id of the chapter. */
  id: Id;
};
export type UpdateChapterApiResponse =
  /** status 200 The updated chapter. */ Chapter;
export type UpdateChapterApiArg = {
  /** Id of the chapter. */
  id: Id;
  chapterUpdateForm: ChapterUpdateForm;
};
export type DeleteChapterApiResponse = unknown;
export type DeleteChapterApiArg = {
  /** Id of the chapter. */
  id: Id;
};
export type PutChapterCaptionTrackApiResponse =
  /** status 200 The chapter, its tracks included. */ Chapter;
export type PutChapterCaptionTrackApiArg = {
  /** Id of the chapter. */
  chapterId: Id;
  /** Extension: the language of a caption track, a BCP 47 tag (`yo`, `fr`, `pt-BR`). */
  lang: string;
  captionTrackForm: CaptionTrackForm;
};
export type DeleteChapterCaptionTrackApiResponse = unknown;
export type DeleteChapterCaptionTrackApiArg = {
  /** Id of the chapter. */
  chapterId: Id;
  /** Extension: the language of a caption track, a BCP 47 tag (`yo`, `fr`, `pt-BR`). */
  lang: string;
};
export type GetUploadOptionsApiResponse =
  /** status 200 The endpoint's limits. */ UploadOptions;
export type GetUploadOptionsApiArg = void;
export type ReorderChaptersApiResponse =
  /** status 200 The chapters in their new order. */ Chapter[];
export type ReorderChaptersApiArg = {
  /** Id of the course. */
  courseId: Id;
  chapterOrderForm: ChapterOrderForm;
};
export type Category = {
  id: number;
  title: string;
};
export type MediaUrl = string;
export type NullableMediaUrl = MediaUrl | null;
export type TeacherRef = {
  id: number;
  full_name?: string;
  profile_img?: NullableMediaUrl;
  profile_image?: NullableMediaUrl;
};
export type Price = number | string | null;
export type CourseChapterSummary = {
  id: number;
  title?: string;
  video?: NullableMediaUrl;
  /** Extension: a free preview: its `video` is sent to every caller (absent on providers without previews). */
  is_preview?: boolean;
};
export type CourseLevel = "A1" | "A2" | "B1" | "B2" | "C1" | "C2" | "all";
export type Course = {
  id: number;
  title: string;
  description?: string;
  /** The category, as an object or as a bare id depending on the provider. */
  category?: Category | number;
  /** The teacher, as an object or as a bare id (the original backend's `teacher_courses`). */
  teacher?: TeacherRef | number;
  /** Free text, e.g. "Spanish, English". */
  languages?: string;
  price?: Price;
  featured_img?: MediaUrl;
  featured_image?: MediaUrl;
  course_chapters?: CourseChapterSummary[];
  /** A JSON **string** (not an array) holding the course's chapters as
    serialised records: `[{"pk": <chapter id>, "fields": {"title": "...", ...}}, ...]`.
    Parse it with `JSON.parse`.
     */
  related_videos?: string;
  /** Average rating (1 to 5), or null when nobody has rated the course. */
  course_rating?: number | null;
  total_enrolled_students?: number;
  /** Extension: `draft` courses are seen only by their teacher (and by students already enrolled, after an unpublish): they are left out of every public list and `getCourse` answers 404 to others. Absent on providers without drafts, where every course is published. */
  status?: "draft" | "published";
  /** Extension: the level the course is for, or null when its teacher has not set one (absent on providers without levels). */
  level?: CourseLevel | null;
  /** Extension: the course's 'What you will learn' lines, in order, at most six (absent on providers without them). */
  outcomes?: string[];
};
export type BoolLike = boolean | ("True" | "False");
export type MsgError = {
  /** Human-readable message, shown to the user as is. */
  msg: string;
  /** Sent as false by operations whose success answer carries `bool`. */
  bool?: BoolLike;
};
export type DetailError = {
  /** Human-readable message, shown to the user as is. */
  detail: string;
};
export type FieldErrors = {
  [key: string]: string[];
};
export type Error = MsgError | DetailError | FieldErrors;
export type RateLimited = {
  /** Human-readable message, shown to the user as is. */
  msg: string;
  /** Seconds to wait before trying again. */
  retry_after: number;
  /** `false`, on operations whose success answer carries `bool`. */
  bool?: boolean;
};
export type Id = number;
export type ImageFile = Blob;
export type CourseCreateForm = {
  /** Id of the category. */
  category: Id;
  /** Id of the teacher (the caller). */
  teacher: Id;
  title: string;
  description?: string;
  languages?: string;
  /** Price in dollars; omitted, empty or 0 means free. */
  price?: number;
  /** The course image. */
  featured_img: ImageFile;
  /** Extension: `draft` creates the course unpublished (the app always sends it); without it the course is published at once, as on providers without drafts. */
  status?: "draft" | "published";
  /** Extension: the course's level (a CEFR level or `all`); empty for none. Omitted: none. */
  level?: "" | "A1" | "A2" | "B1" | "B2" | "C1" | "C2" | "all";
  /** Extension: the 'What you will learn' lines as a JSON array of at most six strings of at most 120 characters each, e.g. ["Greet people","Count to 100"]; `[]` for none. Omitted: none. */
  outcomes?: string;
};
export type CourseStatusForm = {
  status: "draft" | "published";
};
export type CourseUpdateForm = {
  /** Id of the category. */
  category: Id;
  /** Id of the teacher (must stay the caller). */
  teacher: Id;
  title: string;
  description?: string;
  languages?: string;
  /** Extension: a new price in dollars; omit to keep the current one. */
  price?: number;
  /** New course image; omit to keep the current one. */
  featured_img?: ImageFile;
  /** Extension: the course's level (a CEFR level or `all`); empty for none. Omit to keep the current one. */
  level?: "" | "A1" | "A2" | "B1" | "B2" | "C1" | "C2" | "all";
  /** Extension: the 'What you will learn' lines as a JSON array of at most six strings of at most 120 characters each, e.g. ["Greet people","Count to 100"]; `[]` for none. Omit to keep the current ones. */
  outcomes?: string;
};
export type CaptionTrack = {
  /** The track's language, a BCP 47 tag. */
  lang: string;
  /** The language's name in English (`Yoruba`). */
  label: string;
  url: MediaUrl;
};
export type Chapter = {
  id: number;
  /** Id of the course. */
  course: number;
  title: string;
  description?: string;
  video?: NullableMediaUrl;
  /** Extension: the English WebVTT captions of the video, or null when the chapter has none or the caller may not see the video (absent on providers without captions). */
  captions?: NullableMediaUrl;
  /** Extension: the chapter's WebVTT tracks, one per language (the English one is `captions`); empty when it has none or the caller may not see the video (absent on providers without them). */
  caption_tracks?: CaptionTrack[];
  remarks?: string;
  /** Extension: the length of the chapter's video in seconds, read by the provider when the video is uploaded; null when there is no video or the length is unknown (absent on providers without it). Sent to every caller, so a visitor sees how long each chapter is. */
  duration?: number | null;
  /** Extension: a free preview: when its course is published, its `video` and `captions` are sent to every caller and the files are served without enrolment (absent on providers without previews). */
  is_preview?: boolean;
  /** Extension: the chapter's place in its course's order (lists come sorted by it, ties by id); present where the teacher may reorder the chapters with `reorderChapters`. */
  position?: number;
};
export type VideoFile = Blob;
export type CaptionsFile = Blob;
export type ChapterCreateForm = {
  /** Id of the course. */
  course: Id;
  title: string;
  description?: string;
  /** The chapter video. */
  video?: VideoFile;
  /** Extension: the id of a finished resumable upload (getUploadOptions) to use as the video, instead of the file `video`; used once, by the teacher who sent it. Unknown, unfinished, expired or used: 400 `{msg}`. */
  video_upload?: string;
  /** Extension: optional English captions of the video (WebVTT). */
  captions?: CaptionsFile;
  remarks?: string;
  /** Extension: true makes the chapter a free preview that anyone may watch once the course is published (sent as `true`/`false`). Omitted: not a preview. */
  is_preview?: boolean;
};
export type ChapterUpdateForm = {
  /** Id of the course. */
  course: Id;
  title: string;
  description?: string;
  remarks?: string;
  /** New video; omit to keep the current one. */
  video?: VideoFile;
  /** Extension: the id of a finished resumable upload (getUploadOptions) to use as the video, instead of the file `video`; used once, by the teacher who sent it. Unknown, unfinished, expired or used: 400 `{msg}`. */
  video_upload?: string;
  /** Extension: new English captions (WebVTT); omit to keep the current ones. */
  captions?: CaptionsFile;
  /** Extension: true makes the chapter a free preview that anyone may watch once the course is published (sent as `true`/`false`). Omit to keep the current choice. */
  is_preview?: boolean;
};
export type CaptionTrackForm = {
  /** The WebVTT captions in the path's language. */
  captions: CaptionsFile;
};
export type UploadOptions = {
  protocol: "tus";
  /** The tus protocol version, `1.0.0`. */
  version: string;
  /** The largest video in bytes (2 GB unless the provider is set otherwise). */
  max_bytes: number;
  /** How long an upload may stay unfinished or unused. */
  expires_after_seconds: number;
  /** The video types `filetype` may declare. */
  types: string[];
};
export type ChapterOrderForm = {
  /** Every chapter of the course, comma-separated, in the new order. */
  chapter_ids: string;
};
export const {
  useCreateCourseMutation,
  useDeleteCourseMutation,
  useSetCourseStatusMutation,
  useGetTeacherCourseDetailQuery,
  useLazyGetTeacherCourseDetailQuery,
  useUpdateCourseMutation,
  useCreateChapterMutation,
  useGetChapterQuery,
  useLazyGetChapterQuery,
  useUpdateChapterMutation,
  useDeleteChapterMutation,
  usePutChapterCaptionTrackMutation,
  useDeleteChapterCaptionTrackMutation,
  useGetUploadOptionsQuery,
  useLazyGetUploadOptionsQuery,
  useReorderChaptersMutation,
} = injectedRtkApi;
