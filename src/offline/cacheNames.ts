/**
 * The Cache Storage names of the app's offline copies, shared by the service worker
 * (src/serviceWorker/) and the page. Everything under a student's name is theirs alone and is
 * deleted when they log out, when their session ends (a 401) or when someone else logs in on the
 * device (src/offline/privacy.ts). Workbox's precache (the build's scripts and the shell) keeps its
 * own name.
 */

/** Bump to drop every runtime copy at the next worker activation (a change in what a copy holds). */
export const OFFLINE_CACHE_VERSION = 1;

const prefix = 'academy';

/** Public pages and the provider's public reads (catalogue, courses, teachers) seen by a visitor. */
export const publicCache = `${prefix}-public-v${OFFLINE_CACHE_VERSION}`;

/** Images (the build's and the provider's), cache-first with a bound on their number. */
export const imageCache = `${prefix}-images-v${OFFLINE_CACHE_VERSION}`;

const studentPrefix = `${prefix}-student-`;
const savedChaptersPrefix = `${prefix}-saved-chapters-`;

/** One student's pages and reads, kept while they are logged in. */
export const studentCache = (studentId: number) => `${studentPrefix}${studentId}-v${OFFLINE_CACHE_VERSION}`;

/** One student's chapters saved for offline (videos and captions), at their own request. */
export const savedChaptersCache = (studentId: number) => `${savedChaptersPrefix}${studentId}`;

/** Whether a cache holds a student's data (their pages and reads, or their saved chapters). */
export const isStudentCache = (name: string) => name.startsWith(studentPrefix) || name.startsWith(savedChaptersPrefix);

/** Whether a cache holds this student's data. */
export const isCacheOf = (name: string, studentId: number) => name === studentCache(studentId) || name === savedChaptersCache(studentId);

/** Whether a cache holds saved chapters (the worker answers media requests from these first). */
export const isSavedChaptersCache = (name: string) => name.startsWith(savedChaptersPrefix);

/** Whether a cache is one of the app's runtime copies (not Workbox's precache), of this version or an older one. */
export const isRuntimeCache = (name: string) => name.startsWith(`${prefix}-`);
