import { useStudentForgotPasswordMutation } from '@/api';
import { paths } from '@/config/paths';
import { ForgotPasswordScreen } from '@/features/session/ForgotPasswordScreen';
import { studentAccessMessages as messages } from './messages';

/** /student-forgot-password: asks the provider to mail a reset link; its answer is shown below. */
export function StudentForgotPasswordPage() {
  const [sendLink] = useStudentForgotPasswordMutation();
  return (
    <ForgotPasswordScreen
      texts={messages}
      send={(email) => sendLink({ emailForm: { email } }).unwrap()}
      loginPath={paths.studentLogin}
    />
  );
}
