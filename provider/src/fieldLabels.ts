/**
 * How the provider's messages name each request field: as the app's forms label it, in the words
 * of a sentence ("The course image must be…"), never its name in api-spec.yaml (`featured_img`).
 * Every body field of the spec has words here (test/provider/hardening.test.ts checks it); a field
 * without them is named by none (`fieldWords` answers null and the message says "a value").
 */
export const fieldLabels: Record<string, string> = {
  answer_kind: 'kind of answer',
  captions: 'captions file',
  category: 'category',
  course: 'course',
  course_id: 'course',
  current_password: 'current password',
  description: 'description',
  detail: 'assignment',
  due_at: 'due date',
  email: 'e-mail address',
  featured_img: 'course image',
  file: 'file',
  full_name: 'full name',
  interested_categories: 'interested categories',
  lang: 'language',
  languages: 'languages',
  login_via_otp: "'Login via OTP' choice",
  mark: 'mark',
  mark_scale: 'kind of mark',
  message: 'message',
  mobile_no: 'mobile number',
  msg_from: 'sender',
  msg_text: 'message',
  name: 'name',
  otp_digit: 'code',
  password: 'password',
  position: 'place in the video',
  price: 'price',
  profile_img: 'profile image',
  qualification: 'qualification',
  rating: 'rating',
  reader: 'reader',
  remarks: 'remarks',
  remember: "'Remember me' choice",
  reviews: 'review',
  skills: 'skills',
  status: 'status',
  student: 'student',
  student_id: 'student',
  student_status: 'status',
  subject: 'subject',
  teacher: 'teacher',
  text: 'text',
  title: 'title',
  token: 'reset link',
  username: 'username',
  video: 'video',
  voice: 'voice recording',
  watched: "'watched' mark",
};

/** The words for a field in a sentence, or null for a field without them. */
export function fieldWords(name: string): string | null {
  return Object.hasOwn(fieldLabels, name) ? (fieldLabels[name] as string) : null;
}
