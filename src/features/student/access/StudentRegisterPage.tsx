import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { lengthLimit, useListCategoriesQuery, useRegisterStudentMutation } from '@/api';
import { paths } from '@/config/paths';
import { newPasswordMessages, registerMessages } from '@/features/access/accessMessages';
import { RegisterScreen, type RegisterField } from '@/features/access/RegisterScreen';
import { InterestsField } from '@/features/student/area/InterestsField';
import { studentAccessMessages as messages } from './messages';

type Field = 'full_name' | 'email' | 'username' | 'password' | 'interested_categories';

const limit = (field: Field) => lengthLimit('StudentRegistrationForm', field);

const fields: readonly RegisterField<Field>[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name', required: registerMessages.fullNameRequired, ...limit('full_name') },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', ...limit('email') },
  { name: 'username', label: 'Username', autoComplete: 'username', required: registerMessages.usernameRequired, ...limit('username') },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    helperText: newPasswordMessages.hint,
    required: registerMessages.passwordRequired,
    ...limit('password'),
  },
];

/** The interests as free text, for a provider whose categories cannot be read or has none. */
const withInterestsText: readonly RegisterField<Field>[] = [
  ...fields,
  { name: 'interested_categories', label: 'Interested Categories', autoComplete: 'off', helperText: messages.interestsHint, ...limit('interested_categories') },
];

/**
 * /student-register: the student's full name, e-mail, username, password and interested
 * categories (ticked from the categories, as in the profile; typed where the provider lists none);
 * then the code check. 'Something wrong happened' below the form after a failure no field shows.
 */
export function StudentRegisterPage() {
  const [register] = useRegisterStudentMutation();
  const { data: categories, isError } = useListCategoriesQuery();
  const [interests, setInterests] = useState<string[]>([]);
  const typed = isError || categories?.length === 0;
  return (
    <RegisterScreen
      title={messages.registerTitle}
      texts={messages}
      fields={typed ? withInterestsText : fields}
      register={(values, otpDigit) =>
        register({
          studentRegistrationForm: {
            ...values,
            interested_categories: typed ? (values.interested_categories ?? '') : interests.join(', '),
            otp_digit: otpDigit,
          },
        }).unwrap()
      }
      verifyPath={paths.verifyStudent}
      loginPath={paths.studentLogin}
      forgotPasswordPath={paths.studentForgotPassword}
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
    >
      {typed ? null : <InterestsField value={interests} onChange={setInterests} />}
    </RegisterScreen>
  );
}
