import { type Checkout, returnBaseOf } from '../checkout';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { enrollableCourse } from '../drafts';
import { badRequest } from '../errors';
import { isEnrolled, isFree } from '../records';
import { type Handlers } from '../router';
import { id } from './values';

export function paymentHandlers(context: ProviderContext, checkout: Checkout): Handlers {
  return {
    async createPaymentSession(request) {
      const studentId = id(request.body.student_id, 'student_id');
      await context.sessions.requireSelf(request, 'student', studentId);
      // A draft is 404 to a new student (drafts.ts); one already enrolled hears so from checkout.start.
      const course = await enrollableCourse(context.queries, id(request.body.course_id, 'course_id'), studentId);
      // Back to the origin the student started from, when it is the app's (see returnBaseOf).
      return checkout.start(studentId, course, returnBaseOf(request, context.config));
    },

    /** A free course only: payment is the only way into a paid one. Enrolling twice is a 400. */
    async enrollCourse(request, reply) {
      const studentId = id(request.body.student, 'student');
      await context.sessions.requireSelf(request, 'student', studentId);
      const course = await enrollableCourse(context.queries, id(request.body.course, 'course'), studentId);
      if (!isFree(course.price)) throw badRequest('This course is paid: enrol through the checkout.');
      if (await isEnrolled(context.queries, studentId, course.id)) throw badRequest('You are already enrolled in this course.');
      const enrolledTime = now();
      const { lastInsertRowid } = context.db
        .prepare('INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (?, ?, ?)')
        .run(course.id, studentId, enrolledTime);
      return reply
        .code(201)
        .send({ id: Number(lastInsertRowid), course: course.id, student: studentId, enrolled_time: enrolledTime });
    },
  };
}
