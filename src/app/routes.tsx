import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layout/RootLayout';
import { PageLoading } from '@/components/PageLoading';
import { RequireStudent, RequireTeacher, StudentGuestOnly, TeacherGuestOnly } from '@/features/session/guards';
import type { PolicyKey } from '@/features/site/policies/PolicyPage';
import { LazyRouteErrorPage } from './LazyRouteErrorPage';

/**
 * A lazily loaded screen. The webpackChunkName comments at each import group the screens
 * into one chunk per area: "public", "student" and "teacher"; the prerendered public pages
 * (src/app/prerenderedPages.ts) have one each, so that hydrating one loads only its own code.
 */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

function policy(key: PolicyKey): RouteObject {
  return {
    path: `/${key}`,
    lazy: async () => {
      const { PolicyPage } = await import(/* webpackChunkName: "policy" */ '@/features/site/policies/PolicyPage');
      return { element: <PolicyPage policy={key} /> };
    },
  };
}

/** Every route of spec section 2.2, inside the header and footer. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading label="Loading the page" />,
    children: [
      {
        errorElement: <LazyRouteErrorPage />,
        children: [
          { index: true, lazy: screen(() => import(/* webpackChunkName: "home" */ '@/features/site/HomePage'), 'HomePage') },
          { path: '/about', lazy: screen(() => import(/* webpackChunkName: "about" */ '@/features/site/AboutPage'), 'AboutPage') },
          { path: '/contact', lazy: screen(() => import(/* webpackChunkName: "contact" */ '@/features/site/ContactPage'), 'ContactPage') },
          { path: '/course', lazy: screen(() => import(/* webpackChunkName: "course" */ '@/features/site/CoursesPage'), 'CoursesPage') },
          { path: '/detail/:course_id', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/courses/CourseDetailPage'), 'CourseDetailPage') },
          { path: '/teacher-detail/:teacher_id', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/site/TeacherDetailPage'), 'TeacherDetailPage') },
          { path: '/category/:category_slug', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/site/CategoryPage'), 'CategoryPage') },
          { path: '/all-courses', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/site/AllCoursesPage'), 'AllCoursesPage') },
          { path: '/all-popular-courses', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/site/AllPopularCoursesPage'), 'AllPopularCoursesPage') },
          { path: '/all-teachers', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/site/AllTeachersPage'), 'AllTeachersPage') },
          { path: '/success', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/courses/CheckoutSuccessPage'), 'CheckoutSuccessPage') },
          { path: '/cancel', lazy: screen(() => import(/* webpackChunkName: "public" */ '@/features/courses/CheckoutCancelPage'), 'CheckoutCancelPage') },
          policy('terms_and_conditions'),
          policy('payment_policy'),
          policy('privacy'),
          policy('cookies'),
          policy('refund'),
          policy('intellectual_property'),

          { path: '/student-register', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/access/StudentRegisterPage'), 'StudentRegisterPage') },
          { path: '/student-logout', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/access/StudentLogoutPage'), 'StudentLogoutPage') },
          {
            element: <StudentGuestOnly />,
            children: [
              { path: '/student-login', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/access/StudentLoginPage'), 'StudentLoginPage') },
              { path: '/student-forgot-password', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/access/StudentForgotPasswordPage'), 'StudentForgotPasswordPage') },
              { path: '/verify-student/:student_id', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/access/VerifyStudentPage'), 'VerifyStudentPage') },
              { path: '/student-change-forgotten-password/:student_id', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/access/StudentChangeForgottenPasswordPage'), 'StudentChangeForgottenPasswordPage') },
            ],
          },
          {
            element: <RequireStudent />,
            children: [
              {
                lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/StudentAreaLayout'), 'StudentAreaLayout'),
                children: [
                  { path: '/student-dashboard', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/StudentDashboardPage'), 'StudentDashboardPage') },
                  { path: '/my-courses', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/MyCoursesPage'), 'MyCoursesPage') },
                  { path: '/favorite-courses', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/FavoriteCoursesPage'), 'FavoriteCoursesPage') },
                  { path: '/recommended-courses', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/RecommendedCoursesPage'), 'RecommendedCoursesPage') },
                  { path: '/profile-setting', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/ProfileSettingPage'), 'ProfileSettingPage') },
                  { path: '/my-assignments/', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/MyAssignmentsPage'), 'MyAssignmentsPage') },
                  { path: '/my-teachers', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/MyTeachersPage'), 'MyTeachersPage') },
                  { path: '/student-change-password', lazy: screen(() => import(/* webpackChunkName: "student" */ '@/features/student/area/StudentChangePasswordPage'), 'StudentChangePasswordPage') },
                ],
              },
            ],
          },

          { path: '/teacher-register', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/access/TeacherRegisterPage'), 'TeacherRegisterPage') },
          { path: '/teacher-logout', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/access/TeacherLogoutPage'), 'TeacherLogoutPage') },
          {
            element: <TeacherGuestOnly />,
            children: [
              { path: '/teacher-login', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/access/TeacherLoginPage'), 'TeacherLoginPage') },
              { path: '/teacher-forgot-password', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/access/TeacherForgotPasswordPage'), 'TeacherForgotPasswordPage') },
              { path: '/verify-teacher/:teacher_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/access/VerifyTeacherPage'), 'VerifyTeacherPage') },
              { path: '/teacher-change-forgotten-password/:teacher_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/access/TeacherChangeForgottenPasswordPage'), 'TeacherChangeForgottenPasswordPage') },
            ],
          },
          {
            element: <RequireTeacher />,
            children: [
              {
                lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/area/TeacherAreaLayout'), 'TeacherAreaLayout'),
                children: [
                  { path: '/teacher-change-password', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/profile/TeacherChangePasswordPage'), 'TeacherChangePasswordPage') },
                  { path: '/teacher-dashboard', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/area/TeacherDashboardPage'), 'TeacherDashboardPage') },
                  { path: '/teacher-profile-setting', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/profile/TeacherProfileSettingPage'), 'TeacherProfileSettingPage') },
                  { path: '/teacher-courses', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/courses/TeacherCoursesPage'), 'TeacherCoursesPage') },
                  { path: '/add-course', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/courses/AddCoursePage'), 'AddCoursePage') },
                  { path: '/edit-course/:course_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/courses/EditCoursePage'), 'EditCoursePage') },
                  { path: '/add-chapter/:course_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/chapters/AddChapterPage'), 'AddChapterPage') },
                  { path: '/edit-chapter/:chapter_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/chapters/EditChapterPage'), 'EditChapterPage') },
                  { path: '/course-chapters/:course_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/chapters/CourseChaptersPage'), 'CourseChaptersPage') },
                  { path: '/enrolled-students/:course_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/students/EnrolledStudentsPage'), 'EnrolledStudentsPage') },
                  { path: '/view-student/:student_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/students/ViewStudentPage'), 'ViewStudentPage') },
                  { path: '/my-students', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/students/MyStudentsPage'), 'MyStudentsPage') },
                  { path: '/add-assignment/:student_id/:teacher_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/assignments/AddAssignmentPage'), 'AddAssignmentPage') },
                  { path: '/show-assignment/:student_id/:teacher_id', lazy: screen(() => import(/* webpackChunkName: "teacher" */ '@/features/teacher/assignments/ShowAssignmentPage'), 'ShowAssignmentPage') },
                ],
              },
            ],
          },

          { path: '*', lazy: screen(() => import(/* webpackChunkName: "not-found" */ '@/features/site/NotFoundPage'), 'NotFoundPage') },
        ],
      },
    ],
  },
];
