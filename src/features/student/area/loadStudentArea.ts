/**
 * The student area's frame and dashboard (its chunk). The login screen starts loading them beside
 * the login call, so that the dashboard follows a login at once.
 */
export const loadStudentArea = () =>
  Promise.all([
    import(/* webpackChunkName: "student" */ './StudentAreaLayout'),
    import(/* webpackChunkName: "student" */ './StudentDashboardPage'),
  ]);
