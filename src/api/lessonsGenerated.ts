import { baseApi as api } from "./baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeacherLessons: build.query<
      GetTeacherLessonsApiResponse,
      GetTeacherLessonsApiArg
    >({
      query: (queryArg) => ({ url: `/teacher-lessons/${queryArg.teacherId}/` }),
    }),
    updateTeacherLessons: build.mutation<
      UpdateTeacherLessonsApiResponse,
      UpdateTeacherLessonsApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/`,
        method: "PUT",
        body: queryArg.teacherLessonsForm,
      }),
    }),
    createLessonType: build.mutation<
      CreateLessonTypeApiResponse,
      CreateLessonTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/types/`,
        method: "POST",
        body: queryArg.lessonTypeForm,
      }),
    }),
    updateLessonType: build.mutation<
      UpdateLessonTypeApiResponse,
      UpdateLessonTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/types/${queryArg.lessonTypeId}/`,
        method: "PUT",
        body: queryArg.lessonTypeForm,
      }),
    }),
    deleteLessonType: build.mutation<
      DeleteLessonTypeApiResponse,
      DeleteLessonTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/types/${queryArg.lessonTypeId}/`,
        method: "DELETE",
      }),
    }),
    getTeacherFreeTimes: build.query<
      GetTeacherFreeTimesApiResponse,
      GetTeacherFreeTimesApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/free-times/`,
        params: {
          from: queryArg["from"],
          days: queryArg.days,
          minutes: queryArg.minutes,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as lessonsGeneratedApi };
export type GetTeacherLessonsApiResponse =
  /** status 200 The teacher's lessons and hours. */ TeacherLessons;
export type GetTeacherLessonsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type UpdateTeacherLessonsApiResponse =
  /** status 200 The saved lessons and hours. */ TeacherLessons;
export type UpdateTeacherLessonsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  teacherLessonsForm: TeacherLessonsForm;
};
export type CreateLessonTypeApiResponse =
  /** status 201 The new lesson type. */ LessonType;
export type CreateLessonTypeApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  lessonTypeForm: LessonTypeForm;
};
export type UpdateLessonTypeApiResponse =
  /** status 200 The changed lesson type. */ LessonType;
export type UpdateLessonTypeApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the lesson type. */
  lessonTypeId: Id;
  lessonTypeForm: LessonTypeForm;
};
export type DeleteLessonTypeApiResponse = unknown;
export type DeleteLessonTypeApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the lesson type. */
  lessonTypeId: Id;
};
export type GetTeacherFreeTimesApiResponse =
  /** status 200 The free times, earliest first. */ FreeTimes;
export type GetTeacherFreeTimesApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** The instant to start from (ISO 8601 with a zone or `Z`); now when left out. At most a year ahead. */
  from?: string;
  /** How many days from `from` (1 to 28; 14 when left out). */
  days?: number;
  /** The lesson's length, 25 or 50 (25 when left out). */
  minutes?: 25 | 50;
};
export type Id = number;
export type WeeklyHoursRange = {
  /** 1 = Monday … 7 = Sunday (ISO 8601). */
  weekday: number;
  /** The local time the hours start (`HH:MM`). */
  start: string;
  /** The local time they end (`HH:MM`, `24:00` for midnight), after `start`. */
  end: string;
};
export type LessonType = {
  id: Id;
  teacher_id: Id;
  title: string;
  minutes: 25 | 50;
  /** A free trial lesson (price `0.00`). */
  free_trial: boolean;
  /** The price in dollars, two decimals (`0.00` for a free trial). */
  price: string;
  /** The languages taught in it. */
  languages: string[];
};
export type TeacherLessons = {
  teacher_id: Id;
  /** The teacher's time zone (an IANA name); null until the teacher sets one. */
  time_zone: string | null;
  /** How many hours ahead a lesson must be booked. */
  min_notice_hours: number;
  /** Until how many hours before its start a lesson may be cancelled or moved under the refund policy (24 unless the teacher sets another). */
  cancellation_hours: number;
  /** The weekly hours in the teacher's zone, by weekday and start. */
  weekly_hours: WeeklyHoursRange[];
  /** Dates (in the teacher's zone) without lessons, earliest first. */
  days_off: string[];
  /** The lesson types, in the order they were added. */
  lesson_types: LessonType[];
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
export type TeacherLessonsForm = {
  /** An IANA time zone name (`Europe/London`). */
  time_zone: string;
  /** Hours, 0 to 168. */
  min_notice_hours: string;
  /** Hours, 0 to 168. */
  cancellation_hours: string;
  /** A JSON array of `{weekday, start, end}` (see `WeeklyHoursRange`); `[]` for none. */
  weekly_hours: string;
  /** A JSON array of dates (`YYYY-MM-DD`); `[]` for none. */
  days_off: string;
};
export type LessonTypeForm = {
  title: string;
  minutes: "25" | "50";
  free_trial: "true" | "false";
  /** Dollars (`20` or `20.00`), 0.01 to 1000.00; left out or empty for a free trial. */
  price?: string;
  /** A JSON array of 1 to 7 language names, e.g. `["Yoruba"]`. */
  languages: string;
};
export type FreeTimes = {
  /** The teacher's zone, in which the hours are kept; null until set. */
  time_zone: string | null;
  minutes: 25 | 50;
  times: {
    start: string;
    end: string;
  }[];
};
export const {
  useGetTeacherLessonsQuery,
  useLazyGetTeacherLessonsQuery,
  useUpdateTeacherLessonsMutation,
  useCreateLessonTypeMutation,
  useUpdateLessonTypeMutation,
  useDeleteLessonTypeMutation,
  useGetTeacherFreeTimesQuery,
  useLazyGetTeacherFreeTimesQuery,
} = injectedRtkApi;
