import { useTeacherForgotPasswordMutation } from '@/api';
import { paths } from '@/config/paths';
import { ForgotPasswordScreen } from '@/features/access/ForgotPasswordScreen';

/** /teacher-forgot-password: asks the provider to mail a reset link; its answer is shown below. */
export function TeacherForgotPasswordPage() {
  const [sendLink] = useTeacherForgotPasswordMutation();
  return (
    <ForgotPasswordScreen
      send={(email) => sendLink({ emailForm: { email } }).unwrap()}
      loginPath={paths.teacherLogin}
    />
  );
}
