import { PageHeading } from '@/components/PageHeading';
import { useLogout } from '@/features/session/useLogout';

/** /teacher-logout: clears the teacher login and opens the teacher login page. */
export function TeacherLogoutPage() {
  useLogout('teacher');
  return <PageHeading title="Logging out" />;
}
