/**
 * Holes an outside probe found in the provider and its sessions, one describe per finding;
 * each test failed on the provider before its fix.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { buildProvider } from '../../provider/src/server';
import { type Client, type RunningProvider, demoLogins, makeDataDir, startProvider } from './support';

describe('XSRF and origins: decided by the route matched, not the raw URL', () => {
  let provider: RunningProvider;
  const appOrigin = 'http://app.localhost:8080';

  beforeAll(async () => {
    provider = await startProvider({ appOrigin });
  });

  afterAll(() => provider.stop());

  /** Every spelling of `path` with one of its characters percent-encoded. */
  const encodedVariants = (path: string) =>
    [...path]
      .map((char, index) =>
        /[a-z-]/i.test(char)
          ? `${path.slice(0, index)}%${char.charCodeAt(0).toString(16).padStart(2, '0')}${path.slice(index + 1)}`
          : null,
      )
      .filter((variant): variant is string => variant !== null);

  const passwordChange = (password: string) => ({
    form: { password, current_password: demoLogins.teacher.password },
  });

  it('refuses a state-changing call on a percent-encoded /api path without the header', async () => {
    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const variants = encodedVariants(`/api/teacher/change-password/${teacherId}/`);
    expect(variants.length).toBe(25);
    const statuses = new Set<number>();
    for (const variant of variants) {
      const answer = await teacher.json('POST', variant, { ...passwordChange('hijacked-password'), xsrf: false });
      statuses.add(answer.status);
    }
    expect([...statuses]).toEqual([403]);
    // The password is the demo one still.
    await provider.client().loginTeacher();
  });

  it('refuses a state-changing call from another origin, even with the token', async () => {
    const teacher = provider.client();
    const teacherId = await teacher.loginTeacher();
    const url = `/api/teacher/change-password/${teacherId}/`;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:1' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const answer = await teacher.json('POST', url, { ...passwordChange('hijacked-password'), headers });
      expect({ headers, status: answer.status }).toEqual({ headers, status: 403 });
      expect(answer.body).toEqual({ bool: false, msg: expect.stringMatching(/origin|site/i) });
    }
    await provider.client().loginTeacher();
  });

  it("accepts the provider's own origin, the configured app origin and same-origin or same-site fetches", async () => {
    const ownOrigin = new URL(provider.url).origin;
    const allowed: Record<string, string>[] = [
      { origin: ownOrigin },
      { origin: appOrigin },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of allowed) {
      const answer = await provider.client().post('/api/student-forgot-password/', {
        form: { email: demoLogins.student.email },
        headers,
      });
      expect({ headers, status: answer.status }).toEqual({ headers, status: 200 });
    }
  });

  it('refuses the checkout forms from another origin', async () => {
    const maria: Client = provider.client();
    const studentId = await maria.loginStudent();
    const { body: courses } = await maria.get<{ id: number; price: string | null }[]>('/api/course/');
    const { body: enrolled } = await maria.get<{ course: { id: number } }[]>(`/api/fetch-enrolled-courses/${studentId}`);
    const paid = courses.find(
      (course) => Number(course.price) > 0 && !enrolled.some((row) => row.course.id === course.id),
    )!;
    const { body: session } = await maria.post<{ url: string }>('/api/create-payment-session/', {
      form: { course_id: paid.id, student_id: studentId },
    });
    const forged = await maria.request('POST', `${session.url}/pay`, {
      form: { xsrf_token: maria.cookies.get('XSRF-TOKEN') },
      xsrf: false,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await maria.get(`/api/fetch-enroll-status/${studentId}/${paid.id}`)).body.bool).toBe(false);
  });
});

describe('the outbox: development mode only, loopback only', () => {
  let devProvider: RunningProvider;

  beforeAll(async () => {
    devProvider = await startProvider({ devMode: true });
  });

  afterAll(() => devProvider.stop());

  /** GET /dev/outbox with a chosen `Host` header (fetch would send the URL's). */
  const outbox = (url: string, host: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${url}/dev/outbox`, { headers: { host } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });

  it('does not exist outside development mode', async () => {
    const production = await startProvider({ devMode: false });
    try {
      expect((await production.client().request('GET', '/dev/outbox')).status).toBe(404);
      expect(await outbox(production.url, 'localhost:8000')).toBe(404);
    } finally {
      await production.stop();
    }
  });

  it('answers a loopback client that addressed a loopback host', async () => {
    expect((await devProvider.client().request('GET', '/dev/outbox')).status).toBe(200);
    for (const host of ['localhost:8000', '127.0.0.1', '127.0.0.1:8000', '[::1]:8000', 'LOCALHOST']) {
      expect({ host, status: await outbox(devProvider.url, host) }).toEqual({ host, status: 200 });
    }
  });

  it('hides itself from other hosts (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:8000', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5']) {
      expect({ host, status: await outbox(devProvider.url, host) }).toEqual({ host, status: 404 });
    }
  });

  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

  (external ? it : it.skip)('hides itself from a client on another address', async () => {
    const dataDir = makeDataDir();
    const app = await buildProvider({ dataDir, devMode: true, logMail: false });
    try {
      const url = await app.listen({ port: 0, host: external });
      expect(await outbox(url, 'localhost')).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
