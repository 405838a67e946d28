import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { lengthLimit, type Student, useConfirmStudentEmailChangeMutation, useGetStudentQuery, useStartStudentEmailChangeMutation, useUpdateStudentMutation } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { ProfileForm, ProfileScreen, type ProfileTextField } from '@/features/access/ProfileScreen';
import { MailNotificationSettings } from '@/features/notifications/MailNotificationSettings';
import { selectStudentId } from '@/features/session/sessionSlices';
import { LearningGoalsSection } from '@/features/student/start/LearningGoalsSection';
import { InterestsField } from './InterestsField';
import { studentAreaMessages as messages } from './messages';
import { parseInterests } from './recommendCourses';

type TextFieldName = 'full_name' | 'email' | 'username';

const limit = (field: TextFieldName) => lengthLimit('StudentProfileForm', field);

const textFields: readonly ProfileTextField<TextFieldName>[] = [
  { name: 'full_name', label: messages.fullNameLabel, autoComplete: 'name', required: true, ...limit('full_name') },
  { name: 'email', label: messages.emailLabel, type: 'email', autoComplete: 'email', required: true, ...limit('email') },
  { name: 'username', label: messages.usernameLabel, autoComplete: 'username', required: true, ...limit('username') },
];

const texts = { ...messages, title: messages.profileSettingTitle, loadFailed: messages.studentFailed };

function StudentProfileForm({ student }: { student: Student }) {
  const [updateStudent, { isLoading }] = useUpdateStudentMutation();
  const [startEmailChange] = useStartStudentEmailChangeMutation();
  const [confirmEmailChange] = useConfirmStudentEmailChangeMutation();
  const [interests, setInterests] = useState<string[] | null>(null);
  return (
    <ProfileForm
      texts={texts}
      fields={textFields}
      initial={{ full_name: student.full_name ?? '', email: student.email ?? '', username: student.username ?? '' }}
      check={(values) => (values.username.trim() === '' ? { username: messages.usernameRequired } : {})}
      // The provider names the field of a refusal in its words ("This username is already taken.").
      messageFields={[
        [/e-?mail/i, 'email'],
        [/user\s?name/i, 'username'],
        [/full\s?name/i, 'full_name'],
      ]}
      save={async (values, email) => {
        await updateStudent({
          id: student.id,
          studentProfileForm: {
            ...values,
            email,
            // Left out while untouched: the provider keeps the current text.
            ...(interests === null ? {} : { interested_categories: interests.join(', ') }),
          },
        }).unwrap();
        return true;
      }}
      busy={isLoading}
      emailChange={{
        start: (email, currentPassword) => startEmailChange({ id: student.id, emailChangeForm: { email, current_password: currentPassword } }).unwrap(),
        confirm: (otpDigit) => confirmEmailChange({ id: student.id, otpForm: { otp_digit: otpDigit } }).unwrap(),
      }}
    >
      {() => <InterestsField value={interests ?? parseInterests(student.interested_categories)} onChange={setInterests} />}
    </ProfileForm>
  );
}

/**
 * /profile-setting: the student's full name, e-mail, username and interested categories, saved with
 * Update ('Data has been updated'). A new e-mail address is confirmed in a dialog (current password,
 * then the code mailed to it) after the other fields are saved; on a provider without that extension
 * it is saved with the rest. A refusal about the e-mail or username shows under that field and the
 * values stay; 'Failed to get student data' with Retry when the profile cannot be read. Below, the
 * languages and level of 'What will you learn?' (issue 39), and the 'Mail notifications' the
 * student gets, where the provider serves them.
 */
export function ProfileSettingPage() {
  const studentId = useAppSelector(selectStudentId);
  const query = useGetStudentQuery(studentId === null ? skipToken : { studentId });
  return (
    <ProfileScreen texts={texts} rows={4} query={query}>
      {(student) => (
        <>
          <StudentProfileForm key={student.id} student={student} />
          <LearningGoalsSection />
          <MailNotificationSettings side="student" personId={student.id} />
        </>
      )}
    </ProfileScreen>
  );
}
