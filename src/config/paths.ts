import { generatePath } from 'react-router-dom';

/**
 * The route pattern of every screen (spec section 2.2), the one place they are written:
 * src/app/routes.tsx mounts exactly these, the prerender lists name them, and `paths` builds
 * every address the app links to from them.
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
  /** Where the card provider sends the student back after paying or leaving the checkout (original backend). */
  checkoutSuccess: '/success',
  checkoutCancel: '/cancel',

  studentLogin: '/student-login',
  studentForgotPassword: '/student-forgot-password',
  studentRegister: '/student-register',
  verifyStudent: '/verify-student/:student_id',
  studentChangeForgottenPassword: '/student-change-forgotten-password/:student_id',
  studentDashboard: '/student-dashboard',
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

type Id = number | string;

/** The builder of a pattern with one parameter (`/detail/:course_id`): the value in its place, encoded. */
function withId(pattern: string): (id: Id) => string {
  const name = /:(\w+)/.exec(pattern)?.[1];
  if (name === undefined) throw new Error(`${pattern} has no parameter`);
  return (id) => generatePath(pattern, { [name]: String(id) });
}

/** The builder of an assignment pattern (`/add-assignment/:student_id/:teacher_id`). */
function withStudentAndTeacher(pattern: typeof patterns.addAssignment | typeof patterns.showAssignment) {
  return (studentId: Id, teacherId: Id) => generatePath(pattern, { student_id: String(studentId), teacher_id: String(teacherId) });
}

/** The addresses the app links to: the patterns without parameters as they are, builders (from the patterns) for the others. */
export const paths = {
  home: patterns.home,
  about: patterns.about,
  contact: patterns.contact,
  course: patterns.course,
  courseDetail: withId(patterns.courseDetail),
  certificate: withId(patterns.certificate),
  teacherDetail: withId(patterns.teacherDetail),
  category: withId(patterns.category),
  allCourses: patterns.allCourses,
  allPopularCourses: patterns.allPopularCourses,
  allTeachers: patterns.allTeachers,
  blog: patterns.blog,
  blogPost: withId(patterns.blogPost),
  checkoutSuccess: patterns.checkoutSuccess,
  checkoutCancel: patterns.checkoutCancel,

  studentLogin: patterns.studentLogin,
  studentForgotPassword: patterns.studentForgotPassword,
  studentRegister: patterns.studentRegister,
  verifyStudent: withId(patterns.verifyStudent),
  studentChangeForgottenPassword: withId(patterns.studentChangeForgottenPassword),
  studentDashboard: patterns.studentDashboard,
  myCourses: patterns.myCourses,
  favoriteCourses: patterns.favoriteCourses,
  recommendedCourses: patterns.recommendedCourses,
  profileSetting: patterns.profileSetting,
  myAssignments: patterns.myAssignments,
  /** My Assignments opened on its Pending or Completed tab. */
  myAssignmentsWithStatus: (status: 'pending' | 'completed') => `${patterns.myAssignments}?status=${status}`,
  myTeachers: patterns.myTeachers,
  studentAssignment: withId(patterns.studentAssignment),
  studentMessages: patterns.studentMessages,
  studentConversation: withId(patterns.studentConversation),
  learn: (courseId: Id, chapterId: Id) => generatePath(patterns.learn, { course_id: String(courseId), chapter_id: String(chapterId) }),
  studentChangePassword: patterns.studentChangePassword,
  studentLogout: patterns.studentLogout,

  teacherLogin: patterns.teacherLogin,
  teacherForgotPassword: patterns.teacherForgotPassword,
  teacherRegister: patterns.teacherRegister,
  verifyTeacher: withId(patterns.verifyTeacher),
  teacherChangeForgottenPassword: withId(patterns.teacherChangeForgottenPassword),
  teacherChangePassword: patterns.teacherChangePassword,
  teacherDashboard: patterns.teacherDashboard,
  teacherProfileSetting: patterns.teacherProfileSetting,
  teacherCourses: patterns.teacherCourses,
  addCourse: patterns.addCourse,
  editCourse: withId(patterns.editCourse),
  addChapter: withId(patterns.addChapter),
  editChapter: withId(patterns.editChapter),
  courseChapters: withId(patterns.courseChapters),
  enrolledStudents: withId(patterns.enrolledStudents),
  viewStudent: withId(patterns.viewStudent),
  myStudents: patterns.myStudents,
  teacherAnswers: patterns.teacherAnswers,
  teacherAssignment: withId(patterns.teacherAssignment),
  teacherMessages: patterns.teacherMessages,
  teacherConversation: withId(patterns.teacherConversation),
  addAssignment: withStudentAndTeacher(patterns.addAssignment),
  showAssignment: withStudentAndTeacher(patterns.showAssignment),
  teacherLogout: patterns.teacherLogout,

  termsAndConditions: patterns.termsAndConditions,
  paymentPolicy: patterns.paymentPolicy,
  privacy: patterns.privacy,
  cookies: patterns.cookies,
  refund: patterns.refund,
  intellectualProperty: patterns.intellectualProperty,
} as const;
