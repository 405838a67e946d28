import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type FastifyInstance } from 'fastify';
import { type ProviderOptions } from '../../provider/src/config';
import { type DatabaseLocation, type Queries } from '../../provider/src/database';
import { demoLogins } from '../../provider/src/demo';
import { buildProvider } from '../../provider/src/server';
import { createTestDatabase, dropTestDatabase, onPostgres, withQueries } from './engine';
import { copySeededTemplate, usesDefaultSeed } from './seededTemplate';

export { demoLogins };

// Each suite builds providers (spec parsing, seeding, schema compiling): allow for busy CI machines.
jest.setTimeout(30_000);

export interface RunningProvider {
  app: FastifyInstance;
  /** The address it listens on: only with `listen: true` or after `listen()` (reading it otherwise throws). */
  url: string;
  dataDir: string;
  /** Its database: the data folder's SQLite file, or (in the provider-postgres project) a PostgreSQL database of its own. */
  database: DatabaseLocation;
  /**
   * Opens a socket on this provider (if not open yet) for the requests that need one; answers
   * `url`. Clients stay on `inject()` unless the provider was started with `listen: true`.
   */
  listen(): Promise<string>;
  /** A new browser-like client (its own cookie jar), through `app.inject()` unless started with `listen: true`. */
  client(): Client;
  /** Stops the server; `removeData` (default true) also deletes the data folder. */
  stop(options?: { removeData?: boolean }): Promise<void>;
}

export interface StartOptions extends Partial<ProviderOptions> {
  /**
   * Listen on a free port of 127.0.0.1, and have clients call it over real sockets: only where
   * the socket is what is tested (bodies cut short, slow senders, raw headers, the dist server's
   * proxy). Without it requests go through `app.inject()`.
   */
  listen?: boolean;
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'provider-test-'));
}

/**
 * Builds the provider on a data folder (a fresh temporary one unless given). A fresh folder with
 * the default demo data starts as a copy of the run's seeded template (see `seededTemplate`).
 */
export async function startProvider({ listen = false, ...options }: StartOptions = {}): Promise<RunningProvider> {
  const dataDir = options.dataDir ?? makeDataDir();
  const fromTemplate = options.dataDir === undefined && usesDefaultSeed({ demo: true, ...options }) && copySeededTemplate(dataDir);
  const databaseUrl = options.databaseUrl ?? (onPostgres() ? await postgresDatabaseOf(dataDir, fromTemplate) : undefined);
  // Quiet unless a suite asks for logs (`logger: { stream }`).
  const app = await buildProvider({ logMail: false, devMode: true, demo: true, logger: false, ...options, dataDir, databaseUrl });
  const database: DatabaseLocation =
    databaseUrl === undefined ? { engine: 'sqlite', file: path.join(dataDir, 'provider.sqlite') } : { engine: 'postgres', url: databaseUrl };
  let url = listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : null;
  const clientTarget = url ?? app;
  return {
    app,
    get url(): string {
      if (url === null) throw new Error('This provider does not listen: start it with { listen: true }, or call listen().');
      return url;
    },
    async listen() {
      url ??= await app.listen({ port: 0, host: '127.0.0.1' });
      return url;
    },
    dataDir,
    database,
    client: () => new Client(clientTarget),
    async stop({ removeData = true } = {}) {
      // At once, as before the provider waited for requests in flight on a stop: a suite's held or
      // trickled requests are cut (the graceful stop has its own suite, operations.test.ts).
      const closed = app.close();
      app.server.closeAllConnections();
      await closed;
      if (!removeData) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      const postgres = postgresDatabases.get(dataDir);
      if (postgres) {
        postgresDatabases.delete(dataDir);
        await dropTestDatabase(postgres);
      }
    },
  };
}

/** On PostgreSQL, each data folder's database: a provider started again on a folder finds its data. */
const postgresDatabases = new Map<string, string>();

async function postgresDatabaseOf(dataDir: string, seeded: boolean): Promise<string> {
  let url = postgresDatabases.get(dataDir);
  if (!url) {
    url = await createTestDatabase(seeded);
    postgresDatabases.set(dataDir, url);
  }
  return url;
}

type FieldValue = string | number | boolean | Blob | undefined;
type Fields = Record<string, FieldValue>;

export interface RequestOptions {
  form?: Fields;
  multipart?: Fields;
  json?: unknown;
  /** A raw body, sent as is (with the content-type given in `headers`). */
  raw?: string | Blob;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header on state-changing calls (default true). */
  xsrf?: boolean;
}

export interface JsonAnswer<T = unknown> {
  status: number;
  body: T;
  response: Response;
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser-like client with a cookie jar that echoes the XSRF cookie like the app does: over
 * fetch to a base URL, or through `inject()` into a provider that does not listen.
 */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly target: string | FastifyInstance) {}

  async request(method: string, urlPath: string, options: RequestOptions = {}): Promise<Response> {
    const { xsrf = true } = options;
    if (xsrf && stateChanging.has(method) && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', '/api/category/');
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (xsrf && stateChanging.has(method) && this.cookies.has('XSRF-TOKEN')) {
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') as string;
    }
    let body: URLSearchParams | FormData | Blob | string | undefined;
    if (options.form) {
      body = new URLSearchParams(
        Object.entries(options.form)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]): [string, string] => [name, String(value)]),
      );
    } else if (options.multipart) {
      const form = new FormData();
      for (const [name, value] of Object.entries(options.multipart)) {
        if (value instanceof Blob) form.append(name, value, (value as File).name ?? `${name}.bin`);
        else if (value !== undefined) form.append(name, String(value));
      }
      body = form;
    } else if (options.raw !== undefined) {
      body = options.raw;
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const response =
      typeof this.target === 'string'
        ? await fetch(this.target + urlPath, { method, headers, body, redirect: 'manual' })
        : await injected(this.target, method, urlPath, headers, body);
    this.remember(response.headers.getSetCookie());
    return response;
  }

  async json<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    options?: RequestOptions,
  ): Promise<JsonAnswer<T>> {
    const response = await this.request(method, urlPath, options);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, response };
  }

  get<T = Record<string, unknown>>(urlPath: string) {
    return this.json<T>('GET', urlPath);
  }

  post<T = Record<string, unknown>>(urlPath: string, options?: RequestOptions) {
    return this.json<T>('POST', urlPath, options);
  }

  put<T = Record<string, unknown>>(urlPath: string, options?: RequestOptions) {
    return this.json<T>('PUT', urlPath, options);
  }

  delete<T = Record<string, unknown>>(urlPath: string, options?: RequestOptions) {
    return this.json<T>('DELETE', urlPath, options);
  }

  async loginStudent(credentials: { email: string; password: string } = demoLogins.student): Promise<number> {
    const { status, body } = await this.post<{ bool: boolean; student_id: number }>('/api/student-login', {
      multipart: credentials,
    });
    if (status !== 200 || body.bool !== true) throw new Error(`Student login failed: ${JSON.stringify(body)}`);
    return body.student_id;
  }

  async loginTeacher(credentials: { email: string; password: string } = demoLogins.teacher): Promise<number> {
    const { status, body } = await this.post<{ bool: boolean; teacher_id: number }>('/api/teacher-login', {
      form: credentials,
    });
    if (status !== 200 || body.bool !== true) throw new Error(`Teacher login failed: ${JSON.stringify(body)}`);
    return body.teacher_id;
  }

  /** The newest mail sent to `to`, from `GET /dev/outbox`. */
  async lastMailTo(to: string): Promise<{ subject: string; text: string; code?: string }> {
    const [mail] = await this.mailsTo(to);
    if (!mail) throw new Error(`No mail to ${to}`);
    return mail;
  }

  /** The mails sent to `to`, newest first, from `GET /dev/outbox`. */
  async mailsTo(to: string): Promise<{ subject: string; text: string; code?: string }[]> {
    const { body } = await this.get<{ to: string; subject: string; text: string; code?: string }[]>('/dev/outbox');
    return body.filter((entry) => entry.to === to);
  }

  private remember(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Encoded bodies fetch would have decoded (it does not ask for them: no accept-encoding is sent unless given). */
const decoders: Record<string, (data: Buffer) => Buffer> = {
  gzip: (data) => zlib.gunzipSync(data),
  deflate: (data) => zlib.inflateSync(data),
  br: (data) => zlib.brotliDecompressSync(data),
};

/** Statuses whose answers have no body (`new Response` refuses one). */
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * The request through `app.inject()`, answered as fetch would: a `Response` with every header
 * (each Set-Cookie apart) and the body decoded. Bodies are encoded as fetch would send them
 * (`new Request` gives multipart its boundary).
 */
async function injected(
  app: FastifyInstance,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body: URLSearchParams | FormData | Blob | string | undefined,
): Promise<Response> {
  let payload: Buffer | string | undefined;
  const sent = { ...headers };
  if (body !== undefined) {
    const request = new Request('http://provider.test/', { method: 'POST', body });
    payload = Buffer.from(await request.arrayBuffer());
    const type = request.headers.get('content-type');
    if (type && !Object.keys(sent).some((name) => name.toLowerCase() === 'content-type')) sent['content-type'] = type;
  }
  const answer = await app.inject({ method: method as 'GET', url: urlPath, headers: sent, payload });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
  }
  const encoding = responseHeaders.get('content-encoding');
  const decode = encoding ? decoders[encoding] : undefined;
  const data = decode ? decode(answer.rawPayload) : answer.rawPayload;
  return new Response(nullBodyStatuses.has(answer.statusCode) || method === 'HEAD' ? null : data, {
    status: answer.statusCode,
    statusText: answer.statusMessage,
    headers: responseHeaders,
  });
}

export const seedAssets = path.resolve(__dirname, '..', '..', 'provider', 'seed-assets');

/** Test files as the browser would send them. */
export function svgFile(name = 'card.svg', extra = ''): File {
  return new File([`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${extra}</svg>`], name, {
    type: 'image/svg+xml',
  });
}

export function videoFile(name = 'lesson.webm'): File {
  return new File([fs.readFileSync(path.join(seedAssets, 'videos', 'lesson-bars.webm'))], name, { type: 'video/webm' });
}

export function bytesFile(size: number, name: string, type: string, head = Buffer.alloc(0)): File {
  const bytes = Buffer.alloc(size, 0x20);
  head.copy(bytes);
  return new File([bytes], name, { type });
}

/** Ids of the demo data, looked up through the API. */
export interface DemoIds {
  studentId: number;
  otherStudentId: number;
  teacherId: number;
  otherTeacherId: number;
  /** Courses by category title, e.g. `courses.Spanish`. */
  courses: Record<string, { id: number; teacherId: number; price: unknown }>;
}

export async function demoIds(provider: RunningProvider): Promise<DemoIds> {
  const student = provider.client();
  const otherStudent = provider.client();
  const teacher = provider.client();
  const otherTeacher = provider.client();
  const { body: list } =
    await student.get<{ id: number; category: { title: string }; teacher: { id: number }; price: unknown }[]>(
      '/api/course/',
    );
  return {
    studentId: await student.loginStudent(),
    otherStudentId: await otherStudent.loginStudent(demoLogins.otherStudent),
    teacherId: await teacher.loginTeacher(),
    otherTeacherId: await otherTeacher.loginTeacher(demoLogins.otherTeacher),
    courses: Object.fromEntries(
      list.map((course) => [
        course.category.title,
        { id: course.id, teacherId: course.teacher.id, price: course.price },
      ]),
    ),
  };
}

/** A running provider with the demo data's ids and a client for each demo person. */
export interface DemoProvider {
  provider: RunningProvider;
  ids: DemoIds;
  /** No session. */
  visitor: Client;
  /** Logged in as the demo student (Maria) and the second demo student (Kofi). */
  maria: Client;
  kofi: Client;
  /** Logged in as the demo teacher (Amara) and the second demo teacher (Kwame). */
  amara: Client;
  kwame: Client;
}

/**
 * The provider suites' set-up: a provider on a fresh data folder (with `options`), the demo ids,
 * and Maria, Kofi, Amara and Kwame logged in on their own clients, besides a visitor's:
 *
 *     let provider: RunningProvider, ids: DemoIds, maria: Client, amara: Client;
 *     beforeAll(async () => ({ provider, ids, maria, amara } = await startDemoProvider()));
 *     afterAll(() => provider.stop());
 */
export async function startDemoProvider(options: StartOptions = {}): Promise<DemoProvider> {
  const provider = await startProvider(options);
  const ids = await demoIds(provider);
  const [visitor, maria, kofi, amara, kwame] = Array.from({ length: 5 }, () => provider.client()) as [Client, Client, Client, Client, Client];
  await maria.loginStudent();
  await kofi.loginStudent(demoLogins.otherStudent);
  await amara.loginTeacher();
  await kwame.loginTeacher(demoLogins.otherTeacher);
  return { provider, ids, visitor, maria, kofi, amara, kwame };
}

/**
 * Runs `run` on the provider's database, SQLite or PostgreSQL (to arrange or read what the API
 * does not show), through a connection of its own, then closes it:
 *
 *     await inDatabase(provider, (queries) => queries.run(sql`UPDATE courses SET price = '0' WHERE id = ${id}`));
 */
export function inDatabase<T>(provider: RunningProvider, run: (queries: Queries) => Promise<T>): Promise<T> {
  return withQueries(provider.database, run);
}

let clockFaked = false;

/**
 * Fakes the clock (`Date`) of the suite and of the providers it runs in-process, for each test;
 * it goes on with real time, and `passTime` moves it on at once instead of waiting. Timers and
 * sockets stay real.
 */
export function useFakeClock(): void {
  beforeEach(() => {
    jest.useFakeTimers({
      advanceTimers: true,
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    clockFaked = true;
  });
  afterEach(() => {
    jest.useRealTimers();
    clockFaked = false;
  });
}

/** Moves the faked clock `ms` milliseconds on (`useFakeClock`): a student playing a video for that long. */
export function passTime(ms: number): void {
  if (!clockFaked) throw new Error('passTime needs useFakeClock() in the suite');
  jest.setSystemTime(Date.now() + ms);
}

/**
 * Watches a chapter as the lesson player reports it at double speed: a save where it starts, and
 * one at its end once half its length has passed on the faked clock (the fastest the provider counts as
 * watching, progress.ts; the suite calls `useFakeClock`). Answers the last save.
 */
export async function watchChapter(
  client: Client,
  studentId: number,
  chapter: { id: number; duration: number | null },
): Promise<JsonAnswer<{ watched: boolean }>> {
  const path = `/api/chapter-progress/${studentId}/${chapter.id}/`;
  await client.put(path, { form: { position: '0', watched: 'false' } });
  passTime(((chapter.duration ?? 0) / 2) * 1000 + 100);
  return client.put<{ watched: boolean }>(path, { form: { position: String(chapter.duration ?? 0), watched: 'true' } });
}
