import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorText, providerMessage } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { accessMessages } from './accessMessages';

/** The part of a code-check answer the form reads. */
export interface CodeCheckAnswer {
  bool: boolean;
  msg?: string;
}

interface OneTimeCodeFormProps<Answer extends CodeCheckAnswer> {
  /** Sends the code to the provider and resolves with its answer (an RTK Query `unwrap()`). */
  check: (otpDigit: number) => Promise<Answer>;
  /** Called with the answer once the provider accepted the code. */
  onVerified: (answer: Answer) => void;
}

/**
 * The 6-digit code form of the student and teacher verify screens: one numeric field, a Verify
 * button, and the provider's `msg` in red when it did not accept the code (spec sections 5, 8).
 */
export function OneTimeCodeForm<Answer extends CodeCheckAnswer>({ check, onVerified }: OneTimeCodeFormProps<Answer>) {
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code)) {
      // Said under the field, which takes the focus; nothing is sent.
      setFailure(null);
      setCodeError(accessMessages.codeInvalid);
      const input = event.currentTarget.elements.namedItem('otp_digit');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setCodeError(null);
    setChecking(true);
    setFailure(null);
    try {
      const answer = await check(Number(code));
      if (answer.bool) {
        onVerified(answer);
        return;
      }
      setFailure(providerMessage(answer) ?? accessMessages.codeRejected);
    } catch (error) {
      setFailure(errorText(error, accessMessages.codeRejected));
    }
    setChecking(false);
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
      <TextField
        label={accessMessages.codeFieldLabel}
        helperText={codeError ?? accessMessages.codeFieldHint}
        error={codeError !== null}
        name="otp_digit"
        value={code}
        onChange={(event) => {
          setCode(event.target.value.trim());
          setCodeError(null);
        }}
        required
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
      />
      <Button type="submit" variant="contained" disabled={checking} sx={{ alignSelf: 'flex-start' }}>
        {accessMessages.verifyButton}
      </Button>
      {failure && <ServerMessage tone="error">{failure}</ServerMessage>}
    </Stack>
  );
}
