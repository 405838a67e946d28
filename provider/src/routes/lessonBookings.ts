import { type Checkout } from '../checkout';
import { type ProviderContext } from '../context';
import { HttpError } from '../errors';
import { type Handlers } from '../router';

const notYet = () => {
  throw new HttpError(501, 'Booking lessons is being built.');
};

/** Booking, cancelling and moving lessons, and each person's list of them (issue 40). */
export function lessonBookingHandlers(context: ProviderContext, checkout: Checkout): Handlers {
  void context;
  void checkout;
  return { bookLesson: notYet, cancelLesson: notYet, moveLesson: notYet, getStudentLessons: notYet, getTeacherBookings: notYet };
}
