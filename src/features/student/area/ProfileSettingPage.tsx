import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useToasts } from '@/components/toasts/useToasts';
import { useRef, useState, type FormEvent } from 'react';
import {
  type Student,
  formErrors,
  useConfirmStudentEmailChangeMutation,
  useGetStudentQuery,
  useStartStudentEmailChangeMutation,
  useUpdateStudentMutation,
} from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { EmailChangeDialog } from '@/features/access/EmailChangeDialog';
import { emailChangeMessages } from '@/features/access/emailChangeMessages';
import { selectStudentId } from '@/features/session/sessionSlices';
import { InterestsField } from './InterestsField';
import { studentAreaMessages as messages } from './messages';
import { parseInterests } from './recommendCourses';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

type TextFieldName = 'full_name' | 'email' | 'username';
type FieldErrors = Partial<Record<TextFieldName, string>>;

const textFields: readonly { name: TextFieldName; label: string; type?: string; autoComplete: string }[] = [
  { name: 'full_name', label: messages.fullNameLabel, autoComplete: 'name' },
  { name: 'email', label: messages.emailLabel, type: 'email', autoComplete: 'email' },
  { name: 'username', label: messages.usernameLabel, autoComplete: 'username' },
];

const fieldNames = textFields.map(({ name }) => name);

function checkFields(values: Record<TextFieldName, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (values.full_name.trim() === '') errors.full_name = messages.fullNameRequired;
  if (values.email.trim() === '') errors.email = messages.emailRequired;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = messages.emailInvalid;
  if (values.username.trim() === '') errors.username = messages.usernameRequired;
  return errors;
}

/**
 * Which field a refusal is about: a DRF field map names it; a `msg` is matched by its words
 * ("An account with this e-mail address already exists.", "This username is already taken.").
 */
function fieldOfMessage(msg: string): TextFieldName | null {
  if (/e-?mail/i.test(msg)) return 'email';
  if (/user\s?name/i.test(msg)) return 'username';
  if (/full\s?name/i.test(msg)) return 'full_name';
  return null;
}

function ProfileSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label={messages.loadingProfile} sx={{ maxWidth: 560 }}>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

function ProfileForm({ student }: { student: Student }) {
  const [updateStudent, { isLoading }] = useUpdateStudentMutation();
  const [startEmailChange] = useStartStudentEmailChangeMutation();
  const [confirmEmailChange] = useConfirmStudentEmailChangeMutation();
  /** The new address being confirmed in the dialog (null: no dialog). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /** The provider has no e-mail change operations: the address is sent with the profile, as before. */
  const [emailChangeUnsupported, setEmailChangeUnsupported] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();
  const [values, setValues] = useState<Record<TextFieldName, string>>({
    full_name: student.full_name ?? '',
    email: student.email ?? '',
    username: student.username ?? '',
  });
  const [interests, setInterests] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | null>>>({});

  function focusFirst(fieldErrors: FieldErrors) {
    const first = textFields.find(({ name }) => fieldErrors[name]);
    if (first) inputs.current[first.name]?.focus();
  }

  /** Saves the profile with `email` as its address; false (the refusal shown) when it failed. */
  async function save(email: string): Promise<boolean> {
    try {
      await updateStudent({
        id: student.id,
        studentProfileForm: {
          full_name: values.full_name.trim(),
          email,
          username: values.username.trim(),
          // Left out while untouched: the provider keeps the current text.
          ...(interests === null ? {} : { interested_categories: interests.join(', ') }),
        },
      }).unwrap();
      return true;
    } catch (error) {
      const { fields, message } = formErrors(error, fieldNames, messages.profileUpdateFailed, fieldOfMessage);
      setErrors(fields);
      focusFirst(fields);
      setFailure(message);
      return false;
    }
  }

  const updated = () => enqueueSnackbar(messages.profileUpdated, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    const checked = checkFields(values);
    setErrors(checked);
    if (Object.keys(checked).length > 0) {
      focusFirst(checked);
      return;
    }
    const email = values.email.trim();
    const current = student.email ?? '';
    // A new address is confirmed in the dialog (password, then a code sent to it); the rest is saved first.
    const changingEmail = !emailChangeUnsupported && current !== '' && email.toLowerCase() !== current.toLowerCase();
    if (!(await save(changingEmail ? current : email))) return;
    if (changingEmail) setPendingEmail(email);
    else updated();
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      {textFields.map(({ name, label, type, autoComplete }) => (
        <TextField
          key={name}
          name={name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          required
          value={values[name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [name]: event.target.value }));
            setErrors(({ [name]: _fixed, ...others }) => others);
          }}
          error={errors[name] !== undefined}
          helperText={errors[name]}
          inputRef={(node: HTMLInputElement | null) => {
            inputs.current[name] = node;
          }}
        />
      ))}
      <InterestsField value={interests ?? parseInterests(student.interested_categories)} onChange={setInterests} />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {messages.updateButton}
      </Button>
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
      {notice ? (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      ) : null}
      {pendingEmail === null ? null : (
        <EmailChangeDialog
          newEmail={pendingEmail}
          returnFocusTo={() => inputs.current.email}
          start={(currentPassword) =>
            startEmailChange({ id: student.id, emailChangeForm: { email: pendingEmail, current_password: currentPassword } }).unwrap()
          }
          confirm={(otpDigit) => confirmEmailChange({ id: student.id, otpForm: { otp_digit: otpDigit } }).unwrap()}
          onConfirmed={() => {
            setPendingEmail(null);
            updated();
          }}
          onCancel={() => {
            setPendingEmail(null);
            setNotice(emailChangeMessages.notChanged(student.email ?? ''));
          }}
          onUnsupported={() => {
            // A provider without the operations changes the address with the profile update.
            setPendingEmail(null);
            setEmailChangeUnsupported(true);
            void save(pendingEmail).then((saved) => saved && updated());
          }}
        />
      )}
    </Stack>
  );
}

/**
 * /profile-setting: the student's full name, e-mail, username and interested categories, saved with
 * Update ('Data has been updated'). A new e-mail address is confirmed in a dialog (current password,
 * then the code mailed to it) after the other fields are saved; on a provider without that extension
 * it is saved with the rest. A refusal about the e-mail or username shows under that field and the
 * values stay; 'Failed to get student data' with Retry when the profile cannot be read.
 */
export function ProfileSettingPage() {
  const studentId = useAppSelector(selectStudentId);
  const { data: student, isError, refetch } = useGetStudentQuery(studentId === null ? skipToken : { studentId });

  let content;
  if (student !== undefined) content = <ProfileForm key={student.id} student={student} />;
  else if (isError) content = <LoadError message={messages.studentFailed} onRetry={() => void refetch()} />;
  else content = <ProfileSkeleton />;
  return <PageHeading title={messages.profileSettingTitle}>{content}</PageHeading>;
}
