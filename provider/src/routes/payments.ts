import { type Checkout } from '../checkout';
import { type ProviderContext } from '../context';
import { requireCourse } from '../records';
import { type Handlers } from '../router';
import { id } from './values';

export function paymentHandlers(context: ProviderContext, checkout: Checkout): Handlers {
  return {
    async createPaymentSession(request) {
      const studentId = id(request.body.student_id, 'student_id');
      context.sessions.requireSelf(request, 'student', studentId);
      const course = requireCourse(context.db, id(request.body.course_id, 'course_id'));
      return checkout.start(studentId, course);
    },
  };
}
