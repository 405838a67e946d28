import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToasts } from '@/components/toasts/useToasts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formErrors, useRegisterStudentMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { newPasswordMessages, newPasswordProblem } from '@/features/access/accessMessages';
import { randomOneTimeCode } from '@/features/access/oneTimeCode';
import { ServerMessage } from '@/components/ServerMessage';
import { studentAccessMessages as messages } from './messages';

const emptyForm = { full_name: '', email: '', username: '', password: '', interested_categories: '' };
type Field = keyof typeof emptyForm;
const fieldNames = Object.keys(emptyForm) as Field[];

const fields: { name: Field; label: string; type?: string; autoComplete: string; helperText?: string }[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', helperText: newPasswordMessages.hint },
  { name: 'interested_categories', label: 'Interested Categories', autoComplete: 'off', helperText: messages.interestsHint },
];

/**
 * /student-register: posts the form with a browser-made 6-digit code, then sends the student to
 * the code check. No client-side checks (spec section 5) but the password's length, which
 * api-spec.yaml states: the provider answers what is wrong, each field's message under its field
 * (DRF's field map) and the rest below the form.
 */
export function StudentRegisterPage() {
  const [register, { isLoading }] = useRegisterStudentMutation();
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  /** Set when the last registration failed, with the reason when one is known. */
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as Field;
    setForm((current) => ({ ...current, [name]: event.target.value }));
    setFieldErrors(({ [name]: _fixed, ...others }) => others);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const passwordProblem = newPasswordProblem(form.password);
    setFieldErrors(passwordProblem ? { password: passwordProblem } : {});
    if (passwordProblem) {
      inputs.current.password?.focus();
      return;
    }
    let detail: string | null = null;
    let refusedFields: Partial<Record<Field, string>> = {};
    try {
      const student = await register({ studentRegistrationForm: { ...form, otp_digit: randomOneTimeCode() } }).unwrap();
      if (typeof student.id === 'number') {
        enqueueSnackbar(messages.registered, { variant: 'success' });
        setForm(emptyForm);
        navigate(paths.verifyStudent(student.id));
        return;
      }
    } catch (error) {
      ({ fields: refusedFields, message: detail } = formErrors(error, fieldNames, null));
    }
    enqueueSnackbar(messages.registrationFailedToast, { variant: 'error' });
    setFailure({ detail });
    setFieldErrors(refusedFields);
    const firstRefused = fieldNames.find((name) => refusedFields[name] !== undefined);
    if (firstRefused) inputs.current[firstRefused]?.focus();
  }

  return (
    <PageHeading title={messages.registerTitle}>
      <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate sx={{ maxWidth: 480 }}>
        {fields.map(({ helperText, ...field }) => (
          <TextField
            key={field.name}
            {...field}
            value={form[field.name]}
            onChange={handleChange}
            error={fieldErrors[field.name] !== undefined}
            helperText={fieldErrors[field.name] ?? helperText}
            inputRef={(node: HTMLInputElement | null) => {
              inputs.current[field.name] = node;
            }}
          />
        ))}
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
          {messages.registerButton}
        </Button>
        {failure && (
          <ServerMessage tone="error">
            {messages.registrationFailed}
            {failure.detail && <Box component="span" sx={{ display: 'block' }}>{failure.detail}</Box>}
          </ServerMessage>
        )}
        <Typography>
          {messages.loginPrompt}{' '}
          <Link component={RouterLink} to={paths.studentLogin}>
            {messages.loginLink}
          </Link>
        </Typography>
      </Stack>
    </PageHeading>
  );
}
