/**
 * One-to-one lessons' endpoints (extensions, issue 40: a teacher's lesson types, weekly hours in
 * their time zone, days off, booking rules, the free times computed from them, and the lessons
 * booked: each side's lists, cancelling, moving, the calendar feeds' addresses): generated
 * into `lessonsGenerated.ts`, whose import injects them into the API with their cache policy.
 * Only the screens about lessons use these hooks, and `index.ts` re-exports them, so this module
 * comes with those screens' chunks, never in the first download (decision 0010).
 */
import type { DefinitionsFromApi, UpdateDefinitions } from '@reduxjs/toolkit/query/react';
import { type Tag, type TagType, tagTypes } from './cachePolicy';
import { lessonsGeneratedApi } from './lessonsGenerated';
import { lessonsOperations } from './lessonsOperations';
import { addOperations } from './operationTables';

addOperations(lessonsOperations);

type LessonsDefinitions = UpdateDefinitions<DefinitionsFromApi<typeof lessonsGeneratedApi>, TagType, DefinitionsFromApi<typeof lessonsGeneratedApi>>;
const lessonsOf = (teacherId: number): Tag => ({ type: 'Lessons', id: teacherId });
const studentBookings = (studentId: number): Tag => ({ type: 'Lessons', id: `student-${studentId}` });
const teacherBookings = (teacherId: number): Tag => ({ type: 'Lessons', id: `teacher-${teacherId}` });
const studentCalendar = (studentId: number): Tag => ({ type: 'Lessons', id: `calendar-student-${studentId}` });
const teacherCalendar = (teacherId: number): Tag => ({ type: 'Lessons', id: `calendar-teacher-${teacherId}` });
const reviewsOf = (teacherId: number): Tag => ({ type: 'Lessons', id: `reviews-${teacherId}` });
/** What a booking, cancel or move changes: that teacher's free times and both people's lists. */
const bookingChanged = (lesson: { teacher_id: number; student_id: number }): Tag[] => [
  lessonsOf(lesson.teacher_id),
  studentBookings(lesson.student_id),
  teacherBookings(lesson.teacher_id),
];

/**
 * One-to-one lessons' cache policy (extension, issue 40), applied here when the endpoints are
 * injected (so it stays out of the first download, as they do). One tag type, `Lessons`: a
 * teacher's lessons and free times are `{teacherId}`, which every change of their hours, rules or
 * lesson types invalidates, and every booking, cancel or move too (a time taken or let go), with
 * both people's lists (`student-{id}`, `teacher-{id}`). A refusal ('This time is no longer free')
 * says what was shown is stale: then every lessons read is read again, since the refusal names no
 * teacher. A calendar feed's address is `calendar-student-{id}` or `calendar-teacher-{id}`, which
 * its renewal invalidates. A lesson's note or rating changes both lists; a rating, the teacher's
 * figures (`reviews-{teacherId}`).
 */
const lessonsPolicy: { [Name in keyof LessonsDefinitions]?: Partial<LessonsDefinitions[Name]> } = {
  getTeacherLessons: { providesTags: (_lessons, _error, { teacherId }) => [lessonsOf(teacherId)] },
  getTeacherFreeTimes: { providesTags: (_times, _error, { teacherId }) => [lessonsOf(teacherId)] },
  updateTeacherLessons: { invalidatesTags: (_lessons, _error, { teacherId }) => [lessonsOf(teacherId)] },
  createLessonType: { invalidatesTags: (_type, _error, { teacherId }) => [lessonsOf(teacherId)] },
  updateLessonType: { invalidatesTags: (_type, _error, { teacherId }) => [lessonsOf(teacherId)] },
  deleteLessonType: { invalidatesTags: (_answer, _error, { teacherId }) => [lessonsOf(teacherId)] },

  bookLesson: { invalidatesTags: (booking) => (booking ? bookingChanged(booking.lesson) : ['Lessons']) },
  cancelLesson: { invalidatesTags: (lesson) => (lesson ? bookingChanged(lesson) : ['Lessons']) },
  moveLesson: { invalidatesTags: (lesson) => (lesson ? bookingChanged(lesson) : ['Lessons']) },
  getStudentLessons: { providesTags: (_list, _error, { studentId }) => [studentBookings(studentId)] },
  getTeacherBookings: { providesTags: (_list, _error, { teacherId }) => [teacherBookings(teacherId)] },
  getStudentLessonCalendar: { providesTags: (_calendar, _error, { studentId }) => [studentCalendar(studentId)] },
  renewStudentLessonCalendar: { invalidatesTags: (_calendar, _error, { studentId }) => [studentCalendar(studentId)] },
  getTeacherLessonCalendar: { providesTags: (_calendar, _error, { teacherId }) => [teacherCalendar(teacherId)] },
  renewTeacherLessonCalendar: { invalidatesTags: (_calendar, _error, { teacherId }) => [teacherCalendar(teacherId)] },
  writeLessonNote: { invalidatesTags: (lesson) => (lesson ? bookingChanged(lesson) : []) },
  rateLesson: { invalidatesTags: (lesson) => (lesson ? [...bookingChanged(lesson), reviewsOf(lesson.teacher_id)] : []) },
  getTeacherLessonReviews: { providesTags: (_reviews, _error, { teacherId }) => [reviewsOf(teacherId)] },
};

export const lessonsApi = lessonsGeneratedApi.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: lessonsPolicy });

export const {
  useGetTeacherLessonsQuery,
  useUpdateTeacherLessonsMutation,
  useCreateLessonTypeMutation,
  useUpdateLessonTypeMutation,
  useDeleteLessonTypeMutation,
  useGetTeacherFreeTimesQuery,
} = lessonsApi;
