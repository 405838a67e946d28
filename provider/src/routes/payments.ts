import { sql } from 'kysely';
import { type Checkout, returnBaseOf } from '../checkout';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { enrollableCourse } from '../drafts';
import { badRequest, notFound } from '../errors';
import { requestOrigin } from '../origins';
import { fromMinorUnits } from '../receipts';
import { isFree } from '../records';
import { type Handlers, signedBody } from '../router';
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
      // Stripe needs it absolute: the browser's origin when it is the provider's own, else the app's.
      const returnBase = returnBaseOf(request, context.config);
      const absolute = returnBase || (requestOrigin(request) ?? context.config.appOrigin);
      return checkout.start(studentId, course, checkout.stripe ? absolute : returnBase, request.log);
    },

    /** Stripe's events (stripePayments.ts); 404 on a provider without Stripe, as on one without the extension. */
    stripeWebhook: signedBody(async (request) => {
      const { stripe } = checkout;
      if (stripe === null) throw notFound('Stripe payments are not set up on this provider.');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = stripe.verify(body, typeof signature === 'string' ? signature : undefined);
      await stripe.handle(event, request.log);
      return { received: true };
    }),

    /** Per course of the teacher, the paid enrolments and the total per currency (the teacher only). */
    async getTeacherSales(request) {
      const teacherId = id(request.params.teacher_id, 'teacher_id');
      await context.sessions.requireSelf(request, 'teacher', teacherId);
      const rows = await context.queries.all(
        sql<{ course_id: number; title: string; languages: string | null; currency: string | null; sold: number; total: number | null }>`
          SELECT c.id AS course_id, c.title, c.languages, p.currency, COUNT(p.id) AS sold, SUM(p.amount_minor) AS total
          FROM courses c LEFT JOIN payments p ON p.course_id = c.id
          WHERE c.teacher_id = ${teacherId}
          GROUP BY c.id, c.title, c.languages, p.currency
          ORDER BY c.id, p.currency`,
      );
      const courses = new Map<number, { course_id: number; title: string; languages: string | null; paid_enrolments: number; totals: { currency: string; amount: string }[] }>();
      for (const row of rows) {
        const course = courses.get(row.course_id) ?? { course_id: row.course_id, title: row.title, languages: row.languages, paid_enrolments: 0, totals: [] };
        courses.set(row.course_id, course);
        if (row.currency === null) continue;
        course.paid_enrolments += Number(row.sold);
        course.totals.push({ currency: row.currency, amount: fromMinorUnits(Number(row.total ?? 0), row.currency) });
      }
      return { courses: [...courses.values()] };
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
