/**
 * Booked lessons as iCalendar events (RFC 5545), one shape for the invitations the lesson mails
 * carry and for each person's calendar feed: a lesson keeps one UID (`lesson-12@academy.example`)
 * and its row's SEQUENCE everywhere, so a calendar app that got the invitation and subscribes to
 * the feed holds one event, which a move updates and a cancellation cancels.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { type ProviderConfig } from './config';
import { type LessonRow } from './rows.generated';

export type LessonSide = 'student' | 'teacher';

/** Each side's My lessons page in the app. */
export const myLessonsPaths: Record<LessonSide, string> = { student: '/student-lessons', teacher: '/teacher-my-lessons' };

/** A lesson as its events show it. */
export type CalendarLesson = Pick<LessonRow, 'id' | 'title' | 'minutes' | 'starts_at' | 'ends_at' | 'status' | 'sequence'> & {
  student_name: string;
  teacher_name: string;
};

/** A lesson as its invitations show it: with the two people's addresses. */
export type InvitedLesson = CalendarLesson & { student_email: string; teacher_email: string };

export class LessonCalendar {
  /** The domain of the lessons' UIDs: the academy's mail domain, else its app's host. */
  private readonly domain: string;
  private readonly organizer: { name: string; email: string };

  constructor(private readonly config: Pick<ProviderConfig, 'appOrigin' | 'mail'>) {
    const sender = config.mail.smtp?.from.address;
    this.domain = sender?.split('@')[1] ?? new URL(config.appOrigin).hostname;
    this.organizer = { name: config.mail.academyName, email: sender ?? `no-reply@${this.domain}` };
  }

  /**
   * The invitation sent to `side` (METHOD:REQUEST), or its cancellation (METHOD:CANCEL,
   * STATUS:CANCELLED): organised by the academy, the two people attending.
   */
  invitation(lesson: InvitedLesson, side: LessonSide, method: 'REQUEST' | 'CANCEL'): string {
    const calendar = ical({ prodId: this.prodId(), method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL });
    calendar.createEvent({
      ...this.event(lesson, side),
      organizer: this.organizer,
      attendees: [
        { name: lesson.student_name, email: lesson.student_email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED },
        { name: lesson.teacher_name, email: lesson.teacher_email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED },
      ],
    });
    return calendar.toString();
  }

  /** One person's feed: the lessons given, cancelled ones as STATUS:CANCELLED; named after the academy. */
  feed(lessons: readonly CalendarLesson[], side: LessonSide): string {
    const name = `${this.config.mail.academyName} lessons`;
    const calendar = ical({ prodId: this.prodId(), name });
    for (const lesson of lessons) calendar.createEvent(this.event(lesson, side));
    return calendar.toString();
  }

  private event(lesson: CalendarLesson, side: LessonSide): ICalEventData {
    const other = side === 'student' ? lesson.teacher_name : lesson.student_name;
    const page = `${this.config.appOrigin}${myLessonsPaths[side]}`;
    return {
      id: `lesson-${lesson.id}@${this.domain}`,
      sequence: Number(lesson.sequence),
      start: new Date(lesson.starts_at),
      end: new Date(lesson.ends_at),
      stamp: new Date(),
      summary: `${lesson.title} with ${other}`,
      description: `A ${lesson.minutes}-minute lesson with ${other}. Your lessons: ${page}`,
      url: page,
      status: lesson.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    };
  }

  private prodId() {
    return { company: this.config.mail.academyName, product: 'Lessons', language: 'EN' };
  }
}
