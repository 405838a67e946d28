/**
 * The API reads a logged-in student's first screen needs, which the shell's inline script
 * (scripts/shellDocument.ts) starts while the HTML is parsed, before any of the app's code has
 * arrived; the app takes them over (src/app/earlyReads.ts) instead of asking again.
 *
 * Each is an endpoint whose only argument is `{ studentId }`, and the path it asks for under the
 * API base with `{studentId}` in it (the generated endpoint's URL: a test checks that they agree).
 */
export type StudentReadEndpoint =
  | 'getStudent'
  | 'getStudentDashboard'
  | 'listStudentProgress'
  | 'fetchEnrolledCourses'
  | 'fetchFavoriteCourses'
  | 'getStudentUnreadMessages';

export interface EarlyRead {
  endpoint: StudentReadEndpoint;
  path: string;
}

const read = (endpoint: StudentReadEndpoint, path: string): EarlyRead => ({ endpoint, path });

/**
 * What every screen of the student area reads: the student (the header's account button, the
 * dashboard's greeting), the favourites (the menu) and the unread messages (the menu's badge).
 */
const areaReads = [
  read('getStudent', 'student/{studentId}'),
  read('fetchFavoriteCourses', 'fetch-favorite-courses/{studentId}'),
  read('getStudentUnreadMessages', 'unread-messages/student/{studentId}'),
];
const progress = read('listStudentProgress', 'student-progress/{studentId}');

/**
 * Route pattern (`patterns` of src/config/paths.ts, written out: the build's scripts import this
 * file, and must not load React before they choose its production build) -> the reads of its
 * first screen.
 */
export const earlyReadsByRoute: Readonly<Record<string, readonly EarlyRead[]>> = {
  '/student-dashboard': [read('getStudentDashboard', 'student/dashboard/{studentId}'), progress, ...areaReads],
  '/my-courses': [read('fetchEnrolledCourses', 'fetch-enrolled-courses/{studentId}'), progress, ...areaReads],
};

/** A read the shell's script started (in `window[EARLY_READS_GLOBAL]`, src/config/env.ts). */
export interface StartedRead {
  /** `Date.now()` when it was sent. */
  at: number;
  response: Promise<Response>;
}
