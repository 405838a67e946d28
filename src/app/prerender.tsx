/**
 * The build's prerender entry (webpack's `prerender` configuration bundles it for Node; see
 * scripts/prerender.ts): each public page that needs no data as HTML, with the critical CSS
 * Emotion collected while rendering it; and the pages that need the provider's data, rendered per
 * request with it by the served build (scripts/serve-dist.ts).
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer, { type EmotionServer } from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, type RouteObject, StaticRouter } from 'react-router-dom';
import { api, classifyError, type Course, type LessonType, lessonsApi } from '@/api';
import { ServerCompactLayout } from '@/components/useCompactLayout';
import { apiBaseUrl, type ServerRender, setServerRender } from '@/config/env';
import { paths, patterns } from '@/config/paths';
import { BookLessons } from '@/features/lessons/booking/BookLessons';
import { DAYS_AHEAD } from '@/features/lessons/FreeTimesPicker';
import { POPULAR_COURSES_ON_HOME } from '@/features/site/home/PopularCoursesSection';
import { sessionsSynced } from '@/features/session/sessionSlices';
import { loggedOutSession } from '@/features/session/sessionState';
import { BASE_STYLES_ATTRIBUTE, EMOTION_CACHE_KEY, RENDERED_STYLES_ATTRIBUTE } from './emotionCache';
import { AppProviders } from './providers';
import { renderPage } from './renderPage';
import { routes } from './routes';
import { type AppStore, makeStore } from './store';
import { theme } from './theme';

export { API_STATE_ELEMENT_ID, dataPages, NOT_FOUND_PATH, prerenderedPages, studentPages } from './prerenderedPages';

export interface PrerenderedHtml {
  html: string;
  title: string | null;
  /** The status its screen asked for: 404 for a "not found" screen, else 200. */
  status: number;
  /** `<style>` tags: the page's CSS, global styles first (`styleTagsOf`). */
  styleTags: string;
}

export interface DataPageHtml extends PrerenderedHtml {
  /** The `api` state the page was rendered with, for the browser's store (`apiStateRestored`). */
  apiState: unknown;
}

/** Server renders start their calls while rendering; at build time they stay pending: skeletons. */
const noDataAtBuildTime: ServerRender = { origin: 'http://build.invalid', fetch: () => new Promise<Response>(() => undefined) };

/** Calls that start only once an earlier one answered (a list, then its pieces) get this many rounds. */
const MAX_RENDER_PASSES = 3;

/**
 * Renders something once into an Emotion cache of its own, for its classes only (its HTML goes):
 * the server instance makes the cache keep the rules instead of rendering them inline.
 */
async function stylesOf(render: (wrap: (app: ReactElement) => ReactElement) => Promise<unknown>): Promise<EmotionCache> {
  const cache = createCache({ key: EMOTION_CACHE_KEY });
  createEmotionServer(cache);
  await render((app) => <CacheProvider value={cache}>{app}</CacheProvider>);
  return cache;
}

/** The rules a cache made, in the order it made them. */
const rulesOf = (cache: EmotionCache) => Object.values(cache.inserted).filter((css) => typeof css === 'string').join('');

/** `make`'s promise, made at the first call and kept (made again after a failure). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

/** CssBaseline's rules: the same on every page. */
const baseStylesOf = once(() =>
  stylesOf((wrap) =>
    prerender(
      wrap(
        <ThemeProvider theme={theme}>
          <CssBaseline />
        </ThemeProvider>,
      ),
    ),
  ),
);

/**
 * The page's style tags: CssBaseline's (the app leaves it out where they are), the Global
 * components' (which Emotion hydrates, and removes with them), and one tag of every class and
 * keyframes the render made, which the browser's cache adopts where it stands (`createEmotionCache`).
 * That tag names the classes the page's HTML carries and also those no element carries: the inner
 * classes of composed components (MUI's Link is `styled(Typography)`: Link's own rules get a class
 * of their own, merged into the one the element carries). So hydration neither serialises and
 * inserts them again in one long commit nor moves the tags (docs/performance.md).
 */
function styleTagsOf(cache: EmotionCache, emotion: EmotionServer, html: string, base: EmotionCache): string {
  const { styles } = emotion.extractCriticalToChunks(html);
  const sent = new Set(styles.flatMap((chunk) => chunk.ids));
  const composedOnly = Object.keys(cache.inserted).filter(
    (id) => !sent.has(id) && cache.registered[`${cache.key}-${id}`] !== undefined && typeof cache.inserted[id] === 'string',
  );
  const adopted = styles.filter((chunk) => chunk.key === cache.key || chunk.ids.every((id) => id.startsWith('animation-')));
  const globals = styles.filter((chunk) => !adopted.includes(chunk) && chunk.css !== '');
  const names = [...adopted.flatMap((chunk) => chunk.ids), ...composedOnly];
  const css = [...adopted.map((chunk) => chunk.css), ...composedOnly.map((id) => cache.inserted[id])].join('');
  return [
    `<style ${BASE_STYLES_ATTRIBUTE}>${rulesOf(base)}</style>`,
    emotion.constructStyleTagsFromChunks({ html: '', styles: globals }),
    `<style ${RENDERED_STYLES_ATTRIBUTE}="${names.join(' ')}">${css}</style>`,
  ].join('');
}

async function renderWithStyles(url: string, store?: AppStore, compact = false): Promise<PrerenderedHtml> {
  const cache = createCache({ key: EMOTION_CACHE_KEY });
  // Before rendering: the server instance makes the cache collect the CSS instead of inlining it.
  const emotion = createEmotionServer(cache);
  const wrap = (app: ReactElement) => (
    <CacheProvider value={cache}>
      <ServerCompactLayout.Provider value={compact}>{app}</ServerCompactLayout.Provider>
    </CacheProvider>
  );
  const { html, title, status } = await renderPage(url, wrap, store);
  const pathname = new URL(url, 'http://localhost').pathname;
  const samples = Object.entries(styleSamples).find(([pattern]) => matchPath(pattern, pathname));
  if (samples) {
    // Only their classes are kept (styleTagsOf sends every class the cache holds).
    const sampled = await samples[1]();
    Object.assign(cache.inserted, sampled.inserted);
    Object.assign(cache.registered, sampled.registered);
  }
  return { html, title, status, styleTags: styleTagsOf(cache, emotion, html, await baseStylesOf()) };
}

/**
 * The teacher page's Lessons section, rendered once with samples (two lesson types, free times on
 * two days, reviews) for its classes: the section renders in the browser only (it needs the
 * viewer's zone) once the page is idle, and serialising and inserting its rules then (about 190)
 * made the page's longest task, and a restyle of the whole page after it.
 */
function lessonsSectionStyles(): Promise<EmotionCache> {
  return stylesOf(async (wrap) => {
    const store = makeStore();
    const teacherId = 1;
    const day = (offset: number, hour: number) => new Date(Date.UTC(2026, 0, 5 + offset, hour)).toISOString();
    const lessonType: Omit<LessonType, 'id' | 'free_trial'> = { teacher_id: teacherId, title: 'Sample', minutes: 25, price: '10.00', languages: ['English'] };
    await Promise.all([
      store.dispatch(
        lessonsApi.util.upsertQueryData('getTeacherLessons', { teacherId }, {
          teacher_id: teacherId,
          time_zone: 'UTC',
          min_notice_hours: 12,
          cancellation_hours: 24,
          weekly_hours: [],
          days_off: [],
          lesson_types: [
            { ...lessonType, id: 1, free_trial: false },
            { ...lessonType, id: 2, free_trial: true, price: '0.00' },
          ],
        }),
      ),
      store.dispatch(
        lessonsApi.util.upsertQueryData('getTeacherFreeTimes', { teacherId, minutes: 25, days: DAYS_AHEAD }, {
          time_zone: 'UTC',
          minutes: 25,
          times: [day(0, 9), day(0, 10), day(1, 9)].map((start) => ({ start, end: new Date(Date.parse(start) + 25 * 60_000).toISOString() })),
        }),
      ),
      store.dispatch(
        lessonsApi.util.upsertQueryData('getTeacherLessonReviews', { teacherId }, {
          lessons_given: 2,
          rating_average: 4.5,
          rating_count: 2,
          reviews: [{ rating: 4, comment: 'Sample', student_name: 'Sample', rated_at: day(0, 9) }],
        }),
      ),
    ]);
    await prerender(
      wrap(
        <AppProviders store={store} baseStyles={false}>
          <StaticRouter location="/">
            <BookLessons teacherId={teacherId} />
          </StaticRouter>
        </AppProviders>,
      ),
    );
  });
}

/** Two course cards with each optional part between them: rated and not, a teacher with and without a photo, free and priced. */
const sampleCourses: Course[] = [1, 2].map((id) => ({
  id,
  title: 'Sample',
  languages: 'English',
  price: id === 1 ? 20 : null,
  featured_img: null,
  category: { id, title: 'Sample' },
  teacher: { id, full_name: 'Sample', profile_img: id === 1 ? '/media/sample.jpg' : null },
  course_chapters: [],
  related_videos: [],
  course_rating: id === 1 ? 3.5 : null,
}));

/**
 * The home page's popular courses and figures, rendered with samples for their rows' classes: on
 * the prerendered page (the fallback of the one rendered with them, decision 0045) those sections
 * are skeletons, and the browser shows them once it has them.
 */
function homeStyles(): Promise<EmotionCache> {
  return stylesOf(async (wrap) => {
    const store = makeStore();
    await Promise.all([
      store.dispatch(api.util.upsertQueryData('listCourses', { result: POPULAR_COURSES_ON_HOME }, { items: sampleCourses, total: sampleCourses.length })),
      store.dispatch(api.util.upsertQueryData('getCatalogueCounts', undefined, { courses: 2, teachers: 2, students: 2, languages: [{ language: 'English', courses: 2 }] })),
    ]);
    await renderPage(paths.home, wrap, store);
  });
}

/**
 * What a page draws only in the browser, rendered with samples: their classes join the page's
 * style tags, so that the browser's first render of the real thing, after hydration, makes and
 * inserts no style in one long task (docs/performance.md). By route pattern; each rendered once.
 */
const styleSamples: Record<string, () => Promise<EmotionCache>> = {
  [patterns.home]: once(homeStyles),
  [patterns.teacherDetail]: once(lessonsSectionStyles),
};

export async function prerenderPage(url: string): Promise<PrerenderedHtml> {
  setServerRender(noDataAtBuildTime);
  try {
    return await renderWithStyles(url);
  } finally {
    setServerRender(null);
  }
}

/**
 * A visitor's first view of a page that needs the provider's data, with that data: renders again
 * while the last render started calls (after they answered); the last render is the HTML, with
 * the status its screen asked for (404 for a course that does not exist). Throws when a call
 * failed other than with 404 (the server then sends the shell). One render at a time (the render's
 * origin and fetch are the module's while it runs).
 */
export async function renderDataPage(url: string, render: ServerRender, student: { id: number; compact: boolean } | null = null): Promise<DataPageHtml> {
  setServerRender(render);
  try {
    const store = makeStore();
    if (student !== null) store.dispatch(sessionsSynced({ student: { loggedIn: true, id: student.id }, teacher: loggedOutSession }));
    const compact = student?.compact ?? false;
    const apiStateNow = () => store.getState()[api.reducerPath];
    // The state the last render started from: what the browser hydrates with. (A render also
    // retries the calls that failed, as a query hook does when it mounts; the page shows the
    // failure it rendered, e.g. "Course not found", and the retries' answers are not sent.)
    let renderedWith = apiStateNow();
    let page = await renderWithStyles(url, store, compact);
    for (let pass = 1; pass < MAX_RENDER_PASSES; pass += 1) {
      const startedNew = Object.keys(apiStateNow().queries).some((key) => renderedWith.queries[key] === undefined);
      if (!startedNew) break;
      await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
      renderedWith = apiStateNow();
      page = await renderWithStyles(url, store, compact);
    }
    // A page of "not found" is a page; a fault is better left to the browser, which can retry.
    const faults = Object.values(renderedWith.queries).filter(
      (query) => query?.status === 'rejected' && classifyError(query.error).kind !== 'notFound',
    );
    // Retries still running would otherwise answer during the next page's render.
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    if (faults.length > 0) throw new Error(`${url}: ${faults.length} provider call(s) failed`);
    return { ...page, apiState: renderedWith };
  } finally {
    setServerRender(null);
  }
}

export interface StudentPageHtml extends DataPageHtml {
  /** The student it was rendered for, whom the browser's session must name to show it. */
  studentId: number;
}

/**
 * A student's first screen (`studentPages`) as that student sees it (decision 0041): the provider
 * names the student whose session `render`'s calls carry (`getStudentSession`), then the page is
 * rendered as a data page with that session, laid out for a narrow window when `compact`. Throws without a session, or on a provider without
 * the call (the server then sends the shell).
 */
export async function renderStudentPage(url: string, render: ServerRender, compact: boolean): Promise<StudentPageHtml> {
  setServerRender(render);
  let answer: Response;
  try {
    answer = await render.fetch(new URL('student-session/', apiBaseUrl()).href);
  } finally {
    setServerRender(null);
  }
  if (!answer.ok) throw new Error(`${url}: the provider answered ${answer.status} for the student's session`);
  const studentId = (await answer.json() as { student_id?: unknown }).student_id;
  if (typeof studentId !== 'number' || !Number.isInteger(studentId) || studentId < 1) throw new Error(`${url}: the provider named no student`);
  return { ...(await renderDataPage(url, render, { id: studentId, compact })), studentId };
}

/** Every route pattern of the app (`/detail/:course_id`, `*`), for the server to tell known routes from unknown ones. */
export function routePatterns(tree: RouteObject[] = routes, parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined || route.index ? [own || '/'] : [];
    return [...here, ...routePatterns(route.children ?? [], own)];
  });
}
