import TextField from '@mui/material/TextField';

export interface Credentials {
  email: string;
  password: string;
}

/** The e-mail and password fields of the student and teacher logins, both required (spec section 5). */
export function CredentialsFields({ value, onChange }: { value: Credentials; onChange: (value: Credentials) => void }) {
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
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
    </>
  );
}
