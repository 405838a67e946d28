import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { defaultSpecFile } from '../../provider/src/config';
import { messages } from '../../provider/src/errors';
import { type JsonSchema, inlineRefs, isFileSchema, listOperations, loadSpec, objectProperties, standaloneSchema } from '../../provider/src/spec';
import { createAdmin } from '../../provider/src/admin';
import { bookedLesson, minute } from './lessonRoomSupport';
import { voiceFile } from './opusFile';
import { type StripeImitation, startStripeImitation } from './stripeImitation';
import { type Client, type DemoIds, type JsonAnswer, type RequestOptions, type RunningProvider, demoIds, demoLogins, inDatabase, startProvider, svgFile, useFakeClock, videoFile, watchChapter } from './support';

/**
 * Walks api-spec.yaml: every operation must be served, and its success answer must validate
 * against the schema the spec declares for that status.
 */
const document = loadSpec(defaultSpecFile);
const operations = listOperations(document);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('password', true);
ajv.addFormat('binary', true);

type Role = 'anonymous' | 'student' | 'teacher' | 'newcomer' | 'admin';

interface Call {
  as: Role;
  params?: Record<string, number | string>;
  query?: string;
  options?: RequestOptions;
}

interface State {
  ids: DemoIds;
  clients: Record<Role, Client>;
  newStudent?: { id: number; email: string };
  newTeacher?: { id: number; email: string };
  courseId?: number;
  chapterId?: number;
  pendingAssignmentId?: number;
  /** The assignment answered in writing, then given feedback. */
  textAssignmentId?: number;
  /** The teachers waiting for approval (admin area), and the category an admin added. */
  pendingTeacherIds?: number[];
  addedCategoryId?: number;
  /** The Spanish chapter the practice steps write an exercise for, and that exercise. */
  practiceChapterId?: number;
  exerciseId?: number;
  /** The lesson type the lessons steps add, change and remove. */
  lessonTypeId?: number;
  /** A lesson of the demo student's with the demo teacher whose room is open (made in the set-up). */
  roomLessonId?: number;
  /** A lesson of theirs that has ended (made in the set-up), for its note and rating. */
  endedLessonId?: number;
  /** The token of the student's lesson calendar feed, from its renewed address. */
  lessonCalendarToken?: string;
  /** The free trial the booking steps book, move and cancel, and a second free time to move it to. */
  lessonId?: number;
  laterStart?: string;
}

/** The admin of the admin area's steps (made in the set-up, as `provider:admin -- create-admin` does). */
const contractAdmin = 'admin@academy.test';

/**
 * One successful call per operation, in an order where earlier calls set up later ones.
 * `status` names the expected success status when the operation has several (else the first).
 */
const steps: {
  operationId: string;
  call: (state: State) => Promise<Call> | Call;
  status?: number;
  after?: (state: State, answer: JsonAnswer) => void;
}[] = [
  { operationId: 'listCategories', call: () => ({ as: 'anonymous' }) },
  { operationId: 'listCategoryOptions', call: () => ({ as: 'anonymous' }) },
  { operationId: 'listCourses', call: () => ({ as: 'anonymous', query: '?result=3' }) },
  { operationId: 'listTeachers', call: () => ({ as: 'anonymous' }) },
  { operationId: 'getCatalogueCounts', call: () => ({ as: 'anonymous' }) },
  { operationId: 'subscribeNewsletter', call: () => ({ as: 'anonymous', options: { form: { email: 'reader@example.org' } } }) },
  {
    operationId: 'sendContactMessage',
    call: () => ({
      as: 'anonymous',
      options: { form: { name: 'Maria Silva', email: 'maria@example.org', subject: 'Group lessons', message: 'A class of twelve?' } },
    }),
  },
  // The admin area: a code mailed, checked, then the queue (two teachers waiting: the demo's and one
  // the set-up added) and the categories; the logout last.
  { operationId: 'adminLogin', call: () => ({ as: 'admin', options: { form: { email: contractAdmin } } }) },
  {
    operationId: 'verifyAdmin',
    call: async (s) => {
      const mail = await s.clients.admin.lastMailTo(contractAdmin);
      return { as: 'admin', options: { form: { email: contractAdmin, code: mail.code ?? '' } } };
    },
  },
  { operationId: 'getAdminSession', call: () => ({ as: 'admin' }) },
  {
    operationId: 'listPendingTeachers',
    call: () => ({ as: 'admin' }),
    after: (s, answer) => {
      s.pendingTeacherIds = (answer.body as { id: number }[]).map((teacher) => teacher.id);
    },
  },
  { operationId: 'approvePendingTeacher', call: (s) => ({ as: 'admin', params: { teacher_id: s.pendingTeacherIds![0]! } }) },
  { operationId: 'declinePendingTeacher', call: (s) => ({ as: 'admin', params: { teacher_id: s.pendingTeacherIds![1]! } }) },
  {
    operationId: 'addCategory',
    call: () => ({ as: 'admin', options: { form: { title: 'Contract Category' } } }),
    after: (s, answer) => {
      s.addedCategoryId = (answer.body as { id: number }).id;
    },
  },
  {
    operationId: 'renameCategory',
    call: (s) => ({ as: 'admin', params: { category_id: s.addedCategoryId! }, options: { form: { title: 'Contract Category, renamed' } } }),
  },
  { operationId: 'adminLogout', call: () => ({ as: 'admin' }) },
  { operationId: 'getCourse', call: (s) => ({ as: 'student', params: { course_id: s.ids.courses.Spanish!.id } }) },
  { operationId: 'getTeacher', call: (s) => ({ as: 'teacher', params: { id: s.ids.teacherId } }) },
  {
    operationId: 'listCourseChapters',
    call: (s) => ({ as: 'student', params: { course_id: s.ids.courses.Spanish!.id } }),
  },
  {
    operationId: 'studentLogin',
    call: () => ({ as: 'anonymous', options: { multipart: { ...demoLogins.student } } }),
  },
  {
    operationId: 'teacherLogin',
    call: () => ({ as: 'anonymous', options: { form: { ...demoLogins.teacher } } }),
  },
  {
    operationId: 'fetchEnrollStatus',
    call: (s) => ({ as: 'student', params: { studentId: s.ids.studentId, course_id: s.ids.courses.Spanish!.id } }),
  },
  {
    operationId: 'fetchRatingStatus',
    call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId, course_id: s.ids.courses.Spanish!.id } }),
  },
  {
    operationId: 'rateCourse',
    call: (s) => {
      const courseId = s.ids.courses.Yoruba!.id;
      return {
        as: 'student',
        params: { course_id: courseId },
        options: { form: { course: courseId, student: s.ids.studentId, rating: 4, reviews: 'Lovely tones.' } },
      };
    },
  },
  { operationId: 'listCourseReviews', call: (s) => ({ as: 'anonymous', params: { course_id: s.ids.courses.Spanish!.id } }) },
  {
    operationId: 'createPaymentSession',
    call: (s) => ({
      as: 'student',
      options: { form: { course_id: s.ids.courses.French!.id, student_id: s.ids.studentId } },
    }),
  },
  {
    operationId: 'enrollCourse',
    status: 201,
    call: (s) => ({
      as: 'student',
      options: { form: { course: s.ids.courses.Pidgin!.id, student: s.ids.studentId } },
    }),
  },
  { operationId: 'getStudent', call: (s) => ({ as: 'student', params: { studentId: s.ids.studentId } }) },
  { operationId: 'getStudentDashboard', call: (s) => ({ as: 'student', params: { studentId: s.ids.studentId } }) },
  { operationId: 'getStudentSession', call: () => ({ as: 'student' }) },
  { operationId: 'fetchEnrolledCourses', call: (s) => ({ as: 'student', params: { studentId: s.ids.studentId } }) },
  { operationId: 'fetchMyTeachers', call: (s) => ({ as: 'student', params: { studentId: s.ids.studentId } }) },
  {
    operationId: 'listMyAssignments',
    call: (s) => ({ as: 'student', params: { studentId: s.ids.studentId } }),
    after: (s, answer) => {
      const pending = (answer.body as { id: number; student_status: boolean }[]).find((item) => !item.student_status);
      s.pendingAssignmentId = pending?.id;
    },
  },
  {
    operationId: 'updateAssignment',
    call: (s) => ({
      as: 'student',
      params: { id: s.pendingAssignmentId as number },
      options: {
        multipart: {
          student_status: 'true',
          title: 'ignored',
          detail: 'ignored',
          student: s.ids.studentId,
          teacher: s.ids.teacherId,
        },
      },
    }),
  },
  {
    operationId: 'getCourseProgress',
    call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId, course_id: s.ids.courses.Spanish!.id } }),
  },
  {
    operationId: 'saveChapterProgress',
    call: async (s) => {
      const { body: chapters } = await s.clients.student.get<{ id: number }[]>(
        `/api/course-chapters/${s.ids.courses.Spanish!.id}`,
      );
      return {
        as: 'student',
        params: { student_id: s.ids.studentId, chapter_id: chapters[1]!.id },
        options: { form: { position: '3.25', watched: 'false' } },
      };
    },
  },
  {
    operationId: 'verifyCertificate',
    call: async (s) => {
      // The student watches every chapter of Pidgin (enrolled above), which issues a certificate.
      const pidgin = s.ids.courses.Pidgin!.id;
      const { body: chapters } = await s.clients.student.get<{ id: number; duration: number | null }[]>(
        `/api/course-chapters/${pidgin}`,
      );
      for (const chapter of chapters) await watchChapter(s.clients.student, s.ids.studentId, chapter);
      const { body: progress } = await s.clients.student.get<{ course: number; certificate: string }[]>(
        `/api/student-progress/${s.ids.studentId}`,
      );
      return { as: 'anonymous', params: { code: progress.find((entry) => entry.course === pidgin)!.certificate } };
    },
  },
  { operationId: 'listStudentProgress', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  {
    operationId: 'addFavoriteCourse',
    status: 201,
    call: (s) => ({
      as: 'student',
      options: { form: { course: s.ids.courses.German!.id, student: s.ids.studentId } },
    }),
  },
  {
    operationId: 'fetchFavoriteStatus',
    call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId, course_id: s.ids.courses.German!.id } }),
  },
  {
    operationId: 'fetchFavoriteCourses',
    call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }),
  },
  {
    operationId: 'removeFavoriteCourse',
    call: (s) => ({ as: 'student', params: { course_id: s.ids.courses.German!.id, student_id: s.ids.studentId } }),
  },
  {
    operationId: 'getMessages',
    call: (s) => ({ as: 'student', params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId } }),
  },
  {
    operationId: 'sendMessage',
    call: (s) => ({
      as: 'student',
      params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId },
      options: { form: { msg_text: 'Hello from the contract test', msg_from: 'student' } },
    }),
  },
  {
    operationId: 'sendGroupMessage',
    call: (s) => ({
      as: 'teacher',
      params: { teacherId: s.ids.teacherId },
      options: { form: { msg_text: 'Hello everyone', msg_from: 'teacher' } },
    }),
  },
  {
    operationId: 'sendGroupMessageFromStudent',
    call: (s) => ({
      as: 'student',
      params: { student_id: s.ids.studentId },
      options: { form: { msg_text: 'Hello, my teachers', msg_from: 'student' } },
    }),
  },
  { operationId: 'getStudentUnreadMessages', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  { operationId: 'getTeacherUnreadMessages', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  {
    operationId: 'markMessagesRead',
    call: (s) => ({
      as: 'teacher',
      params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId },
      options: { form: { reader: 'teacher' } },
    }),
  },
  // Notifications (extension): the messages above gave each side one.
  { operationId: 'listNotifications', call: (s) => ({ as: 'teacher', params: { role: 'teacher', person_id: s.ids.teacherId }, query: '?limit=5' }) },
  { operationId: 'markNotificationsRead', call: (s) => ({ as: 'teacher', params: { role: 'teacher', person_id: s.ids.teacherId }, options: { form: {} } }) },
  { operationId: 'getNotificationSettings', call: (s) => ({ as: 'student', params: { role: 'student', person_id: s.ids.studentId } }) },
  {
    operationId: 'updateNotificationSettings',
    call: (s) => ({ as: 'student', params: { role: 'student', person_id: s.ids.studentId }, options: { form: { feedback: 'false' } } }),
  },
  {
    operationId: 'sendVoiceMessage',
    call: (s) => ({
      as: 'student',
      params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId },
      options: { multipart: { msg_from: 'student', voice: voiceFile(), msg_text: 'Escucha' } },
    }),
  },
  // Learning goals (extension): what the student set out to learn, and their level.
  { operationId: 'getLearningGoals', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  {
    operationId: 'updateLearningGoals',
    call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId }, options: { form: { learning_languages: '["Yoruba"]', level: 'A1' } } }),
  },
  // A teacher's lessons (extension): the hours and rules, a lesson type added, changed and removed, the free times.
  { operationId: 'getTeacherLessons', call: (s) => ({ as: 'anonymous', params: { teacher_id: s.ids.teacherId } }) },
  {
    operationId: 'updateTeacherLessons',
    call: (s) => ({
      as: 'teacher',
      params: { teacher_id: s.ids.teacherId },
      options: {
        form: {
          time_zone: 'Africa/Lagos',
          min_notice_hours: '12',
          cancellation_hours: '24',
          weekly_hours: '[{"weekday":1,"start":"09:00","end":"12:00"},{"weekday":3,"start":"16:00","end":"19:30"}]',
          days_off: '["2026-12-25"]',
        },
      },
    }),
  },
  {
    operationId: 'createLessonType',
    call: (s) => ({
      as: 'teacher',
      params: { teacher_id: s.ids.teacherId },
      options: { form: { title: 'Grammar clinic', minutes: '25', free_trial: 'false', price: '12', languages: '["Spanish"]' } },
    }),
    after: (s, answer) => {
      s.lessonTypeId = (answer.body as { id: number }).id;
    },
  },
  {
    operationId: 'updateLessonType',
    call: (s) => ({
      as: 'teacher',
      params: { teacher_id: s.ids.teacherId, lesson_type_id: s.lessonTypeId as number },
      options: { form: { title: 'Grammar clinic', minutes: '50', free_trial: 'false', price: '18.50', languages: '["Spanish","French"]' } },
    }),
  },
  { operationId: 'getTeacherFreeTimes', call: (s) => ({ as: 'anonymous', params: { teacher_id: s.ids.teacherId }, query: '?days=7&minutes=50' }) },
  // Booking (issue 40): the student books Amara's free trial more than a day ahead, moves it, both sides list it, the student cancels it.
  {
    operationId: 'bookLesson',
    status: 201,
    call: async (s) => {
      const { body: lessons } = await s.clients.anonymous.get<{ lesson_types: { id: number; free_trial: boolean }[] }>(`/api/teacher-lessons/${s.ids.teacherId}/`);
      const { body: free } = await s.clients.anonymous.get<{ times: { start: string }[] }>(`/api/teacher-lessons/${s.ids.teacherId}/free-times/?days=14&minutes=25`);
      const [first, later] = free.times.filter((time) => Date.parse(time.start) > Date.now() + 26 * 3_600_000).map((time) => time.start);
      s.laterStart = later;
      const trial = lessons.lesson_types.find((type) => type.free_trial)!;
      return { as: 'student', options: { form: { student_id: s.ids.studentId, lesson_type_id: trial.id, starts_at: first! } } };
    },
    after: (s, answer) => {
      s.lessonId = (answer.body as { lesson: { id: number } }).lesson.id;
    },
  },
  { operationId: 'moveLesson', call: (s) => ({ as: 'student', params: { lesson_id: s.lessonId! }, options: { form: { starts_at: s.laterStart! } } }) },
  { operationId: 'getStudentLessons', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId }, query: '?when=upcoming&page=1' }) },
  { operationId: 'getTeacherBookings', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId }, query: '?when=upcoming' }) },
  { operationId: 'cancelLesson', call: (s) => ({ as: 'student', params: { lesson_id: s.lessonId! }, options: { form: {} } }) },
  { operationId: 'deleteLessonType', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId, lesson_type_id: s.lessonTypeId as number } }) },
  { operationId: 'listStudentConversations', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  { operationId: 'listRecommendedCourses', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  { operationId: 'listTeacherConversations', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  { operationId: 'getTeacherDashboard', call: (s) => ({ as: 'teacher', params: { id: s.ids.teacherId } }) },
  { operationId: 'getTeacherSales', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  // A lesson's room (extension): its hours, ICE servers and chat, and a chat message.
  { operationId: 'getLessonRoom', call: (s) => ({ as: 'student', params: { lesson_id: s.roomLessonId as number } }) },
  {
    operationId: 'sendLessonMessage',
    call: (s) => ({ as: 'teacher', params: { lesson_id: s.roomLessonId as number }, options: { form: { text: 'Can you hear me?' } } }),
  },
  // After a lesson (extension): the note and the rating of one that has ended, and the teacher's figures.
  {
    operationId: 'writeLessonNote',
    call: (s) => ({ as: 'teacher', params: { lesson_id: s.endedLessonId as number }, options: { form: { note: 'Greetings and farewells.' } } }),
  },
  { operationId: 'rateLesson', call: (s) => ({ as: 'student', params: { lesson_id: s.endedLessonId as number }, options: { form: { rating: '5', comment: 'Patient.' } } }) },
  { operationId: 'getTeacherLessonReviews', call: (s) => ({ as: 'anonymous', params: { teacher_id: s.ids.teacherId } }) },
  {
    // Stripe's delivery of an event the provider ignores (the Stripe suite covers the others).
    operationId: 'stripeWebhook',
    call: () => {
      const payload = JSON.stringify({ id: 'evt_contract', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: contractStripe.webhookSecret });
      return { as: 'anonymous', options: { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, xsrf: false } };
    },
  },
  // Practice (issue 38): the teacher writes an exercise for a Spanish chapter, the student answers
  // and reviews it, the teacher reads the figures and deletes it.
  {
    operationId: 'createExercise',
    status: 201,
    call: async (s) => {
      s.practiceChapterId = (await s.clients.anonymous.get<{ id: number }[]>(`/api/course-chapters/${s.ids.courses.Spanish!.id}`)).body[0]!.id;
      return {
        as: 'teacher',
        params: { chapter_id: s.practiceChapterId },
        options: { multipart: { kind: 'listen', prompt: 'Type what you hear.', answers: '["Buenos días"]', audio: voiceFile(1), is_published: true } },
      };
    },
    after: (s, answer) => {
      s.exerciseId = (answer.body as { id: number }).id;
    },
  },
  {
    operationId: 'updateExercise',
    call: (s) => ({
      as: 'teacher',
      params: { exercise_id: s.exerciseId! },
      options: { multipart: { kind: 'listen', prompt: 'Type what you hear, twice.', answers: '["Buenos días"]', is_published: true } },
    }),
  },
  {
    operationId: 'reorderExercises',
    call: (s) => ({ as: 'teacher', params: { chapter_id: s.practiceChapterId! }, options: { form: { exercise_ids: String(s.exerciseId) } } }),
  },
  { operationId: 'listChapterExercises', call: (s) => ({ as: 'student', params: { chapter_id: s.practiceChapterId! } }) },
  {
    // Issue 39: the Spanish chapters put back in the order they are in.
    operationId: 'reorderChapters',
    call: async (s) => {
      const { body } = await s.clients.anonymous.get<{ id: number }[]>(`/api/course-chapters/${s.ids.courses.Spanish!.id}`);
      return { as: 'teacher', params: { course_id: s.ids.courses.Spanish!.id }, options: { form: { chapter_ids: body.map((chapter) => chapter.id).join(',') } } };
    },
  },
  {
    operationId: 'answerExercise',
    call: (s) => ({ as: 'student', params: { exercise_id: s.exerciseId! }, options: { form: { answer: 'Buenos dias' } } }),
  },
  { operationId: 'getCourseExerciseCounts', call: (s) => ({ as: 'anonymous', params: { course_id: s.ids.courses.Spanish!.id } }) },
  { operationId: 'getReviewDeck', call: () => ({ as: 'student' }) },
  {
    operationId: 'sendReviewAnswers',
    call: (s) => ({
      as: 'student',
      options: { json: { answers: [{ exercise_id: s.exerciseId!, rating: 3, reviewed_at: new Date().toISOString() }] } },
    }),
  },
  { operationId: 'getChapterPracticeStats', call: (s) => ({ as: 'teacher', params: { chapter_id: s.practiceChapterId! } }) },
  { operationId: 'deleteExercise', status: 204, call: (s) => ({ as: 'teacher', params: { exercise_id: s.exerciseId! } }) },
  { operationId: 'listTeacherCourses', call: (s) => ({ as: 'teacher', params: { teacherId: s.ids.teacherId } }) },
  {
    operationId: 'fetchEnrolledStudents',
    call: (s) => ({ as: 'teacher', params: { course_id: s.ids.courses.Spanish!.id } }),
  },
  {
    operationId: 'fetchAllEnrolledStudents',
    call: (s) => ({ as: 'teacher', params: { teacherId: s.ids.teacherId } }),
  },
  {
    operationId: 'createAssignment',
    call: (s) => ({
      as: 'teacher',
      params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId },
      options: {
        multipart: {
          teacher: s.ids.teacherId,
          student: s.ids.studentId,
          title: 'Listen',
          detail: 'Chapter 2',
          answer_kind: 'text',
          due_at: new Date(Date.now() + 86_400_000).toISOString(),
          mark_scale: 'percent',
        },
      },
    }),
    after: (s, answer) => {
      s.textAssignmentId = (answer.body as { id: number }).id;
    },
  },
  {
    operationId: 'listStudentAssignments',
    call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId } }),
  },
  {
    operationId: 'getAssignment',
    call: (s) => ({ as: 'student', params: { assignment_id: s.textAssignmentId as number } }),
  },
  {
    operationId: 'answerAssignment',
    call: (s) => ({
      as: 'student',
      params: { assignment_id: s.textAssignmentId as number },
      options: { multipart: { text: 'Escuché el capítulo dos.' } },
    }),
  },
  {
    operationId: 'giveAssignmentFeedback',
    call: (s) => ({
      as: 'teacher',
      params: { assignment_id: s.textAssignmentId as number },
      options: { multipart: { text: '¡Muy bien!', mark: '90' } },
    }),
  },
  {
    operationId: 'listTeacherAnswers',
    call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId }, query: '?status=all&limit=10' }),
  },
  {
    operationId: 'getTeacherStudent',
    call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId } }),
  },
  {
    operationId: 'listTeacherStudentsProgress',
    call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }),
  },
  { operationId: 'getTeacherAttention', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  {
    operationId: 'updateTeacher',
    call: (s) => ({
      as: 'teacher',
      params: { id: s.ids.teacherId },
      options: {
        multipart: {
          full_name: 'Amara Okafor',
          email: demoLogins.teacher.email,
          qualification: 'MA Applied Linguistics',
          mobile_no: '07700900123',
          skills: 'Spanish, French, English',
          login_via_otp: 'false',
          profile_img: svgFile('me.svg'),
        },
      },
    }),
  },
  {
    operationId: 'createCourse',
    call: (s) => ({
      as: 'teacher',
      options: {
        multipart: {
          category: 1,
          teacher: s.ids.teacherId,
          title: 'Contract course',
          description: 'Made by the contract test',
          languages: 'English',
          price: '12.5',
          featured_img: svgFile(),
        },
      },
    }),
    after: (s, answer) => {
      s.courseId = (answer.body as { id: number }).id;
    },
  },
  {
    operationId: 'getTeacherCourseDetail',
    call: (s) => ({ as: 'teacher', params: { course_id: s.courseId as number } }),
  },
  {
    operationId: 'updateCourse',
    call: (s) => ({
      as: 'teacher',
      params: { course_id: s.courseId as number },
      options: { multipart: { category: 2, teacher: s.ids.teacherId, title: 'Contract course', languages: 'French' } },
    }),
  },
  {
    operationId: 'createChapter',
    call: (s) => ({
      as: 'teacher',
      options: {
        multipart: {
          course: s.courseId as number,
          title: 'One',
          description: 'First',
          remarks: '',
          video: videoFile(),
        },
      },
    }),
    after: (s, answer) => {
      s.chapterId = (answer.body as { id: number }).id;
    },
  },
  {
    operationId: 'setCourseStatus',
    call: (s) => ({ as: 'teacher', params: { course_id: s.courseId as number }, options: { form: { status: 'published' } } }),
  },
  { operationId: 'getChapter', call: (s) => ({ as: 'teacher', params: { id: s.chapterId as number } }) },
  { operationId: 'getUploadOptions', call: () => ({ as: 'teacher' }) },
  {
    operationId: 'updateChapter',
    call: (s) => ({
      as: 'teacher',
      params: { id: s.chapterId as number },
      options: {
        multipart: { course: s.courseId as number, title: 'One, revised', description: 'First', remarks: 'ok' },
      },
    }),
  },
  {
    operationId: 'putChapterCaptionTrack',
    call: (s) => ({
      as: 'teacher',
      params: { chapter_id: s.chapterId as number, lang: 'fr' },
      options: { multipart: { captions: new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n'], 'fr.vtt', { type: 'text/vtt' }) } },
    }),
  },
  { operationId: 'deleteChapterCaptionTrack', call: (s) => ({ as: 'teacher', params: { chapter_id: s.chapterId as number, lang: 'fr' } }) },
  { operationId: 'deleteChapter', call: (s) => ({ as: 'teacher', params: { id: s.chapterId as number } }) },
  { operationId: 'deleteCourse', call: (s) => ({ as: 'teacher', params: { id: s.courseId as number } }) },
  {
    operationId: 'registerStudent',
    call: () => ({
      as: 'newcomer',
      options: {
        form: {
          full_name: 'New Student',
          email: 'new.student@example.org',
          password: 'secret-1',
          username: 'newstudent',
          otp_digit: 123456,
          interested_categories: 'French',
        },
      },
    }),
    after: (s, answer) => {
      s.newStudent = { id: (answer.body as { id: number }).id, email: 'new.student@example.org' };
    },
  },
  { operationId: 'resendStudentCode', call: (s) => ({ as: 'newcomer', params: { student_id: s.newStudent!.id } }) },
  {
    operationId: 'verifyStudent',
    call: async (s) => {
      const mail = await s.clients.newcomer.lastMailTo(s.newStudent!.email);
      return { as: 'newcomer', params: { student_id: s.newStudent!.id }, options: { form: { otp_digit: mail.code } } };
    },
  },
  {
    operationId: 'updateStudent',
    call: (s) => ({
      as: 'newcomer',
      params: { id: s.newStudent!.id },
      options: {
        form: {
          full_name: 'New Student, renamed',
          email: s.newStudent!.email,
          username: 'newstudent2',
          interested_categories: 'French, Akan',
        },
      },
    }),
  },
  {
    operationId: 'startStudentEmailChange',
    call: (s) => ({
      as: 'newcomer',
      params: { id: s.newStudent!.id },
      options: { form: { email: 'renamed.student@example.org', current_password: 'secret-1' } },
    }),
  },
  {
    operationId: 'confirmStudentEmailChange',
    call: async (s) => {
      const mail = await s.clients.newcomer.lastMailTo('renamed.student@example.org');
      return { as: 'newcomer', params: { id: s.newStudent!.id }, options: { form: { otp_digit: mail.code } } };
    },
    after: (s) => {
      s.newStudent!.email = 'renamed.student@example.org';
    },
  },
  {
    operationId: 'changeStudentPassword',
    call: (s) => ({
      as: 'newcomer',
      params: { student_id: s.newStudent!.id },
      options: { form: { password: 'secret-1b', current_password: 'secret-1' } },
    }),
  },
  {
    operationId: 'studentForgotPassword',
    call: (s) => ({ as: 'anonymous', options: { form: { email: s.newStudent!.email } } }),
  },
  {
    operationId: 'changeStudentForgottenPassword',
    call: async (s) => ({
      as: 'anonymous',
      params: { student_id: s.newStudent!.id },
      options: { form: { password: 'secret-2', token: await resetToken(s, s.newStudent!.email) } },
    }),
  },
  {
    operationId: 'registerTeacher',
    call: () => ({
      as: 'newcomer',
      options: {
        form: {
          full_name: 'New Teacher',
          email: 'new.teacher@example.org',
          password: 'secret-1',
          qualification: 'BSc',
          mobile_no: '0123456789',
          skills: 'Igbo',
          otp_digit: 654321,
        },
      },
    }),
    after: (s, answer) => {
      s.newTeacher = { id: (answer.body as { id: number }).id, email: 'new.teacher@example.org' };
    },
  },
  { operationId: 'resendTeacherCode', call: (s) => ({ as: 'newcomer', params: { teacher_id: s.newTeacher!.id } }) },
  {
    operationId: 'verifyTeacher',
    call: async (s) => {
      const mail = await s.clients.newcomer.lastMailTo(s.newTeacher!.email);
      return { as: 'newcomer', params: { teacher_id: s.newTeacher!.id }, options: { form: { otp_digit: mail.code } } };
    },
  },
  {
    operationId: 'startTeacherEmailChange',
    call: (s) => ({
      as: 'newcomer',
      params: { id: s.newTeacher!.id },
      options: { form: { email: 'renamed.teacher@example.org', current_password: 'secret-1' } },
    }),
  },
  {
    operationId: 'confirmTeacherEmailChange',
    call: async (s) => {
      const mail = await s.clients.newcomer.lastMailTo('renamed.teacher@example.org');
      return { as: 'newcomer', params: { id: s.newTeacher!.id }, options: { form: { otp_digit: mail.code } } };
    },
    after: (s) => {
      s.newTeacher!.email = 'renamed.teacher@example.org';
    },
  },
  {
    operationId: 'changeTeacherPassword',
    call: (s) => ({
      as: 'newcomer',
      params: { teacherId: s.newTeacher!.id },
      options: { form: { password: 'secret-3', current_password: 'secret-1' } },
    }),
  },
  {
    operationId: 'teacherForgotPassword',
    call: (s) => ({ as: 'anonymous', options: { form: { email: s.newTeacher!.email } } }),
  },
  {
    operationId: 'changeTeacherForgottenPassword',
    call: async (s) => ({
      as: 'anonymous',
      params: { teacher_id: s.newTeacher!.id },
      options: { form: { password: 'secret-4', token: await resetToken(s, s.newTeacher!.email) } },
    }),
  },
  // Each side's lesson calendar: its address made, renewed, and the feed read without a session.
  { operationId: 'getStudentLessonCalendar', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  {
    operationId: 'renewStudentLessonCalendar',
    call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }),
    after: (s, answer) => {
      s.lessonCalendarToken = /\/lesson-calendars\/([^/]+)\/$/.exec((answer.body as { url: string }).url)?.[1];
    },
  },
  { operationId: 'getTeacherLessonCalendar', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  { operationId: 'renewTeacherLessonCalendar', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  { operationId: 'getLessonCalendarFeed', call: (s) => ({ as: 'anonymous', params: { feed_token: s.lessonCalendarToken! } }) },
  { operationId: 'studentLogout', call: () => ({ as: 'anonymous' }) },
  { operationId: 'teacherLogout', call: () => ({ as: 'anonymous' }) },
];

async function resetToken(state: State, email: string): Promise<string> {
  const mail = await state.clients.anonymous.lastMailTo(email);
  const token = /[?&]token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No reset token in ${mail.text}`);
  return token;
}

/** The first pass's provider takes payments through Stripe (an imitation of its API, stripeImitation.ts). */
const contractStripe = { secretKey: 'sk_test_contract', webhookSecret: 'whsec_contract' };

describe('api-spec.yaml contract', () => {
  useFakeClock();
  let provider: RunningProvider;
  let state: State;
  let stripeImitation: StripeImitation;

  beforeAll(async () => {
    stripeImitation = await startStripeImitation();
    provider = await startProvider({ stripe: { ...contractStripe, apiBase: stripeImitation.url } });
    const clients = {
      anonymous: provider.client(),
      student: provider.client(),
      teacher: provider.client(),
      newcomer: provider.client(),
      admin: provider.client(),
    };
    await clients.student.loginStudent();
    await clients.teacher.loginTeacher();
    // An admin, and a second teacher waiting for approval besides the demo's.
    await inDatabase(provider, async (queries) => {
      await createAdmin(queries, contractAdmin);
      await queries.run(sql`INSERT INTO teachers (full_name, email, password_hash, approved, verified, created_at)
        VALUES ('Waiting Teacher', 'waiting@example.org', 'x', 0, 1, ${new Date().toISOString()})`);
    });
    const ids = await demoIds(provider);
    state = { ids, clients, roomLessonId: await bookedLesson(provider, ids, 5 * minute), endedLessonId: await bookedLesson(provider, ids, -2 * 60 * minute) };
  });

  afterAll(async () => {
    await provider.stop();
    await stripeImitation.stop();
  });

  it('has one step for every operation of the spec, and none for unknown ones', () => {
    const specIds = operations.map((operation) => operation.operationId).sort();
    const stepIds = steps.map((step) => step.operationId).sort();
    expect(stepIds).toEqual(specIds);
  });

  it.each(steps.map((step, index) => [step.operationId, index] as const))(
    '%s is served and its success answer matches the spec',
    async (operationId, index) => {
      const step = steps[index]!;
      const operation = operations.find((candidate) => candidate.operationId === operationId);
      if (!operation) throw new Error(`${operationId} is not in the spec`);
      const call = await step.call(state);
      const urlPath =
        '/api' +
        operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          if (call.params?.[name] === undefined) throw new Error(`No value for path parameter ${name}`);
          return encodeURIComponent(String(call.params[name]));
        }) +
        (call.query ?? '');
      const successStatuses = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      const textType = textAnswerType(operation);
      if (textType) {
        // A success answer the spec gives as text (the calendar feed): of that media type, with a body.
        const response = await state.clients[call.as].request(operation.method.toUpperCase(), urlPath, call.options);
        const text = await response.text();
        expect({ status: response.status, type: response.headers.get('content-type')?.split(';')[0] }).toEqual({
          status: step.status ?? Number(successStatuses[0]),
          type: textType,
        });
        expect(text).not.toBe('');
        step.after?.(state, { status: response.status, body: text, response });
        return;
      }
      const answer = await state.clients[call.as].json(operation.method.toUpperCase(), urlPath, call.options);

      const notServed =
        answer.status === 404 && String((answer.body as { msg?: string })?.msg).startsWith(messages.routeNotFound);
      expect(notServed).toBe(false);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: step.status ?? Number(successStatuses[0]),
        body: answer.body,
      });
      expect(successStatuses).toContain(String(answer.status));

      const schema = operation.responses[String(answer.status)];
      if (schema) {
        const validate = validatorFor(schema);
        const valid = validate(answer.body);
        expect(validate.errors ?? []).toEqual([]);
        expect(valid).toBe(true);
      } else {
        expect(answer.body).toBeUndefined();
      }
      step.after?.(state, answer);
    },
  );
});

/**
 * The property-based pass: for every operation, requests made from its parameter and body schemas,
 * sent by a visitor, the demo student or the demo teacher (GETs also as HEAD, the polled reads
 * also with `If-None-Match`). Half of them are valid throughout; the others spoil one path
 * parameter, query parameter or body field (an id of 0, -1, 1.5, past 2^53 - 1 or a word, a blank
 * or overlong text, an unknown enum value, a file of the wrong kind, a missing field). Every answer
 * must have a status the operation lists, never 500, and a body its schema for that status accepts.
 * A fixed seed and number of runs, so a failure repeats (fast-check prints the seed and the
 * request); `CONTRACT_SEED=<n>` tries another seed, `CONTRACT_RUNS=<n>` more runs per operation.
 */
describe('api-spec.yaml contract, property-based pass', () => {
  const seed = Number(process.env.CONTRACT_SEED ?? 20261128);
  const runsPerOperation = Number(process.env.CONTRACT_RUNS ?? 10);
  let provider: RunningProvider;
  let clients: Record<Role, Client>;
  let pools: Pools;

  beforeAll(async () => {
    provider = await startProvider();
    clients = { anonymous: provider.client(), student: provider.client(), teacher: provider.client(), newcomer: provider.client(), admin: provider.client() };
    const ids = await demoIds(provider);
    await clients.student.loginStudent();
    await clients.teacher.loginTeacher();
    // An admin, logged in with a mailed code, for the admin area's operations.
    await inDatabase(provider, (queries) => createAdmin(queries, contractAdmin));
    await clients.admin.post('/api/admin-login/', { form: { email: contractAdmin } });
    const { code = '' } = await clients.admin.lastMailTo(contractAdmin);
    expect((await clients.admin.post('/api/admin-verify/', { form: { email: contractAdmin, code } })).status).toBe(200);
    const courseIds = Object.values(ids.courses).map((course) => course.id);
    const chapters = await clients.student.get<{ id: number }[]>(`/api/course-chapters/${ids.courses.Spanish!.id}`);
    const assignments = await clients.student.get<{ id: number }[]>(`/api/my-assignments/${ids.studentId}`);
    pools = {
      // The caller's own id first and most often, so that owners' paths are reached.
      student: [ids.studentId, ids.studentId, ids.studentId, ids.otherStudentId],
      teacher: [ids.teacherId, ids.teacherId, ids.teacherId, ids.otherTeacherId],
      course: courseIds,
      chapter: chapters.body.map((chapter) => chapter.id),
      assignment: assignments.body.map((assignment) => assignment.id),
      category: [1, 2, 3],
      other: [1, 2, 3],
    };
  });

  afterAll(() => provider.stop());

  // Operations that end the caller's session, or delete rows the others read, go last.
  const ordered = [...operations].sort((a, b) => lastness(a) - lastness(b));

  it.each(ordered.map((operation) => [operation.method.toUpperCase(), operation.path, operation] as const))(
    '%s %s answers only what the spec lists, never 500',
    async (_method, _path, operation) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation, pools), async (generated) => {
          const answer = await send(clients, operation, generated);
          const documented = Object.keys(operation.responses);
          if (answer.status === 500 || !documented.includes(String(answer.status))) {
            throw new Error(`Answered ${answer.status} ${answer.text.slice(0, 300)}; the spec lists ${documented.join(', ')}`);
          }
          const schema = operation.responses[String(answer.status)];
          if (schema && generated.method !== 'HEAD') {
            const validate = validatorFor(schema);
            if (!validate(answer.text ? JSON.parse(answer.text) : undefined)) {
              throw new Error(`The ${answer.status} body breaks its schema: ${ajv.errorsText(validate.errors)}: ${answer.text.slice(0, 300)}`);
            }
          }
        }),
        { seed, numRuns: runsPerOperation, endOnFailure: true },
      );
    },
  );

  it.each([
    ['changeStudentPassword', 'student'],
    ['changeTeacherPassword', 'teacher'],
  ] as const)('%s lists the 429 it answers after wrong current passwords, with Retry-After', async (operationId, role) => {
    const operation = operations.find((candidate) => candidate.operationId === operationId)!;
    const ownId = role === 'student' ? pools.student[0] : pools.teacher[0];
    const url = `/api${operation.path.replace(/\{[^}]+\}/, String(ownId))}`;
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 6 && answer?.status !== 429; attempt += 1) {
      answer = await clients[role].request('POST', url, { form: { password: 'a-new-password', current_password: 'not-the-password' } });
    }
    expect(answer?.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Object.keys(operation.responses)).toContain('429');
    const validate = validatorFor(operation.responses['429']!);
    expect(validate(await answer!.json())).toBe(true);
  });
});

/** The media type of an operation's success answer when the spec gives it as something else than JSON (`text/calendar`). */
function textAnswerType(operation: SpecOperation): string | undefined {
  const raw = document.paths[operation.path]?.[operation.method] as { responses?: Record<string, { content?: Record<string, unknown> }> } | undefined;
  const success = Object.entries(raw?.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  return Object.keys(success?.content ?? {}).find((type) => !type.includes('json'));
}

/** Compiled answer schemas, shared by the operations (most share their error answers). */
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(schema: JsonSchema): ReturnType<typeof ajv.compile> {
  const key = JSON.stringify(schema);
  if (!validators.has(key)) validators.set(key, ajv.compile(standaloneSchema(document, schema)));
  return validators.get(key)!;
}

type IdKind = 'student' | 'teacher' | 'course' | 'chapter' | 'assignment' | 'category' | 'other';
type Pools = Record<IdKind, number[]>;
type Value = string | Blob;
type SpecOperation = (typeof operations)[number];

interface GeneratedRequest {
  method: string;
  as: 'anonymous' | 'student' | 'teacher' | 'admin';
  params: Record<string, string>;
  query: [string, string][];
  body?: Record<string, Value>;
  headers: Record<string, string>;
  xsrf: boolean;
}

/** Values a slot (a parameter or a body field) takes: fitting ones and wrong ones (`undefined`: left out). */
interface Slot {
  where: 'path' | 'query' | 'body';
  name: string;
  required: boolean;
  valid: fc.Arbitrary<Value>;
  wrong: fc.Arbitrary<Value | undefined>;
}

function lastness(operation: SpecOperation): number {
  if (/Logout$/.test(operation.operationId)) return 2;
  return operation.method === 'delete' ? 1 : 0;
}

/** Values no id may take: not whole numbers from 1 to 2^53 - 1. */
const wrongIds = ['0', '-1', '1.5', '9007199254740992', '9007199254740993', '1e3', 'abc', ' ', 'null'];

/** What an id parameter or field names, from its name or its description ("Id of the course."). */
function idKind(name: string, description: unknown): IdKind {
  const words = `${typeof description === 'string' ? description : ''} ${name}`.toLowerCase();
  const kinds: IdKind[] = ['assignment', 'chapter', 'course', 'category', 'student', 'teacher'];
  return kinds.find((kind) => words.includes(kind)) ?? 'other';
}

function isIdSchema(schema: JsonSchema): boolean {
  return schema.type === 'integer' && schema.minimum === 1 && schema.maximum === Number.MAX_SAFE_INTEGER;
}

const flatten = (schema: JsonSchema): JsonSchema =>
  Object.assign({}, ...((Array.isArray(schema.allOf) ? schema.allOf : []) as JsonSchema[]).map(flatten), schema);

/** A file of the first kind the schema accepts (by `x-media-types`), and one that is not what it says. */
function fileValues(schema: JsonSchema): { valid: fc.Arbitrary<Value>; wrong: fc.Arbitrary<Value> } {
  const types = (schema['x-media-types'] as string[] | undefined) ?? [String(schema.contentMediaType ?? 'image/svg+xml')];
  const made = {
    image: () => svgFile(),
    video: () => videoFile(),
    text: () => new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n'], 'captions.vtt', { type: 'text/vtt' }),
    audio: () => voiceFile(),
    application: () => new File(['%PDF-1.4\n%%EOF\n'], 'answer.pdf', { type: 'application/pdf' }),
  };
  const kind = String(types[0]).split('/')[0] ?? 'image';
  const make = kind in made ? made[kind as keyof typeof made] : made.image;
  return {
    valid: fc.constant(null).map(() => make()),
    wrong: fc.constant(null).map(() => new File(['not what it says'], 'file.webm', { type: types[0] })),
  };
}

function slotValues(name: string, raw: JsonSchema, pools: Pools): Pick<Slot, 'valid' | 'wrong'> {
  const schema = flatten(raw);
  if (isFileSchema(schema)) return fileValues(schema);
  if (isIdSchema(schema)) {
    const pool = pools[idKind(name, schema.description)];
    return {
      valid: fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...(pool.length ? pool : [1])).map(String) },
        { weight: 1, arbitrary: fc.constantFrom('40', '999', String(Number.MAX_SAFE_INTEGER)) },
      ),
      wrong: fc.constantFrom(...wrongIds),
    };
  }
  if (Array.isArray(schema.enum)) {
    return { valid: fc.constantFrom(...(schema.enum as unknown[]).map(String)), wrong: fc.constantFrom('bogus', '') };
  }
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1_000_000) : 1_000;
      return {
        valid: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).map(String),
        wrong: fc.constantFrom(String(min - 1), String(max + 1), 'abc', ...(schema.type === 'integer' ? ['2.5'] : [])),
      };
    }
    case 'boolean':
      return { valid: fc.constantFrom('true', 'false'), wrong: fc.constantFrom('maybe', '2') };
  }
  if (schema.oneOf || schema.anyOf) return { valid: fc.constantFrom('true', 'false'), wrong: fc.constant('maybe') };
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 100;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const fits = (text: string) => text.trim() !== '' && [...text].length >= minLength && [...text].length <= maxLength;
  const wrong = fc.constantFrom('', '   ', '\t\n', 'x'.repeat(maxLength + 1));
  if (schema.format === 'email') {
    return { valid: fc.oneof(fc.emailAddress().filter(fits), fc.constant('maria@example.org')), wrong: fc.oneof(wrong, fc.constant('not-an-address')) };
  }
  if (schema.format === 'date-time') {
    return { valid: fc.constant(new Date(Date.now() + 86_400_000).toISOString()), wrong: fc.constantFrom('2020-01-01T00:00:00Z', 'tomorrow') };
  }
  if (typeof schema.pattern === 'string' && schema.pattern !== '\\S') {
    return { valid: fc.stringMatching(new RegExp(schema.pattern)).filter(fits), wrong: fc.oneof(wrong, fc.string({ maxLength: 8 })) };
  }
  return { valid: fc.string({ minLength: Math.max(1, minLength), maxLength: Math.min(maxLength, 40) }).filter(fits), wrong };
}

function requestArbitrary(operation: SpecOperation, pools: Pools): fc.Arbitrary<GeneratedRequest> {
  const slots: Slot[] = [
    ...operation.pathParameters.map((parameter): Slot => {
      const schema = inlineRefs(document, parameter.schema ?? {});
      const values = slotValues(parameter.name, { description: (parameter as { description?: string }).description, ...schema }, pools);
      // An empty or dotted segment would reach another route (or none), not this operation.
      const wrong = values.wrong.filter((value) => typeof value === 'string' && !/^\.*$/.test(value));
      return { where: 'path', name: parameter.name, required: true, valid: values.valid, wrong };
    }),
    ...operation.queryParameters.map((parameter): Slot => ({
      where: 'query',
      name: parameter.name,
      required: parameter.required ?? false,
      ...slotValues(parameter.name, inlineRefs(document, parameter.schema ?? {}), pools),
    })),
  ];
  if (operation.body) {
    const schema = inlineRefs(document, operation.body.schema);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(objectProperties(schema))) {
      slots.push({ where: 'body', name, required: required.has(name), ...slotValues(name, property, pools) });
    }
  }
  const role = /Logout$/.test(operation.operationId)
    ? fc.constant('anonymous' as const)
    : fc.oneof(
        {
          weight: 3,
          arbitrary: operation.requiredSession
            ? fc.constant(operation.requiredSession)
            : /^\/admin[/-]/.test(operation.path)
              ? fc.constant('admin' as const)
              : fc.constantFrom('anonymous', 'student', 'teacher'),
        },
        { weight: 2, arbitrary: fc.constantFrom('anonymous', 'student', 'teacher') },
      );
  const conditional = '304' in operation.responses;
  return fc
    .record({
      values: fc.tuple(...slots.map((slot) => fc.tuple(slot.valid, slot.wrong, fc.boolean()))),
      // -1: every slot fits; else the index of the one slot that takes a wrong value.
      spoilt: slots.length ? fc.integer({ min: -slots.length, max: slots.length - 1 }) : fc.constant(-1),
      method: operation.method === 'get' ? fc.constantFrom('GET', 'HEAD') : fc.constant(operation.method.toUpperCase()),
      as: role,
      headers: conditional
        ? fc.constantFrom<Record<string, string>>({ 'if-none-match': '*' }, { 'if-none-match': 'W/"nothing"' }, {})
        : fc.constant<Record<string, string>>({}),
      xsrf: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ values, spoilt, ...rest }): GeneratedRequest => {
      const request: GeneratedRequest = { ...rest, params: {}, query: [], body: operation.body ? {} : undefined };
      slots.forEach((slot, index) => {
        const [valid, wrong, included] = values[index]!;
        const value = index === spoilt ? wrong : slot.required || included ? valid : undefined;
        if (value === undefined) return;
        if (slot.where === 'path') request.params[slot.name] = String(value);
        else if (slot.where === 'query') request.query.push([slot.name, String(value)]);
        else request.body![slot.name] = value;
      });
      return request;
    });
}

async function send(clients: Record<Role, Client>, operation: SpecOperation, generated: GeneratedRequest): Promise<{ status: number; text: string }> {
  const urlPath =
    '/api' +
    operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(generated.params[name] ?? '')) +
    (generated.query.length ? `?${new URLSearchParams(generated.query)}` : '');
  const options: RequestOptions = { headers: generated.headers, xsrf: generated.xsrf };
  if (generated.body && operation.body) {
    const encoding = operation.body.encoding;
    if (encoding === 'json') options.json = generated.body;
    else options[encoding] = generated.body;
  }
  const response = await clients[generated.as].request(generated.method, urlPath, options);
  return { status: response.status, text: await response.text() };
}
