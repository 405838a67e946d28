import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToasts } from '@/components/toasts/useToasts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formErrors, useRegisterTeacherMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { applyAsTeacher } from '@/components/layout/navigation';
import { paths } from '@/config/paths';
import { newPasswordMessages, newPasswordProblem } from '@/features/access/accessMessages';
import { randomOneTimeCode } from '@/features/access/oneTimeCode';
import { ServerMessage } from '@/components/ServerMessage';
import { teacherAccessMessages as messages } from './messages';

const emptyForm = { full_name: '', email: '', password: '', qualification: '', mobile_no: '', skills: '' };
type Field = keyof typeof emptyForm;
const fieldNames = Object.keys(emptyForm) as Field[];

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
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', helperText: newPasswordMessages.hint },
  { name: 'qualification', label: 'Qualification', autoComplete: 'off' },
  // Kept as text so a leading 0 or + survives; the keypad is numeric (spec section 5).
  { name: 'mobile_no', label: 'Mobile Number', type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
  { name: 'skills', label: 'Language', autoComplete: 'off', helperText: messages.languageHint },
];

/**
 * /teacher-register: posts the form with a browser-made 6-digit code, thanks the teacher and
 * opens the code check. A password shorter than api-spec.yaml allows is said under its field and
 * not sent; the provider answers what else is wrong with the values, each field's message under
 * its field (DRF's field map) and the rest below the form; the values stay in place.
 */
export function TeacherRegisterPage() {
  const [register, { isLoading }] = useRegisterTeacherMutation();
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [failure, setFailure] = useState<string | null>(null);
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
    let reason: string | null = messages.registrationFailedToast;
    let refusedFields: Partial<Record<Field, string>> = {};
    try {
      const teacher = await register({ teacherRegistrationForm: { ...form, otp_digit: randomOneTimeCode() } }).unwrap();
      if (typeof teacher.id === 'number') {
        enqueueSnackbar(messages.registered, { variant: 'success' });
        navigate(paths.verifyTeacher(teacher.id));
        return;
      }
    } catch (error) {
      ({ fields: refusedFields, message: reason } = formErrors(error, fieldNames, reason));
    }
    enqueueSnackbar(messages.registrationFailedToast, { variant: 'error' });
    setFailure(reason);
    setFieldErrors(refusedFields);
    const firstRefused = fieldNames.find((name) => refusedFields[name] !== undefined);
    if (firstRefused) inputs.current[firstRefused]?.focus();
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
          {fields.map(({ inputMode, helperText, ...field }) => (
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
