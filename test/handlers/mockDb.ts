import type { PendingTeacher } from '@/api/adminGenerated';
import type { Assignment, Category, Certificate, Chapter, ChapterProgress, Course, FavoriteCourseRecord, LearnerLevel, Message, Rating, Student, Teacher } from '@/api/generated';
import type { Lesson, TeacherLessons } from '@/api/lessonsGenerated';
import type { Exercise, ReviewCard } from '@/api/practiceGenerated';
import * as fixtures from './fixtures';

export interface EnrolmentRecord {
  id: number;
  course: number;
  student: number;
  /** When the student enrolled (teacher extensions); fixtures without it enrolled long ago. */
  enrolled_at?: string;
}

/** A student's answer to an exercise (practice extension); the first per student and exercise counts. */
export interface ExerciseAnswerRecord {
  exercise: number;
  student: number;
  answer: string;
  result: 'right' | 'almost' | 'wrong';
}

/** A card of a student's review deck (practice extension), without the exercise and course it shows. */
export type ReviewCardRecord = Omit<ReviewCard, 'exercise' | 'course_id' | 'course_title'> & { exercise: number; student: number };

export interface MessageRecord extends Message {
  id: number;
  teacher: number;
  student: number;
  /** Whether the recipient has read it (unread-count extension); fixtures count as read. */
  read?: boolean;
}

/**
 * The mocked provider's data: what the default handlers read and write. It starts from the
 * fixtures before every test (`resetMockDb`), so a suite can do several things in a row (enrol,
 * then open My Courses; mark work done, then read the counts) and see each effect on the next
 * screen. Suites may also arrange it directly (`mockDb.courses.push(...)`) before rendering.
 */
export interface MockDb {
  categories: Category[];
  courses: Course[];
  chapters: Chapter[];
  teachers: Teacher[];
  students: Student[];
  enrolments: EnrolmentRecord[];
  /** Ratings, with when each was given (the reviews extension reads it; newest first). */
  ratings: (Rating & { rated_at?: string })[];
  assignments: Assignment[];
  messages: MessageRecord[];
  favourites: FavoriteCourseRecord[];
  progress: (ChapterProgress & { student: number })[];
  /** Certificates issued (extension), with the student they belong to. */
  certificates: (Certificate & { student: number })[];
  /** E-mail changes waiting for their code (extension), by `student-7` / `teacher-4`: the new address. */
  pendingEmails: Record<string, string>;
  /**
   * Whether getMessages answers `after`, `before` and `limit` (extensions) as the local provider
   * does (the default); false acts as the original backend, which answers the whole conversation
   * whatever it is asked.
   */
  conversationParts: boolean;
  /** The teachers waiting for the academy's approval (admin area extension). */
  pendingTeachers: PendingTeacher[];
  /** The address of the admin logged in on the mocked provider, or null (admin area extension). */
  adminEmail: string | null;
  /**
   * Exercises of chapters (practice extension). listChapterExercises answers all of a chapter's,
   * as to its teacher; the fixtures have no draft, so a student's screen sees the same.
   */
  exercises: Exercise[];
  exerciseAnswers: ExerciseAnswerRecord[];
  reviewCards: ReviewCardRecord[];
  /** Learning goals (extension, issue 39) by student id; none until set. */
  learningGoals: Record<number, { learning_languages: string[]; level: LearnerLevel | null }>;
  /** One-to-one lessons (extension, issue 40) by teacher id: the hours, rules and lesson types; none until set. */
  lessons: Record<number, TeacherLessons>;
  /**
   * The lessons booked or held (extension, issue 40), every status: the free times leave their
   * times out while they are booked or their hold is open.
   */
  bookings: Lesson[];
  /** The calendar feeds' tokens (extension, issue 40) by `student-7` / `teacher-4`; made on first asking. */
  calendarTokens: Record<string, string>;
}

/** The code the mocked provider "mails" for every admin login (extension). */
export const mockAdminCode = '135790';

/** The code the mocked provider "mails" for every e-mail change (extension). */
export const mockEmailChangeCode = '246810';

function seed(): MockDb {
  return structuredClone({
    categories: fixtures.categories,
    courses: fixtures.courses,
    chapters: fixtures.chapters,
    teachers: fixtures.teachers,
    students: [fixtures.student],
    enrolments: fixtures.enrolments,
    ratings: [],
    assignments: fixtures.assignments,
    messages: fixtures.messageRecords,
    favourites: [],
    progress: [],
    certificates: [],
    pendingEmails: {},
    conversationParts: true,
    pendingTeachers: fixtures.pendingTeachers,
    adminEmail: null,
    exercises: fixtures.exercises,
    exerciseAnswers: [],
    reviewCards: fixtures.reviewCards,
    learningGoals: {},
    lessons: {},
    bookings: [],
    calendarTokens: {},
  });
}

export const mockDb: MockDb = seed();

/** Puts the fixtures back (called before every test). */
export function resetMockDb(): void {
  Object.assign(mockDb, seed());
}

/** The next free id of a table. */
export function nextId(rows: readonly { id?: number }[]): number {
  return rows.reduce((highest, row) => Math.max(highest, row.id ?? 0), 0) + 1;
}

/** The id of a nested reference that providers send as an object or as a bare id. */
export function refId(ref: { id: number } | number | undefined): number | undefined {
  return typeof ref === 'number' ? ref : ref?.id;
}

/** The fields a screen sent (form-encoded or multipart), as strings and files. */
export async function sentFields(request: Request): Promise<Record<string, string | File>> {
  const form = await request.formData();
  return Object.fromEntries(form.entries()) as Record<string, string | File>;
}
