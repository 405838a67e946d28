import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorText, isUnsupported, providerMessage } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { accessMessages } from './accessMessages';
import type { Outcome } from './boolAnswerOutcome';

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
  /** Asks the provider to mail a new code (an RTK Query `unwrap()`); without it there is no 'Send a new code'. */
  resend?: () => Promise<CodeCheckAnswer>;
}

/** The form's one field, as the spec names it. */
const codeFields = ['otp_digit'] as const;

/**
 * The 6-digit code form of the student and teacher verify screens: one numeric field, a Verify
 * button, and the provider's `msg` in red when it did not accept the code (spec sections 5, 8).
 * With `resend`, 'Send a new code' asks for a fresh code (a code burnt by wrong guesses, or
 * expired) and says in green that it was sent; the button goes away when the provider answers
 * 404 or 405 (a provider without the extension).
 */
export function OneTimeCodeForm<Answer extends CodeCheckAnswer>({ check, onVerified, resend }: OneTimeCodeFormProps<Answer>) {
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { formRef, show, clear, fieldProps } = useFieldErrors(codeFields);
  const [canResend, setCanResend] = useState(true);
  const setFailure = (text: string | null) => setOutcome(text === null ? null : { tone: 'error', text });

  async function handleResend() {
    if (!resend) return;
    setChecking(true);
    setOutcome(null);
    try {
      const answer = await resend();
      const msg = providerMessage(answer);
      setOutcome(answer.bool ? { tone: 'success', text: msg ?? accessMessages.codeResent } : { tone: 'error', text: msg ?? accessMessages.resendFailed });
      if (answer.bool) setCode('');
    } catch (error) {
      if (isUnsupported(error)) setCanResend(false);
      else setFailure(errorText(error, accessMessages.resendFailed));
    }
    setChecking(false);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code)) {
      // Said under the field, which takes the focus; nothing is sent.
      setFailure(null);
      show({ otp_digit: accessMessages.codeInvalid });
      return;
    }
    show({});
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
    <Stack component="form" ref={formRef} noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 420 }}>
      <TextField
        label={accessMessages.codeFieldLabel}
        {...fieldProps('otp_digit', accessMessages.codeFieldHint)}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.trim());
          clear('otp_digit');
        }}
        required
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={checking}>
          {accessMessages.verifyButton}
        </Button>
        {resend && canResend ? (
          <Button type="button" variant="outlined" disabled={checking} onClick={() => void handleResend()}>
            {accessMessages.resendCodeButton}
          </Button>
        ) : null}
      </Stack>
      {outcome && <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage>}
    </Stack>
  );
}
