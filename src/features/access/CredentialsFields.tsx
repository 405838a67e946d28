import TextField from '@mui/material/TextField';
import { lengthLimit } from '@/api';
import { accessMessages, emailProblem } from './accessMessages';

export interface Credentials {
  email: string;
  password: string;
}

export type CredentialsErrors = Partial<Record<keyof Credentials, string>>;

/** The order the login form's fields are checked and focused in. */
export const credentialsFields: readonly (keyof Credentials)[] = ['email', 'password'];

/** What is missing or malformed in the credentials (spec section 5: both required, an e-mail address). */
export function credentialsProblems({ email, password }: Credentials): CredentialsErrors {
  const problems: CredentialsErrors = {};
  const emailError = emailProblem(email);
  if (emailError !== null) problems.email = emailError;
  if (password === '') problems.password = accessMessages.passwordRequired;
  return problems;
}

/** The required e-mail field of the access screens; a problem shows under it (aria-describedby, aria-invalid). */
export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | null }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error != null}
      helperText={error}
      slotProps={{ htmlInput: lengthLimit('LoginForm', 'email') }}
    />
  );
}

/**
 * The e-mail and password fields of the student and teacher logins, both required (spec section
 * 5); a problem shows under its field (tied to it with aria-describedby, aria-invalid set).
 */
export function CredentialsFields({
  value,
  onChange,
  errors = {},
}: {
  value: Credentials;
  onChange: (value: Credentials, changed: keyof Credentials) => void;
  errors?: CredentialsErrors;
}) {
  return (
    <>
      <EmailField value={value.email} onChange={(email) => onChange({ ...value, email }, 'email')} error={errors.email} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value }, 'password')}
        error={errors.password !== undefined}
        helperText={errors.password}
        slotProps={{ htmlInput: lengthLimit('LoginForm', 'password') }}
      />
    </>
  );
}
