import { useChangeStudentPasswordMutation } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { ChangePasswordForm } from '@/features/access/ChangePasswordForm';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';

/**
 * /student-change-password: the logged-in student changes their password (current, new and its
 * confirmation); the provider's message in green or red. The student stays logged in.
 */
export function StudentChangePasswordPage() {
  const studentId = useAppSelector(selectStudentId);
  const [changePassword] = useChangeStudentPasswordMutation();

  async function change(currentPassword: string, newPassword: string) {
    if (studentId === null) throw new Error('No student is logged in.');
    return changePassword({ studentId, passwordChangeForm: { password: newPassword, current_password: currentPassword } }).unwrap();
  }

  return (
    <PageHeading title={messages.changePasswordTitle}>
      <ChangePasswordForm change={change} />
    </PageHeading>
  );
}
