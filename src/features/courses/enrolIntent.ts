/**
 * A visitor's 'Enroll Now', kept in sessionStorage while they log in or register (register, verify,
 * log in: several pages, where router state alone would be lost), so that the course page they
 * come back to carries the enrolment on. It names the course and the time; it lasts an hour and is
 * taken once.
 */
const KEY = 'enrolIntent';
const LIFETIME_MS = 60 * 60 * 1000;

interface EnrolIntent {
  courseId: number;
  at: number;
}

function read(): EnrolIntent | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { courseId, at } = value as Partial<EnrolIntent>;
    if (typeof courseId !== 'number' || !Number.isSafeInteger(courseId) || courseId < 1) return null;
    if (typeof at !== 'number' || !(Date.now() - at < LIFETIME_MS) || at > Date.now() + 60_000) return null;
    return { courseId, at };
  } catch {
    return null;
  }
}

function forget(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** Remembers that a visitor wants to enrol in `courseId` (they are on their way to log in). */
export function rememberEnrolIntent(courseId: number): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ courseId, at: Date.now() } satisfies EnrolIntent));
  } catch {
    // Storage refused (private mode, quota): the login still returns to the course, without enrolling.
  }
}

/** The course a visitor set out to enrol in within the last hour, without taking it; null when none. */
export function pendingEnrolIntent(): number | null {
  const intent = read();
  if (intent === null) forget();
  return intent?.courseId ?? null;
}

/**
 * Takes the intent for `courseId`: true (and the intent is gone) when the student set out to enrol
 * in this course within the last hour. An intent for another course is left for that course.
 */
export function takeEnrolIntent(courseId: number): boolean {
  const intent = read();
  if (intent === null) {
    forget();
    return false;
  }
  if (intent.courseId !== courseId) return false;
  forget();
  return true;
}
