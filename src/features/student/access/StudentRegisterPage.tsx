import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorText, useRegisterStudentMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { randomOneTimeCode } from '@/features/access/oneTimeCode';
import { ServerMessage } from '@/components/ServerMessage';
import { studentAccessMessages as messages } from './messages';

const emptyForm = { full_name: '', email: '', username: '', password: '', interested_categories: '' };
type Field = keyof typeof emptyForm;

const fields: { name: Field; label: string; type?: string; autoComplete: string; helperText?: string }[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'interested_categories', label: 'Interested Categories', autoComplete: 'off', helperText: messages.interestsHint },
];

/**
 * /student-register: posts the form with a browser-made 6-digit code, then sends the student to
 * the code check. No client-side checks (spec section 5): the provider answers what is wrong.
 */
export function StudentRegisterPage() {
  const [register, { isLoading }] = useRegisterStudentMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  /** Set when the last registration failed, with the reason when one is known. */
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [event.target.name]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    let detail: string | null = null;
    try {
      const student = await register({ studentRegistrationForm: { ...form, otp_digit: randomOneTimeCode() } }).unwrap();
      if (typeof student.id === 'number') {
        enqueueSnackbar(messages.registered, { variant: 'success' });
        setForm(emptyForm);
        navigate(paths.verifyStudent(student.id));
        return;
      }
    } catch (error) {
      detail = errorText(error, null);
    }
    enqueueSnackbar(messages.registrationFailedToast, { variant: 'error' });
    setFailure({ detail });
  }

  return (
    <PageHeading title={messages.registerTitle}>
      <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate sx={{ maxWidth: 480 }}>
        {fields.map((field) => (
          <TextField key={field.name} {...field} value={form[field.name]} onChange={handleChange} />
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
