import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorText, isUnsupported, providerMessage } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { accessMessages } from './accessMessages';
import { emailChangeMessages as texts } from './emailChangeMessages';

export interface EmailChangeDialogProps {
  /** The new address the user typed. */
  newEmail: string;
  /** Asks the provider to mail a code to the new address (an RTK Query `unwrap()` of `{ bool, msg }`). */
  start: (currentPassword: string) => Promise<{ bool: boolean; msg?: string }>;
  /** Sends the mailed code; resolves once the address has changed. */
  confirm: (otpDigit: number) => Promise<unknown>;
  /** The address has changed. */
  onConfirmed: () => void;
  /** Cancel (or Escape): the address stays as it is. */
  onCancel: () => void;
  /** The provider has no e-mail change operations (404 or 405): the caller changes the address its own way. */
  onUnsupported: () => void;
  /** Where the focus goes when the dialog closes (the page's e-mail field). */
  returnFocusTo: () => HTMLElement | null | undefined;
}

type Outcome = { tone: 'success' | 'error'; text: string };

/** The dialog's fields, one a step, as the spec names them. */
const dialogFields = ['current_password', 'otp_digit'] as const;

/**
 * The e-mail address change of both profile pages, in a dialog: first the current password
 * (`start`: the provider mails a code to the new address), then that code (`confirm`), with the
 * provider's `msg` shown, 'Send a new code' and Cancel. Values stay when a call fails. The dialog
 * is open while it is rendered; MUI keeps the focus inside, and on close it goes to `returnFocusTo`.
 */
export function EmailChangeDialog({ newEmail, start, confirm, onConfirmed, onCancel, onUnsupported, returnFocusTo }: EmailChangeDialogProps) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, show, clear, fieldProps } = useFieldErrors(dialogFields);
  const titleId = useId();
  const introId = useId();
  // However it closes, the focus goes to the field the dialog is about (the button that opened it
  // may have been disabled while the profile was saved, so MUI's own restoring would find nothing).
  const [focusTarget] = useState(() => returnFocusTo);
  useEffect(() => () => focusTarget()?.focus(), [focusTarget]);

  /** Asks for a code; true when the provider mailed one. */
  async function sendCode(): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await start(password);
      const msg = providerMessage(answer);
      setOutcome(answer.bool ? { tone: 'success', text: msg ?? texts.codeIntro(newEmail) } : { tone: 'error', text: msg ?? texts.startFailed });
      return answer.bool;
    } catch (error) {
      if (isUnsupported(error)) {
        onUnsupported();
        return false;
      }
      setOutcome({ tone: 'error', text: errorText(error, texts.startFailed) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React events bubble through the portal to the page: the profile form around it must not submit too.
    event.stopPropagation();
    if (busy) return;
    if (step === 'password') {
      if (password === '') {
        show({ current_password: texts.currentPasswordRequired });
        return;
      }
      show({});
      if (await sendCode()) setStep('code');
      return;
    }
    if (!/^[0-9]{6}$/.test(code)) {
      setOutcome(null);
      show({ otp_digit: accessMessages.codeInvalid });
      return;
    }
    show({});
    setBusy(true);
    setOutcome(null);
    try {
      await confirm(Number(code));
      onConfirmed();
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error, texts.confirmFailed) });
      setBusy(false);
    }
  }

  const passwordStep = step === 'password';
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      disableRestoreFocus
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <DialogTitle id={titleId}>{texts.dialogTitle}</DialogTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={introId}>{passwordStep ? texts.passwordIntro(newEmail) : texts.codeIntro(newEmail)}</DialogContentText>
            {passwordStep ? (
              <TextField
                key="password"
                {...fieldProps('current_password')}
                label={texts.currentPasswordLabel}
                type="password"
                autoComplete="current-password"
                required
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field takes the focus when the dialog opens
                autoFocus
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  clear('current_password');
                }}
              />
            ) : (
              <TextField
                key="code"
                {...fieldProps('otp_digit', accessMessages.codeFieldHint)}
                label={accessMessages.codeFieldLabel}
                required
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the code field takes the focus once the code is sent
                autoFocus
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value.trim());
                  clear('otp_digit');
                }}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              />
            )}
            {outcome ? <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {texts.cancelButton}
          </Button>
          {passwordStep ? null : (
            <Button onClick={() => void sendCode()} disabled={busy}>
              {texts.resendButton}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {passwordStep ? texts.sendCodeButton : texts.confirmButton}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
