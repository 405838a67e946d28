import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState } from 'react';
import { errorText, isUploadCancelled, lengthLimit, type Teacher, uploadRules, useConfirmTeacherEmailChangeMutation, useGetTeacherQuery, useStartTeacherEmailChangeMutation, useUpdateTeacherMutation, useUpload } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FileField } from '@/components/FileField';
import { uploadRefusal } from '@/hooks/useFieldErrors';
import { UploadProgress } from '@/components/UploadProgress';
import { useToasts } from '@/components/toasts/useToasts';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { ProfileForm, ProfileScreen, type ProfileTextField } from '@/features/access/ProfileScreen';
import { MailNotificationSettings } from '@/features/notifications/MailNotificationSettings';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { teacherAreaMessages } from '../area/messages';
import { teacherProfileMessages as messages } from './profileMessages';

type TextFieldName = 'full_name' | 'email' | 'mobile_no' | 'skills' | 'qualification' | 'detail';

const limit = (field: TextFieldName) => lengthLimit('TeacherProfileForm', field);

const textFields: readonly ProfileTextField<TextFieldName>[] = [
  { name: 'full_name', label: messages.fullNameLabel, autoComplete: 'name', required: true, ...limit('full_name') },
  { name: 'email', label: messages.emailLabel, type: 'email', autoComplete: 'email', required: true, ...limit('email') },
  { name: 'mobile_no', label: messages.mobileLabel, type: 'tel', autoComplete: 'tel', inputMode: 'numeric', ...limit('mobile_no') },
  { name: 'skills', label: messages.skillsLabel, hint: messages.skillsHint, ...limit('skills') },
  { name: 'qualification', label: messages.qualificationLabel, hint: messages.qualificationHint, ...limit('qualification') },
];

/** The bio (extension, issue 39): several lines, its paragraphs kept. */
const bioField: ProfileTextField<TextFieldName> = { name: 'detail', label: messages.bioLabel, hint: messages.bioHint, minRows: 4, ...limit('detail') };

/** Whether the provider lets the teacher set the bio and intro video: it answers `intro_video` (null when none). */
const servesIntro = (teacher: Teacher) => teacher.intro_video !== undefined;

const texts = { ...messages, title: messages.profileSettingTitle, loadFailed: teacherAreaMessages.teacherFailed };

function TeacherProfileForm({ teacher }: { teacher: Teacher }) {
  const [updateTeacher] = useUpdateTeacherMutation();
  // The one upload path of the base query: progress of the body and Cancel.
  const upload = useUpload(updateTeacher);
  const [startEmailChange] = useStartTeacherEmailChangeMutation();
  const [confirmEmailChange] = useConfirmTeacherEmailChangeMutation();
  const { enqueueSnackbar } = useToasts();
  const [image, setImage] = useState<File | null>(null);
  /** Why the last image chosen was refused (type, size): Update stops at it, so nothing is saved without the image meant. */
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [loginViaOtp, setLoginViaOtp] = useState(teacher.login_via_otp === true);
  const otpHintId = useId();
  const intro = servesIntro(teacher);
  const [introVideo, setIntroVideo] = useState<File | null>(null);
  const [introProblem, setIntroProblem] = useState<string | null>(null);
  const [askRemove, setAskRemove] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function removeIntroVideo() {
    setRemoving(true);
    try {
      // Only the required fields: the provider keeps every other one as it is.
      await updateTeacher({ id: teacher.id, teacherProfileForm: { full_name: teacher.full_name, email: teacher.email ?? '', remove_intro_video: true } }).unwrap();
      enqueueSnackbar(messages.introVideoRemoved, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch (error) {
      enqueueSnackbar(errorText(error, messages.introVideoNotRemoved), { variant: 'error' });
    } finally {
      setRemoving(false);
      setAskRemove(false);
    }
  }

  return (
    <ProfileForm
      texts={texts}
      fields={intro ? [...textFields, bioField] : textFields}
      initial={{
        full_name: teacher.full_name ?? '',
        email: teacher.email ?? '',
        mobile_no: teacher.mobile_no ?? '',
        skills: teacher.skills ?? '',
        qualification: teacher.qualification ?? '',
        detail: teacher.detail ?? '',
      }}
      check={(values) => ({
        ...(/^\+?[0-9]*$/.test(values.mobile_no.trim()) ? {} : { mobile_no: messages.mobileInvalid }),
        ...(imageProblem === null ? {} : { profile_img: imageProblem }),
        ...(introProblem === null ? {} : { intro_video: introProblem }),
      })}
      extraFieldNames={intro ? ['profile_img', 'intro_video'] : ['profile_img']}
      // The provider names the field of a refusal in its words ("The image is too large…").
      messageFields={[
        [/e-?mail/i, 'email'],
        [/\b(image|photo|picture)s?\b/i, 'profile_img'],
        [/\bvideo\b/i, 'intro_video'],
        [uploadRefusal, 'profile_img'],
      ]}
      save={async ({ detail, ...values }, email) => {
        try {
          await upload.send({
            id: teacher.id,
            teacherProfileForm: {
              ...values,
              // The bio only where the provider keeps it (extension); a new intro video only when one was chosen.
              ...(intro ? { detail } : {}),
              ...(intro && introVideo ? { intro_video: introVideo } : {}),
              email,
              login_via_otp: loginViaOtp,
              // Only a newly chosen image is sent; without it the provider keeps the current one.
              ...(image ? { profile_img: image } : {}),
            },
          });
        } catch (error) {
          if (!isUploadCancelled(error)) throw error;
          enqueueSnackbar(teacherAreaMessages.uploadCancelled, { variant: 'info', autoHideDuration: SUCCESS_TOAST_MS });
          return false;
        }
        setImage(null);
        setIntroVideo(null);
        return true;
      }}
      busy={upload.uploading}
      emailChange={{
        start: (email, currentPassword) => startEmailChange({ id: teacher.id, emailChangeForm: { email, current_password: currentPassword } }).unwrap(),
        confirm: (otpDigit) => confirmEmailChange({ id: teacher.id, otpForm: { otp_digit: otpDigit } }).unwrap(),
      }}
    >
      {({ errors, clear }) => (
        <>
          <FileField
            label={messages.profileImageLabel}
            name="profile_img"
            kind="image"
            rules={uploadRules.updateTeacher.profile_img}
            value={image}
            onChange={(file) => {
              setImage(file);
              clear('profile_img');
            }}
            onRefuse={setImageProblem}
            currentUrl={teacher.profile_img}
            error={errors.profile_img}
          />
          {intro ? (
            // A column, as the form's: the field takes the width, so its input fits a 320 px window.
            <Stack>
              <FileField
                label={messages.introVideoLabel}
                name="intro_video"
                kind="video"
                rules={uploadRules.updateTeacher.intro_video}
                value={introVideo}
                onChange={(file) => {
                  setIntroVideo(file);
                  clear('intro_video');
                }}
                onRefuse={setIntroProblem}
                currentUrl={teacher.intro_video}
                error={errors.intro_video}
              />
              {teacher.intro_video ? (
                <Button color="error" onClick={() => setAskRemove(true)} sx={{ mt: 1, alignSelf: 'flex-start' }}>
                  {messages.removeIntroVideo}
                </Button>
              ) : null}
              <ConfirmDialog
                open={askRemove}
                title={messages.removeIntroVideoQuestion}
                confirmLabel={messages.removeIntroVideoConfirm}
                cancelLabel={messages.removeIntroVideoCancel}
                busy={removing}
                onConfirm={() => void removeIntroVideo()}
                onCancel={() => setAskRemove(false)}
              />
            </Stack>
          ) : null}
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
        </>
      )}
    </ProfileForm>
  );
}

/**
 * /teacher-profile-setting (spec sections 2.5 and 8): the teacher's full name, e-mail, mobile
 * number, skills, qualification, profile image (previews of the current and of a newly chosen
 * one) and 'Login via OTP' as a switch, saved with Update ('Data has been updated'). The image is
 * sent only when a new one was chosen. A new e-mail address is confirmed in a dialog (current
 * password, then the code mailed to it) after the other fields are saved; on a provider without
 * that extension it is saved with the rest. Refusals show under the fields and the values stay;
 * 'Failed to get teacher data' with Retry when the profile cannot be read. Below, the 'Mail
 * notifications' the teacher gets, where the provider serves them.
 */
export function TeacherProfileSettingPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const query = useGetTeacherQuery(teacherId === null ? skipToken : { id: teacherId });
  return (
    <ProfileScreen texts={texts} rows={6} query={query}>
      {(teacher) => (
        <>
          <TeacherProfileForm key={teacher.id} teacher={teacher} />
          <MailNotificationSettings side="teacher" personId={teacher.id} />
        </>
      )}
    </ProfileScreen>
  );
}
