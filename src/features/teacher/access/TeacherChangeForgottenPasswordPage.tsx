import { useParams } from 'react-router-dom';
import { useChangeTeacherForgottenPasswordMutation } from '@/api';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { ChangeForgottenPasswordScreen } from '@/features/access/ChangeForgottenPasswordScreen';

/**
 * /teacher-change-forgotten-password/:teacher_id?token=…: the page the mailed reset link opens.
 * Sends the new password with the link's single-use token.
 */
export function TeacherChangeForgottenPasswordPage() {
  const [changePassword] = useChangeTeacherForgottenPasswordMutation();
  return (
    <ChangeForgottenPasswordScreen
      accountId={parseIdParam(useParams().teacher_id)}
      change={(teacherId, password, token) => changePassword({ teacherId, passwordResetForm: { password, token } }).unwrap()}
      forgotPasswordPath={paths.teacherForgotPassword}
      loginPath={paths.teacherLogin}
    />
  );
}
