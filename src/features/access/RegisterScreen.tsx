import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useFieldErrors, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { useToasts } from '@/components/toasts/useToasts';
import { emailProblem, newPasswordProblem, registerMessages } from './accessMessages';
import { randomOneTimeCode } from './oneTimeCode';
import type { EmailLinkState } from './useEmailFromLink';

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
  /** What to say when the field is left empty; marks the field required (api-spec.yaml's `required`). */
  required?: string;
}

export interface RegisterScreenProps<Field extends string> {
  title: string;
  texts: {
    registerButton: string;
    registered: string;
    registrationFailedToast: string;
    /** The ways on from a known e-mail address: the side's login and forgotten-password links. */
    loginLink: string;
    forgotPasswordLink: string;
  };
  /** The text fields, `email` and `password` among them. */
  fields: readonly RegisterField<Field | 'email' | 'password'>[];
  /** Posts the values with the browser-made 6-digit code (an RTK Query `unwrap()`); the new account's id, if it said. */
  register: (values: Record<Field | 'email' | 'password', string>, otpDigit: number) => Promise<{ id?: number | null }>;
  /** The code check of the new account. */
  verifyPath: (id: number) => string;
  /** The side's login and forgotten-password pages, offered for an address that already has an account. */
  loginPath: string;
  forgotPasswordPath: string;
  /** The reason of a failure when the provider said nothing (null: none). */
  fallback: string | null;
  /** What to show below the form after a failure (nothing when null): `detail` is what no field shows, else `fallback`. */
  failureText: (detail: string | null) => ReactNode;
  /** Fields that are no text field (the student's interests), after the text fields. */
  children?: ReactNode;
  /** Shown above the form (the teacher's approval notice). */
  before?: ReactNode;
  /** Shown below the form (the way to log in). */
  after?: ReactNode;
}

/** The words by which a provider's lone `msg` names a registration field ("The full name must not be empty."). */
const fieldWords: Record<string, RegExp> = {
  full_name: /full\s?name/i,
  email: /e-?mail/i,
  username: /user\s?name/i,
  password: /password/i,
  qualification: /qualification/i,
  mobile_no: /mobile|phone/i,
};

/** A refusal of the e-mail address that says an account has it (local provider, DRF's unique validator). */
const knownEmailWords = /\b(?:already|exists?|in use|taken|registered)\b/i;

/** What is wrong in the form before sending: empty required fields, the e-mail address, the new password. */
function problemsOf<Field extends string>(fields: readonly RegisterField<Field>[], values: Record<Field, string>): FieldErrors<Field> {
  const problems: FieldErrors<Field> = {};
  for (const { name, required } of fields) {
    const value = values[name] ?? '';
    let problem: string | null = null;
    if (name === 'email') problem = emailProblem(value);
    else if (required !== undefined && value.trim() === '') problem = required;
    else if (name === 'password') problem = newPasswordProblem(value);
    if (problem !== null) problems[name] = problem;
  }
  return problems;
}

/**
 * The registration of both sides (spec sections 2.4, 2.5 and 5): checks each field where it is
 * (required fields, the e-mail address and the new password, by the rules of the login and the
 * profile), then posts the form with a browser-made 6-digit code, thanks the new account and opens
 * its code check. What is wrong shows once: under its field, focused, when a field is at fault
 * (the provider's refusal too: DRF's field map, a worded schema message, or a `msg` naming the
 * field); an address that already has an account offers the side's login and forgotten-password
 * pages. Only a fault no field can show gets the failure toast and the line below the form.
 */
export function RegisterScreen<Field extends string>({
  title,
  texts,
  fields,
  register,
  verifyPath,
  loginPath,
  forgotPasswordPath,
  fallback,
  failureText,
  children,
  before,
  after,
}: RegisterScreenProps<Field>) {
  type Name = Field | 'email' | 'password';
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const emptyForm = Object.fromEntries(fields.map(({ name }) => [name, ''])) as Record<Name, string>;
  const [form, setForm] = useState(emptyForm);
  const [sending, setSending] = useState(false);
  /** Set when the last registration failed with what no field shows, `fallback` when nothing was said. */
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const failureShown = failure && failureText(failure.detail);
  const names = useMemo(() => fields.map(({ name }) => name), [fields]);
  const messageFields = useMemo<MessageFields<Name>>(
    () => names.flatMap((name) => (fieldWords[name] ? [[fieldWords[name], name] as const] : [])),
    [names],
  );
  const { formRef, errors, show, clear, refuse, fieldProps } = useFieldErrors(names, { messageFields });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!show(problemsOf(fields, form))) return;
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
      const { message, onFields } = refuse(error, fallback);
      if (onFields) {
        // The fields say what to change: no toast; a line below only for what they do not say.
        if (message !== null) setFailure({ detail: message });
        return;
      }
      detail = message;
    } finally {
      setSending(false);
    }
    enqueueSnackbar(texts.registrationFailedToast, { variant: 'error' });
    setFailure({ detail });
  }

  /** The e-mail field's message: for a known address, ours, with the ways on. */
  function emailHelp(): ReactNode {
    const refusal = errors.email;
    if (refusal === undefined || !knownEmailWords.test(refusal)) return undefined;
    const state: EmailLinkState = { email: form.email.trim() };
    return (
      <>
        {registerMessages.knownEmail} {registerMessages.knownEmailWaysOn}{' '}
        <Link component={RouterLink} to={loginPath} state={state}>
          {texts.loginLink}
        </Link>
        {' · '}
        <Link component={RouterLink} to={forgotPasswordPath} state={state}>
          {texts.forgotPasswordLink}
        </Link>
      </>
    );
  }

  return (
    <PageHeading title={title}>
      <Stack spacing={3} sx={{ maxWidth: 480 }}>
        {before}
        <Stack component="form" ref={formRef} spacing={2} onSubmit={(event) => void handleSubmit(event)} noValidate>
          {fields.map(({ name, helperText, inputMode, maxLength, required, ...field }) => {
            const props = fieldProps(name, helperText);
            return (
              <TextField
                key={name}
                {...field}
                {...props}
                helperText={(name === 'email' && emailHelp()) || props.helperText}
                required={required !== undefined || name === 'email' || name === 'password'}
                value={form[name] ?? ''}
                onChange={(event) => {
                  setForm((current) => ({ ...current, [name]: event.target.value }));
                  clear(name);
                }}
                slotProps={{ htmlInput: { inputMode, maxLength } }}
              />
            );
          })}
          {children}
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
