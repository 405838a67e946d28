import { adminAreaHandlers } from '../adminArea';
import { type Checkout } from '../checkout';
import { type ProviderContext } from '../context';
import { emailChangeHandlers } from '../emailChange';
import { type Handlers } from '../router';
import { academyHandlers } from './academy';
import { assignmentHandlers } from './assignments';
import { certificateHandlers } from './certificates';
import { chapterHandlers } from './chapters';
import { courseHandlers } from './courses';
import { favoriteHandlers } from './favorites';
import { learningGoalHandlers } from './learningGoals';
import { lessonBookingHandlers } from './lessonBookings';
import { lessonCalendarHandlers } from './lessonCalendars';
import { lessonNoteHandlers } from './lessonNotes';
import { lessonRoomHandlers } from './lessonRoom';
import { lessonHandlers } from './lessons';
import { messageHandlers } from './messages';
import { notificationHandlers } from './notifications';
import { paymentHandlers } from './payments';
import { practiceHandlers } from './practice';
import { progressHandlers } from './progress';
import { recommendationHandlers } from './recommendations';
import { studentHandlers } from './students';
import { teacherHandlers } from './teachers';

/** Every operation handler of api-spec.yaml, by operationId. */
export function allHandlers(context: ProviderContext, checkout: Checkout): Handlers {
  const areas = [
    courseHandlers(context),
    chapterHandlers(context),
    paymentHandlers(context, checkout),
    studentHandlers(context),
    progressHandlers(context),
    favoriteHandlers(context),
    teacherHandlers(context),
    emailChangeHandlers(context),
    assignmentHandlers(context),
    messageHandlers(context),
    academyHandlers(context),
    certificateHandlers(context),
    recommendationHandlers(context),
    adminAreaHandlers(context),
    notificationHandlers(context),
    practiceHandlers(context),
    learningGoalHandlers(context),
    lessonHandlers(context),
    lessonBookingHandlers(context, checkout),
    lessonCalendarHandlers(context),
    lessonRoomHandlers(context),
    lessonNoteHandlers(context),
  ];
  const handlers: Handlers = {};
  for (const area of areas) {
    for (const [operationId, handler] of Object.entries(area)) {
      if (handlers[operationId]) throw new Error(`Two handlers for operation ${operationId}`);
      handlers[operationId] = handler;
    }
  }
  return handlers;
}
