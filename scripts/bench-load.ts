/**
 * `npm run bench:load`: a busy academy on this machine, measured, not tested (not part of `npm
 * test`; test/provider/bench-load.test.ts runs its core with tiny numbers so it cannot rot).
 *
 * Seeds a fresh provider's data folder (loopback only) with 5,000 courses (two chapters each),
 * 20,000 students (two courses each) and 2,000 conversations, one of 10,000 messages, straight
 * into its database with multi-row INSERTs through the provider's data layer (sessions too, stored
 * hashed as the provider stores them: no password is hashed), then starts INSTANCES provider
 * processes on that database and the build's render server (scripts/serve-dist.ts) as child
 * processes and, for BENCH_LOAD_SECONDS, runs at the same time:
 * - 1,000 logged-in students asking for their unread counts every 30 s (`getStudentUnreadMessages`,
 *   with `If-None-Match` once they have an ETag: a 304 counts as an answer);
 * - 200 open conversations (half opened by the student, half by the teacher; the one of 10,000
 *   messages among them), first opened with `get-messages?limit=50`, then asking every 5 s for
 *   what came `after` the newest message they have; one new message a second across them, sent by
 *   either party with their session and XSRF header;
 * - 50 visitors loading data pages through the render server (a course, a teacher, a category, the
 *   lists), one every 10 s each (a page that comes back as the shell is counted as such);
 * - 20 students saving their place in a chapter every 10 s (`saveChapterProgress`).
 * Each user's first call is spread evenly over its period. Clients are Node's http with keep-alive
 * agents, a few connections per kind and instance (as browsers multiplex), asking for brotli or
 * gzip; with several instances each API call goes to the next instance in turn (round-robin per
 * request, as a load balancer would). Latency is from the request to the answer's last byte, bytes
 * are the bodies as sent (compressed).
 * Then the same at BENCH_LOAD_SCALE times the users (and messages a second), each run on a fresh
 * copy of the seeded folder (and database). Prints, per kind of call, p50/p99/max latency, requests
 * and KB a second, 304s, shells and errors (non-2xx/304 answers and network errors); the CPU of
 * each provider instance and their sum, the PostgreSQL server when it runs on this machine (its
 * postmaster and backends), the render server (all its threads), this load generator and the
 * machine's other processes (a Redis among them; from /proc, % of one core); how each figure grows;
 * and the goals: no errors, API p99 under 50 ms and data pages p99 under 300 ms at 1×, and every
 * p99 at most 3× its 1× value.
 *
 * Options (environment):
 * - DATABASE_URL: unset, SQLite in each run's copy of the seeded folder (as `npm start`); a
 *   postgres:// URL, that server: the seed goes into a database of the bench's own, and each run
 *   gets a fresh copy of it (`CREATE DATABASE … TEMPLATE`, the analogue of copying the folder); all
 *   are dropped at the end. Its user must be allowed to create databases.
 * - BENCH_POSTGRES=1: instead of DATABASE_URL, a throwaway PostgreSQL server of the bench's own
 *   (scripts/postgres.ts; durable, as the SQLite provider is), stopped and removed at the end
 * - INSTANCES: provider processes on the one database (default 1), with one data and media folder
 *   (MEDIA_DIR) and, when more than one, REDIS_URL or else a redis-server the bench starts itself
 * - The render server gets every instance (a comma-joined PROVIDER_URL, which it round-robins)
 * - BENCH_LOAD_SECONDS: seconds of load per run (default 60)
 * - BENCH_LOAD_SCALE: the users of the second run, in times the first (default 4; 1 runs only 1×)
 * - BENCH_SKIP_BUILD=1: use the build in dist/ (built when missing); DIST_DIR, RENDER_BUNDLE: another build
 * - BENCH_LOAD_KEEP=1: keep the temporary folder (seeded data, each run's copy, the servers' logs)
 *   and the PostgreSQL databases (on a DATABASE_URL server; a BENCH_POSTGRES server goes regardless)
 * - RENDER_WORKERS, RENDER_QUEUE, RENDER_TIMEOUT_MS: the render server's pool (scripts/serve-dist.ts)
 * The conversations all open in the first 5 s (their first poll), so that row measures a burst
 * (40 a second at 1×, 160 at 4×) and the other rows feel it in their p99.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { randomToken, sha256 } from '../provider/src/auth';
import { databaseLocation, openData, type Queries } from '../provider/src/database';
import { buildProvider } from '../provider/src/server';
import { type RunningRedis, startRedis } from '../test/provider/redisServer';
import { freePort, startLocalProvider, stopProcess, waitForProvider } from './localProvider';
import { type LocalPostgres, startLocalPostgres } from './postgres';

const repoRoot = path.resolve(__dirname, '..');

/** How big the seeded academy is. */
export interface AcademySizes {
  /** Generated courses (the provider's catalogue seed: a teacher per 25), two chapters each. */
  courses: number;
  /** Students, each enrolled in two courses, each with a session. */
  students: number;
  /** Teacher-student conversations (a pair sharing a course). */
  conversations: number;
  /** Messages of the first conversation (the long one). */
  longConversationMessages: number;
  /** Messages of every other conversation. */
  messagesPerConversation: number;
}

export const academySizes: AcademySizes = {
  courses: 5000,
  students: 20_000,
  conversations: 2000,
  longConversationMessages: 10_000,
  messagesPerConversation: 10,
};

interface User {
  id: number;
  /** The session cookie's value (the provider keeps its SHA-256). */
  session: string;
  xsrf: string;
}

/** What the seed made, with the sessions the workload logs in with. */
export interface Academy {
  dataDir: string;
  /** The seeded PostgreSQL database; undefined: the data folder's SQLite file. */
  databaseUrl?: string;
  students: User[];
  conversations: { teacher: User; student: User }[];
  /** For each student (by index in `students`), a chapter of one of their courses and its length in seconds. */
  chapters: { id: number; seconds: number }[];
  courseIds: number[];
  teacherIds: number[];
  categorySlugs: string[];
}

/** Rows a multi-row INSERT carries: a few hundred, far below either engine's limit of parameters (SQLite 32,766, PostgreSQL 65,535). */
const rowsPerInsert = 500;

/**
 * Inserts `rows` into `table` with multi-row INSERTs of `rowsPerInsert` rows, the same SQL on both
 * engines; with `returning`, answers those columns of every row inserted (in no promised order:
 * match them by a column of their own, not by position).
 */
async function insertRows<Row = never>(queries: Queries, table: string, columns: string[], rows: unknown[][], returning?: string): Promise<Row[]> {
  const inserted: Row[] = [];
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const values = rows.slice(start, start + rowsPerInsert).map((row) => sql`(${sql.join(row)})`);
    const insert = sql<Row>`INSERT INTO ${sql.raw(table)} (${sql.raw(columns.join(', '))}) VALUES ${sql.join(values)}${returning ? sql.raw(` RETURNING ${returning}`) : sql``}`;
    if (returning) inserted.push(...(await queries.all(insert)));
    else await queries.run(insert);
  }
  return inserted;
}

/**
 * Seeds `dataDir` and its database (the data folder's SQLite file, or `databaseUrl`: an empty
 * PostgreSQL database): the provider's own seed (its schema, the demo academy and `sizes.courses`
 * generated courses), then, in one transaction through the provider's data layer (the same SQL on
 * both engines), the chapters, students, enrolments, conversations and sessions. The folder (and
 * the database, as a template) can then be copied for each run.
 */
export async function prepareAcademy(dataDir: string, sizes: AcademySizes, { databaseUrl }: { databaseUrl?: string } = {}): Promise<Academy> {
  // '' rather than undefined: DATABASE_URL and REDIS_URL of this process must not choose for the seed.
  const provider = await buildProvider({ dataDir, databaseUrl: databaseUrl ?? '', redisUrl: '', demo: true, seedCourses: sizes.courses, logMail: false, logger: false, devMode: false });
  await provider.close();
  const data = await openData(databaseLocation(databaseUrl, path.join(dataDir, 'provider.sqlite')));
  try {
    const createdAt = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    return await data.queries.transaction(async (queries) => {
      const generated = await queries.all(
        sql<{ id: number; teacher_id: number }>`SELECT c.id, c.teacher_id FROM courses c JOIN teachers t ON t.id = c.teacher_id
         WHERE t.email LIKE 'catalogue-teacher-%@academy.test' ORDER BY c.id`,
      );
      if (generated.length < 2) throw new Error(`The catalogue seed made ${generated.length} courses: at least 2 are needed.`);
      const demoChapter = await queries.one(
        sql<{ video: string | null; captions: string | null; duration_seconds: number }>`SELECT video, captions, duration_seconds FROM chapters WHERE duration_seconds IS NOT NULL ORDER BY id LIMIT 1`,
      );
      const chapterSeconds = demoChapter?.duration_seconds ?? 600;

      const chapterRows = generated.flatMap((course) =>
        [1, 2].map((part) => [course.id, `Part ${part}`, `Part ${part} of the course.`, demoChapter?.video ?? null, '', createdAt, demoChapter?.duration_seconds ?? null, demoChapter?.captions ?? null]),
      );
      const insertedChapters = await insertRows<{ id: number; course_id: number; title: string }>(
        queries,
        'chapters',
        ['course_id', 'title', 'description', 'video', 'remarks', 'created_at', 'duration_seconds', 'captions'],
        chapterRows,
        'id, course_id, title',
      );
      const firstChapter = new Map(insertedChapters.filter((chapter) => chapter.title === 'Part 1').map((chapter) => [chapter.course_id, chapter.id]));

      const emails = Array.from({ length: sizes.students }, (_, index) => `load-student-${index + 1}@academy.test`);
      const insertedStudents = await insertRows<{ id: number; email: string }>(
        queries,
        'students',
        ['full_name', 'email', 'password_hash', 'verified', 'created_at'],
        emails.map((email, index) => [`Load Student ${index + 1}`, email, '!', 1, createdAt]),
        'id, email',
      );
      const studentIds = new Map(insertedStudents.map((student) => [student.email, student.id]));

      const sessionRows: unknown[][] = [];
      const session = (role: 'student' | 'teacher', id: number): User => {
        const token = randomToken();
        sessionRows.push([sha256(token), role, id, createdAt, expiresAt]);
        return { id, session: token, xsrf: randomToken(16) };
      };
      const students: User[] = [];
      const chapters: Academy['chapters'] = [];
      const firstCourseOf: { id: number; teacher_id: number }[] = [];
      const enrolmentRows: unknown[][] = [];
      emails.forEach((email, index) => {
        const id = studentIds.get(email) as number;
        const first = generated[index % generated.length] as { id: number; teacher_id: number };
        const second = generated[(index * 7 + 3) % generated.length] as { id: number; teacher_id: number };
        enrolmentRows.push([first.id, id, createdAt]);
        if (second.id !== first.id) enrolmentRows.push([second.id, id, createdAt]);
        firstCourseOf.push(first);
        chapters.push({ id: firstChapter.get(first.id) as number, seconds: chapterSeconds });
        students.push(session('student', id));
      });
      await insertRows(queries, 'enrollments', ['course_id', 'student_id', 'enrolled_at'], enrolmentRows);

      const teachers = new Map<number, User>();
      const conversations: Academy['conversations'] = [];
      const messageRows: unknown[][] = [];
      const start = Date.parse(createdAt);
      for (let index = 0; index < Math.min(sizes.conversations, students.length); index += 1) {
        const student = students[index] as User;
        const teacherId = (firstCourseOf[index] as { teacher_id: number }).teacher_id;
        if (!teachers.has(teacherId)) teachers.set(teacherId, session('teacher', teacherId));
        conversations.push({ teacher: teachers.get(teacherId) as User, student });
        const count = index === 0 ? sizes.longConversationMessages : sizes.messagesPerConversation;
        for (let message = 0; message < count; message += 1) {
          const from = message % 2 === 0 ? 'student' : 'teacher';
          const at = new Date(start + message * 60_000).toISOString();
          // The teacher's last message of every third conversation is still unread.
          const unread = index % 3 === 0 && message >= count - 2 && from === 'teacher';
          messageRows.push([teacherId, student.id, `Message ${message + 1} of conversation ${index + 1}.`, from, at, unread ? null : at]);
        }
      }
      // Each conversation's messages in order, as they were sent: their ids order them.
      await insertRows(queries, 'messages', ['teacher_id', 'student_id', 'msg_text', 'msg_from', 'msg_time', 'read_at'], messageRows);
      await insertRows(queries, 'sessions', ['token_hash', 'role', 'user_id', 'created_at', 'expires_at'], sessionRows);

      const categorySlugs = (await queries.all(sql<{ title: string }>`SELECT title FROM categories ORDER BY id`)).map(({ title }) =>
        title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      );
      const teacherIds = (await queries.all(sql<{ id: number }>`SELECT id FROM teachers WHERE approved = 1 ORDER BY id`)).map(({ id }) => id);
      return { dataDir, databaseUrl, students, conversations, chapters, courseIds: generated.map((course) => course.id), teacherIds, categorySlugs };
    });
  } finally {
    await data.close();
  }
}

/** How many users of each kind, how often they call, and on how many connections. */
export interface Workload {
  unreadStudents: number;
  unreadPeriodMs: number;
  openConversations: number;
  pollPeriodMs: number;
  /** The first page a conversation opens with (`limit`). */
  openLimit: number;
  messagesPerSecond: number;
  visitors: number;
  visitorPeriodMs: number;
  progressStudents: number;
  progressPeriodMs: number;
  /** Keep-alive connections of each kind of call. */
  connections: Record<Kind, number>;
}

export const kinds = ['unread counts', 'open conversation', 'poll conversation', 'send message', 'data page', 'save progress'] as const;
export type Kind = (typeof kinds)[number];

export const baseWorkload: Workload = {
  unreadStudents: 1000,
  unreadPeriodMs: 30_000,
  openConversations: 200,
  pollPeriodMs: 5000,
  openLimit: 50,
  messagesPerSecond: 1,
  visitors: 50,
  visitorPeriodMs: 10_000,
  progressStudents: 20,
  progressPeriodMs: 10_000,
  connections: { 'unread counts': 4, 'open conversation': 2, 'poll conversation': 4, 'send message': 2, 'data page': 8, 'save progress': 2 },
};

/** `workload` with `scale` times the users, messages a second and connections. */
export function scaled(workload: Workload, scale: number): Workload {
  const times = (value: number) => Math.max(1, Math.round(value * scale));
  return {
    ...workload,
    unreadStudents: times(workload.unreadStudents),
    openConversations: times(workload.openConversations),
    messagesPerSecond: workload.messagesPerSecond * scale,
    visitors: times(workload.visitors),
    progressStudents: times(workload.progressStudents),
    connections: Object.fromEntries(kinds.map((kind) => [kind, times(workload.connections[kind])])) as Record<Kind, number>,
  };
}

/** The figures of one kind of call over a run. */
export interface KindFigures {
  kind: Kind;
  users: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  kilobytesPerSecond: number;
  notModified: number;
  /** Data pages answered with the shell instead of their render. */
  shells: number;
  /** The p99 of the data pages that came rendered (0 for other kinds). */
  renderedP99: number;
  errors: number;
  errorSamples: string[];
}

export interface LoadResult {
  seconds: number;
  rows: KindFigures[];
  /** CPU of each measured process over the run, % of one core. */
  cpu: Record<string, number>;
  /** What the provider answered like: ETags on unread counts, `limit` honoured by get-messages. */
  features: { unreadEtag: boolean; messagesLimit: boolean };
  /** API calls sent to each provider instance (in the order of `providerUrls`). */
  callsPerInstance: number[];
}

export interface LoadTargets {
  /** The provider's instances: each API call goes to the next one in turn (round-robin per request, as a load balancer would). */
  providerUrls: string[];
  /** The render server; without it no data pages are asked for. */
  renderUrl?: string;
  /** The origin the app is served from (sent as `Origin` on writes, as a browser does). */
  appOrigin: string;
  /** CPU seconds used so far by each process to report, read at the start and end of the run. */
  cpu?: Record<string, () => number>;
  /** CPU seconds used so far by the whole machine: what `cpu`'s processes did not use is reported as 'other processes'. */
  machineCpu?: () => number;
}

interface Answer {
  status: number;
  /** Body bytes as sent (compressed). */
  bytes: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP call on a keep-alive agent; the body decompressed when `decode`. */
function call(agent: http.Agent, url: string, options: { method?: string; headers?: Record<string, string>; body?: string; decode?: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: options.method ?? 'GET', headers: { 'accept-encoding': 'br, gzip', ...options.headers }, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (options.decode) chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => {
        let body = Buffer.concat(chunks);
        if (options.decode && body.length > 0) {
          const encoding = response.headers['content-encoding'];
          if (encoding === 'br') body = zlib.brotliDecompressSync(body);
          else if (encoding === 'gzip') body = zlib.gunzipSync(body);
        }
        resolve({ status: response.statusCode ?? 0, bytes, headers: response.headers, body });
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(options.body);
  });
}

class Recorder {
  readonly latencies: number[] = [];
  requests = 0;
  bytes = 0;
  notModified = 0;
  shells = 0;
  /** Latencies of the data pages that came rendered. */
  readonly renderedLatencies: number[] = [];
  errors = 0;
  readonly errorSamples: string[] = [];

  constructor(
    readonly kind: Kind,
    readonly users: number,
  ) {}

  /** Runs one call, recording its latency and outcome; its answer, or null when it failed. */
  async time(run: () => Promise<Answer>): Promise<Answer | null> {
    const started = performance.now();
    this.requests += 1;
    try {
      const answer = await run();
      this.latencies.push(performance.now() - started);
      this.bytes += answer.bytes;
      if (answer.status === 304) this.notModified += 1;
      else if (answer.status < 200 || answer.status >= 300) this.fail(`${answer.status} ${answer.body.toString('utf8').slice(0, 120)}`);
      return answer;
    } catch (error) {
      this.latencies.push(performance.now() - started);
      this.fail(error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  private fail(what: string): void {
    this.errors += 1;
    if (this.errorSamples.length < 5) this.errorSamples.push(what);
  }

  figures(seconds: number): KindFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (share: number, values = sorted) => (values.length === 0 ? 0 : (values[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] as number));
    return {
      kind: this.kind,
      users: this.users,
      requests: this.requests,
      perSecond: this.requests / seconds,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted.at(-1) ?? 0,
      kilobytesPerSecond: this.bytes / 1024 / seconds,
      notModified: this.notModified,
      shells: this.shells,
      renderedP99: at(0.99, [...this.renderedLatencies].sort((a, b) => a - b)),
      errors: this.errors,
      errorSamples: this.errorSamples,
    };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A small seeded random number generator (mulberry32), so every run asks for the same pages. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs `workload` against the provider (and the render server) for `seconds`: every user calls
 * once a period, starting at its place in the first period, never with two calls of its own at
 * once. Calls started before the end are waited for.
 */
export async function runLoad(targets: LoadTargets, academy: Academy, workload: Workload, seconds: number): Promise<LoadResult> {
  if (targets.providerUrls.length === 0) throw new Error('runLoad needs at least one provider instance.');
  const callsPerInstance = targets.providerUrls.map(() => 0);
  let turn = 0;
  /** The next instance's API base (round-robin per request). */
  const nextApi = () => {
    const instance = turn % targets.providerUrls.length;
    turn += 1;
    callsPerInstance[instance] = (callsPerInstance[instance] as number) + 1;
    return `${targets.providerUrls[instance]}/api`;
  };
  const probeApi = `${targets.providerUrls[0]}/api`;
  const agents = Object.fromEntries(kinds.map((kind) => [kind, new http.Agent({ keepAlive: true, maxSockets: workload.connections[kind] })])) as Record<Kind, http.Agent>;
  const need = (what: string, have: number, wanted: number) => {
    if (have < wanted) throw new Error(`The workload needs ${wanted} ${what}; the academy has ${have}.`);
  };
  need('students', academy.students.length, workload.unreadStudents + workload.progressStudents);
  need('conversations', academy.conversations.length, workload.openConversations);
  const cookie = (role: 'student' | 'teacher', user: User) => `${role}_session=${user.session}; XSRF-TOKEN=${user.xsrf}`;
  const writeHeaders = (role: 'student' | 'teacher', user: User) => ({
    cookie: cookie(role, user),
    'x-xsrf-token': user.xsrf,
    origin: targets.appOrigin,
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });

  // What the provider does, seen before the run (not counted).
  const probeAgent = new http.Agent({ keepAlive: false });
  const firstStudent = academy.students[0] as User;
  const unreadProbe = await call(probeAgent, `${probeApi}/unread-messages/student/${firstStudent.id}`, { headers: { cookie: cookie('student', firstStudent) } });
  const longConversation = academy.conversations[0] as { teacher: User; student: User };
  const limitProbe = await call(probeAgent, `${probeApi}/get-messages/${longConversation.teacher.id}/${longConversation.student.id}?limit=2`, {
    headers: { cookie: cookie('student', longConversation.student) },
    decode: true,
  });
  const features = {
    unreadEtag: typeof unreadProbe.headers.etag === 'string',
    messagesLimit: limitProbe.status === 200 && (JSON.parse(limitProbe.body.toString('utf8')) as unknown[]).length <= 2,
  };
  probeAgent.destroy();

  const cpuAtStart = Object.fromEntries(Object.entries(targets.cpu ?? {}).map(([name, read]) => [name, read()]));
  const machineAtStart = targets.machineCpu?.();
  const recorders = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      new Recorder(
        kind,
        {
          'unread counts': workload.unreadStudents,
          'open conversation': workload.openConversations,
          'poll conversation': workload.openConversations,
          'send message': workload.openConversations,
          'data page': targets.renderUrl ? workload.visitors : 0,
          'save progress': workload.progressStudents,
        }[kind],
      ),
    ]),
  ) as Record<Kind, Recorder>;
  const started = performance.now();
  const end = started + seconds * 1000;

  /** One user's loop: `first` at its place in the period, then `next` every period until the end. */
  const every = async (index: number, count: number, periodMs: number, next: () => Promise<void>, first: () => Promise<void> = next) => {
    let due = started + (index / count) * periodMs;
    let calls = 0;
    while (due < end) {
      await sleep(due - performance.now());
      if (performance.now() >= end) break;
      await (calls === 0 ? first() : next());
      calls += 1;
      due = Math.max(due + periodMs, performance.now());
    }
  };

  const loops: Promise<void>[] = [];

  // Students asking for their unread counts, with the ETag they last got.
  for (let index = 0; index < workload.unreadStudents; index += 1) {
    const student = academy.students[index] as User;
    let etag: string | null = null;
    loops.push(
      every(index, workload.unreadStudents, workload.unreadPeriodMs, async () => {
        const headers: Record<string, string> = { cookie: cookie('student', student), accept: 'application/json' };
        if (etag) headers['if-none-match'] = etag;
        const answer = await recorders['unread counts'].time(() => call(agents['unread counts'], `${nextApi()}/unread-messages/student/${student.id}`, { headers }));
        if (answer?.status === 200 && typeof answer.headers.etag === 'string') etag = answer.headers.etag;
      }),
    );
  }

  // Open conversations: the first page, then what came after the newest message each side has.
  const newest: number[] = [];
  for (let index = 0; index < workload.openConversations; index += 1) {
    const { teacher, student } = academy.conversations[index] as { teacher: User; student: User };
    const side = index % 2 === 0 ? 'student' : 'teacher';
    const reader = side === 'student' ? student : teacher;
    const messagesPath = `/get-messages/${teacher.id}/${student.id}`;
    newest[index] = 0;
    const read = async (kind: 'open conversation' | 'poll conversation', query: string) => {
      const answer = await recorders[kind].time(() =>
        call(agents[kind], `${nextApi()}${messagesPath}?${query}`, { headers: { cookie: cookie(side, reader), accept: 'application/json' }, decode: true }),
      );
      if (answer?.status !== 200) return;
      for (const message of JSON.parse(answer.body.toString('utf8')) as { id: number }[]) newest[index] = Math.max(newest[index] as number, message.id);
    };
    loops.push(
      every(
        index,
        workload.openConversations,
        workload.pollPeriodMs,
        () => read('poll conversation', `after=${newest[index]}`),
        () => read('open conversation', `limit=${workload.openLimit}`),
      ),
    );
  }

  // One new message every 1/messagesPerSecond s, from either party, across the open conversations.
  loops.push(
    (async () => {
      const gapMs = 1000 / workload.messagesPerSecond;
      let due = started + gapMs / 2;
      for (let sent = 0; due < end; sent += 1) {
        await sleep(due - performance.now());
        if (performance.now() >= end) break;
        const { teacher, student } = academy.conversations[(sent * 7919) % workload.openConversations] as { teacher: User; student: User };
        const from = sent % 2 === 0 ? 'student' : 'teacher';
        const body = new URLSearchParams({ msg_text: `Load message ${sent + 1}: how is chapter two going?`, msg_from: from }).toString();
        // Each send is its own task, so a slow answer does not hold the next message back.
        loops.push(
          recorders['send message']
            .time(() => call(agents['send message'], `${nextApi()}/send-message/${teacher.id}/${student.id}/`, { method: 'POST', headers: writeHeaders(from, from === 'student' ? student : teacher), body }))
            .then(() => undefined),
        );
        due += gapMs;
      }
    })(),
  );

  // Visitors loading data pages through the render server.
  if (targets.renderUrl) {
    const renderUrl = targets.renderUrl;
    const random = randomFrom(24);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    const page = () => {
      const roll = random();
      if (roll < 0.5) return `/detail/${pick(academy.courseIds)}`;
      if (roll < 0.7) return `/teacher-detail/${pick(academy.teacherIds)}`;
      if (roll < 0.8) return '/all-courses';
      if (roll < 0.9) return `/category/${pick(academy.categorySlugs)}`;
      if (roll < 0.95) return '/all-popular-courses';
      return '/all-teachers';
    };
    for (let index = 0; index < workload.visitors; index += 1) {
      loops.push(
        every(index, workload.visitors, workload.visitorPeriodMs, async () => {
          const recorder = recorders['data page'];
          const asked = performance.now();
          const from = `10.${(index >> 8) & 255}.${index & 255}.1`;
          const answer = await recorder.time(() => call(agents['data page'], `${renderUrl}${page()}`, { headers: { accept: 'text/html', 'x-forwarded-for': from }, decode: true }));
          if (answer === null || answer.status >= 300) return;
          if (answer.body.includes('data-prerendered')) recorder.renderedLatencies.push(performance.now() - asked);
          else recorder.shells += 1;
        }),
      );
    }
  }

  // Students saving their place in a chapter (the last students: not among the unread pollers).
  for (let index = 0; index < workload.progressStudents; index += 1) {
    const place = academy.students.length - 1 - index;
    const student = academy.students[place] as User;
    const chapter = academy.chapters[place] as { id: number; seconds: number };
    let saves = 0;
    loops.push(
      every(index, workload.progressStudents, workload.progressPeriodMs, async () => {
        saves += 1;
        const body = new URLSearchParams({ position: String((saves * 10) % Math.floor(chapter.seconds)), watched: 'false' }).toString();
        await recorders['save progress'].time(() =>
          call(agents['save progress'], `${nextApi()}/chapter-progress/${student.id}/${chapter.id}/`, { method: 'PUT', headers: writeHeaders('student', student), body }),
        );
      }),
    );
  }

  await sleep(end - performance.now());
  const cpuAtEnd = Object.fromEntries(Object.entries(targets.cpu ?? {}).map(([name, read]) => [name, read()]));
  const measuredSeconds = (performance.now() - started) / 1000;
  const machineAtEnd = targets.machineCpu?.();
  // Calls still running finish (they count, as they were started in the run).
  let settled = 0;
  while (settled < loops.length) {
    const running = loops.slice(settled);
    settled = loops.length;
    await Promise.all(running);
  }
  for (const agent of Object.values(agents)) agent.destroy();
  const used = Object.fromEntries(Object.keys(cpuAtStart).map((name) => [name, (cpuAtEnd[name] as number) - (cpuAtStart[name] as number)]));
  const cpu = Object.fromEntries(Object.entries(used).map(([name, cpuSeconds]) => [name, (cpuSeconds / measuredSeconds) * 100]));
  if (machineAtStart !== undefined && machineAtEnd !== undefined) {
    const ours = Object.values(used).reduce((sum, cpuSeconds) => sum + cpuSeconds, 0);
    cpu['other processes'] = Math.max(0, ((machineAtEnd - machineAtStart - ours) / measuredSeconds) * 100);
  }
  return {
    seconds,
    rows: kinds.filter((kind) => kind !== 'data page' || targets.renderUrl).map((kind) => recorders[kind].figures(seconds)),
    cpu,
    features,
    callsPerInstance,
  };
}

/** Clock ticks a second of /proc's CPU times. */
const clockTicks = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(answer.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/** CPU seconds process `pid` (all its threads) has used so far, from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** CPU seconds the whole machine has used so far (every core, all but idle and iowait). */
function machineCpuSeconds(): number {
  const [, ...times] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = times.map(Number) as number[];
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / clockTicks;
}

const format = (value: number, digits = 0) => value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The run as a Markdown table, one row per kind of call. */
export function markdownTable(result: LoadResult): string {
  const lines = [
    '| call | users | requests | req/s | p50 ms | p99 ms | max ms | KB/s | 304 | shell | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of result.rows) {
    lines.push(
      `| ${row.kind} | ${format(row.users)} | ${format(row.requests)} | ${format(row.perSecond, 1)} | ${format(row.p50, 1)} | ${format(row.p99, 1)} | ${format(row.max)} | ${format(row.kilobytesPerSecond, 1)} | ${format(row.notModified)} | ${row.kind === 'data page' ? format(row.shells) : ''} | ${format(row.errors)} |`,
    );
  }
  return lines.join('\n');
}

function cpuLine(result: LoadResult): string {
  return Object.entries(result.cpu)
    .map(([name, percent]) => `${name} ${format(percent)} %`)
    .join(', ');
}

/** How each figure of `larger` compares with `base` (× the base). */
export function growthTable(base: LoadResult, larger: LoadResult, scale: number): string {
  const ratio = (a: number, b: number) => (a > 0 ? `${format(b / a, 1)}×` : '—');
  const lines = [`| call (${scale}× / 1×) | req/s | p50 | p99 | max | KB/s |`, '|---|---|---|---|---|---|'];
  for (const row of larger.rows) {
    const before = base.rows.find((candidate) => candidate.kind === row.kind);
    if (!before) continue;
    lines.push(
      `| ${row.kind} | ${ratio(before.perSecond, row.perSecond)} | ${ratio(before.p50, row.p50)} | ${ratio(before.p99, row.p99)} | ${ratio(before.max, row.max)} | ${ratio(before.kilobytesPerSecond, row.kilobytesPerSecond)} |`,
    );
  }
  for (const [name, percent] of Object.entries(larger.cpu)) lines.push(`| CPU: ${name} | | | | | ${ratio(base.cpu[name] ?? 0, percent)} |`);
  return lines.join('\n');
}

/** The goals, each met or not: no errors, API p99 < 50 ms, data pages p99 < 300 ms; the larger run's p99s within 3× of the base's. */
export function goals(base: LoadResult, larger?: { result: LoadResult; scale: number }): string[] {
  const lines: string[] = [];
  const mark = (met: boolean) => (met ? 'met' : 'NOT met');
  const errors = base.rows.reduce((sum, row) => sum + row.errors, 0);
  lines.push(`1×: no errors: ${mark(errors === 0)}${errors ? ` (${errors})` : ''}`);
  const apiRows = base.rows.filter((row) => row.kind !== 'data page');
  const worstApi = apiRows.reduce((worst, row) => (row.p99 > worst.p99 ? row : worst), apiRows[0] as KindFigures);
  lines.push(`1×: API p99 under 50 ms: ${mark(apiRows.every((row) => row.p99 < 50))} (worst: ${worstApi.kind}, ${format(worstApi.p99, 1)} ms)`);
  const pages = base.rows.find((row) => row.kind === 'data page');
  if (pages) {
    lines.push(
      `1×: data pages p99 under 300 ms: ${mark(pages.p99 < 300)} (${format(pages.p99, 1)} ms; ${pages.shells} of ${pages.requests} came as the shell; the rendered ones' p99 ${format(pages.renderedP99, 1)} ms)`,
    );
  }
  if (larger) {
    const over = larger.result.rows.filter((row) => {
      const before = base.rows.find((candidate) => candidate.kind === row.kind);
      return before !== undefined && row.p99 > 3 * before.p99;
    });
    lines.push(`${larger.scale}×: every p99 within 3× of 1×: ${mark(over.length === 0)}${over.length ? ` (over: ${over.map((row) => row.kind).join(', ')})` : ''}`);
    const largerPages = larger.result.rows.find((row) => row.kind === 'data page');
    if (largerPages) {
      lines.push(
        `${larger.scale}×: data pages: ${largerPages.shells} of ${largerPages.requests} came as the shell; the rendered ones' p99 ${format(largerPages.renderedP99, 1)} ms`,
      );
    }
    const largerErrors = larger.result.rows.reduce((sum, row) => sum + row.errors, 0);
    lines.push(`${larger.scale}×: errors: ${largerErrors}`);
  }
  return lines;
}

/**
 * Where the runs' databases live. SQLite: the file in each run's copy of the seeded folder.
 * PostgreSQL: databases made on one server, the seed's first, then one per run created from it as
 * a template (the analogue of copying the seeded folder), all dropped at the end.
 */
interface BenchDatabases {
  /** 'SQLite', or 'PostgreSQL <version>'. */
  engine: string;
  /** The empty database the seed goes into (undefined on SQLite: the seeded folder's file). */
  seedUrl?: string;
  /** A fresh copy of the seeded database for one run (undefined on SQLite: the copy of the folder holds it). */
  copyForRun(label: string): Promise<string | undefined>;
  /** CPU seconds the database server has used so far (its postmaster and every backend), when it runs on this machine. */
  cpu?: () => number;
  /** Drops the databases made here (unless `keep`). */
  close(keep: boolean): Promise<void>;
}

const sqliteDatabases: BenchDatabases = { engine: 'SQLite', copyForRun: async () => undefined, close: async () => undefined };

/**
 * Databases on the PostgreSQL server of `serverUrl` (its user must be allowed to create databases;
 * the database the URL names is only connected to, to create and drop the bench's own).
 */
async function postgresDatabases(serverUrl: string): Promise<BenchDatabases> {
  const onServer = async <T>(statement: string, then: (rows: Record<string, unknown>[]) => T = () => undefined as T): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return then((await client.query(statement)).rows);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const address = new URL(serverUrl);
    address.pathname = `/${name}`;
    return address.toString();
  };
  // Unique, so that runs side by side on one server do not meet.
  const prefix = `bench_load_${randomBytes(4).toString('hex')}`;
  const seeded = `${prefix}_seeded`;
  const made: string[] = [];
  // The backend answering is still running while `then` runs: its parent is the server's postmaster.
  const { version, cpu } = await onServer("SELECT current_setting('server_version') AS version, pg_backend_pid() AS pid", ([row]) => ({
    version: String(row?.version),
    cpu: postgresCpu(Number(row?.pid)),
  }));
  await onServer(`CREATE DATABASE ${seeded}`);
  made.push(seeded);
  return {
    engine: `PostgreSQL ${version.split(' ')[0]}`,
    seedUrl: urlOf(seeded),
    async copyForRun(label) {
      const name = `${prefix}_${label}`;
      await onServer(`CREATE DATABASE ${name} TEMPLATE ${seeded}`);
      made.push(name);
      return urlOf(name);
    },
    cpu,
    async close(keep) {
      if (keep) {
        console.info(`Kept the databases ${made.join(', ')}.`);
        return;
      }
      for (const name of made.reverse()) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A process's fields from /proc/<pid>/stat after its name (state first, then ppid, …), or null when it is gone or not ours to see. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The CPU of the PostgreSQL server that `backendPid` (a backend of it) belongs to, when that server
 * runs on this machine: its postmaster's own time and that of its children gone (`cutime`,
 * `cstime`), plus the time of each child still running (backends, checkpointer, WAL writer…). On
 * a server that other clients use too, their work counts in it. Undefined when the backend is not
 * a process here (a server elsewhere).
 */
function postgresCpu(backendPid: number): (() => number) | undefined {
  const backend = procStat(backendPid);
  const postmaster = Number(backend?.[1]);
  if (!backend || !Number.isInteger(postmaster) || procStat(postmaster) === null) return undefined;
  return () => {
    const own = procStat(postmaster);
    if (!own) return 0;
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = procStat(Number(entry));
      if (child && Number(child[1]) === postmaster) ticks += Number(child[11]) + Number(child[12]);
    }
    return ticks / clockTicks;
  };
}

/** How a run is set up: its provider instances and their database. */
interface RunSetup {
  instances: number;
  databases: BenchDatabases;
}

/**
 * One run on a fresh copy of the seeded folder (and database): `instances` provider processes on
 * it (one media folder; a Redis of the bench's own when there are several and REDIS_URL is unset)
 * and the render server started, warmed, measured and stopped.
 */
async function measureAt(template: Academy, workDir: string, scale: number, seconds: number, { instances, databases }: RunSetup): Promise<LoadResult> {
  const label = `${String(scale).replace(/\W/g, '_')}x`;
  const runDir = path.join(workDir, `run-${label}`);
  cpSync(template.dataDir, runDir, { recursive: true });
  const databaseUrl = await databases.copyForRun(`run_${label}`);
  const academy = { ...template, dataDir: runDir, databaseUrl };
  const rendererLog = path.join(workDir, `renderer-${label}.log`);
  let renderer: ChildProcess | undefined;
  let redis: RunningRedis | undefined;
  const providers: ChildProcess[] = [];
  // The app is served from the render server's origin: the provider's APP_ORIGIN, and the Origin the writes send.
  const rendererPort = await freePort();
  const appOrigin = `http://127.0.0.1:${rendererPort}`;
  try {
    let redisUrl = process.env.REDIS_URL ?? '';
    if (instances > 1 && redisUrl === '') {
      redis = await startRedis();
      redisUrl = redis.url;
    }
    // Every instance on the run's data folder, database and media folder (and the same Redis).
    const env = { DATABASE_URL: databaseUrl ?? '', REDIS_URL: redisUrl, MEDIA_DIR: path.join(runDir, 'media') };
    const providerUrls: string[] = [];
    const providerLogs: string[] = [];
    for (let index = 0; index < instances; index += 1) {
      const port = await freePort();
      providerUrls.push(`http://127.0.0.1:${port}`);
      providerLogs.push(path.join(workDir, `provider-${label}-${index + 1}.log`));
      providers.push(startLocalProvider({ port, dataDir: runDir, appOrigin, logFile: providerLogs[index] as string, env }));
    }
    await Promise.all(providers.map((child, index) => waitForProvider(providerUrls[index] as string, child, providerLogs[index] as string)));
    const renderProviderUrl = providerUrls.join(',');
    const started = await startRenderServer(rendererPort, renderProviderUrl, rendererLog);
    renderer = started.child;
    // Warm-up, not counted: every kind of data page on every worker (the default pool: one per core), the course list built.
    for (const page of ['/all-courses', '/all-popular-courses', '/all-teachers', `/detail/${template.courseIds[0]}`, `/teacher-detail/${template.teacherIds[0]}`, `/category/${template.categorySlugs[0]}`]) {
      await Promise.all(Array.from({ length: os.availableParallelism() }, async () => (await fetch(`${started.url}${page}`)).arrayBuffer()));
    }
    const providerNames = providers.map((_, index) => (instances === 1 ? 'provider' : `provider ${index + 1}`));
    const processes: Record<string, () => number> = Object.fromEntries(providers.map((child, index) => [providerNames[index], () => processCpuSeconds(child.pid as number)]));
    if (databases.cpu) processes[databases.engine.split(' ')[0] as string] = databases.cpu;
    processes['render server'] = () => processCpuSeconds(renderer?.pid as number);
    processes['load generator'] = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1e6;
    };
    const workload = scaled(baseWorkload, scale);
    console.info(
      `\n${scale}×: ${workload.unreadStudents} students polling unread counts, ${workload.openConversations} open conversations, ` +
        `${workload.messagesPerSecond} messages/s, ${workload.visitors} visitors, ${workload.progressStudents} students saving progress; ` +
        `${instances} provider instance${instances === 1 ? '' : 's'} on ${databases.engine}${redis ? ' and a Redis of its own' : redisUrl ? ' and REDIS_URL' : ''}; ${seconds} s…`,
    );
    const result = await runLoad({ providerUrls, renderUrl: started.url, appOrigin, cpu: processes, machineCpu: machineCpuSeconds }, academy, workload, seconds);
    if (instances > 1) {
      // The instances' sum right after them.
      const summed = providerNames.reduce((sum, name) => sum + (result.cpu[name] ?? 0), 0);
      result.cpu = Object.fromEntries(
        Object.entries(result.cpu).flatMap(([name, percent]) => (name === providerNames.at(-1) ? [[name, percent], ['providers (sum)', summed]] : [[name, percent]])),
      );
    }
    await stopProcess(renderer);
    const summary = readFileSync(rendererLog, 'utf8').match(/^Data pages: (.*)$/m);
    if (summary) console.info(`Render server's own count: ${summary[1]}`);
    if (instances > 1) console.info(`API calls per instance: ${result.callsPerInstance.map((calls) => format(calls)).join(', ')}`);
    return result;
  } finally {
    await stopProcess(renderer);
    await Promise.all(providers.map((child) => stopProcess(child)));
    await redis?.stop();
  }
}

/** Starts the render server (scripts/serve-dist.ts) as a child process on `port`; resolves once it answers. */
async function startRenderServer(port: number, providerUrl: string, logFile: string): Promise<{ child: ChildProcess; url: string }> {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'serve-dist.ts')], {
    cwd: repoRoot,
    // Each visitor comes from an address of its own (X-Forwarded-For, as nginx sets it): the render
    // server's back-off is per address.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PROVIDER_URL: providerUrl, RENDER_TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The render server exited while starting:\n${readFileSync(logFile, 'utf8')}`);
    try {
      const answer = await fetch(`${url}/about`, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.ok) return { child, url };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The render server did not answer at ${url} within 60 s.`);
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

async function main(): Promise<void> {
  const seconds = positive(process.env.BENCH_LOAD_SECONDS, 60);
  const scale = positive(process.env.BENCH_LOAD_SCALE, 4);
  const instances = Math.floor(positive(process.env.INSTANCES, 1));
  const keep = process.env.BENCH_LOAD_KEEP === '1';
  const databaseUrl = process.env.DATABASE_URL?.trim() ?? '';
  if (databaseUrl !== '' && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('bench:load takes a postgres:// DATABASE_URL (a server it makes its own databases on), or none: SQLite in each run\'s copy of the seeded folder.');
  }
  if (databaseUrl !== '' && process.env.BENCH_POSTGRES === '1') throw new Error('Set DATABASE_URL (a server of yours) or BENCH_POSTGRES=1 (a throwaway one), not both.');
  const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(repoRoot, 'dist');
  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(distDir, 'pages', 'manifest.json'))) {
    console.info('bench:load: npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  let localPostgres: LocalPostgres | undefined;
  let databases: BenchDatabases | undefined;
  try {
    if (process.env.BENCH_POSTGRES === '1') {
      // Durable (fsync on), as the SQLite provider is (synchronous = FULL): the two engines compared like for like.
      localPostgres = await startLocalPostgres({ port: await freePort() });
      console.info(`bench:load: a PostgreSQL server of its own at ${localPostgres.url}`);
    }
    const serverUrl = localPostgres?.url ?? databaseUrl;
    databases = serverUrl === '' ? sqliteDatabases : await postgresDatabases(serverUrl);
    const seedStarted = performance.now();
    const academy = await prepareAcademy(path.join(workDir, 'template'), academySizes, { databaseUrl: databases.seedUrl });
    console.info(
      `Seeded ${format(academy.courseIds.length)} courses, ${format(academy.students.length)} students, ${format(academy.conversations.length)} conversations ` +
        `(one of ${format(academySizes.longConversationMessages)} messages) with their sessions on ${databases.engine} in ${format((performance.now() - seedStarted) / 1000, 1)} s.`,
    );
    const setup = { instances, databases };
    const base = await measureAt(academy, workDir, 1, seconds, setup);
    const larger = scale > 1 ? await measureAt(academy, workDir, scale, seconds, setup) : null;
    const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
    const date = new Date().toISOString().slice(0, 10);
    const [load1, load5] = os.loadavg().map((value) => format(value, 2));
    const describe = (result: LoadResult, times: number) =>
      `${times}×, ${instances} provider instance${instances === 1 ? '' : 's'} on ${databases?.engine} (${date}, ${os.availableParallelism()} cores, ${cpuModel}, ` +
      `Node ${process.version}, ${result.seconds} s; CPU % of one core: ${cpuLine(result)})\n\n${markdownTable(result)}`;
    console.info(`\n### bench:load\n\n${describe(base, 1)}`);
    if (larger) {
      console.info(`\n${describe(larger, scale)}\n\n${growthTable(base, larger, scale)}`);
    }
    console.info(`\nMachine load average at the end: ${load1} (1 min), ${load5} (5 min).`);
    const features = base.features;
    console.info(
      `Provider: ETag on unread counts ${features.unreadEtag ? 'yes' : 'no'}; get-messages honours limit/after ${features.messagesLimit ? 'yes' : 'no (every poll gets the whole conversation)'}.`,
    );
    for (const line of goals(base, larger ? { result: larger, scale } : undefined)) console.info(line);
    for (const result of [base, larger]) {
      for (const row of result?.rows ?? []) {
        if (row.errorSamples.length > 0) console.info(`Errors of ${row.kind}: ${row.errorSamples.join(' | ')}`);
      }
    }
  } finally {
    await databases?.close(keep && localPostgres === undefined);
    await localPostgres?.stop();
    if (keep) console.info(`Kept ${workDir} (the seeded folder, each run's data and the servers' logs).`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
