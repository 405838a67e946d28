/**
 * The shell (`dist/index.html`), which the server sends for every route that is neither
 * prerendered nor rendered with its data: a logged-in student's area among them (which the service
 * worker answers with its precached copy). Written inside the webpack build (ShellScriptPlugin in
 * webpack.config.ts), before the worker's precache list is made.
 *
 * Such a page shows nothing until the app's code has run, so everything the first screen needs
 * is asked for while the HTML is parsed, side by side: the entry scripts (the shell's own tags),
 * the route's chunks (preloaded), and, for a logged-in student on a screen of `earlyReadsByRoute`
 * (src/app/earlyReadRoutes.ts), that screen's API reads, which the app then takes over
 * (src/app/earlyReads.ts) instead of asking again after its code has arrived and rendered.
 */
import { createHash } from 'node:crypto';
import { earlyReadsByRoute } from '../src/app/earlyReadRoutes';
import { EARLY_READS_GLOBAL } from '../src/config/earlyReadsGlobal';

/**
 * Which named chunk group (webpackChunkName in src/app/routes.tsx) a route's screen is in, for the
 * routes the shell may be sent for: the data pages (when the render server sends the shell), the
 * access screens and the areas; any other route preloads the not-found screen's. The patterns of
 * src/config/paths.ts, written out (a test checks them): the build must not load React before it
 * has chosen React's production build.
 */
export const routeChunkGroups: Readonly<Record<string, string>> = {
  '/': 'home',
  '/detail/:course_id': 'course-page',
  '/teacher-detail/:teacher_id': 'teacher-page',
  '/category/:category_slug': 'course-lists',
  '/all-courses': 'course-lists',
  '/all-popular-courses': 'course-lists',
  '/all-teachers': 'teachers',
  '/success': 'checkout',
  '/cancel': 'checkout',
  '/student-login': 'student-access',
  '/student-forgot-password': 'student-access',
  '/student-register': 'student-access',
  '/verify-student/:student_id': 'student-access',
  '/student-change-forgotten-password/:student_id': 'student-access',
  '/student-logout': 'student-access',
  '/teacher-login': 'teacher-access',
  '/teacher-forgot-password': 'teacher-access',
  '/teacher-register': 'teacher-access',
  '/verify-teacher/:teacher_id': 'teacher-access',
  '/teacher-change-forgotten-password/:teacher_id': 'teacher-access',
  '/teacher-logout': 'teacher-access',
  '/student-dashboard': 'student',
  '/my-courses': 'student',
  '/favorite-courses': 'student',
  '/recommended-courses': 'student',
  '/profile-setting': 'student',
  '/my-assignments/': 'student',
  '/my-teachers': 'student',
  '/student-change-password': 'student',
  '/student-start': 'student',
  '/student-lessons': 'lessons',
  '/review': 'practice',
  '/my-assignments/:assignment_id': 'assignment',
  '/messages': 'messages',
  '/messages/:teacher_id': 'messages',
  '/learn/:course_id/:chapter_id': 'learn',
  '/learn/:course_id/:chapter_id/practice': 'practice',
  '/teacher-dashboard': 'teacher',
  '/teacher-profile-setting': 'teacher',
  '/teacher-courses': 'teacher',
  '/teacher-change-password': 'teacher',
  '/add-course': 'teacher',
  '/edit-course/:course_id': 'teacher',
  '/add-chapter/:course_id': 'teacher',
  '/edit-chapter/:chapter_id': 'teacher',
  '/course-chapters/:course_id': 'teacher',
  '/enrolled-students/:course_id': 'teacher',
  '/view-student/:student_id': 'teacher',
  '/my-students': 'teacher',
  '/teacher-answers': 'teacher',
  '/teacher-lessons': 'teacher',
  '/teacher-my-lessons': 'lessons',
  '/teacher-assignment/:assignment_id': 'teacher',
  '/add-assignment/:student_id/:teacher_id': 'teacher',
  '/show-assignment/:student_id/:teacher_id': 'teacher',
  '/teacher-messages': 'messages',
  '/teacher-messages/:student_id': 'messages',
};

/** The chunk group of src/app/earlyReads.ts (its webpackChunkName in src/app/startApp.tsx). */
export const EARLY_READS_CHUNK_GROUP = 'early-reads';

/** The chunk group of every other route: an address no route knows gets the shell and the not-found screen. */
export const FALLBACK_CHUNK_GROUP = 'not-found';

/** What the shell script reads from its `data-shell` attribute. */
export interface ShellConfig {
  /** The API base, ending in `/`: a same-origin path or an absolute URL. */
  api: string;
  /** The global the started reads are left in (EARLY_READS_GLOBAL). */
  global: string;
  /** Every file a group preloads (`/js/…`), each once. */
  files: string[];
  /** Chunk group name (or names, space-separated) -> their files (indexes into `files`), without the entry scripts. */
  groups: Record<string, number[]>;
  /** [route pattern, chunk group, the reads of its first screen for a logged-in student (paths under `api`)]. */
  routes: [string, string, string[]?][];
  fallback: string;
}

/**
 * What the shell runs while its HTML is parsed (inline, in the head, before the entry scripts):
 * preloads the chunks of the route at `location.pathname` (the not-found screen's for any route
 * it does not know), and, when localStorage says a student is logged in (the keys of spec section 9)
 * and the route's first screen has reads, sends them with the session cookie and leaves the
 * answers' promises in `window[config.global]`, keyed by absolute URL, with the time they were sent.
 * A failure is left for the app to see (it then asks again), never thrown here.
 * Constant text, so a Content-Security-Policy allows it by its hash (`shellScriptHash`); what
 * differs per build is in the element's `data-shell` attribute (ShellConfig).
 */
export const SHELL_SCRIPT = `(function () {
  var config = JSON.parse(document.currentScript.getAttribute('data-shell'));
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  function matches(pattern) {
    var want = (pattern.replace(/\\/+$/, '') || '/').split('/');
    var have = path.split('/');
    if (want.length !== have.length) return false;
    for (var i = 0; i < want.length; i += 1) {
      if (want[i].charAt(0) === ':' ? !have[i] : want[i] !== have[i]) return false;
    }
    return true;
  }
  var route = config.routes.filter(function (entry) { return matches(entry[0]); })[0];
  (config.groups[route ? route[1] : config.fallback] || []).forEach(function (file) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = config.files[file];
    document.head.appendChild(link);
  });
  var reads = (route && route[2]) || [];
  var student = null;
  try {
    if (localStorage.getItem('studentLoginStatus') === 'true') student = localStorage.getItem('studentId');
  } catch (error) {}
  if (reads.length === 0 || !/^[0-9]+$/.test(student || '')) return;
  var started = {};
  reads.forEach(function (read) {
    var url = new URL(config.api + read.replace('{studentId}', student), location.href).href;
    var response = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    response.catch(function () {});
    started[url] = { at: Date.now(), response: response };
  });
  window[config.global] = started;
})();`;

/** The CSP source that allows SHELL_SCRIPT (`script-src 'self' '<this>'`). */
export const shellScriptHash = () => `sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}`;

/** Text for an attribute in single quotes (JSON has many double ones). */
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell's script element, as `shellDocument` writes it (and `withoutShellScript` takes out). */
const shellElement = /<script data-shell='[^']*'>[\s\S]*?<\/script>/;

/** The page without the shell's script (a rendered page loads its code its own way: scripts/pageDocument.ts). */
export function withoutShellScript(page: string): string {
  return page.replace(shellElement, '');
}

/** The shell's configuration for a build: its chunk groups (chunk-groups.json) and its API base. */
export function shellConfig(chunkGroups: Record<string, string[]>, initialScripts: Set<string>, apiBase: string): ShellConfig {
  // A route with early reads also preloads the code that takes them over (src/app/earlyReads.ts).
  const routes: ShellConfig['routes'] = Object.entries(routeChunkGroups).map(([pattern, group]) => {
    const reads = earlyReadsByRoute[pattern]?.map((read) => read.path);
    return reads ? [pattern, `${group} ${EARLY_READS_CHUNK_GROUP}`, reads] : [pattern, group];
  });
  const used = new Set([FALLBACK_CHUNK_GROUP, ...routes.map(([, group]) => group)]);
  const filesOf = (group: string) => {
    const files = chunkGroups[group];
    if (!files) throw new Error(`webpack made no chunk group "${group}" (see routeChunkGroups in scripts/shellDocument.ts and src/app/routes.tsx)`);
    return files;
  };
  const files: string[] = [];
  const indexOf = (file: string) => {
    const index = files.indexOf(`/${file}`);
    return index >= 0 ? index : files.push(`/${file}`) - 1;
  };
  const groups = Object.fromEntries(
    [...used].map((name) => {
      const groupFiles = new Set(name.split(' ').flatMap(filesOf));
      return [name, [...groupFiles].filter((file) => !initialScripts.has(file)).map(indexOf)];
    }),
  );
  return { api: apiBase.replace(/\/?$/, '/'), global: EARLY_READS_GLOBAL, files, groups, routes, fallback: FALLBACK_CHUNK_GROUP };
}

/**
 * The shell with its script (SHELL_SCRIPT and its ShellConfig), first in the head after the
 * meta tags and title, so its requests go out before the entry scripts' are answered.
 */
export function shellDocument(bareShell: string, config: ShellConfig): string {
  const element = `<script data-shell='${escapeAttribute(JSON.stringify(config))}'>${SHELL_SCRIPT}</script>`;
  const firstScript = bareShell.search(/<script\b/);
  if (firstScript < 0) throw new Error('dist/index.html loads no entry script');
  return `${bareShell.slice(0, firstScript)}${element}${bareShell.slice(firstScript)}`;
}
