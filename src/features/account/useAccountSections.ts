import { paths } from '@/config/paths';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { studentAreaMessages } from '@/features/student/area/messages';
import { teacherAreaMessages } from '@/features/teacher/area/messages';
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

/** 'n unread messages' once the provider has counted them; nothing on a provider without counts. */
function unreadDetail(total: number | null): Pick<AccountEntry, 'detail' | 'highlight'> {
  return total === null ? {} : { detail: messagingMessages.unreadCount(total), highlight: total > 0 };
}

/**
 * The account menu's entries, one section per logged-in side, with the areas' own labels: the
 * dashboard, the area's main lists, where messages are read (with the unread count) and Logout.
 */
export function useAccountSections(): AccountSection[] {
  const people = useSignedInPeople();
  const studentUnread = useUnreadCounts('student');
  const teacherUnread = useUnreadCounts('teacher');
  const sections: AccountSection[] = [];
  if (people.student) {
    const messages = studentAreaMessages;
    sections.push({
      side: 'student',
      heading: accountMessages.sectionHeading('student', people.student.name),
      entries: [
        { label: messages.dashboardLink, to: paths.studentDashboard },
        { label: messages.myCoursesLink, to: paths.myCourses },
        { label: messages.myAssignmentsLink, to: paths.myAssignments },
        { label: messages.myTeachersLink, to: paths.myTeachers, ...unreadDetail(studentUnread.total) },
        { label: messages.profileSettingLink, to: paths.profileSetting },
        { label: messages.logoutLink, to: paths.studentLogout },
      ],
    });
  }
  if (people.teacher) {
    const messages = teacherAreaMessages;
    sections.push({
      side: 'teacher',
      heading: accountMessages.sectionHeading('teacher', people.teacher.name),
      entries: [
        { label: messages.dashboardLink, to: paths.teacherDashboard },
        { label: messages.coursesLink, to: paths.teacherCourses },
        { label: messages.addCourseLink, to: paths.addCourse },
        { label: messages.myStudentsLink, to: paths.myStudents, ...unreadDetail(teacherUnread.total) },
        { label: messages.profileSettingLink, to: paths.teacherProfileSetting },
        { label: messages.logoutLink, to: paths.teacherLogout },
      ],
    });
  }
  return sections;
}
