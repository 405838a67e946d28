import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { classifyError, errorText, providerMessage, toBool, useTeacherLoginMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { applyAsTeacher } from '@/components/layout/navigation';
import { paths } from '@/config/paths';
import { checkCredentials, CredentialsFields, type Credentials, type CredentialsErrors } from '@/features/access/CredentialsFields';
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
 * /teacher-login: e-mail, password and 'Remember me'. When the provider answers `login_via_otp`,
 * it has mailed a code and nothing is stored yet: the teacher goes to /verify-teacher/{id},
 * whose code step stores the login. Otherwise the login is stored at once and the route's
 * guest-only guard opens the dashboard (spec section 4). 'Remember me' asks the provider for a 30-day session; without it the
 * session cookie ends with the browser session (`remember`, an extension in api-spec.yaml).
 */
export function TeacherLoginPage() {
  const [login, { isLoading }] = useTeacherLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [failure, setFailure] = useState<ReactNode>(null);
  const [fieldErrors, setFieldErrors] = useState<CredentialsErrors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!checkCredentials(event.currentTarget, credentials, setFieldErrors)) return;
    try {
      // Left out unless checked: the provider's default is a session that ends with the browser's.
      const answer = await login({ teacherLoginForm: { ...credentials, ...(remember ? { remember: true } : {}) } }).unwrap();
      if (answer.bool && typeof answer.teacher_id === 'number') {
        // Logged in, the guest-only guard of this route opens the dashboard (or the page the
        // teacher was sent here from).
        if (toBool(answer.login_via_otp)) navigate(paths.verifyTeacher(answer.teacher_id));
        else dispatch(teacherLoggedIn({ id: answer.teacher_id }));
        return;
      }
      const notice = providerMessage(answer);
      if (!answer.bool && typeof answer.teacher_id === 'number' && notice) {
        // The provider knows the account but it is not verified yet: it says so and mails a new code.
        setFailure(
          <>
            {notice}{' '}
            <Link component={RouterLink} to={paths.verifyTeacher(answer.teacher_id)}>
              {messages.enterCodeLink}
            </Link>
          </>,
        );
        return;
      }
      setFailure((!answer.bool && notice) || messages.loginError);
    } catch (error) {
      // Spec section 8: the provider's msg when it gave one, else one text for every other failure.
      // A wait after too many attempts (429) says when to try again, with or without a msg.
      const failure = classifyError(error);
      if (failure.kind === 'tooManyRequests') setFailure(errorText(error, messages.loginError));
      else setFailure(('msg' in failure && failure.msg) || messages.loginError);
    }
  }

  return (
    <PageHeading title={messages.loginTitle}>
      <Stack spacing={3} sx={{ maxWidth: 420 }}>
        <Alert severity="info" role="note">
          {messages.approvalNotice} <ApplyLink />
        </Alert>
        <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit}>
          <CredentialsFields value={credentials} onChange={setCredentials} errors={fieldErrors} />
          <FormControlLabel
            control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
            label={messages.rememberMe}
            sx={{ alignSelf: 'flex-start' }}
          />
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
