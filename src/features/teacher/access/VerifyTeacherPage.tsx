import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useResendTeacherCodeMutation, useVerifyTeacherMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { teacherLoggedIn } from '@/features/session/sessionSlices';
import { VerifyAccountScreen } from '@/features/access/VerifyAccountScreen';
import { teacherAccessMessages as messages } from './messages';

/** /verify-teacher/:teacher_id: the mailed code check of a teacher's registration or login. */
export function VerifyTeacherPage() {
  const [verify] = useVerifyTeacherMutation();
  const [resend] = useResendTeacherCodeMutation();
  const dispatch = useAppDispatch();
  return (
    <VerifyAccountScreen
      accountId={parseIdParam(useParams().teacher_id)}
      texts={messages}
      check={(teacherId, otpDigit) => verify({ teacherId, otpForm: { otp_digit: otpDigit } }).unwrap()}
      resend={(teacherId) => resend({ teacherId }).unwrap()}
      onVerified={(answer, teacherId) => dispatch(teacherLoggedIn({ id: answer.teacher_id ?? teacherId }))}
      waysForward={
        <Link component={RouterLink} to={paths.teacherLogin} sx={{ alignSelf: 'flex-start' }}>
          {messages.loginAgainLink}
        </Link>
      }
    />
  );
}
