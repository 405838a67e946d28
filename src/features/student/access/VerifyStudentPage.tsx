import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useVerifyStudentMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { OneTimeCodeForm } from '@/features/session/OneTimeCodeForm';
import { accountIdParam } from '@/features/session/accountIdParam';
import { ServerMessage } from '@/features/session/ServerMessage';
import { studentLoggedIn } from '@/features/session/sessionSlices';
import { studentAccessMessages as messages } from './messages';

function WaysForward() {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={paths.studentLogin}>
        {messages.loginLink}
      </Link>
      <Link component={RouterLink} to={paths.studentRegister}>
        {messages.registerLink}
      </Link>
    </Stack>
  );
}

/** /verify-student/:student_id: the registration code check; success logs the student in. */
export function VerifyStudentPage() {
  const studentId = accountIdParam(useParams().student_id);
  const [verify] = useVerifyStudentMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  if (studentId === null) {
    return (
      <PageHeading title={messages.verifyTitle}>
        <Stack spacing={2}>
          <ServerMessage tone="error">{messages.invalidAccountLink}</ServerMessage>
          <WaysForward />
        </Stack>
      </PageHeading>
    );
  }

  return (
    <PageHeading title={messages.verifyTitle}>
      <Stack spacing={3}>
        <Typography>{messages.verifyIntro}</Typography>
        <OneTimeCodeForm
          check={(otpDigit) => verify({ studentId, otpForm: { otp_digit: otpDigit } }).unwrap()}
          onVerified={(answer) => {
            dispatch(studentLoggedIn({ id: answer.student_id ?? studentId }));
            navigate(paths.studentDashboard, { replace: true });
          }}
        />
        <Typography color="text.secondary">{messages.codeExpiredHelp}</Typography>
        <WaysForward />
      </Stack>
    </PageHeading>
  );
}
