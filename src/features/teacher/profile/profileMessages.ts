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
  /** The bio and intro video (extension, issue 39). */
  bioLabel: 'Bio',
  bioHint: 'Shown on your teacher page and your course pages. Plain text; an empty line starts a new paragraph.',
  introVideoLabel: 'Intro video',
  removeIntroVideo: 'Remove intro video',
  removeIntroVideoQuestion: 'Remove your intro video?',
  removeIntroVideoConfirm: 'Yes, remove it',
  removeIntroVideoCancel: 'Keep it',
  introVideoRemoved: 'Your intro video has been removed.',
  introVideoNotRemoved: 'The intro video could not be removed. Please try again.',

  changePasswordTitle: 'Change Password',
  changePasswordIntro: 'After the change you are logged out; log in again with the new password.',
  passwordChangeFailed: 'Oops... Some error occurred',
} as const;
