import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { classifyError, errorText, providerMessage, useStudentLoginMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/config/paths';
import { LoginScreen } from '@/features/access/LoginScreen';
import { studentLoggedIn } from '@/features/session/sessionSlices';
import { loadStudentArea } from '@/features/student/area/loadStudentArea';
import { useReturnToEnrolment } from '@/features/courses/useReturnToEnrolment';
import { studentAccessMessages as messages } from './messages';

/**
 * A refused login, however the provider words it, gets the spec's text; faults, and a wait the
 * provider imposes after too many attempts (429), say what went wrong.
 */
function failureText(error: unknown): string {
  const { kind } = classifyError(error);
  const explained = kind === 'network' || kind === 'server' || kind === 'tooManyRequests';
  return explained ? errorText(error, messages.loginFailed) : messages.loginFailed;
}

/** /student-login: e-mail and password; on success the student lands where they were going, or on the dashboard. */
export function StudentLoginPage() {
  const [login] = useStudentLoginMutation();
  const dispatch = useAppDispatch();
  // Back to a course the visitor set out to enrol in, even after registering on the way.
  useReturnToEnrolment();
  return (
    <LoginScreen
      side="student"
      texts={messages}
      send={async (credentials) => {
        void loadStudentArea().catch(() => undefined);
        const answer = await login({ loginForm: credentials }).unwrap();
        return { bool: answer.bool, id: typeof answer.student_id === 'number' ? answer.student_id : null, notice: providerMessage(answer) };
      }}
      // The guest-only guard of this page then sends the student on (see StudentGuestOnly).
      onLoggedIn={({ id }) => dispatch(studentLoggedIn({ id }))}
      refusalText={() => messages.loginFailed}
      failureText={failureText}
      after={
        <Typography>
          {messages.registerPrompt}{' '}
          <Link component={RouterLink} to={paths.studentRegister}>
            {messages.registerLink}
          </Link>
        </Typography>
      }
    />
  );
}
