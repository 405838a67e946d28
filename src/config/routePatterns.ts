/**
 * The route pattern of every screen (spec section 2.2), the one place they are written:
 * src/app/routes.tsx mounts exactly these, the prerender lists name them, `paths`
 * (src/config/paths.ts) builds every address the app links to from them, and the service worker
 * keeps pages by them (src/serviceWorker/cacheRules.ts).
 */
export const patterns = {
  home: '/',
  about: '/about',
  contact: '/contact',
  course: '/course',
  courseDetail: '/detail/:course_id',
  teacherDetail: '/teacher-detail/:teacher_id',
  category: '/category/:category_slug',
  allCourses: '/all-courses',
  allPopularCourses: '/all-popular-courses',
  allTeachers: '/all-teachers',
  blog: '/blog',
  blogPost: '/blog/:post_id',
  /** A certificate of completion, as anyone may open it to check it is genuine (extension). */
  certificate: '/certificates/:code',
  /** A booked lesson's room, where its student and teacher meet in a call (extension: issue 40). */
  lessonRoom: '/lesson-room/:lesson_id',
  /** Where the card provider sends the student back after paying or leaving the checkout (original backend). */
  checkoutSuccess: '/success',
  checkoutCancel: '/cancel',
  /** The academy's admin area (extension): not linked from the public site. */
  admin: '/admin',

  studentLogin: '/student-login',
  studentForgotPassword: '/student-forgot-password',
  studentRegister: '/student-register',
  verifyStudent: '/verify-student/:student_id',
  studentChangeForgottenPassword: '/student-change-forgotten-password/:student_id',
  studentDashboard: '/student-dashboard',
  /** Start here (issue 39): courses for the student's languages, level and interests; `?step=goals` asks for them first. */
  studentStart: '/student-start',
  myCourses: '/my-courses',
  favoriteCourses: '/favorite-courses',
  recommendedCourses: '/recommended-courses',
  profileSetting: '/profile-setting',
  myAssignments: '/my-assignments/',
  myTeachers: '/my-teachers',
  /** One assignment as its student sees it: the task, the answer (voice, text or file), the feedback (extension). */
  studentAssignment: '/my-assignments/:assignment_id',
  /** The student's inbox, and one conversation with a teacher (extension). */
  studentMessages: '/messages',
  studentConversation: '/messages/:teacher_id',
  /** The lesson player: one chapter of a course the student is enrolled in, and the course's chapter list. */
  learn: '/learn/:course_id/:chapter_id',
  /** A chapter's exercises, one at a time (extension: issue 38). */
  practice: '/learn/:course_id/:chapter_id/practice',
  /** The student's review deck: the cards due, across their courses (extension: issue 38). */
  review: '/review',
  /** The student's lessons booked with teachers, upcoming and past; the checkout comes back here (extension, issue 40). */
  studentLessons: '/student-lessons',
  studentChangePassword: '/student-change-password',
  studentLogout: '/student-logout',

  teacherLogin: '/teacher-login',
  teacherForgotPassword: '/teacher-forgot-password',
  teacherRegister: '/teacher-register',
  verifyTeacher: '/verify-teacher/:teacher_id',
  teacherChangeForgottenPassword: '/teacher-change-forgotten-password/:teacher_id',
  teacherChangePassword: '/teacher-change-password',
  teacherDashboard: '/teacher-dashboard',
  teacherProfileSetting: '/teacher-profile-setting',
  teacherCourses: '/teacher-courses',
  addCourse: '/add-course',
  editCourse: '/edit-course/:course_id',
  addChapter: '/add-chapter/:course_id',
  editChapter: '/edit-chapter/:chapter_id',
  courseChapters: '/course-chapters/:course_id',
  enrolledStudents: '/enrolled-students/:course_id',
  viewStudent: '/view-student/:student_id',
  myStudents: '/my-students',
  /** The answers to mark, and one assignment as its teacher sees it (extension). */
  teacherAnswers: '/teacher-answers',
  teacherAssignment: '/teacher-assignment/:assignment_id',
  /** The teacher's lesson types, weekly hours and what students will see of them (extension, issue 40). */
  teacherLessons: '/teacher-lessons',
  /** The lessons students booked with the teacher, upcoming and past (extension, issue 40). */
  teacherMyLessons: '/teacher-my-lessons',
  /** The teacher's inbox, and one conversation with a student (extension). */
  teacherMessages: '/teacher-messages',
  teacherConversation: '/teacher-messages/:student_id',
  addAssignment: '/add-assignment/:student_id/:teacher_id',
  showAssignment: '/show-assignment/:student_id/:teacher_id',
  teacherLogout: '/teacher-logout',

  termsAndConditions: '/terms_and_conditions',
  paymentPolicy: '/payment_policy',
  privacy: '/privacy',
  cookies: '/cookies',
  refund: '/refund',
  intellectualProperty: '/intellectual_property',

  /** Any other address: the not-found screen. */
  notFound: '*',
} as const;
