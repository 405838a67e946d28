/**
 * The one set of rules every form checks before it sends: an e-mail address, a new password,
 * and the longest text api-spec.yaml accepts in each field (`maxLength`; a Jest suite reads the
 * spec and fails when these drift from it). Each form keeps its own wording of the problem.
 */

/**
 * An e-mail address as a careful product takes one: something, an @, and a domain of at least
 * two dot-separated labels (`name@example.com`). `a@b`, `a@.b` and `a@b.` are refused before
 * they are sent, as the provider (`format: email`) would refuse them.
 */
const emailShape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `text` (spaces around it aside) is an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return emailShape.test(text.trim());
}

/** The shortest new password the provider accepts (`minLength: 8` on api-spec.yaml's new-password fields). */
export const minPasswordLength = 8;

/** Whether a new password is long enough. The provider trims passwords, so spaces around one do not count. */
export function isLongEnoughPassword(password: string): boolean {
  return password.trim().length >= minPasswordLength;
}

/**
 * The `maxLength` of the text fields the forms send, by api-spec.yaml schema and property.
 * Checked against the spec by test/app/forms/validators.test.ts.
 */
export const maxLengths = {
  LoginForm: { email: 254, password: 1024 },
  TeacherLoginForm: { email: 254, password: 1024 },
  EmailForm: { email: 254 },
  PasswordResetForm: { password: 128, token: 128 },
  PasswordChangeForm: { password: 128, current_password: 1024 },
  StudentRegistrationForm: { full_name: 100, email: 254, password: 128, username: 50, interested_categories: 500 },
  TeacherRegistrationForm: { full_name: 100, email: 254, password: 128, qualification: 200, mobile_no: 20, skills: 500 },
  StudentProfileForm: { full_name: 100, email: 254, username: 50, interested_categories: 500 },
  TeacherProfileForm: { full_name: 100, email: 254, qualification: 200, mobile_no: 20, skills: 500 },
  AssignmentForm: { title: 200, detail: 5000 },
  CourseCreateForm: { title: 200, description: 5000, languages: 200 },
  CourseUpdateForm: { title: 200, description: 5000, languages: 200 },
  ChapterCreateForm: { title: 200, description: 5000, remarks: 2000 },
  ChapterUpdateForm: { title: 200, description: 5000, remarks: 2000 },
  ContactMessageForm: { name: 100, email: 254, subject: 200, message: 5000 },
  RatingForm: { reviews: 2000 },
} as const satisfies Record<string, Record<string, number>>;

/**
 * The input attributes of a text field of `schema`: its `maxLength`, so the browser takes no more
 * than the provider stores (spread into MUI's `slotProps.htmlInput`).
 */
export function lengthLimit<Schema extends keyof typeof maxLengths>(schema: Schema, field: keyof (typeof maxLengths)[Schema]): { maxLength: number } {
  return { maxLength: maxLengths[schema][field] as number };
}
