import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useStudentForgotPasswordMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { boolAnswerOutcome, type Outcome } from '@/features/session/boolAnswerOutcome';
import { ServerMessage } from '@/features/session/ServerMessage';
import { studentAccessMessages as messages } from './messages';

/** /student-forgot-password: asks the provider to mail a reset link; its answer is shown below. */
export function StudentForgotPasswordPage() {
  const [sendLink, { isLoading }] = useStudentForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    setOutcome(
      await boolAnswerOutcome(sendLink({ emailForm: { email } }).unwrap(), {
        success: messages.forgotSent,
        failure: messages.forgotFailed,
      }),
    );
  }

  return (
    <PageHeading title={messages.forgotTitle}>
      <Stack component="form" spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
        <Typography>{messages.forgotIntro}</Typography>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
          {messages.forgotButton}
        </Button>
        {outcome && <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage>}
        <Link component={RouterLink} to={paths.studentLogin} sx={{ alignSelf: 'flex-start' }}>
          {messages.loginLink}
        </Link>
      </Stack>
    </PageHeading>
  );
}
