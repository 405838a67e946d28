import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import { AreaFrame, type AreaLink } from '@/components/AreaFrame';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from './messages';

/**
 * The student sidebar of spec section 2.4. 'Change Password' opens /student-change-password
 * (the spec points it to /).
 */
const studentLinks: readonly AreaLink[] = [
  { label: messages.dashboardLink, to: paths.studentDashboard, icon: <DashboardIcon /> },
  { label: messages.myCoursesLink, to: paths.myCourses, icon: <MenuBookIcon /> },
  { label: messages.myAssignmentsLink, to: paths.myAssignments, icon: <AssignmentIcon /> },
  { label: messages.myTeachersLink, to: paths.myTeachers, icon: <PeopleIcon /> },
  { label: messages.profileSettingLink, to: paths.profileSetting, icon: <SettingsIcon /> },
  { label: messages.changePasswordLink, to: paths.studentChangePassword, icon: <LockIcon /> },
  { label: messages.logoutLink, to: paths.studentLogout, icon: <LogoutIcon /> },
];

/** The student area's routes: the student sidebar beside the screen. */
export function StudentAreaLayout() {
  return <AreaFrame label={messages.areaNavLabel} links={studentLinks} />;
}
