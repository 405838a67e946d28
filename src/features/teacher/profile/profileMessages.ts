import { profileFormMessages } from '@/features/access/profileMessages';

/** The texts of the teacher's profile and password screens (spec sections 2.5 and 8: the quoted ones to the letter; the others are ours). */
export const teacherProfileMessages = {
  profileSettingTitle: 'Profile Setting',
  loadingProfile: 'Loading your profile',
  ...profileFormMessages,
  mobileLabel: 'Mobile Number',
  skillsLabel: 'Skills',
  skillsHint: 'The languages you teach, e.g. Igbo, Yoruba',
  qualificationLabel: 'Qualification',
  qualificationHint: 'BSc | MSc',
  profileImageLabel: 'Profile Image',
  loginViaOtpLabel: 'Login via OTP',
  loginViaOtpHint: 'When on, each login is completed with a 6-digit code sent to your e-mail.',
  mobileInvalid: 'Please enter digits only (a leading + is allowed).',

  changePasswordTitle: 'Change Password',
  changePasswordIntro: 'After the change you are logged out; log in again with the new password.',
  passwordChangeFailed: 'Oops... Some error occurred',
} as const;
