import { http, HttpResponse } from 'msw';
import type {
  BoolMsg,
  Category,
  Chapter,
  Course,
  EnrolledCourse,
  Enrollment,
  EnrollStatus,
  Message,
  MyTeacher,
  PaymentSession,
  RatingStatus,
  Student,
  StudentDashboard,
  Assignment,
  Teacher,
  TeacherDashboard,
} from '@/api/generated';
import * as fixtures from './fixtures';

/** The mocked provider's base URL (jsdom's origin plus the default API base). */
export const API = 'http://localhost/api';

const ok = (msg: string): BoolMsg => ({ bool: true, msg });

/**
 * Default answers of the mocked provider: every read answers with the fixtures, every write
 * succeeds. Suites override one endpoint with `server.use(...)` to test other states.
 */
export const handlers = [
  http.get<never, never, Course[]>(`${API}/course/`, () => HttpResponse.json(fixtures.courses)),
  http.get<{ course_id: string }, never, Course>(`${API}/course/:course_id`, ({ params }) => {
    const course = fixtures.courses.find((item) => String(item.id) === params.course_id);
    return course ? HttpResponse.json(course) : HttpResponse.json({ msg: 'Course not found.' } as never, { status: 404 });
  }),
  http.get<never, never, EnrollStatus>(`${API}/fetch-enroll-status/:studentId/:course_id`, () => HttpResponse.json({ bool: false })),
  http.get<never, never, RatingStatus>(`${API}/fetch-rating-status/:student_id/:course_id`, () => HttpResponse.json({ bool: false })),
  http.post(`${API}/course-rating/:course_id`, () => HttpResponse.json({ id: 1, course: 1, student: 7, rating: 5, reviews: '' }, { status: 201 })),
  http.post<never, never, PaymentSession>(`${API}/create-payment-session/`, () =>
    HttpResponse.json({ session_id: 'cs_test_1', url: '/api/checkout/cs_test_1' }),
  ),
  http.get<never, never, Teacher[]>(`${API}/teacher/`, () => HttpResponse.json([fixtures.teacher])),
  http.get<never, never, Category[]>(`${API}/category/`, () => HttpResponse.json(fixtures.categories)),
  http.get<never, never, Category[]>(`${API}/category`, () => HttpResponse.json(fixtures.categories)),

  http.post(`${API}/student-login`, () => HttpResponse.json({ bool: true, student_id: fixtures.student.id })),
  http.post<never, never, BoolMsg>(`${API}/student-logout/`, () => HttpResponse.json(ok('You have been logged out.'))),
  http.post<never, never, BoolMsg>(`${API}/teacher-logout/`, () => HttpResponse.json(ok('You have been logged out.'))),
  http.post<never, never, BoolMsg>(`${API}/student-forgot-password/`, () => HttpResponse.json(ok('A reset link has been sent to your e-mail.'))),
  http.post<never, never, Student>(`${API}/student/`, () => HttpResponse.json(fixtures.student, { status: 201 })),
  http.post(`${API}/verify-student/:student_id/`, ({ params }) =>
    HttpResponse.json({ bool: true, msg: 'Verified.', student_id: Number(params.student_id) }),
  ),
  http.post<never, never, BoolMsg>(`${API}/student-change-password/:student_id/`, () => HttpResponse.json(ok('Password changed.'))),
  http.get<never, never, StudentDashboard>(`${API}/student/dashboard/:studentId`, () =>
    HttpResponse.json({ enrolled_courses: 1, complete_assignments: 1, pending_assignments: 1 }),
  ),
  http.get<never, never, Student>(`${API}/student/:studentId`, () => HttpResponse.json(fixtures.student)),
  http.get<never, never, EnrolledCourse[]>(`${API}/fetch-enrolled-courses/:studentId`, () => HttpResponse.json(fixtures.enrolledCourses)),
  http.get<never, never, Assignment[]>(`${API}/my-assignments/:studentId`, () => HttpResponse.json(fixtures.assignments)),
  http.put(`${API}/update-assignment/:id/`, () => HttpResponse.json(fixtures.assignments[0])),
  http.get<never, never, MyTeacher[]>(`${API}/fetch-my-teachers/:studentId`, () => HttpResponse.json(fixtures.myTeachers)),
  http.get<never, never, Message[]>(`${API}/get-messages/:teacher_id/:student_id`, () => HttpResponse.json(fixtures.messages)),
  http.post<never, never, BoolMsg>(`${API}/send-message/:teacher_id/:student_id/`, () => HttpResponse.json(ok('Message has been sent'))),
  http.post<never, never, BoolMsg>(`${API}/send-group-message/:teacherId/`, () => HttpResponse.json(ok('Message has been sent'))),

  http.post(`${API}/teacher-login`, () =>
    HttpResponse.json({ bool: true, msg: 'Logged in.', login_via_otp: false, teacher_id: fixtures.teacher.id }),
  ),
  http.post<never, never, BoolMsg>(`${API}/teacher-forgot-password/`, () => HttpResponse.json(ok('A reset link has been sent to your e-mail.'))),
  http.post<never, never, Teacher>(`${API}/teacher/`, () => HttpResponse.json(fixtures.teacher, { status: 201 })),
  http.post(`${API}/verify-teacher/:teacher_id/`, ({ params }) =>
    HttpResponse.json({ bool: true, msg: 'Verified.', teacher_id: Number(params.teacher_id) }),
  ),
  http.post<never, never, BoolMsg>(`${API}/teacher-change-password/:teacher_id/`, () => HttpResponse.json(ok('Password changed.'))),
  http.post<never, never, BoolMsg>(`${API}/teacher/change-password/:teacherId/`, () => HttpResponse.json(ok('Password changed.'))),
  http.get<never, never, TeacherDashboard>(`${API}/teacher/dashboard/:id`, () =>
    HttpResponse.json({ total_teacher_courses: 2, total_teacher_students: 12, total_teacher_chapters: 1 }),
  ),
  http.get<never, never, Teacher>(`${API}/teacher/:id`, () => HttpResponse.json(fixtures.teacher)),
  http.put<never, never, Teacher>(`${API}/teacher/:id/`, () => HttpResponse.json(fixtures.teacher)),
  http.get<never, never, Course[]>(`${API}/teacher-courses/:teacherId`, () => HttpResponse.json([fixtures.paidCourse])),
  http.delete(`${API}/course/:id/`, () => new HttpResponse(null, { status: 204 })),
  http.post<never, never, Course>(`${API}/course/`, () => HttpResponse.json(fixtures.paidCourse, { status: 201 })),
  http.get<never, never, Course>(`${API}/teacher-course-detail/:course_id/`, () => HttpResponse.json(fixtures.paidCourse)),
  http.put<never, never, Course>(`${API}/teacher-course-detail/:course_id/`, () => HttpResponse.json(fixtures.paidCourse)),
  http.post<never, never, Chapter>(`${API}/chapter/`, () => HttpResponse.json(fixtures.chapters[0]!, { status: 201 })),
  http.get<never, never, Chapter>(`${API}/chapter/:id/`, () => HttpResponse.json(fixtures.chapters[0]!)),
  http.put<never, never, Chapter>(`${API}/chapter/:id/`, () => HttpResponse.json(fixtures.chapters[0]!)),
  http.delete(`${API}/chapter/:id/`, () => new HttpResponse(null, { status: 204 })),
  http.get<never, never, Chapter[]>(`${API}/course-chapters/:course_id`, () => HttpResponse.json(fixtures.chapters)),
  http.get<never, never, Enrollment[]>(`${API}/fetch-enrolled-students/:course_id`, () => HttpResponse.json(fixtures.enrollments)),
  http.get<never, never, Enrollment[]>(`${API}/fetch-all-enrolled-students/:teacherId`, () => HttpResponse.json(fixtures.enrollments)),
  http.post<never, never, Assignment>(`${API}/student-assignment/:teacher_id/:student_id/`, () =>
    HttpResponse.json(fixtures.assignments[0]!, { status: 201 }),
  ),
  http.get<never, never, Assignment[]>(`${API}/student-assignment/:teacher_id/:student_id/`, () => HttpResponse.json(fixtures.assignments)),
];
