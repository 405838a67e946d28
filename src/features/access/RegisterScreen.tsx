import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFieldErrors, type FieldErrors } from '@/components/forms/useFieldErrors';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { useToasts } from '@/components/toasts/useToasts';
import { newPasswordProblem } from './accessMessages';
import { randomOneTimeCode } from './oneTimeCode';

/** One field of a registration form, in the order shown. */
export interface RegisterField<Field extends string> {
  name: Field;
  label: string;
  type?: string;
  autoComplete: string;
  helperText?: string;
  inputMode?: 'numeric';
  /** The longest value api-spec.yaml accepts. */
  maxLength: number;
}

export interface RegisterScreenProps<Field extends string> {
  title: string;
  texts: { registerButton: string; registered: string; registrationFailedToast: string };
  /** The fields, `password` among them. */
  fields: readonly RegisterField<Field | 'password'>[];
  /** Posts the values with the browser-made 6-digit code (an RTK Query `unwrap()`); the new account's id, if it said. */
  register: (values: Record<Field | 'password', string>, otpDigit: number) => Promise<{ id?: number | null }>;
  /** The code check of the new account. */
  verifyPath: (id: number) => string;
  /** The reason of a failure when the provider said nothing (null: none). */
  fallback: string | null;
  /** What to show below the form after a failure (nothing when null): `detail` is what no field shows, else `fallback`. */
  failureText: (detail: string | null) => ReactNode;
  /** Shown above the form (the teacher's approval notice). */
  before?: ReactNode;
  /** Shown below the form (the way to log in). */
  after?: ReactNode;
}

/**
 * The registration of both sides (spec sections 2.4, 2.5 and 5): posts the form with a
 * browser-made 6-digit code, thanks the new account and opens its code check. No client-side
 * checks but the password's length, which api-spec.yaml states: the provider answers what is
 * wrong, each field's message under its field (DRF's field map, the first one focused) and the
 * rest below the form; the values stay in place.
 */
export function RegisterScreen<Field extends string>({
  title,
  texts,
  fields,
  register,
  verifyPath,
  fallback,
  failureText,
  before,
  after,
}: RegisterScreenProps<Field>) {
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const emptyForm = Object.fromEntries(fields.map(({ name }) => [name, ''])) as Record<Field | 'password', string>;
  const [form, setForm] = useState(emptyForm);
  const [sending, setSending] = useState(false);
  /** Set when the last registration failed, with the reason no field shows when one is known. */
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const failureShown = failure && failureText(failure.detail);
  const { formRef, show, clear, refuse, fieldProps } = useFieldErrors(fields.map(({ name }) => name));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const passwordProblem = newPasswordProblem(form.password);
    if (!show((passwordProblem ? { password: passwordProblem } : {}) as FieldErrors<Field | 'password'>)) return;
    let detail = fallback;
    setSending(true);
    try {
      const { id } = await register(form, randomOneTimeCode());
      if (typeof id === 'number') {
        enqueueSnackbar(texts.registered, { variant: 'success' });
        setForm(emptyForm);
        navigate(verifyPath(id));
        return;
      }
    } catch (error) {
      detail = refuse(error, fallback).message;
    } finally {
      setSending(false);
    }
    enqueueSnackbar(texts.registrationFailedToast, { variant: 'error' });
    setFailure({ detail });
  }

  return (
    <PageHeading title={title}>
      <Stack spacing={3} sx={{ maxWidth: 480 }}>
        {before}
        <Stack component="form" ref={formRef} spacing={2} onSubmit={(event) => void handleSubmit(event)} noValidate>
          {fields.map(({ name, helperText, inputMode, maxLength, ...field }) => (
            <TextField
              key={name}
              {...field}
              {...fieldProps(name, helperText)}
              value={form[name]}
              onChange={(event) => {
                setForm((current) => ({ ...current, [name]: event.target.value }));
                clear(name);
              }}
              slotProps={{ htmlInput: { inputMode, maxLength } }}
            />
          ))}
          <Button type="submit" variant="contained" disabled={sending} sx={{ alignSelf: 'flex-start' }}>
            {texts.registerButton}
          </Button>
          {failureShown ? <ServerMessage tone="error">{failureShown}</ServerMessage> : null}
        </Stack>
        {after}
      </Stack>
    </PageHeading>
  );
}
