import { paths, patterns } from '@/config/paths';

/** A public page the build renders to HTML. */
export interface PrerenderedPage {
  path: string;
  /** Its file under `dist/pages/`. */
  file: string;
  /** The webpack chunk (webpackChunkName in routes.tsx) its screen is in: preloaded with the page. */
  chunk: string;
}

/** A path no route of the app knows: the not-found screen, served with status 404. */
export const NOT_FOUND_PATH = '/page-not-found-404';

const policies = [paths.termsAndConditions, paths.paymentPolicy, paths.privacy, paths.cookies, paths.refund, paths.intellectualProperty];

const page = (path: string, chunk: string, file = `${path.slice(1)}.html`): PrerenderedPage => ({ path, file, chunk });

/**
 * The ids of src/content/blogPosts.ts, written out: importing the posts here would bring them into
 * every page's first load (startApp imports this module). A test checks each post has its page.
 */
const blogPostIds = [1, 2, 3, 4, 5];

/**
 * The public routes that need no provider data to paint (sections that do need it prerender as
 * their skeletons): the build writes each to `dist/pages/` with its critical CSS.
 */
export const prerenderedPages: PrerenderedPage[] = [
  page(paths.home, 'home', 'index.html'),
  page(paths.about, 'about'),
  page(paths.contact, 'contact'),
  page(paths.blog, 'blog'),
  ...blogPostIds.map((id) => page(paths.blogPost(id), 'blog')),
  ...policies.map((path) => page(path, 'policy')),
  page(paths.studentLogin, 'student-access'),
  page(paths.teacherLogin, 'teacher-access'),
  page(paths.studentRegister, 'student-access'),
  page(paths.teacherRegister, 'teacher-access'),
  page(NOT_FOUND_PATH, 'not-found', '404.html'),
];

/**
 * The public routes whose screen shows the provider's data: the served build renders them per
 * request with it (scripts/serve-dist.ts), so they paint from the HTML like the pages above. The
 * home page is both: rendered with its popular courses and figures, or, when that render fails,
 * its prerendered page with their skeletons (decision 0045).
 */
export const dataPages: string[] = [
  patterns.home,
  patterns.courseDetail,
  patterns.teacherDetail,
  patterns.category,
  patterns.allCourses,
  patterns.allPopularCourses,
  patterns.allTeachers,
];

/**
 * A logged-in student's first screens, which the served build renders with their session when the
 * request carries it (decision 0041), so they paint from the HTML too; without one, the shell.
 */
export const studentPages: string[] = [patterns.studentDashboard, patterns.myCourses];

/** The id of the `<script type="application/json">` holding a server-rendered page's API state. */
export const API_STATE_ELEMENT_ID = 'api-state';
