/**
 * `npm run bench:provider`: how fast the local provider answers, measured, not tested (not part
 * of `npm test`). Starts a fresh provider in this process on a temporary data folder (the demo
 * data, production password hashing, loopback only), then with autocannon measures requests per
 * second and the 99th-percentile latency of the course list, one course and a logged-in
 * student's dashboard, first alone and then while a flood of wrong-password logins runs from the
 * same address (after a 2-second first burst of that flood, reported on its own: the address's
 * first failures are real password checks). Prints one table and removes the data folder.
 *
 * Then the whole-list scenario of issue 19 on a second fresh provider with a large catalogue
 * (BENCH_CATALOGUE_COURSES generated courses): the first whole-list call (which builds the cached
 * list), a `limit=12` page measured alone, then measured while eight connections keep asking for
 * the whole list (plain JSON, then brotli), each caller in a worker thread. The goal: the page's
 * p99 stays under 50 ms.
 *
 * Options (environment):
 * - BENCH_SECONDS: seconds per measurement (default 5; six measurements, the burst and a pause: about 40 s)
 * - BENCH_CONNECTIONS: connections of each measured endpoint (default 10)
 * - BENCH_FLOOD_CONNECTIONS: connections of the login flood (default 50)
 * - BENCH_CATALOGUE_COURSES: generated courses of the whole-list scenario (default 5000; 0 skips it)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoLogins } from '../provider/src/demo';
import { buildProvider } from '../provider/src/server';

const seconds = positive(process.env.BENCH_SECONDS, 5);
const connections = positive(process.env.BENCH_CONNECTIONS, 10);
const floodConnections = positive(process.env.BENCH_FLOOD_CONNECTIONS, 50);
const catalogueCourses = process.env.BENCH_CATALOGUE_COURSES === '0' ? 0 : positive(process.env.BENCH_CATALOGUE_COURSES, 5000);
/** The page's p99 the whole-list scenario must stay under. */
const pageGoalMs = 50;

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

interface Figures {
  rps: number;
  p99: number;
  non2xx: number;
}

interface Cookies {
  header: string;
  xsrf: string;
}

/** Logs the demo student in as the app does (XSRF cookie first), answering the cookies and the student id. */
async function logIn(base: string): Promise<{ cookies: Cookies; studentId: number }> {
  const first = await fetch(`${base}/api/category/`);
  const xsrf = cookieValue(first, 'XSRF-TOKEN');
  const form = new FormData();
  form.append('email', demoLogins.student.email);
  form.append('password', demoLogins.student.password);
  const login = await fetch(`${base}/api/student-login`, {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: form,
  });
  const answer = (await login.json()) as { bool: boolean; student_id: number };
  if (!answer.bool) throw new Error(`The demo student could not log in: ${JSON.stringify(answer)}`);
  const session = cookieValue(login, 'student_session');
  return { cookies: { header: `XSRF-TOKEN=${xsrf}; student_session=${session}`, xsrf }, studentId: answer.student_id };
}

function cookieValue(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!cookie) throw new Error(`No ${name} cookie from ${response.url}`);
  return cookie.slice(name.length + 1).split(';')[0] as string;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * Wrong-password logins, each for another e-mail address, from this one address, for as long as
 * a measurement runs; answers how many were refused with 429 and how many were checked (200).
 */
function flood(base: string, cookies: Cookies, duration = seconds) {
  const boundary = 'bench-flood-boundary';
  let sequence = 0;
  const body = () => {
    sequence += 1;
    return [
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nflood-${sequence}@example.org\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nnot-the-password\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
  };
  return autocannon({
    url: `${base}/api/student-login`,
    connections: floodConnections,
    duration,
    requests: [
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: `XSRF-TOKEN=${cookies.xsrf}`,
          'x-xsrf-token': cookies.xsrf,
        },
        setupRequest: (request) => ({ ...request, body: body() }),
      },
    ],
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-bench-'));
  // Production settings but the data folder: real password hashing, no outbox, no logs.
  const app = await buildProvider({ dataDir, demo: true, logMail: false, logger: false, devMode: false, scryptCost: 16384 });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { cookies, studentId } = await logIn(base);
    const courses = (await (await fetch(`${base}/api/course/`)).json()) as { id: number }[];
    const endpoints: { name: string; url: string; headers?: Record<string, string> }[] = [
      { name: 'GET course/', url: `${base}/api/course/` },
      { name: 'GET course/{id}', url: `${base}/api/course/${courses[0]!.id}` },
      {
        name: 'GET student/dashboard/{id} (logged in)',
        url: `${base}/api/student/dashboard/${studentId}`,
        headers: { cookie: cookies.header },
      },
    ];
    console.info(
      `Provider at ${base}; ${seconds} s per measurement, ${connections} connections, flood ${floodConnections} connections.`,
    );

    // The address's first fifty failures are checked (hashed) before it must wait: a first burst,
    // reported on its own, after which the measurements see the flood in its steady state.
    const burst = await flood(base, cookies, 2);
    console.info(
      `First 2 s of the flood: ${burst.statusCodeStats?.['200']?.count ?? 0} logins checked (hashed), ` +
        `${burst.statusCodeStats?.['429']?.count ?? 0} refused with 429.`,
    );
    // Password checks the burst left running finish before anything is measured.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const rows = [];
    let refused = 0;
    let checked = 0;
    for (const endpoint of endpoints) {
      const alone = await measure(endpoint.url, endpoint.headers);
      const [during, flooding] = await Promise.all([measure(endpoint.url, endpoint.headers), flood(base, cookies)]);
      refused += flooding.statusCodeStats?.['429']?.count ?? 0;
      checked += flooding.statusCodeStats?.['200']?.count ?? 0;
      rows.push({
        endpoint: endpoint.name,
        'req/s': Math.round(alone.rps),
        'p99 ms': alone.p99,
        'req/s (flood)': Math.round(during.rps),
        'p99 ms (flood)': during.p99,
        'kept': `${Math.round((during.rps / alone.rps) * 100)} %`,
        'non-2xx': alone.non2xx + during.non2xx,
      });
    }
    console.table(rows);
    console.info(
      `Login flood: ${refused} answered 429 (no password hashed), ${checked} checked (wrong password, 200) over ${
        endpoints.length * seconds
      } s from one address.`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How many bytes the answer to a GET has on the wire (fetch would decompress them). */
function sentBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve(length));
      })
      .on('error', reject);
  });
}

/**
 * Eight whole-list callers against one `limit=12` caller on a catalogue of `catalogueCourses`
 * generated courses: the page's p99 alone and beside them, plain and brotli.
 */
async function wholeListScenario(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-bench-catalogue-'));
  const app = await buildProvider({ dataDir, demo: true, logMail: false, logger: false, devMode: false, seedCourses: catalogueCourses });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const whole = `${base}/api/course/`;
    const page = `${base}/api/course/?limit=12&offset=24`;
    const started = performance.now();
    const first = await fetch(whole, { headers: { 'accept-encoding': 'identity' } });
    const bytes = (await first.arrayBuffer()).byteLength;
    const firstMs = performance.now() - started;
    const total = Number(first.headers.get('x-total-count'));
    const brotliBytes = await sentBytes(whole, { 'accept-encoding': 'br' });
    console.info(
      `\nWhole list at ${total} courses: first call (builds the cached list) ${Math.round(firstMs)} ms, ` +
        `${(bytes / 1e6).toFixed(1)} MB plain, ${Math.round(brotliBytes / 1e3)} KB in brotli.`,
    );
    // The callers run in worker threads: the provider's thread is the provider's alone, as in production.
    const pageAlone = await autocannon({ url: page, connections: 1, duration: seconds, workers: 1 });
    const rows: Record<string, string | number>[] = [
      { scenario: 'limit=12 page alone (1 connection)', 'page req/s': Math.round(pageAlone.requests.average), 'page p99 ms': pageAlone.latency.p99 },
    ];
    for (const encoding of ['identity', 'br']) {
      const [pageDuring, wholeDuring] = await Promise.all([
        autocannon({ url: page, connections: 1, duration: seconds, workers: 1 }),
        autocannon({
          url: whole,
          connections: 8,
          duration: seconds,
          workers: 1,
          headers: { 'accept-encoding': encoding },
        }),
      ]);
      rows.push({
        scenario: `limit=12 page beside 8 whole-list callers (${encoding === 'br' ? 'brotli' : 'plain'})`,
        'page req/s': Math.round(pageDuring.requests.average),
        'page p99 ms': pageDuring.latency.p99,
        'whole list req/s': Math.round(wholeDuring.requests.average),
        'whole list p99 ms': wholeDuring.latency.p99,
        'whole list MB/s': Math.round(wholeDuring.throughput.average / 1e6),
        'non-2xx': pageDuring.non2xx + wholeDuring.non2xx,
      });
    }
    console.table(rows);
    const worst = Math.max(...rows.slice(1).map((row) => Number(row['page p99 ms'])));
    console.info(`Page p99 beside the whole-list callers: ${worst} ms (goal: under ${pageGoalMs} ms: ${worst < pageGoalMs ? 'met' : 'NOT met'}).`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then(() => (catalogueCourses > 0 ? wholeListScenario() : undefined))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
