import { type ReadRoute, readRoutes } from '@/api/readRoutes';
import { studentPages } from '@/app/prerenderedPages';
import { patterns } from '@/config/routePatterns';
import { OFFLINE_CACHE_VERSION, isRuntimeCache, isSavedChaptersCache, isStudentCache, publicCache, studentCache } from '@/offline/cacheNames';
import type { Viewer } from '@/offline/workerMessages';

/**
 * What the service worker keeps of each request, and where: pure rules, shared by the worker
 * (src/serviceWorker/worker.ts) and its tests. Nothing here touches a cache.
 */

/** The parts of a request the rules read (a `Request` has them all). */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  destination: string;
}

/** Where the worker runs: its origin, and the API base the build was made with (absolute or a path). */
export interface Site {
  origin: string;
  apiBase: string;
}

/**
 * How the worker answers a request:
 * - `shell`: a navigation to the student area, answered at once with the precached shell of the
 *   worker's own build (`/index.html`, with the scripts it loads all precached), cache first, for
 *   anyone: the shell holds no one's data, the server sends the same file for these routes, and the
 *   app decides who may see the screen (a visitor is sent to the login). Its reads go network first;
 * - `studentPage`: a navigation to a student's first screen (`studentPages`), which the server
 *   renders with the student's session (decision 0041): for a logged-in student whose logout is not
 *   pending, the network within the worker's timeout and never kept, else (or offline) the shell;
 * - `page`: any other navigation of the app, network first (`cacheName` keeps it; null: never
 *   kept, as every page but `sharedPages` without a query string), offline the kept copy, else
 *   the precached shell;
 * - `read`: an API read, network first into `cacheName`, or the network alone when null;
 * - `image`: from the image cache first (bounded in number and age);
 * - `media`: a video, captions or sound, from a chapter the student saved for offline, else the network.
 * A request with no handling is left to the browser.
 */
export type Handling =
  | { kind: 'shell' }
  | { kind: 'studentPage' }
  | { kind: 'page'; cacheName: string | null }
  | { kind: 'read'; cacheName: string | null }
  | { kind: 'image' }
  | { kind: 'media' };

/**
 * The student area: pages the server sends as the shell (no route of it is prerendered or rendered
 * with data), so the worker answers them with its precached shell.
 */
export const studentAreaPages: readonly string[] = [
  patterns.studentDashboard,
  patterns.myCourses,
  patterns.favoriteCourses,
  patterns.recommendedCourses,
  patterns.profileSetting,
  patterns.myAssignments,
  patterns.studentAssignment,
  patterns.myTeachers,
  patterns.studentMessages,
  patterns.studentConversation,
  patterns.studentChangePassword,
  patterns.learn,
  patterns.practice,
  patterns.review,
];

/**
 * The only pages the shared cache (`academy-public-v1`) keeps, and only at an address without a
 * query string: pages the same for every reader (prerendered, or rendered per request as a visitor
 * sees them), whose parameters, if any, name a public catalogue entry (a course, a teacher, a
 * category, a blog post). Never a page whose address names a person, a payment or a code
 * (`/certificates/:code`, `/success?session_id=`, the account pages, the teacher area, an
 * unknown address): offline those open as the shell.
 */
export const sharedPages: readonly string[] = [
  patterns.home,
  patterns.about,
  patterns.contact,
  patterns.course,
  patterns.courseDetail,
  patterns.teacherDetail,
  patterns.category,
  patterns.allCourses,
  patterns.allPopularCourses,
  patterns.allTeachers,
  patterns.blog,
  patterns.blogPost,
  patterns.termsAndConditions,
  patterns.paymentPolicy,
  patterns.privacy,
  patterns.cookies,
  patterns.refund,
  patterns.intellectualProperty,
];

/** A route pattern (`/detail/:course_id`) as a regular expression; pages ignore a trailing slash, API paths do not. */
function patternRegex(pattern: string, { trailingSlash }: { trailingSlash: 'ignored' | 'exact' }): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return trailingSlash === 'ignored' ? new RegExp(`^${body.replace(/\/$/, '')}/?$`) : new RegExp(`^${body}$`);
}

const pageMatchers = (list: readonly string[]) => list.map((pattern) => patternRegex(pattern, { trailingSlash: 'ignored' }));
const studentAreaMatchers = pageMatchers(studentAreaPages);
const studentPageMatchers = pageMatchers(studentPages);
const sharedPageMatchers = pageMatchers(sharedPages);
const readMatchers = readRoutes.map((route) => ({ route, regex: patternRegex(route.path, { trailingSlash: 'exact' }) }));

/** The provider's pictures that anyone may see; every other folder of /media/ is a chapter's or someone's own. */
const publicPictureFolders = ['/media/course_images/', '/media/teacher_images/'];
const mediaPrefix = '/media/';
const imageFile = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i;
const mediaDestinations = new Set(['video', 'audio', 'track']);

/** The read of api-spec.yaml a path under the API base answers to, if any. */
export function readRouteOf(apiPath: string): ReadRoute | undefined {
  return readMatchers.find(({ regex }) => regex.test(apiPath))?.route;
}

function pageCache(url: URL): string | null {
  // Any query string, an empty one (`/success?`) included, may carry an identifier.
  return !url.href.includes('?') && sharedPageMatchers.some((regex) => regex.test(url.pathname)) ? publicCache : null;
}

/** A read whose address carries a code (a certificate's: a name, a course, a date) is never shared. */
const carriesCode = (route: ReadRoute) => route.path.includes(':code');

function readCache(route: ReadRoute, viewer: Viewer): string | null {
  if (route.session === 'teacher' || route.session === 'admin' || viewer.teacherId !== null) return null;
  if (viewer.studentId !== null) return studentCache(viewer.studentId);
  return route.session === null && !carriesCode(route) ? publicCache : null;
}

/** The API base as an origin and a path without its trailing slash (`/api`). */
function apiBaseOf(site: Site): { origin: string; path: string } {
  const base = new URL(site.apiBase, site.origin);
  return { origin: base.origin, path: base.pathname.replace(/\/+$/, '') };
}

/** How the worker answers `request` while `viewer` uses the app; null: the browser's own way. Never anything but GET. */
export function handlingOf(request: RequestFacts, viewer: Viewer, site: Site): Handling | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== site.origin) return null;
  const apiPath = apiPathOf(url, site);
  if (apiPath !== null) {
    const route = readRouteOf(apiPath);
    return route ? { kind: 'read', cacheName: readCache(route, viewer) } : null;
  }
  const underMedia = url.pathname.startsWith(mediaPrefix);
  const looksLikeImage = request.destination === 'image' || imageFile.test(url.pathname);
  if (looksLikeImage && (!underMedia || publicPictureFolders.some((folder) => url.pathname.startsWith(folder)))) return { kind: 'image' };
  if (underMedia || mediaDestinations.has(request.destination)) return { kind: 'media' };
  if (request.mode !== 'navigate') return null;
  if (studentPageMatchers.some((regex) => regex.test(url.pathname))) return { kind: 'studentPage' };
  return studentAreaMatchers.some((regex) => regex.test(url.pathname)) ? { kind: 'shell' } : { kind: 'page', cacheName: pageCache(url) };
}

/**
 * How the worker answers a call to the API while a logout is pending (kept on the device, not yet
 * answered by the provider: src/offline/pendingLogout.ts), once it has tried to send it first:
 * - `logout`: a logout itself, to the network;
 * - `login`: a login or code check of `side`, to the network (it replaces that side's cookie: a
 *   success forgets the side's pending logout);
 * - `public-read`: a read a visitor may make, to the network as a visitor's (no cookies);
 * - `refused`: anything else (the session may still be alive on the provider), a 401 without the network.
 */
export type WhileLoggingOut = { kind: 'logout' } | { kind: 'login'; side: 'student' | 'teacher' } | { kind: 'public-read' } | { kind: 'refused' };

const apiMatchers = (list: readonly [string, 'student' | 'teacher'][]) =>
  list.map(([path, side]) => ({ side, regex: patternRegex(path, { trailingSlash: 'ignored' }) }));
/** The API paths (api-spec.yaml) of the logouts, and of the calls that start a session. */
const logoutPaths = apiMatchers([
  ['/student-logout/', 'student'],
  ['/teacher-logout/', 'teacher'],
]);
const sessionStartPaths = apiMatchers([
  ['/student-login', 'student'],
  ['/verify-student/:student_id/', 'student'],
  ['/teacher-login', 'teacher'],
  ['/verify-teacher/:teacher_id/', 'teacher'],
]);

/** The path of `url` below the API base, or null when it is no call to the API. */
function apiPathOf(url: URL, site: Site): string | null {
  const api = apiBaseOf(site);
  return api.origin === url.origin && url.pathname.startsWith(`${api.path}/`) ? url.pathname.slice(api.path.length) : null;
}

/** How the worker answers `request` while a logout is pending; null: no call to the API (handled as ever). */
export function whileLogoutPending(request: Pick<RequestFacts, 'url' | 'method'>, site: Site): WhileLoggingOut | null {
  const apiPath = apiPathOf(new URL(request.url), site);
  if (apiPath === null) return null;
  if (request.method === 'POST' && logoutPaths.some(({ regex }) => regex.test(apiPath))) return { kind: 'logout' };
  const start = request.method === 'POST' ? sessionStartPaths.find(({ regex }) => regex.test(apiPath)) : undefined;
  if (start) return { kind: 'login', side: start.side };
  if (request.method === 'GET' && readRouteOf(apiPath)?.session === null) return { kind: 'public-read' };
  return { kind: 'refused' };
}

/**
 * Whether `cacheName` may hold copies while `viewer` uses the app: a student's pages and reads
 * only while that student does. (Saved chapters are the page's to keep and remove: src/offline/privacy.ts.)
 */
export function mayKeepIn(cacheName: string, viewer: Viewer): boolean {
  if (!isStudentCache(cacheName) || isSavedChaptersCache(cacheName)) return true;
  return viewer.studentId !== null && cacheName === studentCache(viewer.studentId);
}

/** A runtime cache of another OFFLINE_CACHE_VERSION (saved chapters are the student's own and carry no version). */
export function isOutdatedRuntimeCache(name: string): boolean {
  return isRuntimeCache(name) && !isSavedChaptersCache(name) && !name.endsWith(`-v${OFFLINE_CACHE_VERSION}`);
}
