import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useChangeStudentForgottenPasswordMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { accountIdParam } from '@/features/session/accountIdParam';
import { boolAnswerOutcome, type Outcome } from '@/features/session/boolAnswerOutcome';
import { ServerMessage } from '@/features/session/ServerMessage';
import { studentAccessMessages as messages } from './messages';

function RequestNewLink() {
  return (
    <Link component={RouterLink} to={paths.studentForgotPassword} sx={{ alignSelf: 'flex-start' }}>
      {messages.requestNewLink}
    </Link>
  );
}

/**
 * /student-change-forgotten-password/:student_id?token=…: the page the mailed reset link opens.
 * Sends the new password with the link's single-use token.
 */
export function StudentChangeForgottenPasswordPage() {
  const studentId = accountIdParam(useParams().student_id);
  const token = useSearchParams()[0].get('token');
  const [changePassword, { isLoading }] = useChangeStudentForgottenPasswordMutation();
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (studentId === null || !token) {
    return (
      <PageHeading title={messages.changeTitle}>
        <Stack spacing={2}>
          <ServerMessage tone="error">{messages.missingResetToken}</ServerMessage>
          <RequestNewLink />
        </Stack>
      </PageHeading>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    setOutcome(
      await boolAnswerOutcome(changePassword({ studentId, passwordResetForm: { password, token } }).unwrap(), {
        success: messages.passwordChanged,
        failure: messages.changeFailed,
      }),
    );
  };

  return (
    <PageHeading title={messages.changeTitle}>
      <Stack component="form" spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
        <TextField
          label={messages.newPasswordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="contained" disabled={isLoading || outcome?.tone === 'success'} sx={{ alignSelf: 'flex-start' }}>
          {messages.changeButton}
        </Button>
        {outcome && <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage>}
        {outcome?.tone === 'success' ? (
          <Link component={RouterLink} to={paths.studentLogin} sx={{ alignSelf: 'flex-start' }}>
            {messages.loginWithNewPassword}
          </Link>
        ) : (
          outcome && <RequestNewLink />
        )}
      </Stack>
    </PageHeading>
  );
}
