import AssignmentIcon from '@mui/icons-material/Assignment';
import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ExploreIcon from '@mui/icons-material/Explore';
import FavoriteIcon from '@mui/icons-material/Favorite';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import RecommendIcon from '@mui/icons-material/Recommend';
import SettingsIcon from '@mui/icons-material/Settings';
import StyleIcon from '@mui/icons-material/Style';
import type { AreaLink } from '@/components/AreaFrame';
import { paths, patterns } from '@/config/paths';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { startMessages } from '@/features/student/start/startMessages';
import { studentAreaMessages as messages } from './messages';

const favoritesLink: AreaLink = { label: messages.favoriteCoursesLink, to: paths.favoriteCourses, icon: <FavoriteIcon /> };
/** The review deck (extension), on a provider that keeps one. */
const reviewLink: AreaLink = { label: messages.reviewLink, to: paths.review, icon: <StyleIcon /> };

/** The lessons booked with teachers (extension, issue 40), on a provider that lists them. */
const lessonsLink: AreaLink = { label: messages.myLessonsLink, to: paths.studentLessons, icon: <EventNoteIcon /> };

/**
 * The student sidebar of spec section 2.4, with Start here, Favourite Courses and Recommended Courses added.
 * 'Change Password' opens /student-change-password (the spec points it to /). On a phone, the bar
 * holds Dashboard, Courses, Assignments and Messages (short labels; the full ones are their names),
 * with the unread messages where the provider counts them, each marked on the pages below it too
 * (one assignment, one conversation); 'More' opens all. The entries marked
 * `inAccount` are also the student's part of the header's account menu.
 */
export function studentAreaLinks({
  favorites,
  review = false,
  lessons = false,
  unread,
}: {
  favorites: boolean;
  review?: boolean;
  /** My lessons (extension, issue 40): only where the provider lists the lessons booked. */
  lessons?: boolean;
  unread: number | null;
}): AreaLink[] {
  return [
    { label: messages.dashboardLink, to: paths.studentDashboard, icon: <DashboardIcon />, inBar: true, inAccount: true },
    // Start here (issue 39): courses for the student's languages, level and interests.
    { label: startMessages.startHereLink, to: paths.studentStart, icon: <ExploreIcon /> },
    { label: messages.myCoursesLink, barLabel: messages.myCoursesBarLabel, to: paths.myCourses, icon: <MenuBookIcon />, inBar: true, inAccount: true },
    ...(favorites ? [favoritesLink] : []),
    { label: messages.recommendedCoursesLink, to: paths.recommendedCourses, icon: <RecommendIcon /> },
    {
      label: messages.myAssignmentsLink,
      barLabel: messages.myAssignmentsBarLabel,
      to: paths.myAssignments,
      below: [patterns.studentAssignment],
      icon: <AssignmentIcon />,
      inBar: true,
      inAccount: true,
    },
    {
      label: messagingMessages.messagesLink,
      to: paths.studentMessages,
      below: [patterns.studentConversation],
      icon: <ChatIcon />,
      inBar: true,
      inAccount: true,
      ...(unread === null ? {} : { badge: { count: unread, label: messagingMessages.unreadCount(unread) } }),
    },
    ...(review ? [reviewLink] : []),
    ...(lessons ? [lessonsLink] : []),
    { label: messages.myTeachersLink, to: paths.myTeachers, icon: <PeopleIcon /> },
    { label: messages.profileSettingLink, to: paths.profileSetting, icon: <SettingsIcon />, inAccount: true },
    { label: messages.changePasswordLink, to: paths.studentChangePassword, icon: <LockIcon /> },
    { label: messages.logoutLink, to: paths.studentLogout, icon: <LogoutIcon />, inAccount: true },
  ];
}
