/**
 * The course a student is paying for, kept in sessionStorage from the start of a checkout, so the
 * pages the card provider sends the student back to (/success?session_id=…, /cancel) can link to
 * it: a bare session id does not say which course it was for.
 */
const KEY = 'checkoutCourse';

interface RememberedCheckout {
  courseId: number;
  sessionId: string | null;
}

function read(): RememberedCheckout | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { courseId, sessionId } = value as Partial<RememberedCheckout>;
    if (typeof courseId !== 'number' || !Number.isSafeInteger(courseId) || courseId < 1) return null;
    return { courseId, sessionId: typeof sessionId === 'string' ? sessionId : null };
  } catch {
    return null;
  }
}

/** Remembers the course of a checkout that is starting (and, once known, its session id). */
export function rememberCheckout(courseId: number, sessionId: string | null = null): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ courseId, sessionId } satisfies RememberedCheckout));
  } catch {
    // Storage refused (private mode, quota): the return pages then link to My Courses only.
  }
}

/**
 * The course of the checkout the student came back from, or null when unknown. A remembered
 * session id must match the one in the address, when the address has one.
 */
export function rememberedCheckoutCourse(sessionId: string | null): number | null {
  const remembered = read();
  if (remembered === null) return null;
  if (sessionId !== null && remembered.sessionId !== null && remembered.sessionId !== sessionId) return null;
  return remembered.courseId;
}
