import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { classifyError, errorText, providerMessage, useStudentLoginMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { checkCredentials, CredentialsFields, type Credentials, type CredentialsErrors } from '@/features/access/CredentialsFields';
import { ServerMessage } from '@/components/ServerMessage';
import { studentLoggedIn } from '@/features/session/sessionSlices';
import { studentAccessMessages as messages } from './messages';

/** /student-login: e-mail and password; on success the student lands where they were going, or on the dashboard. */
export function StudentLoginPage() {
  const [login, { isLoading }] = useStudentLoginMutation();
  const dispatch = useAppDispatch();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [failure, setFailure] = useState<ReactNode>(null);
  const [fieldErrors, setFieldErrors] = useState<CredentialsErrors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!checkCredentials(event.currentTarget, credentials, setFieldErrors)) return;
    try {
      const answer = await login({ loginForm: credentials }).unwrap();
      if (answer.bool && typeof answer.student_id === 'number') {
        // The guest-only guard of this page then sends the student on (see StudentGuestOnly).
        dispatch(studentLoggedIn({ id: answer.student_id }));
        return;
      }
      const unverifiedNotice = providerMessage(answer);
      if (!answer.bool && typeof answer.student_id === 'number' && unverifiedNotice) {
        // The provider knows the account but it is not verified yet: it says so and mails a new code.
        setFailure(
          <>
            {unverifiedNotice}{' '}
            <Link component={RouterLink} to={paths.verifyStudent(answer.student_id)}>
              {messages.enterCodeLink}
            </Link>
          </>,
        );
        return;
      }
      setFailure(messages.loginFailed);
    } catch (error) {
      // A refused login, however the provider words it, gets the spec's text; faults, and a wait
      // the provider imposes after too many attempts (429), say what went wrong.
      const { kind } = classifyError(error);
      const explained = kind === 'network' || kind === 'server' || kind === 'tooManyRequests';
      setFailure(explained ? errorText(error, messages.loginFailed) : messages.loginFailed);
    }
  }

  return (
    <PageHeading title={messages.loginTitle}>
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
        <CredentialsFields value={credentials} onChange={setCredentials} errors={fieldErrors} />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
          {messages.loginButton}
        </Button>
        {failure && <ServerMessage tone="error">{failure}</ServerMessage>}
        <Link component={RouterLink} to={paths.studentForgotPassword} sx={{ alignSelf: 'flex-start' }}>
          {messages.forgotPasswordLink}
        </Link>
        <Typography>
          {messages.registerPrompt}{' '}
          <Link component={RouterLink} to={paths.studentRegister}>
            {messages.registerLink}
          </Link>
        </Typography>
      </Stack>
    </PageHeading>
  );
}
