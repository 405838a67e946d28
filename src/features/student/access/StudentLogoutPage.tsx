import { PageHeading } from '@/components/PageHeading';
import { useLogout } from '@/features/session/useLogout';

/** /student-logout: clears the student login and opens the student login page. */
export function StudentLogoutPage() {
  useLogout('student');
  return <PageHeading title="Logging out" />;
}
