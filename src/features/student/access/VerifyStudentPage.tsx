import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useResendStudentCodeMutation, useVerifyStudentMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { studentLoggedIn } from '@/features/session/sessionSlices';
import { VerifyAccountScreen } from '@/features/access/VerifyAccountScreen';
import { useReturnToEnrolment } from '@/features/courses/useReturnToEnrolment';
import { studentAccessMessages as messages } from './messages';

/** /verify-student/:student_id: the registration code check; success logs the student in and opens 'What will you learn?'. */
export function VerifyStudentPage() {
  const [verify] = useVerifyStudentMutation();
  const [resend] = useResendStudentCodeMutation();
  const dispatch = useAppDispatch();
  // Back to a course the visitor set out to enrol in, even after registering on the way; else a new
  // student goes on to 'What will you learn?' and Start here (issue 39), not an empty dashboard.
  useReturnToEnrolment(paths.studentGoals);
  return (
    <VerifyAccountScreen
      accountId={parseIdParam(useParams().student_id)}
      texts={messages}
      check={(studentId, otpDigit) => verify({ studentId, otpForm: { otp_digit: otpDigit } }).unwrap()}
      resend={(studentId) => resend({ studentId }).unwrap()}
      onVerified={(answer, studentId) => dispatch(studentLoggedIn({ id: answer.student_id ?? studentId }))}
      waysForward={
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.studentLogin}>
            {messages.loginLink}
          </Link>
          <Link component={RouterLink} to={paths.studentRegister}>
            {messages.registerLink}
          </Link>
        </Stack>
      }
    />
  );
}
