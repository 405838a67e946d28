import AddCircleIcon from '@mui/icons-material/AddCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import { AreaFrame, type AreaLink } from '@/components/AreaFrame';
import { paths } from '@/config/paths';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { teacherAreaMessages as messages } from './messages';

/**
 * The teacher sidebar of spec section 2.5; My Students shows the unread messages, where the provider
 * counts them. On a phone, the bar holds Dashboard, Courses, Add Course and My Students; 'More' opens all.
 */
function teacherLinks({ unread }: { unread: number | null }): readonly AreaLink[] {
  return [
    { label: messages.dashboardLink, to: paths.teacherDashboard, icon: <DashboardIcon />, inBar: true },
    { label: messages.coursesLink, to: paths.teacherCourses, icon: <MenuBookIcon />, inBar: true },
    { label: messages.addCourseLink, to: paths.addCourse, icon: <AddCircleIcon />, inBar: true },
    {
      label: messages.myStudentsLink,
      to: paths.myStudents,
      icon: <PeopleIcon />,
      inBar: true,
      ...(unread === null ? {} : { badge: { count: unread, label: messagingMessages.unreadCount(unread) } }),
    },
    { label: messages.profileSettingLink, to: paths.teacherProfileSetting, icon: <SettingsIcon /> },
    { label: messages.changePasswordLink, to: paths.teacherChangePassword, icon: <LockIcon /> },
    { label: messages.logoutLink, to: paths.teacherLogout, icon: <LogoutIcon /> },
  ];
}

/** The teacher area's routes: the teacher sidebar beside the screen. */
export function TeacherAreaLayout() {
  const unread = useUnreadCounts('teacher');
  return <AreaFrame label={messages.areaNavLabel} links={teacherLinks({ unread: unread.total })} />;
}
