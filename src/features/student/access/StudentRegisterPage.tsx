import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useRegisterStudentMutation } from '@/api';
import { lengthLimit } from '@/components/forms/validators';
import { paths } from '@/config/paths';
import { newPasswordMessages } from '@/features/access/accessMessages';
import { RegisterScreen, type RegisterField } from '@/features/access/RegisterScreen';
import { studentAccessMessages as messages } from './messages';

type Field = 'full_name' | 'email' | 'username' | 'password' | 'interested_categories';

const limit = (field: Field) => lengthLimit('StudentRegistrationForm', field);

const fields: readonly RegisterField<Field>[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name', ...limit('full_name') },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', ...limit('email') },
  { name: 'username', label: 'Username', autoComplete: 'username', ...limit('username') },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', helperText: newPasswordMessages.hint, ...limit('password') },
  { name: 'interested_categories', label: 'Interested Categories', autoComplete: 'off', helperText: messages.interestsHint, ...limit('interested_categories') },
];

/**
 * /student-register: the student's full name, e-mail, username, password and interested
 * categories; then the code check. 'Something wrong happened' below the form after a failure,
 * with the provider's reason when no field shows it.
 */
export function StudentRegisterPage() {
  const [register] = useRegisterStudentMutation();
  return (
    <RegisterScreen
      title={messages.registerTitle}
      texts={messages}
      fields={fields}
      register={(values, otpDigit) => register({ studentRegistrationForm: { ...values, otp_digit: otpDigit } }).unwrap()}
      verifyPath={paths.verifyStudent}
      fallback={null}
      failureText={(detail) => (
        <>
          {messages.registrationFailed}
          {detail && <Box component="span" sx={{ display: 'block' }}>{detail}</Box>}
        </>
      )}
      after={
        <Typography>
          {messages.loginPrompt}{' '}
          <Link component={RouterLink} to={paths.studentLogin}>
            {messages.loginLink}
          </Link>
        </Typography>
      }
    />
  );
}
