import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorText, useRegisterTeacherMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { applyAsTeacher } from '@/components/layout/navigation';
import { paths } from '@/config/paths';
import { randomOneTimeCode } from '@/features/access/oneTimeCode';
import { ServerMessage } from '@/components/ServerMessage';
import { teacherAccessMessages as messages } from './messages';

const emptyForm = { full_name: '', email: '', password: '', qualification: '', mobile_no: '', skills: '' };
type Field = keyof typeof emptyForm;

const fields: {
  name: Field;
  label: string;
  type?: string;
  autoComplete: string;
  helperText?: string;
  inputMode?: 'numeric';
}[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'qualification', label: 'Qualification', autoComplete: 'off' },
  // Kept as text so a leading 0 or + survives; the keypad is numeric (spec section 5).
  { name: 'mobile_no', label: 'Mobile Number', type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
  { name: 'skills', label: 'Language', autoComplete: 'off', helperText: messages.languageHint },
];

/**
 * /teacher-register: posts the form with a browser-made 6-digit code, thanks the teacher and
 * opens the code check. The provider answers what is wrong with the values; they stay in place.
 */
export function TeacherRegisterPage() {
  const [register, { isLoading }] = useRegisterTeacherMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [failure, setFailure] = useState<string | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [event.target.name]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    let reason: string = messages.registrationFailedToast;
    try {
      const teacher = await register({ teacherRegistrationForm: { ...form, otp_digit: randomOneTimeCode() } }).unwrap();
      if (typeof teacher.id === 'number') {
        enqueueSnackbar(messages.registered, { variant: 'success' });
        navigate(paths.verifyTeacher(teacher.id));
        return;
      }
    } catch (error) {
      reason = errorText(error, reason);
    }
    enqueueSnackbar(messages.registrationFailedToast, { variant: 'error' });
    setFailure(reason);
  }

  return (
    <PageHeading title={messages.registerTitle}>
      <Stack spacing={3} sx={{ maxWidth: 480 }}>
        <Alert severity="info" role="note">
          {messages.approvalNotice}{' '}
          {applyAsTeacher.external && (
            <Link href={applyAsTeacher.href} target="_blank" rel="noopener noreferrer">
              {messages.applyLink} {messages.opensInNewTab}
            </Link>
          )}
        </Alert>
        <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate>
          {fields.map(({ inputMode, ...field }) => (
            <TextField
              key={field.name}
              {...field}
              value={form[field.name]}
              onChange={handleChange}
              slotProps={{ htmlInput: { inputMode } }}
            />
          ))}
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
            {messages.registerButton}
          </Button>
          {failure && <ServerMessage tone="error">{failure}</ServerMessage>}
        </Stack>
        <Typography>
          {messages.loginPrompt}{' '}
          <Link component={RouterLink} to={paths.teacherLogin}>
            {messages.loginLink}
          </Link>
        </Typography>
      </Stack>
    </PageHeading>
  );
}
