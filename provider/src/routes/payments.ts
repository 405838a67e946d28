import { sql } from 'kysely';
import { type Checkout, returnBaseOf } from '../checkout';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { enrollableCourse } from '../drafts';
import { badRequest } from '../errors';
import { isFree } from '../records';
import { type Handlers } from '../router';
import { type EnrollmentRow } from '../rows.generated';
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
      const enrolledTime = now();
      // The unique (course, student) pair decides: two at once enrol once, the other hears it is enrolled.
      const enrolment = await context.queries.one(
        sql<Pick<EnrollmentRow, 'id'>>`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${course.id}, ${studentId}, ${enrolledTime})
          ON CONFLICT (course_id, student_id) DO NOTHING RETURNING id`,
      );
      if (enrolment === undefined) throw badRequest('You are already enrolled in this course.');
      await context.notifications.enrolled(studentId, course.id);
      return reply.code(201).send({ id: enrolment.id, course: course.id, student: studentId, enrolled_time: enrolledTime });
    },
  };
}
