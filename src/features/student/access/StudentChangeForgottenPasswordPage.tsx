import { useParams } from 'react-router-dom';
import { useChangeStudentForgottenPasswordMutation } from '@/api';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { ChangeForgottenPasswordScreen } from '@/features/access/ChangeForgottenPasswordScreen';

/**
 * /student-change-forgotten-password/:student_id?token=…: the page the mailed reset link opens.
 * Sends the new password with the link's single-use token.
 */
export function StudentChangeForgottenPasswordPage() {
  const [changePassword] = useChangeStudentForgottenPasswordMutation();
  return (
    <ChangeForgottenPasswordScreen
      accountId={parseIdParam(useParams().student_id)}
      change={(studentId, password, token) => changePassword({ studentId, passwordResetForm: { password, token } }).unwrap()}
      forgotPasswordPath={paths.studentForgotPassword}
      loginPath={paths.studentLogin}
    />
  );
}
