/** The teacher area's texts; the quoted ones of the spec (sections 2.5 and 8) to the letter. */
export const teacherAreaMessages = {
  areaNavLabel: 'Teacher area',
  dashboardLink: 'Dashboard',
  coursesLink: 'Courses',
  addCourseLink: 'Add Course',
  myStudentsLink: 'My Students',
  profileSettingLink: 'Profile Setting',
  changePasswordLink: 'Change Password',
  logoutLink: 'Logout',

  dashboardTitle: 'Teacher Dashboard',
  greeting: (firstName: string) => `Welcome, ${firstName}`,
  greetingFallbackName: 'Teacher',
  loadingGreeting: 'Loading your name',
  totalCourses: 'Total Courses',
  totalStudents: 'Total Students',
  totalChapters: 'Total Chapters',
  loadingDashboard: 'Loading your dashboard',
  errorTitle: 'Error',
  dashboardFailed: 'Failed to fetch dashboard data',
  teacherFailed: 'Failed to get teacher data',
} as const;
