/**
 * Issue 37, item 6: a provider that runs in production. Its logs (structured, secrets redacted, a
 * 500 with its stack under the request id its answer carries), its health and readiness checks,
 * and a stop that lets an upload in flight finish.
 */
import { createHook } from 'node:async_hooks';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { closeGracefully } from '../../provider/src/server';
import { voiceFile } from './opusFile';
import { type Client, type RunningProvider, demoLogins, inDatabase, startProvider } from './support';

/** A log stream a test reads: every JSON line the provider wrote. */
function captureLogs() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('logs', () => {
  let provider: RunningProvider;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    logs = captureLogs();
    provider = await startProvider({ logger: { stream: logs.stream } });
    // A route that fails as a bug would, added by the test before the provider takes requests.
    provider.app.post('/test/fail', async () => {
      throw new Error('a bug in a handler');
    });
  });

  afterAll(() => provider.stop());

  it('are JSON lines for each request, without the password or the session cookie of a login', async () => {
    const client = provider.client();
    await client.loginStudent();
    const session = client.cookies.get('student_session');
    expect(session).toBeTruthy();
    await client.get('/api/category/');
    const text = logs.text();
    const completed = logs.entries().filter((entry) => entry.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(completed.every((entry) => typeof entry.reqId === 'string' && typeof entry.responseTime === 'number')).toBe(true);
    expect(text).toContain('/api/student-login');
    expect(text).not.toContain(demoLogins.student.password);
    expect(text).not.toContain(session);
  });

  it('mask the capabilities a path or query carries: an unsubscribe token, a checkout id, a token parameter', async () => {
    const client = provider.client();
    await client.request('GET', '/api/unsubscribe/secret-unsubscribe-token/');
    await client.request('GET', '/api/checkout/cs_local_secretcheckout');
    await client.request('GET', '/api/category/?token=secret-reset-token');
    const urls = logs.entries().filter((entry) => entry.msg === 'incoming request').map((entry) => (entry.req as { url: string }).url);
    expect(urls).toEqual(expect.arrayContaining(['/api/unsubscribe/[redacted]/', '/api/checkout/[redacted]', '/api/category/?token=[redacted]']));
    expect(logs.text()).not.toMatch(/secret-unsubscribe-token|cs_local_secretcheckout|secret-reset-token/);
  });

  it('log a 500 with its stack and the request id its answer carries in X-Request-Id, secrets redacted', async () => {
    const client = provider.client();
    await client.loginStudent();
    const session = client.cookies.get('student_session') as string;
    const answer = await client.post('/test/fail', { form: { email: 'maria@example.com', password: 'hunter2-secret', otp_digit: '123456' } });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ msg: 'Something went wrong on the provider.' });
    const id = answer.response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const logged = logs.entries().find((entry) => entry.level === 50 && entry.reqId === id) as
      | { err: { message: string; stack: string }; request: { url: string; headers: Record<string, string>; body: Record<string, string> } }
      | undefined;
    expect(logged).toBeDefined();
    expect(logged?.err.message).toBe('a bug in a handler');
    expect(logged?.err.stack).toMatch(/^Error: a bug in a handler\n\s+at /);
    expect(logged?.request.url).toBe('/test/fail');
    expect(logged?.request.headers.cookie).toBe('[redacted]');
    expect(logged?.request.headers['x-xsrf-token']).toBe('[redacted]');
    expect(logged?.request.body).toEqual({ email: 'maria@example.com', password: '[redacted]', otp_digit: '[redacted]' });
    expect(logs.text()).not.toContain('hunter2-secret');
    expect(logs.text()).not.toContain(session);
  });
});

describe('/healthz and /readyz', () => {
  let provider: RunningProvider;

  beforeAll(async () => {
    provider = await startProvider({ listen: true });
  });

  afterAll(() => provider.stop());

  const get = async (urlPath: string, target = provider) => {
    const response = await fetch(target.url + urlPath);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  };

  it('answer 200 while the process runs and its database, migrations and disk are ready; never cached', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ alive: true });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', disk: 'ok' } });
    expect(ready.response.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz answers 503 naming the migrations when one this build knows is not applied', async () => {
    // One connection of the test's own, which would migrate again if opened while one is missing.
    const [ready, health] = await inDatabase(provider, async (queries) => {
      const latest = await queries.one(sql<{ version: number; name: string; applied_at: string }>`SELECT * FROM schema_migrations ORDER BY version DESC LIMIT 1`);
      if (!latest) throw new Error('No migration recorded');
      await queries.run(sql`DELETE FROM schema_migrations WHERE version = ${latest.version}`);
      try {
        return [{ ...(await get('/readyz')), version: latest.version }, await get('/healthz')] as const;
      } finally {
        await queries.run(sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${latest.version}, ${latest.name}, ${latest.applied_at})`);
      }
    });
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ready: false, checks: { database: 'ok', migrations: `not applied: ${ready.version}`, disk: 'ok' } });
    expect(ready.body.msg).toBe(`Not ready: migrations (not applied: ${ready.version}).`);
    expect(health.status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 naming the disk when the data folder has no more than PROVIDER_MIN_FREE_BYTES free', async () => {
    const full = await startProvider({ listen: true, minFreeBytes: Number.MAX_SAFE_INTEGER });
    try {
      const ready = await get('/readyz', full);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ready: false, checks: { database: 'ok', migrations: 'ok' } });
      expect(ready.body.checks).toMatchObject({ disk: expect.stringMatching(new RegExp(`^\\d+ bytes free in ${full.dataDir}, at most ${Number.MAX_SAFE_INTEGER}$`)) });
      expect(ready.body.msg).toMatch(/^Not ready: disk \(/);
    } finally {
      await full.stop();
    }
  });
});

describe('a graceful stop', () => {
  const boundary = 'stop-boundary';

  /** A voice note's multipart body, as a browser sends it. */
  function voiceBody(): Buffer {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="msg_from"\r\n\r\nstudent\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="voice"; filename="note.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), Buffer.from(voiceBytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  }
  let voiceBytes: ArrayBuffer;

  /** Sends the request's headers and the first `firstBytes` of `body`; `finish` sends the rest; `answer` is the raw answer once the connection ends. */
  function startUpload(url: string, urlPath: string, client: Client, body: Buffer, firstBytes: number) {
    const { hostname, port, host } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const answer = new Promise<string>((resolve) => {
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined);
    });
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    socket.write(
      `POST ${urlPath} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n` +
        `Accept: application/json\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${client.cookies.get('XSRF-TOKEN') ?? ''}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.subarray(0, firstBytes));
    return { answer, finish: () => socket.write(body.subarray(firstBytes)) };
  }

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    voiceBytes = await voiceFile(2).arrayBuffer();
  });

  /** A provider on a socket, Maria logged in on a client of hers, and her id and her teacher Amara's. */
  async function providerWithMaria() {
    const provider = await startProvider({ listen: true });
    const maria = provider.client();
    const studentId = await maria.loginStudent();
    const teacherId = await provider.client().loginTeacher();
    return { provider, maria, studentId, teacherId };
  }

  it('lets an upload in flight when the stop begins finish and be answered, takes no new connection, then closes', async () => {
    const { provider, maria, studentId, teacherId } = await providerWithMaria();
    const tmp = path.join(provider.dataDir, 'tmp');
    const body = voiceBody();
    const upload = startUpload(provider.url, `/api/send-voice-message/${teacherId}/${studentId}`, maria, body, 200);
    await until(() => fs.existsSync(tmp) && fs.readdirSync(tmp).length === 1, 'the upload to reach tmp/');

    const started = Date.now();
    const stopped = closeGracefully(provider.app, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The stop has begun: a new connection is refused.
    await expect(fetch(`${provider.url}/healthz`)).rejects.toThrow();
    upload.finish();
    const answer = await upload.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/"bool":true/);
    await expect(stopped).resolves.toEqual({ cut: false });
    expect(Date.now() - started).toBeLessThan(5_000);
    await provider.stop();
  });

  it('closes the connection of a request still running when the grace runs out', async () => {
    const { provider, maria, studentId, teacherId } = await providerWithMaria();
    const tmp = path.join(provider.dataDir, 'tmp');
    const upload = startUpload(provider.url, `/api/send-voice-message/${teacherId}/${studentId}`, maria, voiceBody(), 200);
    await until(() => fs.existsSync(tmp) && fs.readdirSync(tmp).length === 1, 'the upload to reach tmp/');

    const started = Date.now();
    await expect(closeGracefully(provider.app, 300)).resolves.toEqual({ cut: true });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await upload.answer).toBe('');
    await provider.stop();
  });

  it('leaves no timer holding the process once it has stopped', async () => {
    // Every timer made from the start to the stop (but Jest's own); those still pending and not
    // unref'd after it would keep a stopped provider's process, or a Jest worker, alive until they fire.
    const timers = new Map<number, { timer: NodeJS.Timeout; stack: string }>();
    const hook = createHook({
      init: (id, type, _trigger, resource) => void (type === 'Timeout' && timers.set(id, { timer: resource as NodeJS.Timeout, stack: new Error().stack ?? '' })),
      destroy: (id) => void timers.delete(id),
    }).enable();
    try {
      const provider = await startProvider();
      const client = provider.client();
      await client.get('/api/category/');
      const studentId = await client.loginStudent();
      // A refusal before the body is read (here a query the spec refuses) keeps reading it for a moment.
      expect((await client.get(`/api/student/${studentId}/recommended-courses/?limit=many`)).status).toBe(400);
      await provider.stop();
    } finally {
      hook.disable();
    }
    const holding = [...timers.values()]
      .filter(({ timer, stack }) => timer.hasRef() && (timer as unknown as { _idleTimeout: number })._idleTimeout > 0 && !stack.includes('/@jest/'))
      .map(({ timer, stack }) => `${(timer as unknown as { _idleTimeout: number })._idleTimeout} ms, ${stack.split('\n').find((line) => line.includes('/provider/src/'))?.trim()}`);
    expect(holding).toEqual([]);
  });
});
