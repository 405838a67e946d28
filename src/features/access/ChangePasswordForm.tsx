import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { lengthLimit } from '@/api';
import { useFieldErrors, type FieldErrors } from '@/hooks/useFieldErrors';
import { ServerMessage } from '@/components/ServerMessage';
import { newPasswordMessages, newPasswordProblem, passwordChangeMessages as texts } from './accessMessages';
import { boolAnswerOutcome, type Outcome } from './boolAnswerOutcome';

type Field = 'current' | 'next' | 'confirmation';

const emptyValues: Record<Field, string> = { current: '', next: '', confirmation: '' };

const fields: readonly { name: Field; label: string; autoComplete: string; hint?: string; maxLength: number }[] = [
  { name: 'current', label: texts.currentPasswordLabel, autoComplete: 'current-password', ...lengthLimit('PasswordChangeForm', 'current_password') },
  { name: 'next', label: texts.newPasswordLabel, autoComplete: 'new-password', hint: newPasswordMessages.hint, ...lengthLimit('PasswordChangeForm', 'password') },
  { name: 'confirmation', label: texts.confirmPasswordLabel, autoComplete: 'new-password', ...lengthLimit('PasswordChangeForm', 'password') },
];

const fieldOrder = fields.map(({ name }) => name);

function checkFields(values: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (values.current === '') errors.current = texts.currentPasswordRequired;
  const tooShort = newPasswordProblem(values.next);
  if (values.next === '') errors.next = texts.newPasswordRequired;
  else if (tooShort) errors.next = tooShort;
  else if (values.confirmation !== values.next) errors.confirmation = texts.passwordsDiffer;
  return errors;
}

export interface ChangePasswordFormProps {
  /** Sends the current and the new password (an RTK Query `unwrap()` of a `{ bool, msg }` answer). */
  change: (currentPassword: string, newPassword: string) => Promise<{ bool: boolean; msg?: string }>;
  /** What to do once the provider accepted the new password (the line in green is shown either way). */
  onChanged?: () => void;
  /**
   * When given, a refusal or failure shows as an alert with this title above the provider's
   * message (the teacher side's 'Oops... Some error occurred') instead of a red line.
   */
  failureTitle?: string;
}

/**
 * The logged-in password change of both sides: current password, new password and its
 * confirmation (the new one of at least 8 characters, the confirmation matching, said under the
 * fields before anything is sent); the provider's `msg` in green on success
 * and in red otherwise (spec section 8).
 */
export function ChangePasswordForm({ change, onChanged, failureTitle }: ChangePasswordFormProps) {
  const [values, setValues] = useState(emptyValues);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { formRef, show, clear, fieldProps } = useFieldErrors(fieldOrder);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    if (!show(checkFields(values))) return;
    setSending(true);
    const result = await boolAnswerOutcome(change(values.current, values.next), {
      success: texts.passwordChanged,
      failure: texts.changeFailed,
    });
    setSending(false);
    setOutcome(result);
    if (result.tone === 'success') {
      setValues(emptyValues);
      onChanged?.();
    }
  }

  return (
    <Stack component="form" ref={formRef} spacing={2} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 420 }}>
      {fields.map(({ name, label, autoComplete, hint, maxLength }) => (
        <TextField
          key={name}
          {...fieldProps(name, hint)}
          label={label}
          type="password"
          autoComplete={autoComplete}
          required
          value={values[name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [name]: event.target.value }));
            clear(name);
          }}
          slotProps={{ htmlInput: { maxLength } }}
        />
      ))}
      <Button type="submit" variant="contained" disabled={sending} sx={{ alignSelf: 'flex-start' }}>
        {texts.changeButton}
      </Button>
      {outcome ? (
        <ServerMessage tone={outcome.tone}>
          {outcome.tone === 'error' && failureTitle !== undefined ? <strong style={{ display: 'block' }}>{failureTitle}</strong> : null}
          {outcome.text}
        </ServerMessage>
      ) : null}
    </Stack>
  );
}
