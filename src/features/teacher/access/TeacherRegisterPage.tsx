import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { lengthLimit, useRegisterTeacherMutation } from '@/api';
import { applyAsTeacher } from '@/components/layout/navigation';
import { paths } from '@/config/paths';
import { newPasswordMessages, registerMessages } from '@/features/access/accessMessages';
import { RegisterScreen, type RegisterField } from '@/features/access/RegisterScreen';
import { teacherAccessMessages as messages } from './messages';

type Field = 'full_name' | 'email' | 'password' | 'qualification' | 'mobile_no' | 'skills';

const limit = (field: Field) => lengthLimit('TeacherRegistrationForm', field);

const fields: readonly RegisterField<Field>[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name', required: registerMessages.fullNameRequired, ...limit('full_name') },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', ...limit('email') },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    helperText: newPasswordMessages.hint,
    required: registerMessages.passwordRequired,
    ...limit('password'),
  },
  { name: 'qualification', label: 'Qualification', autoComplete: 'off', ...limit('qualification') },
  // Kept as text so a leading 0 or + survives; the keypad is numeric (spec section 5).
  { name: 'mobile_no', label: 'Mobile Number', type: 'tel', autoComplete: 'tel', inputMode: 'numeric', ...limit('mobile_no') },
  { name: 'skills', label: 'Language', autoComplete: 'off', helperText: messages.languageHint, ...limit('skills') },
];

/**
 * /teacher-register: the teacher's full name, e-mail, password, qualification, mobile number and
 * language; thanks the teacher and opens the code check. After a failure the provider's reason
 * that no field shows, else 'Something went wrong!', below the form.
 */
export function TeacherRegisterPage() {
  const [register] = useRegisterTeacherMutation();
  return (
    <RegisterScreen
      title={messages.registerTitle}
      texts={messages}
      fields={fields}
      register={(values, otpDigit) => register({ teacherRegistrationForm: { ...values, otp_digit: otpDigit } }).unwrap()}
      verifyPath={paths.verifyTeacher}
      loginPath={paths.teacherLogin}
      forgotPasswordPath={paths.teacherForgotPassword}
      fallback={messages.registrationFailedToast}
      failureText={(detail) => detail}
      before={
        <Alert severity="info" role="note">
          {messages.approvalNotice}{' '}
          {applyAsTeacher.external && (
            <Link href={applyAsTeacher.href} target="_blank" rel="noopener noreferrer">
              {messages.applyLink} {messages.opensInNewTab}
            </Link>
          )}
        </Alert>
      }
      after={
        <Typography>
          {messages.loginPrompt}{' '}
          <Link component={RouterLink} to={paths.teacherLogin}>
            {messages.loginLink}
          </Link>
        </Typography>
      }
    />
  );
}
