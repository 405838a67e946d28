/** What the service worker keeps of each request, and where (src/serviceWorker/cacheRules.ts). */
import { imageCache, publicCache, savedChaptersCache, studentCache } from '@/offline/cacheNames';
import { nobody, type Viewer } from '@/offline/workerMessages';
import { dataPages, prerenderedPages, studentPages } from '@/app/prerenderedPages';
import { patterns } from '@/config/routePatterns';
import { handlingOf, isOutdatedRuntimeCache, mayKeepIn, type RequestFacts, sharedPages, studentAreaPages, whileLogoutPending } from '@/serviceWorker/cacheRules';

const site = { origin: 'https://academy.example', apiBase: '/api' };
const student: Viewer = { studentId: 7, teacherId: null };
const teacher: Viewer = { studentId: null, teacherId: 3 };

const navigation = (path: string): RequestFacts => ({ url: `${site.origin}${path}`, method: 'GET', mode: 'navigate', destination: 'document' });
const read = (path: string, method = 'GET'): RequestFacts => ({ url: `${site.origin}/api${path}`, method, mode: 'cors', destination: '' });
const image = (url: string): RequestFacts => ({ url, method: 'GET', mode: 'no-cors', destination: 'image' });
const media = (path: string, destination = 'video'): RequestFacts => ({ url: `${site.origin}${path}`, method: 'GET', mode: 'no-cors', destination });

describe('pages', () => {
  it('keeps the public pages in the public cache, whoever reads them', () => {
    for (const viewer of [nobody, student, teacher]) {
      expect(handlingOf(navigation('/'), viewer, site)).toEqual({ kind: 'page', cacheName: publicCache });
      expect(handlingOf(navigation('/detail/12'), viewer, site)).toEqual({ kind: 'page', cacheName: publicCache });
      expect(handlingOf(navigation('/teacher-detail/4'), viewer, site)).toEqual({ kind: 'page', cacheName: publicCache });
      expect(handlingOf(navigation('/category/french'), viewer, site)).toEqual({ kind: 'page', cacheName: publicCache });
      expect(handlingOf(navigation('/all-courses'), viewer, site)).toEqual({ kind: 'page', cacheName: publicCache });
    }
  });

  it('never keeps in the shared cache a page whose address carries a code, a payment or a query string (offline they open as the shell)', () => {
    const paths = ['/certificates/K7Q2M9X4T1BZ', '/success?session_id=cs_test_a1b2', '/success', '/cancel', '/all-courses?page=2', '/detail/12?ref=mail', '/?utm_source=newsletter', '/about?', '/no-such-page/7'];
    for (const viewer of [nobody, student, teacher]) {
      for (const path of paths) expect(handlingOf(navigation(path), viewer, site)).toEqual({ kind: 'page', cacheName: null });
    }
  });

  it('shares only pages whose parameters name a public catalogue entry (a course, a teacher, a category, a blog post)', () => {
    const parameters = sharedPages.flatMap((pattern) => pattern.split('/').filter((segment) => segment.startsWith(':')));
    expect(new Set(parameters)).toEqual(new Set([':course_id', ':teacher_id', ':category_slug', ':post_id']));
    expect(sharedPages).not.toContain(patterns.certificate);
    expect(sharedPages).not.toContain(patterns.checkoutSuccess);
  });

  it('answers the student area with the precached shell, whoever asks (the app sends a visitor to the login)', () => {
    const paths = ['/favorite-courses', '/my-assignments/', '/my-assignments/4', '/messages/2', '/learn/12/3', '/profile-setting?from=bookmark'];
    for (const viewer of [student, nobody, teacher]) {
      for (const path of paths) expect(handlingOf(navigation(path), viewer, site)).toEqual({ kind: 'shell' });
    }
  });

  it("answers a student's first screens as pages the server renders with their session (decision 0041), never kept", () => {
    expect(studentPages).toEqual([patterns.studentDashboard, patterns.myCourses]);
    const paths = ['/student-dashboard', '/my-courses', '/my-courses/', '/student-dashboard?from=bookmark'];
    for (const viewer of [student, nobody, teacher]) {
      for (const path of paths) expect(handlingOf(navigation(path), viewer, site)).toEqual({ kind: 'studentPage' });
    }
    // Offline, or for anyone but a logged-in student, they open as the rest of the area does.
    expect(studentAreaPages).toEqual(expect.arrayContaining(studentPages));
  });

  it('answers with the shell only routes the server sends the shell for (none prerendered, none rendered with data)', () => {
    const served = [...prerenderedPages.map((page) => page.path), ...dataPages];
    expect(studentAreaPages.filter((pattern) => served.includes(pattern))).toEqual([]);
    expect(studentAreaPages).toEqual(expect.arrayContaining([patterns.studentDashboard, patterns.myCourses]));
  });

  it('leaves a request for a student page that is no navigation to the browser', () => {
    expect(handlingOf({ ...navigation('/my-courses'), mode: 'cors', destination: '' }, student, site)).toBeNull();
    expect(handlingOf({ ...navigation('/my-courses'), method: 'HEAD' }, student, site)).toBeNull();
  });

  it("never keeps the teacher area or the account pages, which go to the network (they still open offline, as the shell)", () => {
    for (const path of ['/teacher-dashboard', '/edit-course/4', '/teacher-messages/9', '/add-assignment/7/3', '/student-login', '/verify-student/7', '/student-logout']) {
      expect(handlingOf(navigation(path), teacher, site)).toEqual({ kind: 'page', cacheName: null });
      expect(handlingOf(navigation(path), student, site)).toEqual({ kind: 'page', cacheName: null });
      expect(handlingOf(navigation(path), nobody, site)).toEqual({ kind: 'page', cacheName: null });
    }
  });
});

describe('API reads', () => {
  it("keeps a student's reads, their own and the public ones, in their cache while they are logged in", () => {
    expect(handlingOf(read('/student/dashboard/7'), student, site)).toEqual({ kind: 'read', cacheName: studentCache(7) });
    expect(handlingOf(read('/assignment/4'), student, site)).toEqual({ kind: 'read', cacheName: studentCache(7) });
    expect(handlingOf(read('/course/12'), student, site)).toEqual({ kind: 'read', cacheName: studentCache(7) });
    expect(handlingOf(read('/course/?page=2'), student, site)).toEqual({ kind: 'read', cacheName: studentCache(7) });
  });

  it("keeps a visitor's public reads in the public cache, and nothing that needs a session", () => {
    expect(handlingOf(read('/course/12'), nobody, site)).toEqual({ kind: 'read', cacheName: publicCache });
    expect(handlingOf(read('/category/'), nobody, site)).toEqual({ kind: 'read', cacheName: publicCache });
    expect(handlingOf(read('/student/dashboard/7'), nobody, site)).toEqual({ kind: 'read', cacheName: null });
  });

  it("never shares a certificate's read (a name, a course, a date) in the public cache", () => {
    expect(handlingOf(read('/certificate/K7Q2M9X4T1BZ'), nobody, site)).toEqual({ kind: 'read', cacheName: null });
  });

  it('keeps nothing from the API while a teacher is logged in, and never a teacher read', () => {
    expect(handlingOf(read('/course/12'), teacher, site)).toEqual({ kind: 'read', cacheName: null });
    expect(handlingOf(read('/teacher/dashboard/3'), teacher, site)).toEqual({ kind: 'read', cacheName: null });
    expect(handlingOf(read('/teacher/dashboard/3'), student, site)).toEqual({ kind: 'read', cacheName: null });
    expect(handlingOf(read('/course/12'), { studentId: 7, teacherId: 3 }, site)).toEqual({ kind: 'read', cacheName: null });
  });

  it('leaves every change, unknown path and other origin to the browser', () => {
    expect(handlingOf(read('/save-chapter-progress/', 'POST'), student, site)).toBeNull();
    expect(handlingOf(read('/course/12', 'PUT'), student, site)).toBeNull();
    expect(handlingOf(read('/no-such-read'), student, site)).toBeNull();
    expect(handlingOf({ ...read('/course/12'), url: 'https://elsewhere.example/api/course/12' }, student, site)).toBeNull();
  });

  it('reads the API base from the build, as a path or an absolute URL', () => {
    const underV2 = { ...site, apiBase: '/backend/v2/' };
    expect(handlingOf({ ...read(''), url: `${site.origin}/backend/v2/course/12` }, nobody, underV2)).toEqual({ kind: 'read', cacheName: publicCache });
    const elsewhere = { ...site, apiBase: 'https://api.example/api' };
    expect(handlingOf({ ...read(''), url: 'https://api.example/api/course/12' }, nobody, elsewhere)).toBeNull();
  });
});

describe('images and media', () => {
  it("keeps the build's images and the public pictures of courses and teachers in the image cache", () => {
    expect(handlingOf(image(`${site.origin}/assets/hero.0123456789.webp`), student, site)).toEqual({ kind: 'image' });
    expect(handlingOf(image(`${site.origin}/media/course_images/spanish.png`), nobody, site)).toEqual({ kind: 'image' });
    expect(handlingOf({ ...image(`${site.origin}/media/teacher_images/ada.jpg`), destination: '' }, teacher, site)).toEqual({ kind: 'image' });
  });

  it("keeps no one's own pictures (an answer, a message's file) and no other origin's", () => {
    expect(handlingOf(image(`${site.origin}/media/assignment_answers/page.png`), student, site)).toEqual({ kind: 'media' });
    expect(handlingOf(image('https://cdn.example/logo.png'), student, site)).toBeNull();
  });

  it('answers videos, captions and sounds from saved chapters first', () => {
    expect(handlingOf(media('/media/chapter_videos/greetings.mp4'), student, site)).toEqual({ kind: 'media' });
    expect(handlingOf(media('/media/chapter_captions/greetings.vtt', 'track'), student, site)).toEqual({ kind: 'media' });
    expect(handlingOf(media('/media/message_voices/note.webm', 'audio'), nobody, site)).toEqual({ kind: 'media' });
    expect(handlingOf({ ...media('/media/chapter_videos/greetings.mp4'), method: 'HEAD' }, student, site)).toBeNull();
  });

  it('leaves the scripts to the precache and other requests to the browser', () => {
    expect(handlingOf({ url: `${site.origin}/js/main.0123456789.js`, method: 'GET', mode: 'no-cors', destination: 'script' }, student, site)).toBeNull();
    expect(handlingOf({ url: `${site.origin}/manifest.webmanifest`, method: 'GET', mode: 'cors', destination: 'manifest' }, nobody, site)).toBeNull();
  });
});

describe('while a logout has not reached the provider', () => {
  it('answers every call that may carry the session as logged out (a 401 without the network)', () => {
    for (const call of [read('/student/dashboard/7'), read('/my-assignments/7'), read('/student-conversations/7'), read('/teacher/dashboard/3'), read('/save-chapter-progress/', 'POST'), read('/student/7', 'PUT'), read('/no-such-call')]) {
      expect(whileLogoutPending(call, site)).toEqual({ kind: 'refused' });
    }
  });

  it('lets the logouts through, and the public reads as a visitor’s (without cookies)', () => {
    expect(whileLogoutPending(read('/student-logout/', 'POST'), site)).toEqual({ kind: 'logout' });
    expect(whileLogoutPending(read('/teacher-logout/', 'POST'), site)).toEqual({ kind: 'logout' });
    expect(whileLogoutPending(read('/course/12'), site)).toEqual({ kind: 'public-read' });
    expect(whileLogoutPending(read('/course/?page=2'), site)).toEqual({ kind: 'public-read' });
    expect(whileLogoutPending(read('/category/'), site)).toEqual({ kind: 'public-read' });
  });

  it('does not hold back a new login or code check (it replaces the cookie)', () => {
    expect(whileLogoutPending(read('/student-login', 'POST'), site)).toEqual({ kind: 'login', side: 'student' });
    expect(whileLogoutPending(read('/verify-student/7/', 'POST'), site)).toEqual({ kind: 'login', side: 'student' });
    expect(whileLogoutPending(read('/teacher-login', 'POST'), site)).toEqual({ kind: 'login', side: 'teacher' });
    expect(whileLogoutPending(read('/verify-teacher/3/', 'POST'), site)).toEqual({ kind: 'login', side: 'teacher' });
  });

  it('leaves pages, images and other origins as ever', () => {
    expect(whileLogoutPending(navigation('/my-courses'), site)).toBeNull();
    expect(whileLogoutPending(image(`${site.origin}/media/course_images/spanish.png`), site)).toBeNull();
    expect(whileLogoutPending({ ...read('/course/12'), url: 'https://elsewhere.example/api/course/12' }, site)).toBeNull();
  });
});

describe('who may have copies kept', () => {
  it("lets a student's pages and reads be kept only while that student uses the app", () => {
    expect(mayKeepIn(studentCache(7), student)).toBe(true);
    expect(mayKeepIn(studentCache(7), { studentId: 8, teacherId: null })).toBe(false);
    expect(mayKeepIn(studentCache(7), nobody)).toBe(false);
    expect(mayKeepIn(publicCache, nobody)).toBe(true);
    expect(mayKeepIn(imageCache, teacher)).toBe(true);
  });

  it("leaves saved chapters to the page's privacy rules", () => {
    expect(mayKeepIn(savedChaptersCache(7), nobody)).toBe(true);
  });

  it('drops the runtime caches of other versions, never saved chapters nor other sites’ caches', () => {
    expect(isOutdatedRuntimeCache('academy-public-v0')).toBe(true);
    expect(isOutdatedRuntimeCache('academy-student-7-v0')).toBe(true);
    expect(isOutdatedRuntimeCache(publicCache)).toBe(false);
    expect(isOutdatedRuntimeCache(studentCache(7))).toBe(false);
    expect(isOutdatedRuntimeCache(savedChaptersCache(7))).toBe(false);
    expect(isOutdatedRuntimeCache('workbox-precache-v2-https://academy.example/')).toBe(false);
  });
});
