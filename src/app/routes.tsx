import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layout/RootLayout';
import { PageLoading } from '@/components/PageLoading';
import { DismissStaleToasts } from '@/components/toasts/DismissStaleToasts';
import { patterns } from '@/config/paths';
import { SiteHeader } from '@/features/account/SiteHeader';
import { RequireStudent, RequireTeacher, StudentGuestOnly, TeacherGuestOnly } from '@/features/session/guards';
import type { PolicyKey } from '@/features/site/policies/PolicyPage';
import { LazyRouteErrorPage } from './LazyRouteErrorPage';

/**
 * A lazily loaded screen. The webpackChunkName comments at each import name its chunk: one for each
 * public page or the few that share their code (the course lists), one for each side's access
 * screens (login, registration, passwords), and one for each side's area; so opening a page, and
 * hydrating a prerendered or server-rendered one, loads only its own screen's code.
 */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

function policy(path: string, key: PolicyKey): RouteObject {
  return {
    path,
    lazy: async () => {
      const { PolicyPage } = await import(/* webpackChunkName: "policy" */ '@/features/site/policies/PolicyPage');
      return { element: <PolicyPage policy={key} /> };
    },
  };
}

/** The inbox of each side, with or without a conversation open (one screen, one chunk for both sides). */
const loadInbox = () => import(/* webpackChunkName: "messages" */ '@/features/messaging/InboxPage');
const studentInbox = screen(loadInbox, 'StudentInboxPage');
const teacherInbox = screen(loadInbox, 'TeacherInboxPage');

/** Each side's My lessons (one module, one chunk for both sides). */
const loadMyLessons = () => import(/* webpackChunkName: "lessons" */ '@/features/lessons/mine/MyLessonsPages');
const studentLessons = screen(loadMyLessons, 'StudentLessonsPage');
const teacherLessons = screen(loadMyLessons, 'TeacherMyLessonsPage');

/** The footer's newsletter sign-up, in the footer's chunk: it loads with the footer, after the first paint. */
const NewsletterSignup = lazy(async () => ({
  default: (await import(/* webpackChunkName: "footer" */ '@/features/site/NewsletterSignup')).NewsletterSignup,
}));

/** Every route of spec section 2.2, inside the header and footer. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout header={<SiteHeader />} newsletter={<NewsletterSignup />} />,
    hydrateFallbackElement: <PageLoading label="Loading the page" />,
    children: [
      {
        errorElement: <LazyRouteErrorPage />,
        // Failure toasts close when the reader moves to another page.
        element: <DismissStaleToasts />,
        children: [
          { path: patterns.home, lazy: screen(() => import(/* webpackChunkName: "home" */ '@/features/site/HomePage'), 'HomePage') },
          { path: patterns.about, lazy: screen(() => import(/* webpackChunkName: "about" */ '@/features/site/AboutPage'), 'AboutPage') },
          { path: patterns.contact, lazy: screen(() => import(/* webpackChunkName: "contact" */ '@/features/site/ContactPage'), 'ContactPage') },
          // The spec's /course showed sample courses that do not exist: it now leads to the real catalogue.
          { path: patterns.course, element: <Navigate to={patterns.allCourses} replace /> },
          { path: patterns.blog, lazy: screen(() => import(/* webpackChunkName: "blog" */ '@/features/site/blog/BlogPage'), 'BlogPage') },
          { path: patterns.blogPost, lazy: screen(() => import(/* webpackChunkName: "blog" */ '@/features/site/blog/BlogPostPage'), 'BlogPostPage') },
          { path: patterns.courseDetail, lazy: screen(() => import(/* webpackChunkName: "course-page" */ '@/features/courses/CourseDetailPage'), 'CourseDetailPage') },
          { path: patterns.teacherDetail, lazy: screen(() => import(/* webpackChunkName: "teacher-page" */ '@/features/site/TeacherDetailPage'), 'TeacherDetailPage') },
          { path: patterns.category, lazy: screen(() => import(/* webpackChunkName: "course-lists" */ '@/features/site/CategoryPage'), 'CategoryPage') },
          { path: patterns.allCourses, lazy: screen(() => import(/* webpackChunkName: "course-lists" */ '@/features/site/AllCoursesPage'), 'AllCoursesPage') },
          { path: patterns.allPopularCourses, lazy: screen(() => import(/* webpackChunkName: "course-lists" */ '@/features/site/AllPopularCoursesPage'), 'AllPopularCoursesPage') },
          { path: patterns.allTeachers, lazy: screen(() => import(/* webpackChunkName: "teachers" */ '@/features/site/AllTeachersPage'), 'AllTeachersPage') },
          { path: patterns.checkoutSuccess, lazy: screen(() => import(/* webpackChunkName: "checkout" */ '@/features/courses/CheckoutSuccessPage'), 'CheckoutSuccessPage') },
          // Public and not prerendered: each code is its own page, read from the provider.
          { path: patterns.certificate, lazy: screen(() => import(/* webpackChunkName: "certificate" */ '@/features/learning/CertificatePage'), 'CertificatePage') },
          // For either side of the lesson: the screen itself asks who is logged in.
          { path: patterns.lessonRoom, lazy: screen(() => import(/* webpackChunkName: "lesson-room" */ '@/features/lessons/room/LessonRoomPage'), 'LessonRoomPage') },
          { path: patterns.checkoutCancel, lazy: screen(() => import(/* webpackChunkName: "checkout" */ '@/features/courses/CheckoutCancelPage'), 'CheckoutCancelPage') },
          // The academy's admin area (extension): its own chunk, not linked from the public site.
          { path: patterns.admin, lazy: screen(() => import(/* webpackChunkName: "admin" */ '@/features/admin/AdminPage'), 'AdminPage') },
          policy(patterns.termsAndConditions, 'terms_and_conditions'),
          policy(patterns.paymentPolicy, 'payment_policy'),
          policy(patterns.privacy, 'privacy'),
          policy(patterns.cookies, 'cookies'),
          policy(patterns.refund, 'refund'),
          policy(patterns.intellectualProperty, 'intellectual_property'),

          { path: patterns.studentRegister, lazy: screen(() => import(/* webpackChunkName: "student-access" */ '@/features/student/access/StudentRegisterPage'), 'StudentRegisterPage') },
          { path: patterns.studentLogout, lazy: screen(() => import(/* webpackChunkName: "student-access" */ '@/features/student/access/StudentLogoutPage'), 'StudentLogoutPage') },
          {
            element: <StudentGuestOnly />,
            children: [
              { path: patterns.studentLogin, lazy: screen(() => import(/* webpackChunkName: "student-access" */ '@/features/student/access/StudentLoginPage'), 'StudentLoginPage') },
              { path: patterns.studentForgotPassword, lazy: screen(() => import(/* webpackChunkName: "student-access" */ '@/features/student/access/StudentForgotPasswordPage'), 'StudentForgotPasswordPage') },
              { path: patterns.verifyStudent, lazy: screen(() => import(/* webpackChunkName: "student-access" */ '@/features/student/access/VerifyStudentPage'), 'VerifyStudentPage') },
              { path: patterns.studentChangeForgottenPassword, lazy: screen(() => import(/* webpackChunkName: "student-access" */ '@/features/student/access/StudentChangeForgottenPasswordPage'), 'StudentChangeForgottenPasswordPage') },
            ],
          },
          {
            element: <RequireStudent />,
            children: [
              // The lesson player takes the whole width: outside the student area's menu column.
              { path: patterns.learn, lazy: screen(() => import(/* webpackChunkName: "learn" */ '@/features/learning/LessonPlayerPage'), 'LessonPlayerPage') },
              { path: patterns.practice, lazy: screen(() => import(/* webpackChunkName: "practice" */ '@/features/practice/PracticePage'), 'PracticePage') },
              {
                lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/StudentAreaLayout'), 'StudentAreaLayout'),
                children: [
                  { path: patterns.studentDashboard, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/StudentDashboardPage'), 'StudentDashboardPage') },
                  { path: patterns.studentStart, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/start/StartHerePage'), 'StartHerePage') },
                  { path: patterns.myCourses, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/MyCoursesPage'), 'MyCoursesPage') },
                  { path: patterns.favoriteCourses, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/FavoriteCoursesPage'), 'FavoriteCoursesPage') },
                  { path: patterns.recommendedCourses, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/RecommendedCoursesPage'), 'RecommendedCoursesPage') },
                  { path: patterns.profileSetting, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/ProfileSettingPage'), 'ProfileSettingPage') },
                  { path: patterns.myAssignments, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/MyAssignmentsPage'), 'MyAssignmentsPage') },
                  { path: patterns.studentAssignment, lazy: screen(() => import(/* webpackChunkName: "assignment" */ '@/features/student/assignments/StudentAssignmentPage'), 'StudentAssignmentPage') },
                  { path: patterns.review, lazy: screen(() => import(/* webpackChunkName: "practice" */ '@/features/practice/ReviewPage'), 'ReviewPage') },
                  { path: patterns.myTeachers, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/MyTeachersPage'), 'MyTeachersPage') },
                  { path: patterns.studentMessages, lazy: studentInbox },
                  { path: patterns.studentConversation, lazy: studentInbox },
                  { path: patterns.studentLessons, lazy: studentLessons },
                  { path: patterns.studentChangePassword, lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/StudentChangePasswordPage'), 'StudentChangePasswordPage') },
                ],
              },
            ],
          },

          { path: patterns.teacherRegister, lazy: screen(() => import(/* webpackChunkName: "teacher-access" */ '@/features/teacher/access/TeacherRegisterPage'), 'TeacherRegisterPage') },
          { path: patterns.teacherLogout, lazy: screen(() => import(/* webpackChunkName: "teacher-access" */ '@/features/teacher/access/TeacherLogoutPage'), 'TeacherLogoutPage') },
          {
            element: <TeacherGuestOnly />,
            children: [
              { path: patterns.teacherLogin, lazy: screen(() => import(/* webpackChunkName: "teacher-access" */ '@/features/teacher/access/TeacherLoginPage'), 'TeacherLoginPage') },
              { path: patterns.teacherForgotPassword, lazy: screen(() => import(/* webpackChunkName: "teacher-access" */ '@/features/teacher/access/TeacherForgotPasswordPage'), 'TeacherForgotPasswordPage') },
              { path: patterns.verifyTeacher, lazy: screen(() => import(/* webpackChunkName: "teacher-access" */ '@/features/teacher/access/VerifyTeacherPage'), 'VerifyTeacherPage') },
              { path: patterns.teacherChangeForgottenPassword, lazy: screen(() => import(/* webpackChunkName: "teacher-access" */ '@/features/teacher/access/TeacherChangeForgottenPasswordPage'), 'TeacherChangeForgottenPasswordPage') },
            ],
          },
          {
            element: <RequireTeacher />,
            children: [
              {
                lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/area/TeacherAreaLayout'), 'TeacherAreaLayout'),
                children: [
                  { path: patterns.teacherChangePassword, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/profile/TeacherChangePasswordPage'), 'TeacherChangePasswordPage') },
                  { path: patterns.teacherDashboard, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/area/TeacherDashboardPage'), 'TeacherDashboardPage') },
                  { path: patterns.teacherProfileSetting, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/profile/TeacherProfileSettingPage'), 'TeacherProfileSettingPage') },
                  { path: patterns.teacherCourses, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/courses/TeacherCoursesPage'), 'TeacherCoursesPage') },
                  { path: patterns.addCourse, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/courses/AddCoursePage'), 'AddCoursePage') },
                  { path: patterns.editCourse, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/courses/EditCoursePage'), 'EditCoursePage') },
                  { path: patterns.addChapter, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/chapters/AddChapterPage'), 'AddChapterPage') },
                  { path: patterns.editChapter, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/chapters/EditChapterPage'), 'EditChapterPage') },
                  { path: patterns.courseChapters, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/chapters/CourseChaptersPage'), 'CourseChaptersPage') },
                  { path: patterns.enrolledStudents, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/students/EnrolledStudentsPage'), 'EnrolledStudentsPage') },
                  { path: patterns.viewStudent, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/students/ViewStudentPage'), 'ViewStudentPage') },
                  { path: patterns.myStudents, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/students/MyStudentsPage'), 'MyStudentsPage') },
                  { path: patterns.teacherMessages, lazy: teacherInbox },
                  { path: patterns.teacherConversation, lazy: teacherInbox },
                  { path: patterns.addAssignment, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/assignments/AddAssignmentPage'), 'AddAssignmentPage') },
                  { path: patterns.showAssignment, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/assignments/ShowAssignmentPage'), 'ShowAssignmentPage') },
                  { path: patterns.teacherAnswers, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/assignments/TeacherAnswersPage'), 'TeacherAnswersPage') },
                  { path: patterns.teacherAssignment, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/assignments/TeacherAssignmentPage'), 'TeacherAssignmentPage') },
                  { path: patterns.teacherLessons, lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/lessons/TeacherLessonsPage'), 'TeacherLessonsPage') },
                  { path: patterns.teacherMyLessons, lazy: teacherLessons },
                ],
              },
            ],
          },

          { path: patterns.notFound, lazy: screen(() => import(/* webpackChunkName: "not-found" */ '@/features/site/NotFoundPage'), 'NotFoundPage') },
        ],
      },
    ],
  },
];
