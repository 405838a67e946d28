import { generatePath } from 'react-router-dom';
import { patterns } from './routePatterns';

/** The route patterns live apart from the builders below, so the service worker reads them without React Router. */
export { patterns };

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
  lessonRoom: withId(patterns.lessonRoom),
  teacherDetail: withId(patterns.teacherDetail),
  category: withId(patterns.category),
  allCourses: patterns.allCourses,
  allPopularCourses: patterns.allPopularCourses,
  allTeachers: patterns.allTeachers,
  blog: patterns.blog,
  blogPost: withId(patterns.blogPost),
  checkoutSuccess: patterns.checkoutSuccess,
  checkoutCancel: patterns.checkoutCancel,
  admin: patterns.admin,

  studentLogin: patterns.studentLogin,
  studentForgotPassword: patterns.studentForgotPassword,
  studentRegister: patterns.studentRegister,
  verifyStudent: withId(patterns.verifyStudent),
  studentChangeForgottenPassword: withId(patterns.studentChangeForgottenPassword),
  studentDashboard: patterns.studentDashboard,
  studentStart: patterns.studentStart,
  /** Start here opened on 'What will you learn?' (after the code, and to change the choices). */
  studentGoals: `${patterns.studentStart}?step=goals`,
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
  practice: (courseId: Id, chapterId: Id) => generatePath(patterns.practice, { course_id: String(courseId), chapter_id: String(chapterId) }),
  review: patterns.review,
  studentLessons: patterns.studentLessons,
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
  teacherLessons: patterns.teacherLessons,
  teacherMyLessons: patterns.teacherMyLessons,
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
