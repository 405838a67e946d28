import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FavoriteIcon from '@mui/icons-material/Favorite';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import RecommendIcon from '@mui/icons-material/Recommend';
import SettingsIcon from '@mui/icons-material/Settings';
import { AreaFrame, type AreaLink } from '@/components/AreaFrame';
import { paths } from '@/config/paths';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { useFavoriteCourses } from '../favorites/useFavoriteCourses';
import { studentAreaMessages as messages } from './messages';

const favoritesLink: AreaLink = { label: messages.favoriteCoursesLink, to: paths.favoriteCourses, icon: <FavoriteIcon /> };

/**
 * The student sidebar of spec section 2.4, with Favourite Courses and Recommended Courses added.
 * 'Change Password' opens /student-change-password (the spec points it to /). On a phone, the bar
 * holds Dashboard, My Courses, My Assignments and My Teachers; 'More' opens all.
 */
function studentLinks({ favorites, unread }: { favorites: boolean; unread: number | null }): AreaLink[] {
  return [
    { label: messages.dashboardLink, to: paths.studentDashboard, icon: <DashboardIcon />, inBar: true },
    { label: messages.myCoursesLink, to: paths.myCourses, icon: <MenuBookIcon />, inBar: true },
    ...(favorites ? [favoritesLink] : []),
    { label: messages.recommendedCoursesLink, to: paths.recommendedCourses, icon: <RecommendIcon /> },
    { label: messages.myAssignmentsLink, to: paths.myAssignments, icon: <AssignmentIcon />, inBar: true },
    {
      label: messages.myTeachersLink,
      to: paths.myTeachers,
      icon: <PeopleIcon />,
      inBar: true,
      ...(unread === null ? {} : { badge: { count: unread, label: messagingMessages.unreadCount(unread) } }),
    },
    { label: messages.profileSettingLink, to: paths.profileSetting, icon: <SettingsIcon /> },
    { label: messages.changePasswordLink, to: paths.studentChangePassword, icon: <LockIcon /> },
    { label: messages.logoutLink, to: paths.studentLogout, icon: <LogoutIcon /> },
  ];
}

/**
 * The student area's routes: the student sidebar beside the screen. 'Favourite Courses' is left
 * out on a provider without the favourites extension.
 */
export function StudentAreaLayout() {
  const { unsupported } = useFavoriteCourses();
  const unread = useUnreadCounts('student');
  return <AreaFrame label={messages.areaNavLabel} links={studentLinks({ favorites: !unsupported, unread: unread.total })} />;
}
