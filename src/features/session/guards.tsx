import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { paths } from '@/config/paths';
import { returnPath } from './returnPath';
import { selectIsStudentLoggedIn, selectIsTeacherLoggedIn } from './sessionSlices';

/** Where a guard sent the visitor from, so a login can return there. */
export interface FromState {
  from?: string;
}

/** Student-area routes: a visitor who is not a logged-in student goes to the student login. */
export function RequireStudent() {
  const loggedIn = useAppSelector(selectIsStudentLoggedIn);
  const location = useLocation();
  if (loggedIn) return <Outlet />;
  return <Navigate to={paths.studentLogin} replace state={{ from: location.pathname } satisfies FromState} />;
}

/** Teacher-area routes: a visitor who is not a logged-in teacher goes to the teacher login. */
export function RequireTeacher() {
  const loggedIn = useAppSelector(selectIsTeacherLoggedIn);
  const location = useLocation();
  if (loggedIn) return <Outlet />;
  return <Navigate to={paths.teacherLogin} replace state={{ from: location.pathname } satisfies FromState} />;
}

/**
 * Student login, forgot-password, verify and reset pages: a logged-in student goes to the page a
 * guard sent them from, or to the dashboard. Logging in on these pages therefore lands there too.
 */
export function StudentGuestOnly() {
  const loggedIn = useAppSelector(selectIsStudentLoggedIn);
  const location = useLocation();
  return loggedIn ? <Navigate to={returnPath(location.state, paths.studentDashboard)} replace /> : <Outlet />;
}

/** Teacher login, forgot-password, verify and reset pages: the same for a logged-in teacher. */
export function TeacherGuestOnly() {
  const loggedIn = useAppSelector(selectIsTeacherLoggedIn);
  const location = useLocation();
  return loggedIn ? <Navigate to={returnPath(location.state, paths.teacherDashboard)} replace /> : <Outlet />;
}
