import { matchPath, type RouteObject } from 'react-router-dom';
import { api, type CourseProgress } from '@/api';
import { EARLY_READS_GLOBAL, setEarlyReadSource } from '@/config/env';
import { selectStudentId } from '@/features/session/sessionSlices';
import { type EarlyRead, earlyReadsByRoute, type StartedRead } from './earlyReadRoutes';
import { resolveLazyRoutes } from './resolveLazyRoutes';
import type { AppStore } from './store';

/**
 * An early read is taken only this soon after it was sent: it stands for the first screen's
 * reads, made while the app's code was on its way, never for a later one (after a change the
 * student made, say).
 */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/** The longest the first render waits for the reads once the screen's code is there. */
export const PRIME_GRACE_MS = 250;

/** The subscriptions the priming holds, until the screens have subscribed themselves. */
const HOLD_MS = 10_000;

type StartedReads = Record<string, StartedRead>;

function startedReads(): StartedReads | undefined {
  return (window as unknown as Record<string, StartedReads | undefined>)[EARLY_READS_GLOBAL];
}

/**
 * The answer to `request` if the shell's script asked for it already: the same URL, a GET, not
 * taken before (each is taken once) and not older than EARLY_READ_MAX_AGE_MS. When that early
 * read fails or is not a success, the request is sent afresh, as if there had been none.
 * Null when there is no such read: the caller sends the request itself.
 */
export function takeEarlyRead(request: Request, reads: StartedReads | undefined = startedReads(), now = Date.now()): Promise<Response> | null {
  if (reads === undefined || request.method !== 'GET') return null;
  const started = reads[request.url];
  if (started === undefined) return null;
  delete reads[request.url];
  if (now - started.at > EARLY_READ_MAX_AGE_MS) return null;
  return started.response.then(
    (response) => (response.ok ? response : fetch(request)),
    () => fetch(request),
  );
}

/**
 * The course of the dashboard's 'Continue learning' card: the progress saved most recently among
 * those with a chapter to continue (the card's own rule, in ContinueLearningCard.tsx). The card
 * reads it once the progress has rendered, and grows when it comes; read it as soon as the
 * progress is here instead, so the first render has it.
 */
function lastWatchedCourse(progress: readonly CourseProgress[]): number | undefined {
  let latest: CourseProgress | undefined;
  for (const entry of progress) {
    if (entry.last_chapter !== null && (latest === undefined || (entry.updated_at ?? '') > (latest.updated_at ?? ''))) latest = entry;
  }
  return latest?.course;
}

type Query = ReturnType<AppStore['dispatch']> & Promise<unknown> & { unsubscribe: () => void };

/** The reads that follow from the first ones: the dashboard's 'Continue learning' course. */
function followUps(store: AppStore, queries: Query[], reads: readonly EarlyRead[]): Promise<unknown>[] {
  const index = reads.findIndex((read) => read.endpoint === 'listStudentProgress');
  if (index < 0 || !reads.some((read) => read.endpoint === 'getStudentDashboard')) return [];
  return [
    (queries[index] as Promise<{ data?: CourseProgress[] }>).then(({ data }) => {
      const courseId = lastWatchedCourse(data ?? []);
      if (courseId === undefined) return undefined;
      const course = store.dispatch(api.endpoints.getCourse.initiate({ courseId }));
      queries.push(course as unknown as Query);
      return course;
    }),
  ];
}

/**
 * Makes the app's provider calls take the shell's early reads (takeEarlyRead), and starts the
 * queries of the first screen at `pathname` for the logged-in student, so that they are answered
 * from those reads. `ready` settles when they are answered (failed or not), or after `graceMs`
 * once `codeReady` has settled, whichever is first: the first render then has the data, and
 * never waits long for it. `release()` lets the queries go once the screens hold their own.
 */
export function primeEarlyReads(store: AppStore, pathname: string, codeReady: Promise<unknown>, graceMs = PRIME_GRACE_MS) {
  setEarlyReadSource((request) => takeEarlyRead(request));
  const studentId = selectStudentId(store.getState());
  const reads = (studentId !== null && Object.entries(earlyReadsByRoute).find(([pattern]) => matchPath({ path: pattern, end: true }, pathname))?.[1]) || [];
  const queries = reads.map(
    ({ endpoint }) => store.dispatch((api.endpoints[endpoint] as typeof api.endpoints.getStudent).initiate({ studentId: studentId as number })) as unknown as Query,
  );
  const answered = Promise.allSettled([...queries, ...followUps(store, queries, reads)]);
  const wait = () => new Promise<void>((resolve) => setTimeout(resolve, graceMs));
  const grace = codeReady.then(wait, wait);
  return {
    ready: Promise.race([answered, grace]).then(() => undefined),
    release: () => {
      setTimeout(() => {
        for (const query of queries) query.unsubscribe();
      }, HOLD_MS);
    },
  };
}

/**
 * The start of a screen whose reads the shell started (a logged-in student opening their area):
 * loads the screen's code and primes its queries on those reads (primeEarlyReads); resolves when
 * both are there (the reads at most PRIME_GRACE_MS after the code), so the first render shows the
 * data instead of a skeleton, then the data. Rejects when the code did not load: the router then
 * asks for it again, and shows its error page if it must.
 */
export async function startEarlyReads(store: AppStore, routes: RouteObject[]) {
  const { pathname } = window.location;
  const codeReady = resolveLazyRoutes(routes, pathname);
  const early = primeEarlyReads(store, pathname, codeReady);
  await Promise.all([codeReady, early.ready]);
  return early;
}
