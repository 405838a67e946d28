import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { classifyError, providerMessage, toBool, useTeacherLoginMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { applyAsTeacher } from '@/components/layout/navigation';
import { paths } from '@/config/paths';
import { CredentialsFields, type Credentials } from '@/features/access/CredentialsFields';
import { ServerMessage } from '@/components/ServerMessage';
import { teacherLoggedIn } from '@/features/session/sessionSlices';
import { teacherAccessMessages as messages } from './messages';

function ApplyLink() {
  if (!applyAsTeacher.external) {
    return (
      <Link component={RouterLink} to={applyAsTeacher.href}>
        {messages.applyLink}
      </Link>
    );
  }
  return (
    <Link href={applyAsTeacher.href} target="_blank" rel="noopener noreferrer">
      {messages.applyLink} {messages.opensInNewTab}
    </Link>
  );
}

/**
 * /teacher-login: e-mail and password. An accepted teacher goes to the code step at
 * /verify-teacher/{id}; unless the provider asks for a mailed code (`login_via_otp`), the
 * teacher is logged in at once and that route forwards to the dashboard (spec section 4).
 */
export function TeacherLoginPage() {
  const [login, { isLoading }] = useTeacherLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await login({ loginForm: credentials }).unwrap();
      if (answer.bool && typeof answer.teacher_id === 'number') {
        if (!toBool(answer.login_via_otp)) dispatch(teacherLoggedIn({ id: answer.teacher_id }));
        navigate(paths.verifyTeacher(answer.teacher_id));
        return;
      }
      setFailure((!answer.bool && providerMessage(answer)) || messages.loginError);
    } catch (error) {
      // Spec section 8: the provider's msg when it gave one, else one text for every other failure.
      const failure = classifyError(error);
      setFailure(('msg' in failure && failure.msg) || messages.loginError);
    }
  }

  return (
    <PageHeading title={messages.loginTitle}>
      <Stack spacing={3} sx={{ maxWidth: 420 }}>
        <Alert severity="info" role="note">
          {messages.approvalNotice} <ApplyLink />
        </Alert>
        <Stack component="form" spacing={2} onSubmit={handleSubmit}>
          <CredentialsFields value={credentials} onChange={setCredentials} />
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
            {messages.loginButton}
          </Button>
          {failure && <ServerMessage tone="error">{failure}</ServerMessage>}
          <Link component={RouterLink} to={paths.teacherForgotPassword} sx={{ alignSelf: 'flex-start' }}>
            {messages.forgotPasswordLink}
          </Link>
        </Stack>
      </Stack>
    </PageHeading>
  );
}
