import { type ProviderContext } from '../context';
import { HttpError } from '../errors';
import { type Handlers } from '../router';

const notYet = () => {
  throw new HttpError(501, 'Lesson calendars are being built.');
};

/** Each person's lesson calendar feed (iCalendar) at a secret, renewable address (issue 40). */
export function lessonCalendarHandlers(context: ProviderContext): Handlers {
  void context;
  return {
    getStudentLessonCalendar: notYet,
    renewStudentLessonCalendar: notYet,
    getTeacherLessonCalendar: notYet,
    renewTeacherLessonCalendar: notYet,
    getLessonCalendarFeed: notYet,
  };
}
