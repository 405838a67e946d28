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
    bookLesson: build.mutation<BookLessonApiResponse, BookLessonApiArg>({
      query: (queryArg) => ({
        url: `/lessons/`,
        method: "POST",
        body: queryArg.lessonBookingForm,
      }),
    }),
    cancelLesson: build.mutation<CancelLessonApiResponse, CancelLessonApiArg>({
      query: (queryArg) => ({
        url: `/lessons/${queryArg.lessonId}/cancel/`,
        method: "POST",
        body: queryArg.lessonCancelForm,
      }),
    }),
    moveLesson: build.mutation<MoveLessonApiResponse, MoveLessonApiArg>({
      query: (queryArg) => ({
        url: `/lessons/${queryArg.lessonId}/move/`,
        method: "POST",
        body: queryArg.lessonMoveForm,
      }),
    }),
    getLessonRoom: build.query<GetLessonRoomApiResponse, GetLessonRoomApiArg>({
      query: (queryArg) => ({ url: `/lessons/${queryArg.lessonId}/room/` }),
    }),
    sendLessonMessage: build.mutation<
      SendLessonMessageApiResponse,
      SendLessonMessageApiArg
    >({
      query: (queryArg) => ({
        url: `/lessons/${queryArg.lessonId}/room/messages/`,
        method: "POST",
        body: queryArg.lessonMessageForm,
      }),
    }),
    writeLessonNote: build.mutation<
      WriteLessonNoteApiResponse,
      WriteLessonNoteApiArg
    >({
      query: (queryArg) => ({
        url: `/lessons/${queryArg.lessonId}/note/`,
        method: "PUT",
        body: queryArg.lessonNoteForm,
      }),
    }),
    rateLesson: build.mutation<RateLessonApiResponse, RateLessonApiArg>({
      query: (queryArg) => ({
        url: `/lessons/${queryArg.lessonId}/rating/`,
        method: "PUT",
        body: queryArg.lessonRatingForm,
      }),
    }),
    getTeacherLessonReviews: build.query<
      GetTeacherLessonReviewsApiResponse,
      GetTeacherLessonReviewsApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/reviews/`,
      }),
    }),
    getStudentLessons: build.query<
      GetStudentLessonsApiResponse,
      GetStudentLessonsApiArg
    >({
      query: (queryArg) => ({
        url: `/student-lessons/${queryArg.studentId}/`,
        params: {
          when: queryArg.when,
          page: queryArg.page,
        },
      }),
    }),
    getTeacherBookings: build.query<
      GetTeacherBookingsApiResponse,
      GetTeacherBookingsApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/bookings/`,
        params: {
          when: queryArg.when,
          page: queryArg.page,
        },
      }),
    }),
    getStudentLessonCalendar: build.query<
      GetStudentLessonCalendarApiResponse,
      GetStudentLessonCalendarApiArg
    >({
      query: (queryArg) => ({
        url: `/student-lessons/${queryArg.studentId}/calendar/`,
      }),
    }),
    renewStudentLessonCalendar: build.mutation<
      RenewStudentLessonCalendarApiResponse,
      RenewStudentLessonCalendarApiArg
    >({
      query: (queryArg) => ({
        url: `/student-lessons/${queryArg.studentId}/calendar/`,
        method: "POST",
      }),
    }),
    getTeacherLessonCalendar: build.query<
      GetTeacherLessonCalendarApiResponse,
      GetTeacherLessonCalendarApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/calendar/`,
      }),
    }),
    renewTeacherLessonCalendar: build.mutation<
      RenewTeacherLessonCalendarApiResponse,
      RenewTeacherLessonCalendarApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-lessons/${queryArg.teacherId}/calendar/`,
        method: "POST",
      }),
    }),
    getLessonCalendarFeed: build.query<
      GetLessonCalendarFeedApiResponse,
      GetLessonCalendarFeedApiArg
    >({
      query: (queryArg) => ({
        url: `/lesson-calendars/${queryArg.feedToken}/`,
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
export type BookLessonApiResponse =
  /** status 201 The booked or held lesson, with its checkout when it is to be paid. */ LessonBooking;
export type BookLessonApiArg = {
  lessonBookingForm: LessonBookingForm;
};
export type CancelLessonApiResponse =
  /** status 200 The cancelled lesson. */ Lesson;
export type CancelLessonApiArg = {
  /** Id of the lesson. */
  lessonId: Id;
  lessonCancelForm: LessonCancelForm;
};
export type MoveLessonApiResponse = /** status 200 The moved lesson. */ Lesson;
export type MoveLessonApiArg = {
  /** Id of the lesson. */
  lessonId: Id;
  lessonMoveForm: LessonMoveForm;
};
export type GetLessonRoomApiResponse = /** status 200 The room. */ LessonRoom;
export type GetLessonRoomApiArg = {
  /** Id of the lesson. */
  lessonId: Id;
};
export type SendLessonMessageApiResponse =
  /** status 201 The message. */ LessonMessage;
export type SendLessonMessageApiArg = {
  /** Id of the lesson. */
  lessonId: Id;
  lessonMessageForm: LessonMessageForm;
};
export type WriteLessonNoteApiResponse =
  /** status 200 The lesson with its note. */ Lesson;
export type WriteLessonNoteApiArg = {
  /** Id of the lesson. */
  lessonId: Id;
  lessonNoteForm: LessonNoteForm;
};
export type RateLessonApiResponse =
  /** status 200 The lesson with its rating. */ Lesson;
export type RateLessonApiArg = {
  /** Id of the lesson. */
  lessonId: Id;
  lessonRatingForm: LessonRatingForm;
};
export type GetTeacherLessonReviewsApiResponse =
  /** status 200 The teacher's lessons given and ratings. */ LessonReviews;
export type GetTeacherLessonReviewsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type GetStudentLessonsApiResponse =
  /** status 200 A page of the student's lessons. */ LessonList;
export type GetStudentLessonsApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** `upcoming` (the default) or `past`. */
  when?: "upcoming" | "past";
  /** The page, from 1 (20 lessons a page). */
  page?: number;
};
export type GetTeacherBookingsApiResponse =
  /** status 200 A page of the teacher's lessons. */ LessonList;
export type GetTeacherBookingsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** `upcoming` (the default) or `past`. */
  when?: "upcoming" | "past";
  /** The page, from 1 (20 lessons a page). */
  page?: number;
};
export type GetStudentLessonCalendarApiResponse =
  /** status 200 The feed's address. */ LessonCalendar;
export type GetStudentLessonCalendarApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type RenewStudentLessonCalendarApiResponse =
  /** status 200 The new address. */ LessonCalendar;
export type RenewStudentLessonCalendarApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type GetTeacherLessonCalendarApiResponse =
  /** status 200 The feed's address. */ LessonCalendar;
export type GetTeacherLessonCalendarApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type RenewTeacherLessonCalendarApiResponse =
  /** status 200 The new address. */ LessonCalendar;
export type RenewTeacherLessonCalendarApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type GetLessonCalendarFeedApiResponse =
  /** status 200 The calendar. */ string;
export type GetLessonCalendarFeedApiArg = {
  /** The feed's secret token (from `LessonCalendar.url`). */
  feedToken: string;
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
export type Lesson = {
  id: Id;
  teacher_id: Id;
  teacher_name: string;
  student_id: Id;
  student_name: string;
  /** The lesson type booked; null once the teacher has removed it. */
  lesson_type_id: Id | null;
  title: string;
  minutes: 25 | 50;
  free_trial: boolean;
  /** The price in dollars paid or to pay (`0.00` for a free trial). */
  price: string;
  languages: string[];
  starts_at: string;
  ends_at: string;
  /** `awaiting_payment`: held for the student until `pay_until`; `booked`: confirmed; `cancelled`. */
  status: "awaiting_payment" | "booked" | "cancelled";
  /** Until when an unpaid lesson is held (null once booked or cancelled). */
  pay_until: string | null;
  /** Until when the student may cancel with a full refund or move the lesson (the start less the teacher's cancellation window). */
  cancellable_until: string;
  cancelled_by: ("student" | "teacher") | null;
  /** The teacher's reason for cancelling (null otherwise). */
  cancel_reason: string | null;
  /** For a cancelled lesson that was paid or a free trial: `full` or `none`; null otherwise. */
  refund: ("full" | "none") | null;
  /** The teacher's note on the lesson (`writeLessonNote`); null until written. Absent on a provider without notes. */
  note?: string | null;
  /** The assignment the teacher set as homework; null for none. */
  homework_assignment_id?: Id | null;
  /** The student's rating, 1 to 5 (`rateLesson`); null until rated. */
  rating?: number | null;
  rating_comment?: string | null;
};
export type PaymentSession = {
  /** Id of the checkout session at the card payment provider. */
  session_id: string;
  /** The hosted checkout page to redirect the browser to (absent on some providers; then the session id is used with the provider's client library). */
  url?: string;
};
export type LessonBooking = {
  lesson: Lesson;
  checkout: PaymentSession | null;
};
export type LessonBookingForm = {
  student_id: string;
  lesson_type_id: string;
  /** The start, one of the free times (ISO 8601 with a zone or `Z`). */
  starts_at: string;
};
export type LessonCancelForm = {
  /** Required of the teacher (1 to 500 characters); ignored from the student. */
  reason?: string;
};
export type LessonMoveForm = {
  /** The new start, one of the free times (ISO 8601 with a zone or `Z`). */
  starts_at: string;
};
export type LessonMessage = {
  id: Id;
  lesson_id: Id;
  author: "student" | "teacher";
  text: string;
  sent_at: string;
};
export type LessonRoom = {
  lesson_id: Id;
  title: string;
  starts_at: string;
  ends_at: string;
  /** When 'Join' may be used (10 minutes before the start). */
  opens_at: string;
  /** When the room closes (10 minutes after the end). */
  closes_at: string;
  /** The caller's side of the lesson. */
  role: "student" | "teacher";
  /** The other person's name. */
  other_name: string;
  /** For `RTCPeerConnection`'s `iceServers`, as they are. */
  ice_servers: {
    urls: string[];
    username?: string;
    credential?: string;
  }[];
  /** The signalling WebSocket's path on the provider's origin. */
  signal_path: string;
  /** The chat so far, oldest first. */
  messages: LessonMessage[];
};
export type LessonMessageForm = {
  text: string;
};
export type LessonNoteForm = {
  /** What was covered (1 to 2,000 characters). */
  note: string;
  /** One of the teacher's assignments for the student; empty or left out for none. */
  homework_assignment_id?: string;
};
export type LessonRatingForm = {
  rating: "1" | "2" | "3" | "4" | "5";
  comment?: string;
};
export type LessonReviews = {
  lessons_given: number;
  rating_average: number | null;
  rating_count: number;
  /** The 10 latest ratings, the latest first. */
  reviews: {
    rating: number;
    comment: string | null;
    /** The student's first name. */
    student_name: string;
    rated_at: string;
  }[];
};
export type LessonList = {
  /** How many lessons there are in all for this `when`. */
  count: number;
  lessons: Lesson[];
};
export type LessonCalendar = {
  /** The feed's absolute address (`…/lesson-calendars/{feed_token}/`), to give to a calendar app. */
  url: string;
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
  useBookLessonMutation,
  useCancelLessonMutation,
  useMoveLessonMutation,
  useGetLessonRoomQuery,
  useLazyGetLessonRoomQuery,
  useSendLessonMessageMutation,
  useWriteLessonNoteMutation,
  useRateLessonMutation,
  useGetTeacherLessonReviewsQuery,
  useLazyGetTeacherLessonReviewsQuery,
  useGetStudentLessonsQuery,
  useLazyGetStudentLessonsQuery,
  useGetTeacherBookingsQuery,
  useLazyGetTeacherBookingsQuery,
  useGetStudentLessonCalendarQuery,
  useLazyGetStudentLessonCalendarQuery,
  useRenewStudentLessonCalendarMutation,
  useGetTeacherLessonCalendarQuery,
  useLazyGetTeacherLessonCalendarQuery,
  useRenewTeacherLessonCalendarMutation,
  useGetLessonCalendarFeedQuery,
  useLazyGetLessonCalendarFeedQuery,
} = injectedRtkApi;
