import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { defaultSpecFile } from '../../provider/src/config';
import { messages } from '../../provider/src/errors';
import { listOperations, loadSpec, standaloneSchema } from '../../provider/src/spec';
import { voiceFile } from './opusFile';
import { type Client, type DemoIds, type JsonAnswer, type RequestOptions, type RunningProvider, demoIds, demoLogins, startProvider, svgFile, videoFile } from './support';

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

type Role = 'anonymous' | 'student' | 'teacher' | 'newcomer';

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
}

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
      const { body: chapters } = await s.clients.student.get<{ id: number }[]>(`/api/course-chapters/${pidgin}`);
      for (const chapter of chapters) {
        await s.clients.student.put(`/api/chapter-progress/${s.ids.studentId}/${chapter.id}/`, {
          form: { position: '0', watched: 'true' },
        });
      }
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
  {
    operationId: 'sendVoiceMessage',
    call: (s) => ({
      as: 'student',
      params: { teacher_id: s.ids.teacherId, student_id: s.ids.studentId },
      options: { multipart: { msg_from: 'student', voice: voiceFile(), msg_text: 'Escucha' } },
    }),
  },
  { operationId: 'listStudentConversations', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  { operationId: 'listRecommendedCourses', call: (s) => ({ as: 'student', params: { student_id: s.ids.studentId } }) },
  { operationId: 'listTeacherConversations', call: (s) => ({ as: 'teacher', params: { teacher_id: s.ids.teacherId } }) },
  { operationId: 'getTeacherDashboard', call: (s) => ({ as: 'teacher', params: { id: s.ids.teacherId } }) },
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
  { operationId: 'studentLogout', call: () => ({ as: 'anonymous' }) },
  { operationId: 'teacherLogout', call: () => ({ as: 'anonymous' }) },
];

async function resetToken(state: State, email: string): Promise<string> {
  const mail = await state.clients.anonymous.lastMailTo(email);
  const token = /[?&]token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No reset token in ${mail.text}`);
  return token;
}

describe('api-spec.yaml contract', () => {
  let provider: RunningProvider;
  let state: State;

  beforeAll(async () => {
    provider = await startProvider();
    const clients = {
      anonymous: provider.client(),
      student: provider.client(),
      teacher: provider.client(),
      newcomer: provider.client(),
    };
    await clients.student.loginStudent();
    await clients.teacher.loginTeacher();
    state = { ids: await demoIds(provider), clients };
  });

  afterAll(() => provider.stop());

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
      const answer = await state.clients[call.as].json(operation.method.toUpperCase(), urlPath, call.options);

      const notServed =
        answer.status === 404 && String((answer.body as { msg?: string })?.msg).startsWith(messages.routeNotFound);
      expect(notServed).toBe(false);
      const successStatuses = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: step.status ?? Number(successStatuses[0]),
        body: answer.body,
      });
      expect(successStatuses).toContain(String(answer.status));

      const schema = operation.responses[String(answer.status)];
      if (schema) {
        const validate = ajv.compile(standaloneSchema(document, schema));
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
