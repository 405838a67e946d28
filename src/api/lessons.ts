/**
 * One-to-one lessons' endpoints (extensions, issue 40: a teacher's lesson types, weekly hours in
 * their time zone, days off, booking rules, the free times computed from them, and the lessons
 * booked: each side's lists, cancelling, moving, the calendar feeds' addresses): generated
 * into `lessonsGenerated.ts`, whose import injects them into the API with their cache policy.
 * Only the screens about lessons use these hooks, and `index.ts` re-exports them, so this module
 * comes with those screens' chunks, never in the first download (decision 0010).
 */
import { lessonsPolicy, tagTypes } from './cachePolicy';
import { lessonsGeneratedApi } from './lessonsGenerated';

export const lessonsApi = lessonsGeneratedApi.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: lessonsPolicy });

export const {
  useGetTeacherLessonsQuery,
  useUpdateTeacherLessonsMutation,
  useCreateLessonTypeMutation,
  useUpdateLessonTypeMutation,
  useDeleteLessonTypeMutation,
  useGetTeacherFreeTimesQuery,
  useBookLessonMutation,
  useCancelLessonMutation,
  useMoveLessonMutation,
  useGetStudentLessonsQuery,
  useGetTeacherBookingsQuery,
  useLazyGetStudentLessonCalendarQuery,
  useRenewStudentLessonCalendarMutation,
  useLazyGetTeacherLessonCalendarQuery,
  useRenewTeacherLessonCalendarMutation,
} = lessonsApi;
