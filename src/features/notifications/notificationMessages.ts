import type { MailKind } from '@/api';

/** The notifications' own texts: the bell, its menu and the profile's mail settings. */
export const notificationMessages = {
  /** The bell's accessible name: 'Notifications, 3 unread'; with both sides logged in, the side first. */
  bellLabel: (unread: number, side?: 'student' | 'teacher') => {
    const name = side === undefined ? 'Notifications' : `${side === 'student' ? 'Student' : 'Teacher'} notifications`;
    return unread > 0 ? `${name}, ${unread} unread` : name;
  },
  menuLabel: 'Notifications',
  empty: 'No notifications yet.',
  unread: 'Unread',
  settingsHeading: 'Mail notifications',
  settingsHelp: 'Choose which mails you get. Every mail also has a link to stop it.',
  save: 'Save',
  saved: 'Your mail notifications have been saved.',
  kinds: {
    new_assignment: 'A new assignment',
    due_reminder: 'A reminder the day before an assignment is due',
    feedback: 'Feedback or a mark on my answer',
    message: 'A new message while I am away',
    new_answer: 'A new answer to mark',
    enrolment_digest: 'New enrolments in my courses (one mail a day)',
  } satisfies Record<MailKind, string>,
} as const;
