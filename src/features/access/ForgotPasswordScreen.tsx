import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { PageHeading } from '@/components/PageHeading';
import { emailProblem, passwordResetMessages as texts } from './accessMessages';
import { boolAnswerOutcome, type Outcome } from './boolAnswerOutcome';
import { EmailField } from './CredentialsFields';
import { ServerMessage } from '@/components/ServerMessage';
import { useEmailFromLink } from './useEmailFromLink';

const emailOnly = ['email'] as const;

interface ForgotPasswordScreenProps {
  /** Asks the provider to mail a reset link (an RTK Query `unwrap()`). */
  send: (email: string) => Promise<{ bool: boolean; msg?: string }>;
  /** The login page of the same kind of account. */
  loginPath: string;
}

/**
 * The student and teacher forgot-password screens (spec sections 2.4, 2.5 and 8): an e-mail
 * field and a Send button; the provider's answer below, green when it sent the link, red otherwise.
 */
export function ForgotPasswordScreen({ send, loginPath }: ForgotPasswordScreenProps) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { formRef, errors, show, clear } = useFieldErrors(emailOnly);
  useEmailFromLink((linked) => setEmail((current) => current || linked));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailProblem(email);
    if (!show(problem ? { email: problem } : {})) {
      setOutcome(null);
      return;
    }
    setSending(true);
    setOutcome(null);
    setOutcome(await boolAnswerOutcome(send(email), { success: texts.forgotSent, failure: texts.forgotFailed }));
    setSending(false);
  }

  return (
    <PageHeading title={texts.forgotTitle}>
      <Stack component="form" ref={formRef} noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
        <Typography>{texts.forgotIntro}</Typography>
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            clear('email');
          }}
          error={errors.email}
        />
        <Button type="submit" variant="contained" disabled={sending} sx={{ alignSelf: 'flex-start' }}>
          {texts.forgotButton}
        </Button>
        {outcome && <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage>}
        <Link component={RouterLink} to={loginPath} sx={{ alignSelf: 'flex-start' }}>
          {texts.loginLink}
        </Link>
      </Stack>
    </PageHeading>
  );
}
