/** The student area's texts; the quoted ones of the spec (sections 2.4 and 8) to the letter. */
export const studentAreaMessages = {
  areaNavLabel: 'Student area',
  dashboardLink: 'Dashboard',
  myCoursesLink: 'My Courses',
  myAssignmentsLink: 'My Assignments',
  myTeachersLink: 'My Teachers',
  profileSettingLink: 'Profile Setting',
  logoutLink: 'Logout',

  dashboardTitle: 'Dashboard',
  greeting: (name: string) => `Welcome, ${name}`,
  greetingFallbackName: 'Student',
  loadingGreeting: 'Loading your name',
  enrolledCourses: 'Enrolled Courses',
  completedAssignments: 'Completed Assignments',
  pendingAssignments: 'Pending Assignments',
  loadingDashboard: 'Loading your dashboard',
  errorTitle: 'Error',
  dashboardFailed: 'Failed to fetch dashboard data',
  studentFailed: 'Failed to get student data',
} as const;
