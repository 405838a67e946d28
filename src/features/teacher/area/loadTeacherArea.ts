/**
 * The teacher area's frame and dashboard (its chunk). The login screen starts loading them beside
 * the login call, so that the dashboard follows a login at once.
 */
export const loadTeacherArea = () =>
  Promise.all([
    import(/* webpackChunkName: "teacher" */ './TeacherAreaLayout'),
    import(/* webpackChunkName: "teacher" */ './TeacherDashboardPage'),
  ]);
