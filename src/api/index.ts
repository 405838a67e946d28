/**
 * The API layer's only public surface: the generated endpoints composed with
 * - uploads.ts: upload endpoints pass the body's progress on to the base query;
 * - answers.ts: each endpoint's answer normalised (normalise.ts, listing.ts), so screens see one shape;
 * - cachePolicy.ts: the tags each endpoint provides or invalidates (the admin area's, practice's and the teacher's authoring endpoints: admin.ts, practice.ts and authoring.ts, loaded with their screens), and outboxEndpoints.ts: endpoints a
 *   student may use offline pass their argument on (kept with a call made offline) and invalidate
 *   nothing until it is sent;
 * and their hooks, the entity types and the error helpers (errors.ts) re-exported.
 */
import { answerTransforms, type NormalisedDefinitions } from './answers';
import { cachePolicy, tagTypes } from './cachePolicy';
import { readConversationByParts } from './conversationParts';
import { generatedApi } from './generated';
import { requiredSessionOf } from './operationTables';
import { uploadOperations } from './operations';
import { withOutboxPolicy } from './outboxEndpoints';
import { uploadEndpointsOf } from './uploads';

export { apiStateRestored } from './baseApi';
/** The admin area's endpoints: injected when its chunk loads, never in the first download (admin.ts). */
export {
  adminApi,
  useAdminLoginMutation,
  useVerifyAdminMutation,
  useAdminLogoutMutation,
  useGetAdminSessionQuery,
  useListPendingTeachersQuery,
  useApprovePendingTeacherMutation,
  useDeclinePendingTeacherMutation,
  useAddCategoryMutation,
  useRenameCategoryMutation,
} from './admin';
export type { PendingTeacher } from './adminGenerated';
export { CONVERSATION_PAGE, type ConversationMessages } from './conversationParts';
export * from './errors';
export { isUnauthorised } from './answeredStatus';
export { downloadName } from './downloadName';
export { checkTypedAnswer, comparableAnswer, letters, tidyAnswer, type AnswerResult, type AnswerVerdict } from './answerCheck';
/** Practice's endpoints: injected with the screens that use them, never in the first download (practice.ts). */
export {
  practiceApi,
  useListChapterExercisesQuery,
  useCreateExerciseMutation,
  useUpdateExerciseMutation,
  useDeleteExerciseMutation,
  useReorderExercisesMutation,
  useAnswerExerciseMutation,
  useGetCourseExerciseCountsQuery,
  useGetReviewDeckQuery,
  useSendReviewAnswersMutation,
  useGetChapterPracticeStatsQuery,
} from './practice';
export type { Exercise, ExerciseCounts, ExerciseForm, ExerciseKind, ExerciseResult, PracticeStats, ReviewCard, ReviewDeck } from './practiceGenerated';
/**
 * One-to-one lessons' endpoints: injected with the screens about lessons, never in the first
 * download (lessons.ts). Booking's hooks are reached as `lessonsApi.useBookLessonMutation` and the
 * like: one more named export here lengthens every mangled export name of the API layer in the
 * first download (webpack keeps a module's export names short while it has fewer than about 170).
 */
export {
  lessonsApi,
  useGetTeacherLessonsQuery,
  useUpdateTeacherLessonsMutation,
  useCreateLessonTypeMutation,
  useUpdateLessonTypeMutation,
  useDeleteLessonTypeMutation,
  useGetTeacherFreeTimesQuery,
} from './lessons';
export type { FreeTimes, Lesson, LessonBooking, LessonCalendar, LessonList, LessonMessage, LessonReviews, LessonRoom, LessonType, LessonTypeForm, TeacherLessons, TeacherLessonsForm, WeeklyHoursRange } from './lessonsGenerated';
/** The teacher's course and chapter authoring endpoints: injected with those screens, never in the first download (authoring.ts). */
export {
  authoringApi,
  useCreateCourseMutation,
  useGetTeacherCourseDetailQuery,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useSetCourseStatusMutation,
  useCreateChapterMutation,
  useGetChapterQuery,
  useUpdateChapterMutation,
  useDeleteChapterMutation,
  useReorderChaptersMutation,
  usePutChapterCaptionTrackMutation,
  useDeleteChapterCaptionTrackMutation,
  useGetUploadOptionsQuery,
} from './authoring';
export type { ChapterCreateForm, ChapterUpdateForm, CourseCreateForm, CourseStatusForm, CourseUpdateForm, UploadOptions } from './authoringGenerated';
export { isQueuedOffline, xsrfCookie } from './baseQuery';
export { registerOfflineSupport, type LogoutSide, type OfflineCall, type OfflineSupport, type OutboxSide } from './offlineSupport';
export { refreshSentChanges, type SentChange } from './outboxEndpoints';
export { courseSorts, filterCourses, loadSearchRule, isCourseSort, pageOf, totalCount, type CourseSort, type Paged } from './listing';
export { mediaUrl, normaliseCourse, normaliseMyTeachers, normaliseTeacher, toBool, toIsoTime, toPrice } from './normalise';
/** The entity types screens see (Course, Teacher, Chapter, Assignment …). */
export type * from './normalise';
export { tagTypes } from './cachePolicy';
export { uploadRules, type FileRule } from './uploadRules';
export { lengthLimit, maxLengths } from './maxLengths';
export type { UploadProgress } from './uploadQuery';
export type { CourseLevel } from './generated';
export type { LearnerLevel, LearningGoals } from './generated';
export { courseLevelNames, courseLevels, isCourseLevel, mostOutcomes, outcomeLength } from './courseLevels';
export { isUploadCancelled, useUpload, type Upload } from './useUpload';

export type {
  Certificate,
  CourseReview,
  CourseReviews,
  ChapterProgress,
  CourseProgress,
  PasswordChangeForm,
  StudentProfileForm,
  AssignmentForm,
  AssignmentStatusForm,
  Category,
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
  AttentionEntry,
  StudentProgressSummary,
  TeacherAttention,
  TeacherSales,
  AnswerForm,
  AssignmentAnswer,
  AssignmentFeedback,
  Conversation,
  FeedbackForm,
  VoiceMessageForm,
  MailKind,
  Notification,
  NotificationList,
  NotificationSettings,
  CaptionTrack,
} from './generated';

/** The session an endpoint cannot be called without (from api-spec.yaml's security), if any. */
export function requiredSession(endpointName: string): 'student' | 'teacher' | undefined {
  return requiredSessionOf(endpointName);
}

/**
 * The endpoints: generated, then given their upload plumbing and conversations read by parts,
 * their normalised answers and their cache policy (with the outbox plumbing).
 */
export const api = generatedApi
  .enhanceEndpoints({ endpoints: { ...uploadEndpointsOf(uploadOperations), getMessages: readConversationByParts } })
  .enhanceEndpoints<never, NormalisedDefinitions>({ endpoints: answerTransforms })
  .enhanceEndpoints({ addTagTypes: tagTypes, endpoints: withOutboxPolicy(cachePolicy) });

export const {
  useListCoursesQuery,
  useLazyListCoursesQuery,
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
  useResendStudentCodeMutation,
  useChangeStudentForgottenPasswordMutation,
  useGetStudentDashboardQuery,
  useGetStudentQuery,
  useFetchEnrolledCoursesQuery,
  useListMyAssignmentsQuery,
  useUpdateAssignmentMutation,
  useFetchMyTeachersQuery,
  useGetMessagesQuery,
  useLazyGetMessagesQuery,
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
  useResendTeacherCodeMutation,
  useChangeTeacherForgottenPasswordMutation,
  useChangeTeacherPasswordMutation,
  useGetTeacherDashboardQuery,
  useUpdateTeacherMutation,
  useListTeacherCoursesQuery,
  useListCourseChaptersQuery,
  useFetchEnrolledStudentsQuery,
  useFetchAllEnrolledStudentsQuery,
  useGetTeacherStudentQuery,
  useListTeacherStudentsProgressQuery,
  useGetTeacherAttentionQuery,
  useGetTeacherSalesQuery,
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
  useVerifyCertificateQuery,
  useListCourseReviewsQuery,
  useAddFavoriteCourseMutation,
  useRemoveFavoriteCourseMutation,
  useFetchFavoriteStatusQuery,
  useFetchFavoriteCoursesQuery,
  useGetCatalogueCountsQuery,
  useSubscribeNewsletterMutation,
  useSendContactMessageMutation,
  useGetAssignmentQuery,
  useAnswerAssignmentMutation,
  useGiveAssignmentFeedbackMutation,
  useListTeacherAnswersQuery,
  useListStudentConversationsQuery,
  useListTeacherConversationsQuery,
  useSendVoiceMessageMutation,
  useListRecommendedCoursesQuery,
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useGetLearningGoalsQuery,
  useUpdateLearningGoalsMutation,
} = api;
