import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useVerifyTeacherMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { accountIdParam } from '@/features/session/accountIdParam';
import { OneTimeCodeForm } from '@/features/session/OneTimeCodeForm';
import { ServerMessage } from '@/features/session/ServerMessage';
import { teacherLoggedIn } from '@/features/session/sessionSlices';
import { teacherAccessMessages as messages } from './messages';

function LoginAgainLink() {
  return (
    <Link component={RouterLink} to={paths.teacherLogin} sx={{ alignSelf: 'flex-start' }}>
      {messages.loginAgainLink}
    </Link>
  );
}

/** /verify-teacher/:teacher_id: the mailed code check of a teacher's registration or login. */
export function VerifyTeacherPage() {
  const teacherId = accountIdParam(useParams().teacher_id);
  const [verify] = useVerifyTeacherMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  if (teacherId === null) {
    return (
      <PageHeading title={messages.verifyTitle}>
        <Stack spacing={2}>
          <ServerMessage tone="error">{messages.invalidAccountLink}</ServerMessage>
          <LoginAgainLink />
        </Stack>
      </PageHeading>
    );
  }

  return (
    <PageHeading title={messages.verifyTitle}>
      <Stack spacing={3}>
        <Typography>{messages.verifyIntro}</Typography>
        <OneTimeCodeForm
          check={(otpDigit) => verify({ teacherId, otpForm: { otp_digit: otpDigit } }).unwrap()}
          onVerified={(answer) => {
            dispatch(teacherLoggedIn({ id: answer.teacher_id ?? teacherId }));
            navigate(paths.teacherDashboard, { replace: true });
          }}
        />
        <Typography color="text.secondary">{messages.codeExpiredHelp}</Typography>
        <LoginAgainLink />
      </Stack>
    </PageHeading>
  );
}
