import TextField from '@mui/material/TextField';
import { accessMessages } from './accessMessages';

export interface Credentials {
  email: string;
  password: string;
}

export type CredentialsErrors = Partial<Record<keyof Credentials, string>>;

const fieldOrder: readonly (keyof Credentials)[] = ['email', 'password'];

/** A plausible e-mail address: something, an @, something (the provider decides the rest). */
const emailShape = /^[^\s@]+@[^\s@]+$/;

/** Why an e-mail field cannot be sent (empty or not an address), or null when it can. */
export function emailProblem(email: string): string | null {
  if (email.trim() === '') return accessMessages.emailRequired;
  return emailShape.test(email.trim()) ? null : accessMessages.emailInvalid;
}

/** What is missing or malformed in the credentials (spec section 5: both required, an e-mail address). */
export function credentialsProblems({ email, password }: Credentials): CredentialsErrors {
  const problems: CredentialsErrors = {};
  const emailError = emailProblem(email);
  if (emailError !== null) problems.email = emailError;
  if (password === '') problems.password = accessMessages.passwordRequired;
  return problems;
}

/**
 * Checks the credentials of a login form before it is sent: shows each problem under its field
 * and moves the focus to the first field that has one. Returns whether they may be sent.
 */
export function checkCredentials(form: HTMLFormElement, value: Credentials, showErrors: (errors: CredentialsErrors) => void): boolean {
  const problems = credentialsProblems(value);
  showErrors(problems);
  const first = fieldOrder.find((field) => problems[field]);
  if (first === undefined) return true;
  const input = form.elements.namedItem(first);
  if (input instanceof HTMLElement) input.focus();
  return false;
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
  onChange: (value: Credentials) => void;
  errors?: CredentialsErrors;
}) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={value.email}
        onChange={(event) => onChange({ ...value, email: event.target.value })}
        error={errors.email !== undefined}
        helperText={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
        error={errors.password !== undefined}
        helperText={errors.password}
      />
    </>
  );
}
