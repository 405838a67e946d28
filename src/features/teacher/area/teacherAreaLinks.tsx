import AddCircleIcon from '@mui/icons-material/AddCircle';
import AssignmentIcon from '@mui/icons-material/Assignment';
import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import type { AreaLink } from '@/components/AreaFrame';
import { paths, patterns } from '@/config/paths';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { teacherAreaMessages as messages } from './messages';

/**
 * The teacher sidebar of spec section 2.5, with Messages (the inbox, with the unread messages where
 * the provider counts them), Answers, Lessons and My lessons where the provider serves them. On a phone, the bar holds Dashboard, Courses, Students (short for My
 * Students, still its name) and Messages; 'More' opens all. An entry is marked on the pages below
 * it too (a course's chapters under Courses, a student's assignments under My Students).
 * The entries marked `inAccount` are also the teacher's part of the header's account menu.
 */
export function teacherAreaLinks({
  unread,
  answers,
  lessons = false,
  myLessons = false,
}: {
  unread: number | null;
  /** Answers (extension): left out when the provider does not collect answers; its badge counts the answers to mark. */
  answers?: { count: number | null };
  /** Lessons (extension, issue 40): only where the provider offers one-to-one lessons. */
  lessons?: boolean;
  /** My lessons (extension, issue 40): only where the provider lists the lessons booked. */
  myLessons?: boolean;
}): readonly AreaLink[] {
  return [
    { label: messages.dashboardLink, to: paths.teacherDashboard, icon: <DashboardIcon />, inBar: true, inAccount: true },
    {
      label: messages.coursesLink,
      to: paths.teacherCourses,
      below: [patterns.editCourse, patterns.courseChapters, patterns.addChapter, patterns.editChapter, patterns.enrolledStudents],
      icon: <MenuBookIcon />,
      inBar: true,
      inAccount: true,
    },
    { label: messages.addCourseLink, to: paths.addCourse, icon: <AddCircleIcon />, inAccount: true },
    {
      label: messages.myStudentsLink,
      barLabel: messages.myStudentsBarLabel,
      to: paths.myStudents,
      below: [patterns.viewStudent, patterns.showAssignment, patterns.addAssignment],
      icon: <PeopleIcon />,
      inBar: true,
      inAccount: true,
    },
    {
      label: messagingMessages.messagesLink,
      to: paths.teacherMessages,
      below: [patterns.teacherConversation],
      icon: <ChatIcon />,
      inBar: true,
      inAccount: true,
      ...(unread === null ? {} : { badge: { count: unread, label: messagingMessages.unreadCount(unread) } }),
    },
    ...(answers === undefined
      ? []
      : [
          {
            label: messages.answersLink,
            to: paths.teacherAnswers,
            below: [patterns.teacherAssignment],
            icon: <AssignmentIcon />,
            ...(answers.count === null ? {} : { badge: { count: answers.count, label: messages.answersToMarkBadge(answers.count) } }),
          },
        ]),
    ...(lessons ? [{ label: messages.lessonsLink, to: paths.teacherLessons, icon: <EventAvailableIcon /> }] : []),
    ...(myLessons ? [{ label: messages.myLessonsLink, to: paths.teacherMyLessons, icon: <EventNoteIcon /> }] : []),
    { label: messages.profileSettingLink, to: paths.teacherProfileSetting, icon: <SettingsIcon />, inAccount: true },
    { label: messages.changePasswordLink, to: paths.teacherChangePassword, icon: <LockIcon /> },
    { label: messages.logoutLink, to: paths.teacherLogout, icon: <LogoutIcon />, inAccount: true },
  ];
}
