/**
 * The cache policy. Each entity has a tag type; a read provides `{ type, id }` for every row it
 * shows plus `{ type, id: 'LIST' }` for the list itself, and also the tags of whatever else its
 * figures depend on (a dashboard's counts depend on enrolments and assignments). A create
 * invalidates `LIST`, an update or delete its `id` (and `LIST` when counts change), so every
 * screen showing the data refreshes without a reload and no screen refetches by hand.
 */
import type { DefinitionsFromApi, UpdateDefinitions } from '@reduxjs/toolkit/query/react';
import type { NormalisedAuthoringDefinitions, NormalisedDefinitions } from './answers';
import type { authoringGeneratedApi } from './authoringGenerated';
import type { generatedApi } from './generated';
import type { practiceGeneratedApi } from './practiceGenerated';

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
  // The admin area (extensions): the admin's session and the teachers waiting for approval.
  'Admin',
  'PendingTeacher',
  'Notification',
  // Practice (extensions): a chapter's exercises (and the course's counts, the teacher's figures), the review deck.
  'Exercise',
  'Review',
  // One-to-one lessons (extensions, issue 40): a teacher's lesson types, hours and the free times from
  // them, each side's lessons booked, the calendar feeds' addresses (lessons.ts says by which ids).
  'Lessons',
] as const;
export type TagType = (typeof tagTypes)[number];
export type Tag = { type: TagType; id: number | string };

export const list = (type: TagType): Tag => ({ type, id: 'LIST' });
export const rowsOf = (type: TagType, rows: readonly { id: number }[] | undefined): Tag[] => [
  list(type),
  ...(rows ?? []).map((row) => ({ type, id: row.id })),
];
const conversation = (teacherId: number, studentId: number): Tag => ({ type: 'Message', id: `${teacherId}-${studentId}` });
const unread: Tag = { type: 'Message', id: 'UNREAD' };

/** The endpoint definitions as the API serves them: normalised answers, these tag types. */
type ApiDefinitions = UpdateDefinitions<DefinitionsFromApi<typeof generatedApi>, TagType, NormalisedDefinitions>;
/** What an endpoint provides or invalidates (and how long its unused data stays), by endpoint. */
type CachePolicy = { [Name in keyof ApiDefinitions]?: Partial<ApiDefinitions[Name]> };

export const cachePolicy: CachePolicy = {
  listCourses: { providesTags: (courses) => rowsOf('Course', courses?.items) },
  getCourse: { providesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }] },
  listTeacherCourses: { providesTags: (courses) => rowsOf('Course', courses) },
  rateCourse: { invalidatesTags: (_rating, _error, { courseId }) => [list('Rating'), { type: 'Course', id: courseId }] },
  fetchEnrollStatus: { providesTags: [list('Enrolment'), list('Rating')] },
  // Also on a refusal: 'already enrolled' means the shown status is stale. The course's chapter
  // list now comes with its videos.
  enrollCourse: {
    invalidatesTags: (_record, _error, { enrollCourseForm }) => [list('Enrolment'), list('Chapter'), { type: 'Course', id: enrollCourseForm.course }],
  },
  // A refusal ('already enrolled': paid in another tab) means the shown status is stale.
  createPaymentSession: {
    invalidatesTags: (_session, error, { paymentSessionForm }) =>
      error === undefined ? [] : [list('Enrolment'), list('Chapter'), { type: 'Course', id: paymentSessionForm.course_id }],
  },
  fetchRatingStatus: { providesTags: [list('Rating')] },
  listCourseReviews: { providesTags: (_reviews, _error, { courseId }) => [list('Rating'), { type: 'Course', id: courseId }] },
  listCategories: { providesTags: [list('Category')] },
  listCategoryOptions: { providesTags: [list('Category')] },
  // The home page's figures follow the catalogue, its teachers and enrolments.
  getCatalogueCounts: { providesTags: [list('Course'), list('Teacher'), list('Enrolment')] },

  listTeachers: { providesTags: (teachers) => rowsOf('Teacher', teachers?.items) },
  getTeacher: { providesTags: (_teacher, _error, { id }) => [{ type: 'Teacher', id }, list('Course')] },
  updateTeacher: { invalidatesTags: (_teacher, _error, { id }) => [{ type: 'Teacher', id }] },
  confirmTeacherEmailChange: { invalidatesTags: (_teacher, _error, { id }) => [{ type: 'Teacher', id }] },
  getTeacherDashboard: { providesTags: [list('Course'), list('Chapter'), list('Enrolment')] },
  fetchEnrolledStudents: { providesTags: [list('Enrolment'), list('Student')] },
  fetchAllEnrolledStudents: { providesTags: [list('Enrolment'), list('Student')] },
  getTeacherStudent: {
    providesTags: (_answer, _error, { studentId }) => [{ type: 'Student', id: studentId }, list('Enrolment'), list('Course'), list('Chapter')],
  },
  listTeacherStudentsProgress: { providesTags: [list('Enrolment'), list('Student'), list('Chapter')] },
  getTeacherAttention: { providesTags: [list('Enrolment'), list('Student'), list('Chapter')] },
  // What the teacher's courses sold (extension): paid enrolments of their courses.
  getTeacherSales: { providesTags: [list('Enrolment'), list('Course')] },

  getStudent: { providesTags: (_student, _error, { studentId }) => [{ type: 'Student', id: studentId }] },
  updateStudent: { invalidatesTags: (_student, _error, { id }) => [{ type: 'Student', id }, list('Student')] },
  confirmStudentEmailChange: { invalidatesTags: (_student, _error, { id }) => [{ type: 'Student', id }, list('Student')] },
  listStudentProgress: { providesTags: [list('Progress'), list('Enrolment'), list('Chapter')] },
  // Saving progress while a chapter plays must not refetch the course page's progress every
  // few seconds; the course page reads it afresh each time it opens instead.
  getCourseProgress: {
    providesTags: (_progress, _error, { courseId }) => [{ type: 'Progress', id: `course-${courseId}` }],
    keepUnusedDataFor: 0,
  },
  saveChapterProgress: { invalidatesTags: [list('Progress')] },
  fetchFavoriteStatus: { providesTags: [list('Favorite')] },
  fetchFavoriteCourses: {
    providesTags: (rows) => [list('Favorite'), ...(rows ?? []).map((row) => ({ type: 'Course' as const, id: row.course.id }))],
  },
  addFavoriteCourse: { invalidatesTags: [list('Favorite')] },
  removeFavoriteCourse: { invalidatesTags: [list('Favorite')] },
  getStudentDashboard: { providesTags: [list('Enrolment'), list('Assignment')] },
  fetchEnrolledCourses: { providesTags: [list('Enrolment'), list('Course')] },
  // Recommendations follow the student's interests, their enrolments, ratings and the catalogue.
  listRecommendedCourses: {
    providesTags: (answer, _error, { studentId }) => [
      { type: 'Student', id: studentId },
      list('Enrolment'),
      list('Rating'),
      ...rowsOf('Course', answer?.courses),
    ],
  },
  fetchMyTeachers: { providesTags: [list('Enrolment'), list('Teacher')] },
  // Learning goals (extension, issue 39): the student's own, beside their record.
  getLearningGoals: { providesTags: (_goals, _error, { studentId }) => [{ type: 'Student', id: studentId }] },
  updateLearningGoals: { invalidatesTags: (_goals, _error, { studentId }) => [{ type: 'Student', id: studentId }] },

  listCourseChapters: { providesTags: (chapters) => rowsOf('Chapter', chapters) },

  listMyAssignments: { providesTags: (assignments) => rowsOf('Assignment', assignments) },
  listStudentAssignments: { providesTags: (assignments) => rowsOf('Assignment', assignments) },
  updateAssignment: { invalidatesTags: (_assignment, _error, { id }) => [{ type: 'Assignment', id }, list('Assignment')] },
  createAssignment: { invalidatesTags: [list('Assignment')] },
  getAssignment: { providesTags: (_assignment, _error, { assignmentId }) => [{ type: 'Assignment', id: assignmentId }] },
  answerAssignment: { invalidatesTags: (_assignment, _error, { assignmentId }) => [{ type: 'Assignment', id: assignmentId }, list('Assignment')] },
  giveAssignmentFeedback: { invalidatesTags: (_assignment, _error, { assignmentId }) => [{ type: 'Assignment', id: assignmentId }, list('Assignment')] },
  listTeacherAnswers: { providesTags: (answers) => rowsOf('Assignment', answers?.items) },

  // Messages: a conversation is `Message` `{teacherId}-{studentId}`; unread counts are
  // `Message` `UNREAD`. Sending changes the conversation (and, seen from the other side, its
  // unread count); marking read changes only the counts, so the conversation's 5-second
  // polling and its read marks never feed each other.
  // A page of earlier messages (`before`) is read once, into the conversation's list: nothing reads it again.
  getMessages: {
    providesTags: (_messages, _error, { teacherId, studentId, before }) => (before === undefined ? [conversation(teacherId, studentId), list('Message')] : []),
  },
  sendMessage: { invalidatesTags: (_answer, _error, { teacherId, studentId }) => [conversation(teacherId, studentId), unread] },
  sendGroupMessage: { invalidatesTags: [list('Message'), unread] },
  sendGroupMessageFromStudent: { invalidatesTags: [list('Message'), unread] },
  sendVoiceMessage: { invalidatesTags: (_answer, _error, { teacherId, studentId }) => [conversation(teacherId, studentId), unread] },
  // Reading a conversation reads its notification too.
  markMessagesRead: { invalidatesTags: [unread, list('Notification')] },
  // The inboxes show every conversation's last message and unread count.
  listStudentConversations: { providesTags: [list('Message'), unread] },
  listTeacherConversations: { providesTags: [list('Message'), unread] },
  getStudentUnreadMessages: { providesTags: [unread] },
  getTeacherUnreadMessages: { providesTags: [unread] },

  // Notifications (extension): the bell's list, its read marks, the mail settings.
  listNotifications: { providesTags: [list('Notification')] },
  markNotificationsRead: { invalidatesTags: [list('Notification')] },
  getNotificationSettings: { providesTags: (_settings, _error, { role, personId }) => [{ type: 'Notification', id: `SETTINGS-${role}-${personId}` }] },
  updateNotificationSettings: {
    invalidatesTags: (_settings, _error, { role, personId }) => [{ type: 'Notification', id: `SETTINGS-${role}-${personId}` }],
  },
};

type PracticeDefinitions = UpdateDefinitions<DefinitionsFromApi<typeof practiceGeneratedApi>, TagType, DefinitionsFromApi<typeof practiceGeneratedApi>>;

/**
 * Practice's cache policy (extension), applied by practice.ts when its endpoints are injected; here
 * with the rest, since a review answer kept offline and sent later invalidates by it.
 * A chapter's exercises are `Exercise` `chapter-{id}` plus one tag a row; the counts and figures
 * follow every exercise (`LIST`). An answer can finish a course (progress) and puts the exercise
 * in the review deck.
 */
export const practicePolicy: { [Name in keyof PracticeDefinitions]?: Partial<PracticeDefinitions[Name]> } = {
  listChapterExercises: {
    providesTags: (exercises, _error, { chapterId }) => [{ type: 'Exercise', id: `chapter-${chapterId}` }, ...rowsOf('Exercise', exercises)],
  },
  createExercise: { invalidatesTags: (_exercise, _error, { chapterId }) => [{ type: 'Exercise', id: `chapter-${chapterId}` }, list('Exercise')] },
  updateExercise: { invalidatesTags: (_exercise, _error, { exerciseId }) => [{ type: 'Exercise', id: exerciseId }, list('Exercise'), list('Review')] },
  deleteExercise: { invalidatesTags: (_answer, _error, { exerciseId }) => [{ type: 'Exercise', id: exerciseId }, list('Exercise'), list('Review'), list('Progress')] },
  reorderExercises: { invalidatesTags: (_exercises, _error, { chapterId }) => [{ type: 'Exercise', id: `chapter-${chapterId}` }] },
  getCourseExerciseCounts: { providesTags: [list('Exercise')] },
  answerExercise: { invalidatesTags: [list('Progress'), list('Review')] },
  getReviewDeck: { providesTags: [list('Review')] },
  sendReviewAnswers: { invalidatesTags: [list('Review')] },
  getChapterPracticeStats: { providesTags: (_stats, _error, { chapterId }) => [{ type: 'Exercise', id: `chapter-${chapterId}` }, list('Exercise')] },
};

type AuthoringDefinitions = UpdateDefinitions<DefinitionsFromApi<typeof authoringGeneratedApi>, TagType, NormalisedAuthoringDefinitions>;

/**
 * The teacher's course and chapter authoring's cache policy, applied by authoring.ts when its
 * endpoints are injected (none of them is kept offline).
 */
export const authoringPolicy: { [Name in keyof AuthoringDefinitions]?: Partial<AuthoringDefinitions[Name]> } = {
  getTeacherCourseDetail: { providesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }] },
  createCourse: { invalidatesTags: [list('Course')] },
  updateCourse: { invalidatesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }] },
  // Publishing changes the catalogue; the course's own page and its teacher's list show its status.
  setCourseStatus: { invalidatesTags: (_course, _error, { courseId }) => [{ type: 'Course', id: courseId }, list('Course')] },
  deleteCourse: { invalidatesTags: (_answer, _error, { id }) => [{ type: 'Course', id }, list('Course'), list('Chapter'), list('Enrolment')] },

  getChapter: { providesTags: (_chapter, _error, { id }) => [{ type: 'Chapter', id }] },
  createChapter: {
    invalidatesTags: (_chapter, _error, { chapterCreateForm }) => [list('Chapter'), { type: 'Course', id: chapterCreateForm.course }],
  },
  updateChapter: {
    invalidatesTags: (_chapter, _error, { id, chapterUpdateForm }) => [{ type: 'Chapter', id }, { type: 'Course', id: chapterUpdateForm.course }],
  },
  deleteChapter: { invalidatesTags: (_answer, _error, { id }) => [{ type: 'Chapter', id }, list('Chapter'), list('Course')] },
  // Caption tracks (extension, issue 39): the chapter's answers list them.
  putChapterCaptionTrack: { invalidatesTags: (_chapter, _error, { chapterId }) => [{ type: 'Chapter', id: chapterId }] },
  deleteChapterCaptionTrack: { invalidatesTags: (_answer, _error, { chapterId }) => [{ type: 'Chapter', id: chapterId }] },
  // Issue 39: every list of the course's chapters (the course page, the player, progress) follows a new order.
  reorderChapters: { invalidatesTags: (_chapters, error, { courseId }) => (error ? [] : [list('Chapter'), { type: 'Course', id: courseId }]) },
};
