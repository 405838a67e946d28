import type { PendingTeacher } from '@/api/adminGenerated';
import type { Assignment, Category, Chapter, Course, Student, Teacher } from '@/api/generated';
import type { Exercise } from '@/api/practiceGenerated';
import type { EnrolmentRecord, MessageRecord, ReviewCardRecord } from './mockDb';

/** Provider answers as the spec describes them, variants included, for the mocked endpoints. */
export const categories: Category[] = [
  { id: 1, title: 'Spanish' },
  { id: 2, title: 'French' },
  { id: 3, title: 'Yoruba' },
];

export const teacher: Teacher = {
  id: 4,
  full_name: 'Amara Obi',
  email: 'teacher@academy.test',
  qualification: 'MA Linguistics',
  mobile_no: '07700900123',
  skills: 'Yoruba, English',
  profile_image: '/media/teacher_images/amara.svg',
  detail: 'Teaches Yoruba to adults since 2012.',
  login_via_otp: false,
  teacher_courses: [],
};

export const otherTeacher: Teacher = {
  id: 5,
  full_name: 'Tunde Okafor',
  email: 'tunde@academy.test',
  skills: 'Pidgin',
  profile_img: null,
  teacher_courses: [],
};

export const teachers: Teacher[] = [teacher, otherTeacher];

export const paidCourse: Course = {
  id: 1,
  title: 'Yoruba for Beginners',
  description: 'Greetings, numbers and everyday phrases.',
  category: { id: 3, title: 'Yoruba' },
  teacher: { id: 4, full_name: 'Amara Obi', profile_img: '/media/teacher_images/amara.svg' },
  languages: 'Yoruba, English',
  price: '20.00',
  featured_img: '/media/course_images/yoruba.svg',
  course_chapters: [{ id: 11, title: 'Greetings', video: '/media/chapter_videos/greetings.webm' }],
  related_videos: '[{"pk": 11, "fields": {"title": "Greetings"}}]',
  course_rating: 4.5,
  total_enrolled_students: 12,
};

export const freeCourse: Course = {
  id: 2,
  title: 'Pidgin Basics',
  description: 'Talk like a Lagos local.',
  category: 2,
  teacher: { id: 5, full_name: 'Tunde Okafor', profile_image: null },
  languages: 'Pidgin',
  price: '0.00',
  featured_image: '/media/course_images/pidgin.svg',
  course_chapters: [],
  related_videos: '[]',
  course_rating: null,
  total_enrolled_students: 0,
};

export const courses: Course[] = [paidCourse, freeCourse];

export const chapters: Chapter[] = [
  {
    id: 11,
    course: 1,
    title: 'Greetings',
    description: 'Morning to night.',
    video: '/media/chapter_videos/greetings.webm',
    captions: '/media/chapter_captions/greetings.vtt',
    remarks: '',
  },
];

export const student: Student = {
  id: 7,
  full_name: 'Ada Lovelace',
  email: 'student@academy.test',
  username: 'ada',
  interested_categories: 'Yoruba',
};

/** The student is enrolled in the paid course. */
export const enrolments: EnrolmentRecord[] = [{ id: 1, course: paidCourse.id, student: student.id }];

export const assignments: Assignment[] = [
  { id: 21, title: 'Write five greetings', detail: 'Use each at the right time of day.', student: 7, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: false },
  { id: 22, title: 'Count to ten', detail: 'Record yourself.', student: { id: 7, full_name: 'Ada Lovelace' }, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: true },
];

export const messageRecords: MessageRecord[] = [
  { id: 1, teacher: 4, student: 7, msg_text: 'Welcome to the course!', msg_from: 'teacher', msg_time: '2024-11-20T10:00:00Z' },
  { id: 2, teacher: 4, student: 7, msg_text: 'Thank you!', msg_from: 'student', msg_time: '2024-11-20T10:05:00Z' },
];

/** Two teachers waiting for the academy's approval (admin area extension), oldest first. */
export const pendingTeachers: PendingTeacher[] = [
  { id: 31, full_name: 'Kojo Asante', email: 'kojo@example.org', qualification: 'MA Linguistics', skills: 'Akan, Twi', created_at: '2026-11-27T09:00:00Z' },
  { id: 32, full_name: 'Efua Owusu', email: 'efua@example.org', qualification: 'BEd', skills: 'Fante', created_at: '2026-11-28T15:30:00Z' },
];

/**
 * The exercises of the paid course's chapter 11 (practice extension), one of each kind, all
 * published, in order.
 */
export const exercises: Exercise[] = [
  {
    id: 41, chapter_id: 11, kind: 'type', prompt: 'Type "good morning" in Yoruba.', hint: 'It starts with Ẹ.',
    explanation: 'Ẹ kú àárọ̀ is said until about noon.', choices: [], correct_choice: null, answers: ['Ẹ kú àárọ̀'], audio: null,
    position: 1, is_published: true,
  },
  {
    id: 42, chapter_id: 11, kind: 'choose', prompt: 'Which one means "thank you"?', hint: '',
    explanation: 'Ẹ ṣé is the everyday thank you.', choices: ['Ẹ ṣé', 'Ó dàbọ̀', 'Bẹ́ẹ̀ni'], correct_choice: 0, answers: [], audio: null,
    position: 2, is_published: true,
  },
  {
    id: 43, chapter_id: 11, kind: 'listen', prompt: 'Type what you hear.', hint: '', explanation: 'Ó dàbọ̀ means goodbye.',
    choices: [], correct_choice: null, answers: ['Ó dàbọ̀'], audio: '/media/exercise_audio/odabo.webm', position: 3, is_published: true,
  },
  {
    id: 44, chapter_id: 11, kind: 'say', prompt: 'Say "thank you".', hint: '', explanation: '', choices: [], correct_choice: null,
    answers: ['Ẹ ṣé'], audio: '/media/exercise_audio/ese.webm', position: 4, is_published: true,
  },
];

/** The student's review deck: exercise 41 due long ago, 44 due far ahead. */
export const reviewCards: ReviewCardRecord[] = [
  {
    exercise: 41, student: 7, due: '2024-11-21T10:00:00.000Z', stability: 2.3, difficulty: 2.1, elapsed_days: 0, scheduled_days: 1,
    learning_steps: 0, reps: 1, lapses: 0, state: 2, last_review: '2024-11-20T10:00:00.000Z',
  },
  {
    exercise: 44, student: 7, due: '2099-01-01T00:00:00.000Z', stability: 30, difficulty: 4, elapsed_days: 0, scheduled_days: 30,
    learning_steps: 0, reps: 3, lapses: 0, state: 2, last_review: '2024-11-20T10:00:00.000Z',
  },
];
