import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { useChangeTeacherPasswordMutation } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/access/ChangePasswordForm';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { teacherProfileMessages as messages } from './profileMessages';

/**
 * /teacher-change-password (spec sections 2.5 and 8): current password, new password and its
 * confirmation. Once the provider accepts (200), the teacher is sent to /teacher-logout; otherwise
 * the alert 'Oops... Some error occurred' with the provider's message.
 */
export function TeacherChangePasswordPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const [changePassword] = useChangeTeacherPasswordMutation();
  const navigate = useNavigate();

  async function change(currentPassword: string, newPassword: string) {
    if (teacherId === null) throw new Error('No teacher is logged in.');
    return changePassword({ teacherId, passwordChangeForm: { password: newPassword, current_password: currentPassword } }).unwrap();
  }

  return (
    <PageHeading title={messages.changePasswordTitle}>
      <Typography sx={{ mb: 2 }}>{messages.changePasswordIntro}</Typography>
      <ChangePasswordForm
        change={change}
        failureTitle={messages.passwordChangeFailed}
        onChanged={() => navigate(paths.teacherLogout, { replace: true })}
      />
    </PageHeading>
  );
}
