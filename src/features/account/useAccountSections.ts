import type { AreaLink } from '@/components/AreaFrame';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { studentAreaLinks } from '@/features/student/area/studentAreaLinks';
import { teacherAreaLinks } from '@/features/teacher/area/teacherAreaLinks';
import { accountMessages } from './accountMessages';
import { useSignedInPeople } from './useSignedInPeople';

export interface AccountEntry {
  label: string;
  to: string;
  /** A line under the label: the unread messages, where the provider counts them. */
  detail?: string;
  /** Whether the line asks for attention (some messages are unread). */
  highlight?: boolean;
}

export interface AccountSection {
  side: 'student' | 'teacher';
  heading: string;
  entries: AccountEntry[];
}

/**
 * The area's entries marked `inAccount`, each with its unread count as a line under it where the
 * provider counts them (its badge in the area's menus).
 */
function accountEntries(links: readonly AreaLink[]): AccountEntry[] {
  return links
    .filter((link) => link.inAccount)
    .map(({ label, to, badge }) => ({ label, to, ...(badge ? { detail: badge.label, highlight: badge.count > 0 } : {}) }));
}

/**
 * The account menu's entries, one section per logged-in side: the entries of the area's own menu
 * marked for it (the dashboard, the area's main lists, where messages are read with the unread
 * count, and Logout).
 */
export function useAccountSections(): AccountSection[] {
  const people = useSignedInPeople();
  const studentUnread = useUnreadCounts('student');
  const teacherUnread = useUnreadCounts('teacher');
  const sections: AccountSection[] = [];
  if (people.student) {
    sections.push({
      side: 'student',
      heading: accountMessages.sectionHeading('student', people.student.name),
      entries: accountEntries(studentAreaLinks({ favorites: false, unread: studentUnread.total })),
    });
  }
  if (people.teacher) {
    sections.push({
      side: 'teacher',
      heading: accountMessages.sectionHeading('teacher', people.teacher.name),
      entries: accountEntries(teacherAreaLinks({ unread: teacherUnread.total })),
    });
  }
  return sections;
}
