import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { classifyError, errorText, providerMessage, toBool, useTeacherLoginMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { applyAsTeacher } from '@/components/layout/navigation';
import { paths } from '@/config/paths';
import { LoginScreen } from '@/features/access/LoginScreen';
import { teacherLoggedIn } from '@/features/session/sessionSlices';
import { loadTeacherArea } from '@/features/teacher/area/loadTeacherArea';
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
 * Spec section 8: the provider's msg when it gave one, else one text for every other failure. A
 * wait after too many attempts (429) says when to try again, with or without a msg.
 */
function failureText(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'tooManyRequests') return errorText(error, messages.loginError);
  return ('msg' in failure && failure.msg) || messages.loginError;
}

/**
 * /teacher-login: e-mail, password and 'Remember me'. When the provider answers `login_via_otp`,
 * it has mailed a code and nothing is stored yet: the teacher goes to /verify-teacher/{id},
 * whose code step stores the login. Otherwise the login is stored at once and the route's
 * guest-only guard opens the dashboard (spec section 4). 'Remember me' asks the provider for a 30-day session; without it the
 * session cookie ends with the browser session (`remember`, an extension in api-spec.yaml).
 */
export function TeacherLoginPage() {
  const [login] = useTeacherLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  return (
    <LoginScreen
      side="teacher"
      texts={messages}
      send={async (credentials) => {
        void loadTeacherArea().catch(() => undefined);
        // Left out unless checked: the provider's default is a session that ends with the browser's.
        const answer = await login({ teacherLoginForm: { ...credentials, ...(remember ? { remember: true } : {}) } }).unwrap();
        const id = typeof answer.teacher_id === 'number' ? answer.teacher_id : null;
        return { bool: answer.bool, id, notice: providerMessage(answer), viaCode: toBool(answer.login_via_otp) };
      }}
      // With the code step nothing is stored until the code is checked. Otherwise the guest-only
      // guard of this route opens the dashboard (or the page the teacher was sent here from).
      onLoggedIn={({ id, viaCode }) => (viaCode ? navigate(paths.verifyTeacher(id)) : dispatch(teacherLoggedIn({ id })))}
      refusalText={(notice) => notice || messages.loginError}
      failureText={failureText}
      before={
        <Alert severity="info" role="note">
          {messages.approvalNotice} <ApplyLink />
        </Alert>
      }
      extraFields={
        <FormControlLabel
          control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
          label={messages.rememberMe}
          sx={{ alignSelf: 'flex-start' }}
        />
      }
    />
  );
}
