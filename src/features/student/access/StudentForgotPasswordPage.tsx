import { useStudentForgotPasswordMutation } from '@/api';
import { paths } from '@/config/paths';
import { ForgotPasswordScreen } from '@/features/access/ForgotPasswordScreen';

/** /student-forgot-password: asks the provider to mail a reset link; its answer is shown below. */
export function StudentForgotPasswordPage() {
  const [sendLink] = useStudentForgotPasswordMutation();
  return (
    <ForgotPasswordScreen
      send={(email) => sendLink({ emailForm: { email } }).unwrap()}
      loginPath={paths.studentLogin}
    />
  );
}
