import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { lengthLimit } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { newPasswordMessages, newPasswordProblem, passwordResetMessages as texts } from './accessMessages';
import { boolAnswerOutcome, type Outcome } from './boolAnswerOutcome';
import { ServerMessage } from '@/components/ServerMessage';

const passwordOnly = ['password'] as const;

interface ChangeForgottenPasswordScreenProps {
  /** The account id from the route, or null when the link names none. */
  accountId: number | null;
  /** Sends the new password with the link's token (an RTK Query `unwrap()`). */
  change: (accountId: number, password: string, token: string) => Promise<{ bool: boolean; msg?: string }>;
  /** Where a new reset link is asked for. */
  forgotPasswordPath: string;
  /** The login page, offered once the password has been changed. */
  loginPath: string;
}

/**
 * The student and teacher change-forgotten-password screens, opened by the mailed reset link
 * (`…/:id?token=…`): one password field sent with the link's single-use token; the provider's
 * answer in green or red (spec sections 2.4, 2.5 and 8). A password shorter than api-spec.yaml
 * allows is said under the field and not sent.
 */
export function ChangeForgottenPasswordScreen({
  accountId,
  change,
  forgotPasswordPath,
  loginPath,
}: ChangeForgottenPasswordScreenProps) {
  const token = useSearchParams()[0].get('token');
  const [password, setPassword] = useState('');
  const { formRef, show, clear, fieldProps } = useFieldErrors(passwordOnly);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const requestNewLink = (
    <Link component={RouterLink} to={forgotPasswordPath} sx={{ alignSelf: 'flex-start' }}>
      {texts.requestNewLink}
    </Link>
  );

  if (accountId === null || !token) {
    return (
      <PageHeading title={texts.changeTitle}>
        <Stack spacing={2}>
          <ServerMessage tone="error">{texts.missingResetToken}</ServerMessage>
          {requestNewLink}
        </Stack>
      </PageHeading>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordProblem(password);
    if (!show(problem ? { password: problem } : {})) return;
    setSending(true);
    setOutcome(null);
    setOutcome(
      await boolAnswerOutcome(change(accountId, password, token), {
        success: texts.passwordChanged,
        failure: texts.changeFailed,
      }),
    );
    setSending(false);
  };

  return (
    <PageHeading title={texts.changeTitle}>
      <Stack component="form" ref={formRef} noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
        <TextField
          label={texts.newPasswordLabel}
          type="password"
          {...fieldProps('password', newPasswordMessages.hint)}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clear('password');
          }}
          slotProps={{ htmlInput: lengthLimit('PasswordResetForm', 'password') }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={sending || outcome?.tone === 'success'}
          sx={{ alignSelf: 'flex-start' }}
        >
          {texts.changeButton}
        </Button>
        {outcome && <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage>}
        {outcome?.tone === 'success' ? (
          <Link component={RouterLink} to={loginPath} sx={{ alignSelf: 'flex-start' }}>
            {texts.loginWithNewPassword}
          </Link>
        ) : (
          outcome && requestNewLink
        )}
      </Stack>
    </PageHeading>
  );
}
