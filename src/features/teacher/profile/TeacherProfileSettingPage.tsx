import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useToasts } from '@/components/toasts/useToasts';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  type Teacher,
  formErrors,
  isUploadCancelled,
  uploadRules,
  useConfirmTeacherEmailChangeMutation,
  useGetTeacherQuery,
  useStartTeacherEmailChangeMutation,
  useUpdateTeacherMutation,
  useUpload,
} from '@/api';
import { useAppSelector } from '@/app/hooks';
import { FileField } from '@/components/FileField';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { UploadProgress } from '@/components/UploadProgress';
import { EmailChangeDialog } from '@/features/access/EmailChangeDialog';
import { emailChangeMessages } from '@/features/access/emailChangeMessages';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { teacherProfileMessages as messages } from './profileMessages';
import { teacherAreaMessages } from '../area/messages';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

type TextFieldName = 'full_name' | 'email' | 'mobile_no' | 'skills' | 'qualification';
type FieldName = TextFieldName | 'profile_img';
type FieldErrors = Partial<Record<FieldName, string>>;

interface TextFieldSpec {
  name: TextFieldName;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  inputMode?: 'numeric';
}

const textFields: readonly TextFieldSpec[] = [
  { name: 'full_name', label: messages.fullNameLabel, autoComplete: 'name', required: true },
  { name: 'email', label: messages.emailLabel, type: 'email', autoComplete: 'email', required: true },
  { name: 'mobile_no', label: messages.mobileLabel, type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
  { name: 'skills', label: messages.skillsLabel, hint: messages.skillsHint },
  { name: 'qualification', label: messages.qualificationLabel, hint: messages.qualificationHint },
];

const fieldNames: readonly FieldName[] = [...textFields.map(({ name }) => name), 'profile_img'];

function checkFields(values: Record<TextFieldName, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (values.full_name.trim() === '') errors.full_name = messages.fullNameRequired;
  if (values.email.trim() === '') errors.email = messages.emailRequired;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = messages.emailInvalid;
  if (!/^\+?[0-9]*$/.test(values.mobile_no.trim())) errors.mobile_no = messages.mobileInvalid;
  return errors;
}

/**
 * Which field a refusal is about: a DRF field map names it; a `msg` is matched by its words
 * ("An account with this e-mail address already exists.", "The image is too large.").
 */
function fieldOfMessage(msg: string): FieldName | null {
  if (/e-?mail/i.test(msg)) return 'email';
  if (/\b(image|photo|picture|file|upload)s?\b/i.test(msg)) return 'profile_img';
  return null;
}

function ProfileSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label={messages.loadingProfile} sx={{ maxWidth: 560 }}>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Skeleton key={row} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

function ProfileForm({ teacher }: { teacher: Teacher }) {
  const [updateTeacher] = useUpdateTeacherMutation();
  // The one upload path of the base query: progress of the body and Cancel.
  const upload = useUpload(updateTeacher);
  const [startEmailChange] = useStartTeacherEmailChangeMutation();
  const [confirmEmailChange] = useConfirmTeacherEmailChangeMutation();
  /** The new address being confirmed in the dialog (null: no dialog). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /** The provider has no e-mail change operations: the address is sent with the profile, as before. */
  const [emailChangeUnsupported, setEmailChangeUnsupported] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();
  const [image, setImage] = useState<File | null>(null);
  const [values, setValues] = useState<Record<TextFieldName, string>>({
    full_name: teacher.full_name ?? '',
    email: teacher.email ?? '',
    mobile_no: teacher.mobile_no ?? '',
    skills: teacher.skills ?? '',
    qualification: teacher.qualification ?? '',
  });
  const [loginViaOtp, setLoginViaOtp] = useState(teacher.login_via_otp === true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const otpHintId = useId();

  function focusFirst(fieldErrors: FieldErrors) {
    const first = fieldNames.find((name) => fieldErrors[name]);
    if (first) inputs.current[first]?.focus();
  }

  /** Saves the profile with `email` as its address; false (the refusal shown) when it failed or was cancelled. */
  async function save(email: string): Promise<boolean> {
    try {
      await upload.send({
        id: teacher.id,
        teacherProfileForm: {
          full_name: values.full_name.trim(),
          email,
          mobile_no: values.mobile_no.trim(),
          skills: values.skills.trim(),
          qualification: values.qualification.trim(),
          login_via_otp: loginViaOtp,
          // Only a newly chosen image is sent; without it the provider keeps the current one.
          ...(image ? { profile_img: image } : {}),
        },
      });
      setImage(null);
      return true;
    } catch (error) {
      if (isUploadCancelled(error)) {
        enqueueSnackbar(teacherAreaMessages.uploadCancelled, { variant: 'info', autoHideDuration: SUCCESS_TOAST_MS });
        return false;
      }
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
    if (upload.uploading) return;
    const email = values.email.trim();
    const current = teacher.email ?? '';
    // A new address is confirmed in the dialog (password, then a code sent to it); the rest is saved first.
    const changingEmail = !emailChangeUnsupported && current !== '' && email.toLowerCase() !== current.toLowerCase();
    if (!(await save(changingEmail ? current : email))) return;
    if (changingEmail) setPendingEmail(email);
    else updated();
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      {textFields.map(({ name, label, type, autoComplete, required, hint, inputMode }) => (
        <TextField
          key={name}
          name={name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          required={required}
          value={values[name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [name]: event.target.value }));
            setErrors(({ [name]: _fixed, ...others }) => others);
          }}
          error={errors[name] !== undefined}
          helperText={errors[name] ?? hint}
          inputRef={(node: HTMLInputElement | null) => {
            inputs.current[name] = node;
          }}
          slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
        />
      ))}
      <FileField
        label={messages.profileImageLabel}
        name="profile_img"
        kind="image"
        rules={uploadRules.updateTeacher.profile_img}
        value={image}
        onChange={(file) => {
          setImage(file);
          setErrors(({ profile_img: _fixed, ...others }) => others);
        }}
        currentUrl={teacher.profile_img}
        error={errors.profile_img}
        inputRef={(node) => {
          inputs.current.profile_img = node;
        }}
      />
      <div>
        <FormControlLabel
          control={
            <Switch
              name="login_via_otp"
              checked={loginViaOtp}
              onChange={(event) => setLoginViaOtp(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': otpHintId } }}
            />
          }
          label={messages.loginViaOtpLabel}
        />
        <FormHelperText id={otpHintId} sx={{ mx: 0 }}>
          {messages.loginViaOtpHint}
        </FormHelperText>
      </div>
      {upload.uploading ? (
        <UploadProgress
          percent={upload.percent}
          label={teacherAreaMessages.uploadProgressLabel}
          onCancel={upload.cancel}
          cancelLabel={teacherAreaMessages.cancelUpload}
        />
      ) : null}
      <Button type="submit" variant="contained" disabled={upload.uploading} sx={{ alignSelf: 'flex-start' }}>
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
            startEmailChange({ id: teacher.id, emailChangeForm: { email: pendingEmail, current_password: currentPassword } }).unwrap()
          }
          confirm={(otpDigit) => confirmEmailChange({ id: teacher.id, otpForm: { otp_digit: otpDigit } }).unwrap()}
          onConfirmed={() => {
            setPendingEmail(null);
            updated();
          }}
          onCancel={() => {
            setPendingEmail(null);
            setNotice(emailChangeMessages.notChanged(teacher.email ?? ''));
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
 * /teacher-profile-setting (spec sections 2.5 and 8): the teacher's full name, e-mail, mobile
 * number, skills, qualification, profile image (previews of the current and of a newly chosen
 * one) and 'Login via OTP' as a switch, saved with Update ('Data has been updated'). The image is
 * sent only when a new one was chosen. A new e-mail address is confirmed in a dialog (current
 * password, then the code mailed to it) after the other fields are saved; on a provider without
 * that extension it is saved with the rest. Refusals show under the fields and the values stay;
 * 'Failed to get teacher data' with Retry when the profile cannot be read.
 */
export function TeacherProfileSettingPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const { data: teacher, isError, refetch } = useGetTeacherQuery(teacherId === null ? skipToken : { id: teacherId });

  let content;
  if (teacher !== undefined) content = <ProfileForm key={teacher.id} teacher={teacher} />;
  else if (isError) content = <LoadError message={teacherAreaMessages.teacherFailed} onRetry={() => void refetch()} />;
  else content = <ProfileSkeleton />;
  return <PageHeading title={messages.profileSettingTitle}>{content}</PageHeading>;
}
