import { baseApi as api } from "./baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCourses: build.query<ListCoursesApiResponse, ListCoursesApiArg>({
      query: (queryArg) => ({
        url: `/course/`,
        params: {
          result: queryArg.result,
          category: queryArg.category,
          search: queryArg.search,
          language: queryArg.language,
          teacher: queryArg.teacher,
          free: queryArg.free,
          level: queryArg.level,
          sort: queryArg.sort,
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    getCourse: build.query<GetCourseApiResponse, GetCourseApiArg>({
      query: (queryArg) => ({ url: `/course/${queryArg.courseId}` }),
    }),
    fetchEnrollStatus: build.query<
      FetchEnrollStatusApiResponse,
      FetchEnrollStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-enroll-status/${queryArg.studentId}/${queryArg.courseId}`,
      }),
    }),
    fetchRatingStatus: build.query<
      FetchRatingStatusApiResponse,
      FetchRatingStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-rating-status/${queryArg.studentId}/${queryArg.courseId}`,
      }),
    }),
    rateCourse: build.mutation<RateCourseApiResponse, RateCourseApiArg>({
      query: (queryArg) => ({
        url: `/course-rating/${queryArg.courseId}`,
        method: "POST",
        body: queryArg.ratingForm,
      }),
    }),
    listCourseReviews: build.query<
      ListCourseReviewsApiResponse,
      ListCourseReviewsApiArg
    >({
      query: (queryArg) => ({
        url: `/course-reviews/${queryArg.courseId}`,
        params: {
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    listTeacherCourses: build.query<
      ListTeacherCoursesApiResponse,
      ListTeacherCoursesApiArg
    >({
      query: (queryArg) => ({ url: `/teacher-courses/${queryArg.teacherId}` }),
    }),
    createPaymentSession: build.mutation<
      CreatePaymentSessionApiResponse,
      CreatePaymentSessionApiArg
    >({
      query: (queryArg) => ({
        url: `/create-payment-session/`,
        method: "POST",
        body: queryArg.paymentSessionForm,
      }),
    }),
    stripeWebhook: build.mutation<
      StripeWebhookApiResponse,
      StripeWebhookApiArg
    >({
      query: (queryArg) => ({
        url: `/stripe-webhook/`,
        method: "POST",
        body: queryArg.stripeEvent,
      }),
    }),
    getTeacherSales: build.query<
      GetTeacherSalesApiResponse,
      GetTeacherSalesApiArg
    >({
      query: (queryArg) => ({ url: `/teacher-sales/${queryArg.teacherId}/` }),
    }),
    enrollCourse: build.mutation<EnrollCourseApiResponse, EnrollCourseApiArg>({
      query: (queryArg) => ({
        url: `/student-enroll-course/`,
        method: "POST",
        body: queryArg.enrollCourseForm,
      }),
    }),
    listCategoryOptions: build.query<
      ListCategoryOptionsApiResponse,
      ListCategoryOptionsApiArg
    >({
      query: () => ({ url: `/category` }),
    }),
    listCategories: build.query<
      ListCategoriesApiResponse,
      ListCategoriesApiArg
    >({
      query: () => ({ url: `/category/` }),
    }),
    studentLogin: build.mutation<StudentLoginApiResponse, StudentLoginApiArg>({
      query: (queryArg) => ({
        url: `/student-login`,
        method: "POST",
        body: queryArg.loginForm,
      }),
    }),
    studentLogout: build.mutation<
      StudentLogoutApiResponse,
      StudentLogoutApiArg
    >({
      query: () => ({ url: `/student-logout/`, method: "POST" }),
    }),
    studentForgotPassword: build.mutation<
      StudentForgotPasswordApiResponse,
      StudentForgotPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/student-forgot-password/`,
        method: "POST",
        body: queryArg.emailForm,
      }),
    }),
    registerStudent: build.mutation<
      RegisterStudentApiResponse,
      RegisterStudentApiArg
    >({
      query: (queryArg) => ({
        url: `/student/`,
        method: "POST",
        body: queryArg.studentRegistrationForm,
      }),
    }),
    verifyStudent: build.mutation<
      VerifyStudentApiResponse,
      VerifyStudentApiArg
    >({
      query: (queryArg) => ({
        url: `/verify-student/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.otpForm,
      }),
    }),
    resendStudentCode: build.mutation<
      ResendStudentCodeApiResponse,
      ResendStudentCodeApiArg
    >({
      query: (queryArg) => ({
        url: `/student-resend-code/${queryArg.studentId}/`,
        method: "POST",
      }),
    }),
    changeStudentForgottenPassword: build.mutation<
      ChangeStudentForgottenPasswordApiResponse,
      ChangeStudentForgottenPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/student-change-password/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.passwordResetForm,
      }),
    }),
    getStudentDashboard: build.query<
      GetStudentDashboardApiResponse,
      GetStudentDashboardApiArg
    >({
      query: (queryArg) => ({
        url: `/student/dashboard/${queryArg.studentId}`,
      }),
    }),
    getStudent: build.query<GetStudentApiResponse, GetStudentApiArg>({
      query: (queryArg) => ({ url: `/student/${queryArg.studentId}` }),
    }),
    fetchEnrolledCourses: build.query<
      FetchEnrolledCoursesApiResponse,
      FetchEnrolledCoursesApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-enrolled-courses/${queryArg.studentId}`,
      }),
    }),
    fetchMyTeachers: build.query<
      FetchMyTeachersApiResponse,
      FetchMyTeachersApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-my-teachers/${queryArg.studentId}`,
      }),
    }),
    updateStudent: build.mutation<
      UpdateStudentApiResponse,
      UpdateStudentApiArg
    >({
      query: (queryArg) => ({
        url: `/student/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.studentProfileForm,
      }),
    }),
    startStudentEmailChange: build.mutation<
      StartStudentEmailChangeApiResponse,
      StartStudentEmailChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/student/${queryArg.id}/email-change/`,
        method: "POST",
        body: queryArg.emailChangeForm,
      }),
    }),
    confirmStudentEmailChange: build.mutation<
      ConfirmStudentEmailChangeApiResponse,
      ConfirmStudentEmailChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/student/${queryArg.id}/email-change/confirm/`,
        method: "POST",
        body: queryArg.otpForm,
      }),
    }),
    changeStudentPassword: build.mutation<
      ChangeStudentPasswordApiResponse,
      ChangeStudentPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/student/change-password/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.passwordChangeForm,
      }),
    }),
    listRecommendedCourses: build.query<
      ListRecommendedCoursesApiResponse,
      ListRecommendedCoursesApiArg
    >({
      query: (queryArg) => ({
        url: `/student/${queryArg.studentId}/recommended-courses/`,
        params: {
          limit: queryArg.limit,
        },
      }),
    }),
    getLearningGoals: build.query<
      GetLearningGoalsApiResponse,
      GetLearningGoalsApiArg
    >({
      query: (queryArg) => ({
        url: `/student/${queryArg.studentId}/learning-goals/`,
      }),
    }),
    updateLearningGoals: build.mutation<
      UpdateLearningGoalsApiResponse,
      UpdateLearningGoalsApiArg
    >({
      query: (queryArg) => ({
        url: `/student/${queryArg.studentId}/learning-goals/`,
        method: "PUT",
        body: queryArg.learningGoalsForm,
      }),
    }),
    listStudentProgress: build.query<
      ListStudentProgressApiResponse,
      ListStudentProgressApiArg
    >({
      query: (queryArg) => ({ url: `/student-progress/${queryArg.studentId}` }),
    }),
    getCourseProgress: build.query<
      GetCourseProgressApiResponse,
      GetCourseProgressApiArg
    >({
      query: (queryArg) => ({
        url: `/course-progress/${queryArg.studentId}/${queryArg.courseId}`,
      }),
    }),
    saveChapterProgress: build.mutation<
      SaveChapterProgressApiResponse,
      SaveChapterProgressApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-progress/${queryArg.studentId}/${queryArg.chapterId}/`,
        method: "PUT",
        body: queryArg.chapterProgressForm,
      }),
    }),
    addFavoriteCourse: build.mutation<
      AddFavoriteCourseApiResponse,
      AddFavoriteCourseApiArg
    >({
      query: (queryArg) => ({
        url: `/student-add-favorite-course/`,
        method: "POST",
        body: queryArg.favoriteCourseForm,
      }),
    }),
    removeFavoriteCourse: build.mutation<
      RemoveFavoriteCourseApiResponse,
      RemoveFavoriteCourseApiArg
    >({
      query: (queryArg) => ({
        url: `/student-remove-favorite-course/${queryArg.courseId}/${queryArg.studentId}`,
        method: "DELETE",
      }),
    }),
    fetchFavoriteStatus: build.query<
      FetchFavoriteStatusApiResponse,
      FetchFavoriteStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-favorite-status/${queryArg.studentId}/${queryArg.courseId}`,
      }),
    }),
    fetchFavoriteCourses: build.query<
      FetchFavoriteCoursesApiResponse,
      FetchFavoriteCoursesApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-favorite-courses/${queryArg.studentId}`,
      }),
    }),
    listMyAssignments: build.query<
      ListMyAssignmentsApiResponse,
      ListMyAssignmentsApiArg
    >({
      query: (queryArg) => ({ url: `/my-assignments/${queryArg.studentId}` }),
    }),
    updateAssignment: build.mutation<
      UpdateAssignmentApiResponse,
      UpdateAssignmentApiArg
    >({
      query: (queryArg) => ({
        url: `/update-assignment/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.assignmentStatusForm,
      }),
    }),
    listStudentAssignments: build.query<
      ListStudentAssignmentsApiResponse,
      ListStudentAssignmentsApiArg
    >({
      query: (queryArg) => ({
        url: `/student-assignment/${queryArg.teacherId}/${queryArg.studentId}/`,
      }),
    }),
    createAssignment: build.mutation<
      CreateAssignmentApiResponse,
      CreateAssignmentApiArg
    >({
      query: (queryArg) => ({
        url: `/student-assignment/${queryArg.teacherId}/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.assignmentForm,
      }),
    }),
    getAssignment: build.query<GetAssignmentApiResponse, GetAssignmentApiArg>({
      query: (queryArg) => ({ url: `/assignment/${queryArg.assignmentId}` }),
    }),
    answerAssignment: build.mutation<
      AnswerAssignmentApiResponse,
      AnswerAssignmentApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-answer/${queryArg.assignmentId}/`,
        method: "POST",
        body: queryArg.answerForm,
      }),
    }),
    giveAssignmentFeedback: build.mutation<
      GiveAssignmentFeedbackApiResponse,
      GiveAssignmentFeedbackApiArg
    >({
      query: (queryArg) => ({
        url: `/assignment-feedback/${queryArg.assignmentId}/`,
        method: "POST",
        body: queryArg.feedbackForm,
      }),
    }),
    listTeacherAnswers: build.query<
      ListTeacherAnswersApiResponse,
      ListTeacherAnswersApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-answers/${queryArg.teacherId}`,
        params: {
          status: queryArg.status,
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    getMessages: build.query<GetMessagesApiResponse, GetMessagesApiArg>({
      query: (queryArg) => ({
        url: `/get-messages/${queryArg.teacherId}/${queryArg.studentId}`,
        params: {
          after: queryArg.after,
          before: queryArg.before,
          limit: queryArg.limit,
        },
      }),
    }),
    sendMessage: build.mutation<SendMessageApiResponse, SendMessageApiArg>({
      query: (queryArg) => ({
        url: `/send-message/${queryArg.teacherId}/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.messageForm,
      }),
    }),
    sendGroupMessage: build.mutation<
      SendGroupMessageApiResponse,
      SendGroupMessageApiArg
    >({
      query: (queryArg) => ({
        url: `/send-group-message/${queryArg.teacherId}/`,
        method: "POST",
        body: queryArg.messageForm,
      }),
    }),
    sendGroupMessageFromStudent: build.mutation<
      SendGroupMessageFromStudentApiResponse,
      SendGroupMessageFromStudentApiArg
    >({
      query: (queryArg) => ({
        url: `/send-group-message-from-student/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.messageForm,
      }),
    }),
    markMessagesRead: build.mutation<
      MarkMessagesReadApiResponse,
      MarkMessagesReadApiArg
    >({
      query: (queryArg) => ({
        url: `/mark-messages-read/${queryArg.teacherId}/${queryArg.studentId}/`,
        method: "POST",
        body: queryArg.messagesReadForm,
      }),
    }),
    getStudentUnreadMessages: build.query<
      GetStudentUnreadMessagesApiResponse,
      GetStudentUnreadMessagesApiArg
    >({
      query: (queryArg) => ({
        url: `/unread-messages/student/${queryArg.studentId}`,
      }),
    }),
    getTeacherUnreadMessages: build.query<
      GetTeacherUnreadMessagesApiResponse,
      GetTeacherUnreadMessagesApiArg
    >({
      query: (queryArg) => ({
        url: `/unread-messages/teacher/${queryArg.teacherId}`,
      }),
    }),
    listNotifications: build.query<
      ListNotificationsApiResponse,
      ListNotificationsApiArg
    >({
      query: (queryArg) => ({
        url: `/notifications/${queryArg.role}/${queryArg.personId}/`,
        params: {
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    markNotificationsRead: build.mutation<
      MarkNotificationsReadApiResponse,
      MarkNotificationsReadApiArg
    >({
      query: (queryArg) => ({
        url: `/notifications/${queryArg.role}/${queryArg.personId}/read/`,
        method: "POST",
        body: queryArg.notificationsReadForm,
      }),
    }),
    getNotificationSettings: build.query<
      GetNotificationSettingsApiResponse,
      GetNotificationSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/notification-settings/${queryArg.role}/${queryArg.personId}/`,
      }),
    }),
    updateNotificationSettings: build.mutation<
      UpdateNotificationSettingsApiResponse,
      UpdateNotificationSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/notification-settings/${queryArg.role}/${queryArg.personId}/`,
        method: "PUT",
        body: queryArg.notificationSettingsForm,
      }),
    }),
    listStudentConversations: build.query<
      ListStudentConversationsApiResponse,
      ListStudentConversationsApiArg
    >({
      query: (queryArg) => ({
        url: `/student-conversations/${queryArg.studentId}`,
      }),
    }),
    listTeacherConversations: build.query<
      ListTeacherConversationsApiResponse,
      ListTeacherConversationsApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-conversations/${queryArg.teacherId}`,
      }),
    }),
    sendVoiceMessage: build.mutation<
      SendVoiceMessageApiResponse,
      SendVoiceMessageApiArg
    >({
      query: (queryArg) => ({
        url: `/send-voice-message/${queryArg.teacherId}/${queryArg.studentId}`,
        method: "POST",
        body: queryArg.voiceMessageForm,
      }),
    }),
    listTeachers: build.query<ListTeachersApiResponse, ListTeachersApiArg>({
      query: (queryArg) => ({
        url: `/teacher/`,
        params: {
          search: queryArg.search,
          language: queryArg.language,
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    registerTeacher: build.mutation<
      RegisterTeacherApiResponse,
      RegisterTeacherApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher/`,
        method: "POST",
        body: queryArg.teacherRegistrationForm,
      }),
    }),
    teacherLogin: build.mutation<TeacherLoginApiResponse, TeacherLoginApiArg>({
      query: (queryArg) => ({
        url: `/teacher-login`,
        method: "POST",
        body: queryArg.teacherLoginForm,
      }),
    }),
    teacherLogout: build.mutation<
      TeacherLogoutApiResponse,
      TeacherLogoutApiArg
    >({
      query: () => ({ url: `/teacher-logout/`, method: "POST" }),
    }),
    teacherForgotPassword: build.mutation<
      TeacherForgotPasswordApiResponse,
      TeacherForgotPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-forgot-password/`,
        method: "POST",
        body: queryArg.emailForm,
      }),
    }),
    verifyTeacher: build.mutation<
      VerifyTeacherApiResponse,
      VerifyTeacherApiArg
    >({
      query: (queryArg) => ({
        url: `/verify-teacher/${queryArg.teacherId}/`,
        method: "POST",
        body: queryArg.otpForm,
      }),
    }),
    resendTeacherCode: build.mutation<
      ResendTeacherCodeApiResponse,
      ResendTeacherCodeApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-resend-code/${queryArg.teacherId}/`,
        method: "POST",
      }),
    }),
    changeTeacherForgottenPassword: build.mutation<
      ChangeTeacherForgottenPasswordApiResponse,
      ChangeTeacherForgottenPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-change-password/${queryArg.teacherId}/`,
        method: "POST",
        body: queryArg.passwordResetForm,
      }),
    }),
    changeTeacherPassword: build.mutation<
      ChangeTeacherPasswordApiResponse,
      ChangeTeacherPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher/change-password/${queryArg.teacherId}/`,
        method: "POST",
        body: queryArg.passwordChangeForm,
      }),
    }),
    getTeacher: build.query<GetTeacherApiResponse, GetTeacherApiArg>({
      query: (queryArg) => ({
        url: `/teacher/${queryArg.id}`,
        params: {
          courses_limit: queryArg.coursesLimit,
          courses_offset: queryArg.coursesOffset,
        },
      }),
    }),
    updateTeacher: build.mutation<
      UpdateTeacherApiResponse,
      UpdateTeacherApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.teacherProfileForm,
      }),
    }),
    startTeacherEmailChange: build.mutation<
      StartTeacherEmailChangeApiResponse,
      StartTeacherEmailChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher/${queryArg.id}/email-change/`,
        method: "POST",
        body: queryArg.emailChangeForm,
      }),
    }),
    confirmTeacherEmailChange: build.mutation<
      ConfirmTeacherEmailChangeApiResponse,
      ConfirmTeacherEmailChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher/${queryArg.id}/email-change/confirm/`,
        method: "POST",
        body: queryArg.otpForm,
      }),
    }),
    getTeacherDashboard: build.query<
      GetTeacherDashboardApiResponse,
      GetTeacherDashboardApiArg
    >({
      query: (queryArg) => ({ url: `/teacher/dashboard/${queryArg.id}` }),
    }),
    fetchEnrolledStudents: build.query<
      FetchEnrolledStudentsApiResponse,
      FetchEnrolledStudentsApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-enrolled-students/${queryArg.courseId}`,
      }),
    }),
    fetchAllEnrolledStudents: build.query<
      FetchAllEnrolledStudentsApiResponse,
      FetchAllEnrolledStudentsApiArg
    >({
      query: (queryArg) => ({
        url: `/fetch-all-enrolled-students/${queryArg.teacherId}`,
      }),
    }),
    getTeacherStudent: build.query<
      GetTeacherStudentApiResponse,
      GetTeacherStudentApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-student/${queryArg.teacherId}/${queryArg.studentId}`,
      }),
    }),
    listTeacherStudentsProgress: build.query<
      ListTeacherStudentsProgressApiResponse,
      ListTeacherStudentsProgressApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-students-progress/${queryArg.teacherId}`,
      }),
    }),
    getTeacherAttention: build.query<
      GetTeacherAttentionApiResponse,
      GetTeacherAttentionApiArg
    >({
      query: (queryArg) => ({
        url: `/teacher-attention/${queryArg.teacherId}`,
      }),
    }),
    listCourseChapters: build.query<
      ListCourseChaptersApiResponse,
      ListCourseChaptersApiArg
    >({
      query: (queryArg) => ({ url: `/course-chapters/${queryArg.courseId}` }),
    }),
    getCatalogueCounts: build.query<
      GetCatalogueCountsApiResponse,
      GetCatalogueCountsApiArg
    >({
      query: () => ({ url: `/catalogue-counts/` }),
    }),
    verifyCertificate: build.query<
      VerifyCertificateApiResponse,
      VerifyCertificateApiArg
    >({
      query: (queryArg) => ({ url: `/certificate/${queryArg.code}` }),
    }),
    subscribeNewsletter: build.mutation<
      SubscribeNewsletterApiResponse,
      SubscribeNewsletterApiArg
    >({
      query: (queryArg) => ({
        url: `/subscribe/`,
        method: "POST",
        body: queryArg.emailForm,
      }),
    }),
    sendContactMessage: build.mutation<
      SendContactMessageApiResponse,
      SendContactMessageApiArg
    >({
      query: (queryArg) => ({
        url: `/contact/`,
        method: "POST",
        body: queryArg.contactMessageForm,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type ListCoursesApiResponse =
  /** status 200 The courses: with `limit`, one page of them (`X-Total-Count` says how many match in all). */ Course[];
export type ListCoursesApiArg = {
  /** How many courses to return at most (the home page uses 3 for the popular courses). */
  result?: number;
  /** Extension: only courses of this category id. */
  category?: Id;
  /** Extension: only courses whose title or description matches this text. Each word of it must be in the title or description, as a part of a word or more, ignoring case and accents ('cafe' finds 'Café'); a word of five letters or more may also be one typo away from a word of the text or its beginning: one letter left out, added or changed, or two neighbouring letters swapped ('spansh' finds 'Spanish'). `X-Total-Count` and the paging count the matching courses. The browser applies the same rule (src/api/forgivingSearch.ts) to a provider that ignores it. */
  search?: string;
  /** Extension: only courses whose `languages` contains this text (case-insensitive). */
  language?: string;
  /** Extension: only courses of this teacher id. */
  teacher?: Id;
  /** Extension: `true` keeps only the free courses (no price, or a price of zero); `false` keeps every course. */
  free?: boolean;
  /** Extension: only courses of this level (a CEFR level, or `all` for the courses set as for all levels). A provider without levels ignores it; the app then keeps the courses whose `level` it was not sent. */
  level?: CourseLevel;
  /** Extension: the order of the courses. `newest`: the most recently
    added first (the highest id); `price_asc` / `price_desc`: by price,
    a free course counting as 0; `rating`: the highest average rating
    (`course_rating`) first, the courses nobody rated last; `popular`:
    the most enrolled students (`total_enrolled_students`, the
    enrolments the provider counts) first. Ties keep id order. Without
    it: id order (with `result`, the most popular first). Any other
    value is refused (400). A provider that ignores it answers in its
    own order and the app sorts the answer (a provider that pages must
    apply it).
     */
  sort?: "newest" | "price_asc" | "price_desc" | "rating" | "popular";
  /** Extension: at most this many rows, after `offset` rows, in the list's order; providers that ignore it answer the whole list. */
  limit?: number;
  /** Extension: how many rows to skip before the page (with `limit`). */
  offset?: number;
};
export type GetCourseApiResponse = /** status 200 The course. */ Course;
export type GetCourseApiArg = {
  /** Id of the course. */
  courseId: Id;
};
export type FetchEnrollStatusApiResponse =
  /** status 200 The enrolment status. */ EnrollStatus;
export type FetchEnrollStatusApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** Id of the course. */
  courseId: Id;
};
export type FetchRatingStatusApiResponse =
  /** status 200 The rating status. */ RatingStatus;
export type FetchRatingStatusApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** Id of the course. */
  courseId: Id;
};
export type RateCourseApiResponse = /** status 201 The saved rating. */ Rating;
export type RateCourseApiArg = {
  /** Id of the course. */
  courseId: Id;
  ratingForm: RatingForm;
};
export type ListCourseReviewsApiResponse =
  /** status 200 The course's ratings and one page of its written reviews. */ CourseReviews;
export type ListCourseReviewsApiArg = {
  /** Id of the course. */
  courseId: Id;
  /** Extension: at most this many rows, after `offset` rows, in the list's order; providers that ignore it answer the whole list. */
  limit?: number;
  /** Extension: how many rows to skip before the page (with `limit`). */
  offset?: number;
};
export type ListTeacherCoursesApiResponse =
  /** status 200 The teacher's courses. */ Course[];
export type ListTeacherCoursesApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type CreatePaymentSessionApiResponse =
  /** status 200 The payment session. */ PaymentSession;
export type CreatePaymentSessionApiArg = {
  paymentSessionForm: PaymentSessionForm;
};
export type StripeWebhookApiResponse =
  /** status 200 The event was received (handled, or ignored). */ StripeEventReceived;
export type StripeWebhookApiArg = {
  stripeEvent: StripeEvent;
};
export type GetTeacherSalesApiResponse =
  /** status 200 The sales by course. */ TeacherSales;
export type GetTeacherSalesApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type EnrollCourseApiResponse =
  /** status 201 The enrolment record. */ CourseEnrollment;
export type EnrollCourseApiArg = {
  enrollCourseForm: EnrollCourseForm;
};
export type ListCategoryOptionsApiResponse =
  /** status 200 The categories. */ Category[];
export type ListCategoryOptionsApiArg = void;
export type ListCategoriesApiResponse =
  /** status 200 The categories. */ Category[];
export type ListCategoriesApiArg = void;
export type StudentLoginApiResponse =
  /** status 200 The login result. */ StudentLoginResult;
export type StudentLoginApiArg = {
  loginForm: LoginForm;
};
export type StudentLogoutApiResponse =
  /** status 200 The session, if there was one, has ended. */ BoolMsg;
export type StudentLogoutApiArg = void;
export type StudentForgotPasswordApiResponse =
  /** status 200 Whether the link was sent. */ BoolMsg;
export type StudentForgotPasswordApiArg = {
  emailForm: EmailForm;
};
export type RegisterStudentApiResponse =
  /** status 201 The created student. */ Student;
export type RegisterStudentApiArg = {
  studentRegistrationForm: StudentRegistrationForm;
};
export type VerifyStudentApiResponse =
  /** status 200 The result of the code check. */ StudentCodeCheck;
export type VerifyStudentApiArg = {
  /** Id of the student. */
  studentId: Id;
  otpForm: OtpForm;
};
export type ResendStudentCodeApiResponse =
  /** status 200 A new code was mailed, or the caller is told to log in again. */ BoolMsg;
export type ResendStudentCodeApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type ChangeStudentForgottenPasswordApiResponse =
  /** status 200 The result. */ BoolMsg;
export type ChangeStudentForgottenPasswordApiArg = {
  /** Id of the student. */
  studentId: Id;
  passwordResetForm: PasswordResetForm;
};
export type GetStudentDashboardApiResponse =
  /** status 200 The counts. */ StudentDashboard;
export type GetStudentDashboardApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type GetStudentApiResponse = /** status 200 The student. */ Student;
export type GetStudentApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type FetchEnrolledCoursesApiResponse =
  /** status 200 The enrolment records. */ EnrolledCourse[];
export type FetchEnrolledCoursesApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type FetchMyTeachersApiResponse =
  /** status 200 The student's teachers (or their courses with the teacher nested). */ (
    MyTeacher | MyTeacherCourse
  )[];
export type FetchMyTeachersApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type UpdateStudentApiResponse =
  /** status 200 The updated student. */ Student;
export type UpdateStudentApiArg = {
  /** Id of the student. */
  id: Id;
  studentProfileForm: StudentProfileForm;
};
export type StartStudentEmailChangeApiResponse =
  /** status 200 The code was mailed to the new address. */ BoolMsg;
export type StartStudentEmailChangeApiArg = {
  /** Id of the student. */
  id: Id;
  emailChangeForm: EmailChangeForm;
};
export type ConfirmStudentEmailChangeApiResponse =
  /** status 200 The updated student. */ Student;
export type ConfirmStudentEmailChangeApiArg = {
  /** Id of the student. */
  id: Id;
  otpForm: OtpForm;
};
export type ChangeStudentPasswordApiResponse =
  /** status 200 The password was changed. */ BoolMsg;
export type ChangeStudentPasswordApiArg = {
  /** Id of the student. */
  studentId: Id;
  passwordChangeForm: PasswordChangeForm;
};
export type ListRecommendedCoursesApiResponse =
  /** status 200 The recommended courses and why they were chosen. */ RecommendedCourses;
export type ListRecommendedCoursesApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** At most this many courses of the interests (the popular fallback shows at most 6). */
  limit?: number;
};
export type GetLearningGoalsApiResponse =
  /** status 200 The student's learning goals. */ LearningGoals;
export type GetLearningGoalsApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type UpdateLearningGoalsApiResponse =
  /** status 200 The saved learning goals. */ LearningGoals;
export type UpdateLearningGoalsApiArg = {
  /** Id of the student. */
  studentId: Id;
  learningGoalsForm: LearningGoalsForm;
};
export type ListStudentProgressApiResponse =
  /** status 200 The progress in each enrolled course. */ CourseProgress[];
export type ListStudentProgressApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type GetCourseProgressApiResponse =
  /** status 200 The student's progress in the course's chapters. */ ChapterProgress[];
export type GetCourseProgressApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** Id of the course. */
  courseId: Id;
};
export type SaveChapterProgressApiResponse =
  /** status 200 The saved progress. */ ChapterProgress;
export type SaveChapterProgressApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** Id of the chapter. */
  chapterId: Id;
  chapterProgressForm: ChapterProgressForm;
};
export type AddFavoriteCourseApiResponse =
  | /** status 200 The course was already a favourite; the existing record. */ FavoriteCourseRecord
  | /** status 201 The new favourite. */ FavoriteCourseRecord;
export type AddFavoriteCourseApiArg = {
  favoriteCourseForm: FavoriteCourseForm;
};
export type RemoveFavoriteCourseApiResponse =
  /** status 200 The course is no longer a favourite. */ BoolMsg;
export type RemoveFavoriteCourseApiArg = {
  /** Id of the course. */
  courseId: Id;
  /** Id of the student. */
  studentId: Id;
};
export type FetchFavoriteStatusApiResponse =
  /** status 200 The favourite status. */ FavoriteStatus;
export type FetchFavoriteStatusApiArg = {
  /** Id of the student. */
  studentId: Id;
  /** Id of the course. */
  courseId: Id;
};
export type FetchFavoriteCoursesApiResponse =
  /** status 200 The favourite courses. */ FavoriteCourse[];
export type FetchFavoriteCoursesApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type ListMyAssignmentsApiResponse =
  /** status 200 The assignments. */ Assignment[];
export type ListMyAssignmentsApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type UpdateAssignmentApiResponse =
  /** status 200 The updated assignment. */ Assignment;
export type UpdateAssignmentApiArg = {
  /** Id of the assignment. */
  id: Id;
  assignmentStatusForm: AssignmentStatusForm;
};
export type ListStudentAssignmentsApiResponse =
  /** status 200 The assignments. */ Assignment[];
export type ListStudentAssignmentsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
};
export type CreateAssignmentApiResponse =
  /** status 201 The created assignment. */ Assignment;
export type CreateAssignmentApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
  assignmentForm: AssignmentForm;
};
export type GetAssignmentApiResponse =
  /** status 200 The assignment. */ Assignment;
export type GetAssignmentApiArg = {
  /** Id of the assignment. */
  assignmentId: Id;
};
export type AnswerAssignmentApiResponse =
  /** status 200 The assignment with its answer. */ Assignment;
export type AnswerAssignmentApiArg = {
  /** Id of the assignment. */
  assignmentId: Id;
  answerForm: AnswerForm;
};
export type GiveAssignmentFeedbackApiResponse =
  /** status 200 The assignment with its feedback. */ Assignment;
export type GiveAssignmentFeedbackApiArg = {
  /** Id of the assignment. */
  assignmentId: Id;
  feedbackForm: FeedbackForm;
};
export type ListTeacherAnswersApiResponse =
  /** status 200 The assignments. */ Assignment[];
export type ListTeacherAnswersApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  status?: "unmarked" | "marked" | "all";
  /** Extension: at most this many rows, after `offset` rows, in the list's order; providers that ignore it answer the whole list. */
  limit?: number;
  /** Extension: how many rows to skip before the page (with `limit`). */
  offset?: number;
};
export type GetMessagesApiResponse = /** status 200 The messages. */ Message[];
export type GetMessagesApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
  /** Extension: only the messages whose id is greater than this (the newest message the client holds; 0 for all). */
  after?: number;
  /** Extension: only the messages whose id is smaller than this (the oldest message the client holds). */
  before?: number;
  /** Extension: only the newest `limit` of the messages that match
    `after` and `before`, still answered oldest first (1 to 200).
     */
  limit?: number;
};
export type SendMessageApiResponse = /** status 200 The result. */ BoolMsg;
export type SendMessageApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
  messageForm: MessageForm;
};
export type SendGroupMessageApiResponse =
  /** status 200 The result. */ GroupMessageResult;
export type SendGroupMessageApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  messageForm: MessageForm;
};
export type SendGroupMessageFromStudentApiResponse =
  /** status 200 The result. */ GroupMessageResult;
export type SendGroupMessageFromStudentApiArg = {
  /** Id of the student. */
  studentId: Id;
  messageForm: MessageForm;
};
export type MarkMessagesReadApiResponse =
  /** status 200 The conversation is read up to now. */ MessagesRead;
export type MarkMessagesReadApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
  messagesReadForm: MessagesReadForm;
};
export type GetStudentUnreadMessagesApiResponse =
  /** status 200 The unread counts. */ UnreadMessages;
export type GetStudentUnreadMessagesApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type GetTeacherUnreadMessagesApiResponse =
  /** status 200 The unread counts. */ UnreadMessages;
export type GetTeacherUnreadMessagesApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type ListNotificationsApiResponse =
  /** status 200 The notifications. */ NotificationList;
export type ListNotificationsApiArg = {
  /** The side of the person, `student` or `teacher`. */
  role: "student" | "teacher";
  /** Id of the student or teacher (as `role` says). */
  personId: Id;
  /** Extension: at most this many rows, after `offset` rows, in the list's order; providers that ignore it answer the whole list. */
  limit?: number;
  /** Extension: how many rows to skip before the page (with `limit`). */
  offset?: number;
};
export type MarkNotificationsReadApiResponse =
  /** status 200 Marked. */ NotificationsRead;
export type MarkNotificationsReadApiArg = {
  /** The side of the person, `student` or `teacher`. */
  role: "student" | "teacher";
  /** Id of the student or teacher (as `role` says). */
  personId: Id;
  notificationsReadForm: NotificationsReadForm;
};
export type GetNotificationSettingsApiResponse =
  /** status 200 The settings. */ NotificationSettings;
export type GetNotificationSettingsApiArg = {
  /** The side of the person, `student` or `teacher`. */
  role: "student" | "teacher";
  /** Id of the student or teacher (as `role` says). */
  personId: Id;
};
export type UpdateNotificationSettingsApiResponse =
  /** status 200 The settings as saved. */ NotificationSettings;
export type UpdateNotificationSettingsApiArg = {
  /** The side of the person, `student` or `teacher`. */
  role: "student" | "teacher";
  /** Id of the student or teacher (as `role` says). */
  personId: Id;
  notificationSettingsForm: NotificationSettingsForm;
};
export type ListStudentConversationsApiResponse =
  /** status 200 The conversations. */ Conversation[];
export type ListStudentConversationsApiArg = {
  /** Id of the student. */
  studentId: Id;
};
export type ListTeacherConversationsApiResponse =
  /** status 200 The conversations. */ Conversation[];
export type ListTeacherConversationsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type SendVoiceMessageApiResponse = /** status 200 Sent. */ BoolMsg;
export type SendVoiceMessageApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
  voiceMessageForm: VoiceMessageForm;
};
export type ListTeachersApiResponse =
  /** status 200 The teachers: with `limit`, one page of them (`X-Total-Count` says how many match in all). */ Teacher[];
export type ListTeachersApiArg = {
  /** Extension: only teachers whose name contains this text (case-insensitive). */
  search?: string;
  /** Extension: only teachers whose `skills` contain this text (case-insensitive). */
  language?: string;
  /** Extension: at most this many rows, after `offset` rows, in the list's order; providers that ignore it answer the whole list. */
  limit?: number;
  /** Extension: how many rows to skip before the page (with `limit`). */
  offset?: number;
};
export type RegisterTeacherApiResponse =
  /** status 201 The created teacher. */ Teacher;
export type RegisterTeacherApiArg = {
  teacherRegistrationForm: TeacherRegistrationForm;
};
export type TeacherLoginApiResponse =
  /** status 200 The login result. */ TeacherLoginResult;
export type TeacherLoginApiArg = {
  teacherLoginForm: TeacherLoginForm;
};
export type TeacherLogoutApiResponse =
  /** status 200 The session, if there was one, has ended. */ BoolMsg;
export type TeacherLogoutApiArg = void;
export type TeacherForgotPasswordApiResponse =
  /** status 200 Whether the link was sent. */ BoolMsg;
export type TeacherForgotPasswordApiArg = {
  emailForm: EmailForm;
};
export type VerifyTeacherApiResponse =
  /** status 200 The result of the code check. */ TeacherCodeCheck;
export type VerifyTeacherApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  otpForm: OtpForm;
};
export type ResendTeacherCodeApiResponse =
  /** status 200 A new code was mailed, or the caller is told to log in again. */ BoolMsg;
export type ResendTeacherCodeApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type ChangeTeacherForgottenPasswordApiResponse =
  /** status 200 The result. */ BoolMsg;
export type ChangeTeacherForgottenPasswordApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  passwordResetForm: PasswordResetForm;
};
export type ChangeTeacherPasswordApiResponse =
  /** status 200 The password was changed. */ BoolMsg;
export type ChangeTeacherPasswordApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  passwordChangeForm: PasswordChangeForm;
};
export type GetTeacherApiResponse = /** status 200 The teacher. */ Teacher;
export type GetTeacherApiArg = {
  /** Id of the teacher. */
  id: Id;
  /** Extension: answer at most this many of the courses, newest first (1 to 100). */
  coursesLimit?: number;
  /** Extension: skip this many of the courses, newest first (0 or more; only with `courses_limit`). */
  coursesOffset?: number;
};
export type UpdateTeacherApiResponse =
  /** status 200 The updated teacher. */ Teacher;
export type UpdateTeacherApiArg = {
  /** Id of the teacher. */
  id: Id;
  teacherProfileForm: TeacherProfileForm;
};
export type StartTeacherEmailChangeApiResponse =
  /** status 200 The code was mailed to the new address. */ BoolMsg;
export type StartTeacherEmailChangeApiArg = {
  /** Id of the teacher. */
  id: Id;
  emailChangeForm: EmailChangeForm;
};
export type ConfirmTeacherEmailChangeApiResponse =
  /** status 200 The updated teacher (with their courses). */ Teacher;
export type ConfirmTeacherEmailChangeApiArg = {
  /** Id of the teacher. */
  id: Id;
  otpForm: OtpForm;
};
export type GetTeacherDashboardApiResponse =
  /** status 200 The counts. */ TeacherDashboard;
export type GetTeacherDashboardApiArg = {
  /** Id of the teacher. */
  id: Id;
};
export type FetchEnrolledStudentsApiResponse =
  /** status 200 The enrolments. */ Enrollment[];
export type FetchEnrolledStudentsApiArg = {
  /** Id of the course. */
  courseId: Id;
};
export type FetchAllEnrolledStudentsApiResponse =
  /** status 200 The enrolments, one per distinct student. */ Enrollment[];
export type FetchAllEnrolledStudentsApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type GetTeacherStudentApiResponse =
  /** status 200 The student and their courses with this teacher. */ TeacherStudent;
export type GetTeacherStudentApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
  /** Id of the student. */
  studentId: Id;
};
export type ListTeacherStudentsProgressApiResponse =
  /** status 200 The progress of each student. */ StudentProgressSummary[];
export type ListTeacherStudentsProgressApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type GetTeacherAttentionApiResponse =
  /** status 200 What needs attention. */ TeacherAttention;
export type GetTeacherAttentionApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type ListCourseChaptersApiResponse =
  /** status 200 The chapters. */ Chapter[];
export type ListCourseChaptersApiArg = {
  /** Id of the course. */
  courseId: Id;
};
export type GetCatalogueCountsApiResponse =
  /** status 200 The figures. */ CatalogueCounts;
export type GetCatalogueCountsApiArg = void;
export type VerifyCertificateApiResponse =
  /** status 200 The certificate. */ Certificate;
export type VerifyCertificateApiArg = {
  /** The certificate's code (`CourseProgress.certificate`). */
  code: string;
};
export type SubscribeNewsletterApiResponse =
  /** status 200 The address is on the list. */ BoolMsg;
export type SubscribeNewsletterApiArg = {
  emailForm: EmailForm;
};
export type SendContactMessageApiResponse =
  /** status 200 The message was received. */ BoolMsg;
export type SendContactMessageApiArg = {
  contactMessageForm: ContactMessageForm;
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
export type Id = number;
export type EnrollStatus = {
  /** Whether the student is enrolled in the course. */
  bool: BoolLike;
  /** Whether the student has already rated the course (absent on some providers). */
  rated?: BoolLike;
};
export type RatingStatus = {
  /** Whether the student has already rated the course. */
  bool: BoolLike;
};
export type Rating = {
  id?: number;
  /** Id of the course. */
  course: number;
  /** Id of the student. */
  student: number;
  rating: number;
  reviews?: string;
};
export type RatingForm = {
  /** Id of the course (equals the path's `course_id`). */
  course: Id;
  /** Id of the rating student (the caller). */
  student: Id;
  rating: number;
  reviews?: string;
};
export type CourseReview = {
  id: number;
  rating: number;
  review: string;
  /** The student's first name and the initial of their last name. */
  reviewer: string;
  rated_at: string;
};
export type CourseReviews = {
  /** How many students rated the course. */
  ratings: number;
  /** The average rating to one decimal, or null when nobody rated it. */
  average: number | null;
  /** How many ratings gave each number of stars. */
  distribution: {
    "1": number;
    "2": number;
    "3": number;
    "4": number;
    "5": number;
  };
  /** How many ratings have a written review (all pages). */
  reviews_total: number;
  /** This page of the written reviews, newest first. */
  reviews: CourseReview[];
};
export type PaymentSession = {
  /** Id of the checkout session at the card payment provider. */
  session_id: string;
  /** The hosted checkout page to redirect the browser to (absent on some providers; then the session id is used with the provider's client library). */
  url?: string;
};
export type PaymentSessionForm = {
  course_id: Id;
  /** Id of the paying student (the caller). */
  student_id: Id;
};
export type StripeEventReceived = {
  received: boolean;
};
export type StripeEvent = {
  id: string;
  type: string;
  data: {
    object: {
      [key: string]: any;
    };
    [key: string]: any;
  };
  [key: string]: any;
};
export type CourseSales = {
  course_id: Id;
  title: string;
  /** The course's languages as the course lists give them (its title is in the first). */
  languages?: string | null;
  paid_enrolments: number;
  /** The total paid per currency; empty when nothing was sold. */
  totals: {
    /** ISO 4217 code, lower case (`usd`). */
    currency: string;
    /** Decimal, in the currency's major unit (`"45.00"`). */
    amount: string;
  }[];
};
export type TeacherSales = {
  courses: CourseSales[];
};
export type CourseEnrollment = {
  id: number;
  /** Id of the course. */
  course: number;
  /** Id of the student. */
  student: number;
  /** When the student enrolled. */
  enrolled_time?: string;
};
export type EnrollCourseForm = {
  /** Id of the free course. */
  course: Id;
  /** Id of the enrolling student (the caller). */
  student: Id;
};
export type StudentLoginResult = {
  bool: BoolLike;
  /** Present when `bool` is true, and also when the account exists but is not verified yet (`bool` false, `msg` says so, and a fresh code is mailed). */
  student_id?: number;
  /** Why the login was refused, when the provider says. */
  msg?: string;
};
export type RateLimited = {
  /** Human-readable message, shown to the user as is. */
  msg: string;
  /** Seconds to wait before trying again. */
  retry_after: number;
  /** `false`, on operations whose success answer carries `bool`. */
  bool?: boolean;
};
export type LoginForm = {
  email: string;
  password: string;
};
export type BoolMsg = {
  bool: BoolLike;
  msg?: string;
};
export type EmailForm = {
  email: string;
};
export type Student = {
  id: number;
  full_name?: string;
  email?: string;
  username?: string;
  /** Free text, e.g. "French, Yoruba". */
  interested_categories?: string;
};
export type StudentRegistrationForm = {
  full_name: string;
  email: string;
  password: string;
  username: string;
  /** Accepted for compatibility but ignored; the provider makes, mails and checks its own code. */
  otp_digit?: number;
  interested_categories?: string;
};
export type StudentCodeCheck = {
  bool: BoolLike;
  msg?: string;
  student_id?: number;
};
export type OtpForm = {
  /** The 6-digit code from the mail (sent as a string, coerced by the server). */
  otp_digit: number;
};
export type PasswordResetForm = {
  password: string;
  /** Extension: the single-use reset token from the mailed link. */
  token: string;
};
export type StudentDashboard = {
  enrolled_courses?: number;
  complete_assignments?: number;
  pending_assignments?: number;
  /** Extension: pending assignments with a due date still ahead. */
  assignments_due?: number;
  /** Extension: pending assignments past their due date. */
  assignments_late?: number;
  /** Extension: answered assignments waiting for the teacher's mark. */
  assignments_answered?: number;
  /** Extension: assignments with feedback or a mark. */
  assignments_marked?: number;
};
export type EnrolledCourse = {
  id: number;
  course?: {
    id: number;
    title?: string;
    teacher?: TeacherRef;
  };
};
export type Teacher = {
  id: number;
  full_name: string;
  email?: string;
  qualification?: string;
  /** Phone number (digits, possibly with a leading 0 or +). */
  mobile_no?: string;
  /** The languages the teacher teaches, free text, e.g. "Igbo, Yoruba". */
  skills?: string;
  profile_img?: NullableMediaUrl;
  profile_image?: NullableMediaUrl;
  /** The public bio, plain text whose line breaks are kept. */
  detail?: string;
  /** Extension: the teacher's intro video, served to anyone; null when
    there is none. Its presence says that the provider lets the teacher
    set `detail` and `intro_video` through `updateTeacher`.
     */
  intro_video?: NullableMediaUrl;
  /** When true, each login is completed by a mailed one-time code. */
  login_via_otp?: boolean;
  /** Summaries of the teacher's courses. On the original backend their
    `teacher` and `category` are bare ids and `course_rating` is absent
    (unknown, not "nobody rated"). With `courses_limit` (extension) only
    that page, newest first.
     */
  teacher_courses?: Course[];
  /** Extension: how many courses the teacher has in all; present only
    when `getTeacher` was asked for a page (`courses_limit`).
     */
  teacher_courses_total?: number;
  /** Extension: the average of the teacher's rated courses' average
    ratings over all their courses (null when none is rated); present
    only when `getTeacher` was asked for a page (`courses_limit`), as
    one page cannot give it.
     */
  teacher_courses_rating?: number | null;
};
export type CourseTitle = {
  id: number;
  title: string;
};
export type MyTeacher = {
  id: number;
  teacher: Teacher;
  /** Extension: the teacher's courses the student is enrolled in. */
  courses?: CourseTitle[];
};
export type MyTeacherCourse = {
  /** Id of the course. */
  id: number;
  title: string;
  teacher: TeacherRef;
};
export type StudentProfileForm = {
  full_name: string;
  email: string;
  username: string;
  /** Free text, e.g. "French, Yoruba"; omit to keep the current text. */
  interested_categories?: string;
};
export type EmailChangeForm = {
  /** The new e-mail address, which the code is mailed to. */
  email: string;
  /** The account's current password. */
  current_password: string;
};
export type PasswordChangeForm = {
  /** The new password. */
  password: string;
  /** Extension: the current password, which the local provider checks before changing it. */
  current_password: string;
};
export type RecommendedCourses = {
  /** `interests`: courses of the interests; `no_match`: the student has interests but nothing matches, so the most popular; `popular`: no interests, the most popular. */
  kind: "interests" | "no_match" | "popular";
  /** The student's interests as parsed (empty for `popular`). */
  interests: string[];
  courses: Course[];
};
export type LearnerLevel = "A1" | "A2" | "B1" | "B2" | "C1" | "C2" | "unsure";
export type LearningGoals = {
  /** The languages the student learns (category titles), in the order chosen; empty until chosen. */
  learning_languages: string[];
  /** The student's level (a CEFR level, or `unsure` for 'Not sure'); null until chosen. */
  level: LearnerLevel | null;
  /** The interests ticked at sign-up (`interested_categories`), parsed. */
  interests: string[];
};
export type LearningGoalsForm = {
  /** The languages as a JSON array of category titles, e.g. ["Yoruba","French"]; `[]` for none. */
  learning_languages: string;
  /** The level; empty or omitted for none. */
  level?: "" | "A1" | "A2" | "B1" | "B2" | "C1" | "C2" | "unsure";
};
export type CourseProgress = {
  /** Id of the course. */
  course: number;
  /** Number of chapters the course has. */
  chapters_total: number;
  /** Number of those chapters the student has watched. */
  chapters_watched: number;
  /** Id of the chapter of the most recent save (where to continue), or null before any. */
  last_chapter: number | null;
  /** Position in seconds in `last_chapter`; 0 when there is none. */
  last_position: number;
  /** When progress in this course was last saved, or null before any. */
  updated_at: string | null;
  /** When the student watched the last of the course's chapters (the latest time a chapter of it was first marked watched), or null while a chapter is unwatched or the course has none. Absent on providers that do not tell. */
  completed_at?: string | null;
  /** The code of the certificate the provider issued when the student finished the course (see `verifyCertificate`), or null before. Once issued it stays, even if the teacher adds chapters later. Absent on providers without certificates. */
  certificate?: string | null;
};
export type ChapterProgress = {
  /** Id of the chapter. */
  chapter: number;
  /** Playback position in seconds from the start of the video. */
  position: number;
  /** Whether the student has watched the chapter; once true it stays true. */
  watched: boolean;
  /** When the progress was last saved. */
  updated_at: string;
};
export type ChapterProgressForm = {
  /** Playback position in seconds (sent as a string, coerced by the server); at most the video's duration. */
  position: number;
  /** The player's view that the student has watched the chapter (sent as `true`/`false`); only a hint, the provider decides (see `saveChapterProgress`). */
  watched?: boolean;
};
export type FavoriteCourseRecord = {
  id: number;
  /** Id of the course. */
  course: number;
  /** Id of the student. */
  student: number;
};
export type FavoriteCourseForm = {
  /** Id of the course. */
  course: Id;
  /** Id of the student (the caller). */
  student: Id;
};
export type FavoriteStatus = {
  /** Whether the course is one of the student's favourites. */
  bool: BoolLike;
};
export type FavoriteCourse = {
  id: number;
  course: Course;
  /** Id of the student. */
  student: number;
};
export type StudentRef = {
  id: number;
  full_name?: string;
};
export type AssignmentAnswer = {
  text?: string | null;
  voice?: NullableMediaUrl;
  /** The recording's length in seconds, when the provider could read it. */
  voice_seconds?: number | null;
  file?: NullableMediaUrl;
  /** The attachment's name as the student chose it (shown, never trusted as a type: the file downloads under this name cleaned, with the stored file's extension; the local provider serves answer and feedback files as attachments). */
  file_name?: string | null;
  answered_at: string;
};
export type AssignmentFeedback = {
  text?: string | null;
  voice?: NullableMediaUrl;
  voice_seconds?: number | null;
  /** The mark on the assignment's `mark_scale`: a word, or a whole percentage as text; null for feedback without a mark. */
  mark?: string | null;
  marked_at: string;
};
export type Assignment = {
  id: number;
  title: string;
  detail?: string;
  /** The student, as an object or as a bare id depending on the provider. */
  student?: StudentRef | number;
  teacher?: TeacherRef;
  /** false = pending, true = completed. */
  student_status?: boolean;
  /** Extension: how the student answers: `done` (marks it done, the spec's behaviour, and the meaning when absent), `voice` (a recording), `text` (written) or `file` (an attachment). */
  answer_kind?: "done" | "voice" | "text" | "file";
  /** Extension: when the answer is due, or null for no due date. */
  due_at?: string | null;
  /** Extension: the teacher's scale for this assignment's mark: `words` ('needs_work', 'good', 'excellent') or `percent` (0 to 100). */
  mark_scale?: "words" | "percent";
  /** Extension: when the teacher gave the assignment. */
  created_at?: string;
  /** Extension: the student's answer, or null before one. */
  answer?: AssignmentAnswer | null;
  /** Extension: the teacher's feedback and mark, or null before them. */
  feedback?: AssignmentFeedback | null;
};
export type AssignmentStatusForm = {
  /** Must be true (pending → completed); sent as a string and coerced by the server. */
  student_status: boolean;
  title?: string;
  detail?: string;
  student?: Id;
  teacher?: Id;
};
export type AssignmentForm = {
  teacher: Id;
  title: string;
  detail?: string;
  student: Id;
  /** Extension: how the student answers (default `done`). */
  answer_kind?: "done" | "voice" | "text" | "file";
  /** Extension: when the answer is due (optional; in the future when given, 400 `{msg}` otherwise). */
  due_at?: string;
  /** Extension: the scale of the mark (default `words`). */
  mark_scale?: "words" | "percent";
};
export type VoiceFile = Blob;
export type AnswerFile = Blob;
export type AnswerForm = {
  text?: string;
  voice?: VoiceFile;
  file?: AnswerFile;
};
export type FeedbackForm = {
  text?: string;
  voice?: VoiceFile;
  mark?: string;
};
export type Message = {
  /** Increases in the order messages are sent (the local provider always sends it). */
  id?: number;
  msg_text: string;
  msg_from: "student" | "teacher";
  /** Extension: a voice note sent with the message (served only to the two people of the conversation), or null. */
  voice?: NullableMediaUrl;
  voice_seconds?: number | null;
  /** When the message was sent: an ISO 8601 date-time, or on the
    original backend `"2026-11-22 19:10"` (no seconds, no zone), which
    is UTC (Django's `TIME_ZONE` of a new project).
     */
  msg_time: string;
  /** Extension: the BCP 47 tag the sender gave the message (see
    `MessageForm.lang`); absent when none was given, and on providers
    without the extension.
     */
  lang?: string;
};
export type MessageForm = {
  /** Plain text of 1 to 5,000 characters, not blank. */
  msg_text: string;
  /** Must match the caller's session role. */
  msg_from: "student" | "teacher";
  /** Extension: the language the message is written in, as a BCP 47
    tag of the academy's languages, so that screen readers speak it
    in that language. Optional; any other value is answered 400
    `{msg}`. The original backend ignores it.
     */
  lang?: "en" | "es" | "fr" | "de" | "yo" | "pcm" | "ak";
};
export type GroupMessageResult = {
  bool: BoolLike;
  msg?: string;
  recipients?: number;
};
export type MessagesRead = {
  /** How many messages were newly marked as read. */
  marked: number;
};
export type MessagesReadForm = {
  /** The side that read the conversation; must match the caller's session role. */
  reader: "student" | "teacher";
};
export type UnreadMessages = {
  total: number;
  /** Only conversations with unread messages. */
  conversations: {
    teacher_id: number;
    student_id: number;
    unread: number;
  }[];
};
export type NotificationKind =
  | "new_assignment"
  | "due_reminder"
  | "feedback"
  | "message"
  | "new_answer"
  | "enrolment";
export type Notification = {
  id: Id;
  kind: NotificationKind;
  /** What happened, in one short sentence. */
  text: string;
  /** The app's screen of it, a path (`/my-assignments/12`). */
  link: string;
  /** When it happened (for a conversation, its latest message). */
  created_at: string;
  /** When the person read it; null while unread. */
  read_at: string | null;
};
export type NotificationList = {
  /** How many notifications the person has in all. */
  total: number;
  /** How many of them are unread. */
  unread: number;
  /** The page asked for, newest first. */
  notifications: Notification[];
};
export type NotificationsRead = {
  /** How many notifications were newly marked as read. */
  marked: number;
  /** How many stay unread. */
  unread: number;
};
export type NotificationsReadForm = {
  /** The ids to mark, comma-separated; absent marks all. */
  ids?: string;
};
export type MailKind =
  | "new_assignment"
  | "due_reminder"
  | "feedback"
  | "message"
  | "new_answer"
  | "enrolment_digest";
export type NotificationSettings = {
  /** The kinds of mail of the person's side, in a fixed order. */
  kinds: {
    kind: MailKind;
    /** Whether the person gets this kind of mail. */
    mail: boolean;
  }[];
};
export type NotificationSettingsForm = {
  new_assignment?: boolean;
  due_reminder?: boolean;
  feedback?: boolean;
  message?: boolean;
  new_answer?: boolean;
  enrolment_digest?: boolean;
};
export type Conversation = {
  teacher: {
    id: number;
    full_name: string;
    profile_img?: NullableMediaUrl;
  };
  student: {
    id: number;
    full_name: string;
  };
  /** The newest message, or null for a pair that can talk but has not yet. */
  last_message: Message | null;
  /** Messages from the other side the caller has not read. */
  unread: number;
};
export type VoiceMessageForm = {
  /** Must match the caller's session role. */
  msg_from: "student" | "teacher";
  voice: VoiceFile;
  /** Optional text sent with the note. */
  msg_text?: string;
};
export type TeacherRegistrationForm = {
  full_name: string;
  email: string;
  password: string;
  qualification?: string;
  /** Phone number (digits, possibly with a leading 0 or +). */
  mobile_no?: string;
  /** The languages the teacher teaches, free text. */
  skills?: string;
  /** Accepted for compatibility but ignored; the provider makes, mails and checks its own code. */
  otp_digit?: number;
};
export type TeacherLoginResult = {
  bool: BoolLike;
  msg?: string;
  /** When true, no session is set yet; the mailed code must be checked at `verifyTeacher`. */
  login_via_otp?: boolean;
  /** Present when `bool` is true, and also when the account exists but its e-mail address is not verified yet (`bool` false, `msg` says so, and a fresh code is mailed). */
  teacher_id?: number;
};
export type TeacherLoginForm = {
  email: string;
  password: string;
  /** Extension ('Remember me', sent as `true`/`false`): true keeps the session for 30 days in a persistent cookie; false or omitted gives a cookie that ends with the browser session. */
  remember?: boolean;
};
export type TeacherCodeCheck = {
  bool: BoolLike;
  msg?: string;
  teacher_id?: number;
};
export type ImageFile = Blob;
export type VideoFile = Blob;
export type TeacherProfileForm = {
  full_name: string;
  email: string;
  qualification?: string;
  mobile_no?: string;
  skills?: string;
  /** Sent as a string (`true`/`false`), coerced by the server. */
  login_via_otp?: boolean;
  /** New profile photo; omit to keep the current one. */
  profile_img?: ImageFile;
  /** Extension: the public bio shown on the teacher's page and the course
    page, plain text (line breaks kept); omit to keep the current one.
     */
  detail?: string;
  /** Extension: a new intro video for the teacher's page; omit to keep the current one. */
  intro_video?: VideoFile;
  /** Extension: true removes the intro video (ignored when `intro_video` is sent). */
  remove_intro_video?: boolean;
};
export type TeacherDashboard = {
  total_teacher_courses?: number;
  total_teacher_students?: number;
  total_teacher_chapters?: number;
  /** Extension: answers (text, voice or file) of the teacher's students without feedback yet, as `listTeacherAnswers` with `status=unmarked` counts them. */
  answers_to_mark?: number;
};
export type Enrollment = {
  id: number;
  student: Student;
};
export type TeacherStudent = {
  student: Student;
  courses: {
    id: number;
    title: string;
    /** Extension: the number of chapters the course has. */
    chapters_total?: number;
    /** Extension: how many of them the student has watched. */
    chapters_watched?: number;
    /** Extension: when the student enrolled. */
    enrolled_at?: string;
    /** Extension: when the student last saved progress in the course, or null before any. */
    last_activity?: string | null;
  }[];
};
export type StudentProgressSummary = {
  /** Id of the student. */
  student: number;
  /** How many of the teacher's courses the student is enrolled in. */
  courses: number;
  chapters_total: number;
  chapters_watched: number;
  last_activity: string | null;
};
export type AttentionEntry = {
  student: {
    id: number;
    full_name: string;
  };
  course: {
    id: number;
    title: string;
  };
  enrolled_at: string;
  last_activity: string | null;
};
export type TeacherAttention = {
  new_enrolments_total: number;
  new_enrolments: AttentionEntry[];
  inactive_students_total: number;
  inactive_students: AttentionEntry[];
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
export type CatalogueCounts = {
  courses: number;
  teachers: number;
  students: number;
  languages: {
    language: string;
    courses: number;
  }[];
};
export type Certificate = {
  code: string;
  student_name: string;
  /** Id of the course (which may since have been removed). */
  course: number;
  course_title: string;
  teacher_name: string;
  completed_at: string;
};
export type ContactMessageForm = {
  name: string;
  email: string;
  subject: string;
  message: string;
};
export const {
  useListCoursesQuery,
  useLazyListCoursesQuery,
  useGetCourseQuery,
  useLazyGetCourseQuery,
  useFetchEnrollStatusQuery,
  useLazyFetchEnrollStatusQuery,
  useFetchRatingStatusQuery,
  useLazyFetchRatingStatusQuery,
  useRateCourseMutation,
  useListCourseReviewsQuery,
  useLazyListCourseReviewsQuery,
  useListTeacherCoursesQuery,
  useLazyListTeacherCoursesQuery,
  useCreatePaymentSessionMutation,
  useStripeWebhookMutation,
  useGetTeacherSalesQuery,
  useLazyGetTeacherSalesQuery,
  useEnrollCourseMutation,
  useListCategoryOptionsQuery,
  useLazyListCategoryOptionsQuery,
  useListCategoriesQuery,
  useLazyListCategoriesQuery,
  useStudentLoginMutation,
  useStudentLogoutMutation,
  useStudentForgotPasswordMutation,
  useRegisterStudentMutation,
  useVerifyStudentMutation,
  useResendStudentCodeMutation,
  useChangeStudentForgottenPasswordMutation,
  useGetStudentDashboardQuery,
  useLazyGetStudentDashboardQuery,
  useGetStudentQuery,
  useLazyGetStudentQuery,
  useFetchEnrolledCoursesQuery,
  useLazyFetchEnrolledCoursesQuery,
  useFetchMyTeachersQuery,
  useLazyFetchMyTeachersQuery,
  useUpdateStudentMutation,
  useStartStudentEmailChangeMutation,
  useConfirmStudentEmailChangeMutation,
  useChangeStudentPasswordMutation,
  useListRecommendedCoursesQuery,
  useLazyListRecommendedCoursesQuery,
  useGetLearningGoalsQuery,
  useLazyGetLearningGoalsQuery,
  useUpdateLearningGoalsMutation,
  useListStudentProgressQuery,
  useLazyListStudentProgressQuery,
  useGetCourseProgressQuery,
  useLazyGetCourseProgressQuery,
  useSaveChapterProgressMutation,
  useAddFavoriteCourseMutation,
  useRemoveFavoriteCourseMutation,
  useFetchFavoriteStatusQuery,
  useLazyFetchFavoriteStatusQuery,
  useFetchFavoriteCoursesQuery,
  useLazyFetchFavoriteCoursesQuery,
  useListMyAssignmentsQuery,
  useLazyListMyAssignmentsQuery,
  useUpdateAssignmentMutation,
  useListStudentAssignmentsQuery,
  useLazyListStudentAssignmentsQuery,
  useCreateAssignmentMutation,
  useGetAssignmentQuery,
  useLazyGetAssignmentQuery,
  useAnswerAssignmentMutation,
  useGiveAssignmentFeedbackMutation,
  useListTeacherAnswersQuery,
  useLazyListTeacherAnswersQuery,
  useGetMessagesQuery,
  useLazyGetMessagesQuery,
  useSendMessageMutation,
  useSendGroupMessageMutation,
  useSendGroupMessageFromStudentMutation,
  useMarkMessagesReadMutation,
  useGetStudentUnreadMessagesQuery,
  useLazyGetStudentUnreadMessagesQuery,
  useGetTeacherUnreadMessagesQuery,
  useLazyGetTeacherUnreadMessagesQuery,
  useListNotificationsQuery,
  useLazyListNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useLazyGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useListStudentConversationsQuery,
  useLazyListStudentConversationsQuery,
  useListTeacherConversationsQuery,
  useLazyListTeacherConversationsQuery,
  useSendVoiceMessageMutation,
  useListTeachersQuery,
  useLazyListTeachersQuery,
  useRegisterTeacherMutation,
  useTeacherLoginMutation,
  useTeacherLogoutMutation,
  useTeacherForgotPasswordMutation,
  useVerifyTeacherMutation,
  useResendTeacherCodeMutation,
  useChangeTeacherForgottenPasswordMutation,
  useChangeTeacherPasswordMutation,
  useGetTeacherQuery,
  useLazyGetTeacherQuery,
  useUpdateTeacherMutation,
  useStartTeacherEmailChangeMutation,
  useConfirmTeacherEmailChangeMutation,
  useGetTeacherDashboardQuery,
  useLazyGetTeacherDashboardQuery,
  useFetchEnrolledStudentsQuery,
  useLazyFetchEnrolledStudentsQuery,
  useFetchAllEnrolledStudentsQuery,
  useLazyFetchAllEnrolledStudentsQuery,
  useGetTeacherStudentQuery,
  useLazyGetTeacherStudentQuery,
  useListTeacherStudentsProgressQuery,
  useLazyListTeacherStudentsProgressQuery,
  useGetTeacherAttentionQuery,
  useLazyGetTeacherAttentionQuery,
  useListCourseChaptersQuery,
  useLazyListCourseChaptersQuery,
  useGetCatalogueCountsQuery,
  useLazyGetCatalogueCountsQuery,
  useVerifyCertificateQuery,
  useLazyVerifyCertificateQuery,
  useSubscribeNewsletterMutation,
  useSendContactMessageMutation,
} = injectedRtkApi;
