/**
 * The render server (scripts/serve-dist.ts) in front of a real provider, as a visitor and an
 * attacker reach it: its data pages are on the configured public origin whatever the request's
 * `Host` says, and the provider behind it learns the peer's address, not one the client wrote.
 * The build is stood in for by a small shell and a render bundle that does what the app's does
 * with the origin (calls the API on it, makes media paths absolute on it): no `npm run build`.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { sql } from 'kysely';
import { defaultThrottleLimits } from '../../provider/src/throttle';
import { compactLayoutOf, type DistServer, type DistServerOptions, startDistServer, studentSessionOf } from '../../scripts/serve-dist';
import { fakeShell, makeFakeBuild } from './fakeBuild';
import { bookedLesson, joinRoom, minute, roomRefusal } from './lessonRoomSupport';
import { Client, type RunningProvider, demoIds, inDatabase, startProvider } from './support';

/** The contract of the build's render bundle (src/app/prerender.tsx), with the app's use of the origin. */
const renderBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async (url, { origin, fetch }) => {
  const id = url.split('/').pop();
  const course = await (await fetch(origin + '/api/course/' + id)).json();
  const image = new URL(course.featured_img, origin).href;
  return {
    html: '<main><h1>' + course.title + '</h1><img src="' + image + '" alt=""></main>',
    title: course.title,
    styleTags: '',
    status: 200,
    apiState: { origin, course: { ...course, featured_img: image } },
  };
};
exports.renderStudentPage = async (url, { origin, fetch }) => {
  const session = await fetch(origin + '/api/student-session/');
  if (!session.ok) throw new Error('no student session: ' + session.status);
  const studentId = (await session.json()).student_id;
  const student = await (await fetch(origin + '/api/student/' + studentId)).json();
  return { html: '<main><h1>Welcome, ' + student.full_name + '</h1></main>', title: 'Dashboard', styleTags: '', status: 200, apiState: {}, studentId };
};
`;

/** A GET with headers fetch() would not send as given (Host among them). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
  });
}

describe('the render server in front of the provider', () => {
  let provider: RunningProvider;
  let distDir: string;
  const servers: DistServer[] = [];
  const serve = async (options: Partial<DistServerOptions> = {}) => {
    const server = await startDistServer({ distDir, providerUrl: provider.url, renderBundle: path.join(distDir, 'render.cjs'), renderWorkers: 1, ...options });
    servers.push(server);
    // Its page is asked for once its render worker has started (on a busy machine, about a second).
    while ((server.renderStats()?.workersStarted ?? 0) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    return server;
  };

  beforeAll(async () => {
    provider = await startProvider({ listen: true, trustProxy: '127.0.0.1', throttle: { address: { ...defaultThrottleLimits.address, free: 3 } } });
    distDir = makeFakeBuild({ prefix: 'serve-dist-test-', shell: fakeShell, renderBundle, dataPages: ['/detail/:course_id'], studentPages: ['/student-dashboard'] });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await provider.stop();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const forged = { host: 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

  it('renders a data page on the configured public origin, whatever Host and X-Forwarded-* say', async () => {
    const server = await serve({ publicOrigin: 'https://academy.example/' });
    const page = await get(`${server.url}/detail/1`, forged);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root" data-prerendered>');
    expect(page.body).toContain('src="https://academy.example/media/');
    expect(page.body).toContain('"origin":"https://academy.example"');
    expect(page.body).not.toContain('evil.example');
  });

  it('on loopback without PUBLIC_ORIGIN, renders on its own address', async () => {
    const server = await serve();
    expect(server.publicOrigin).toBe(server.url);
    const page = await get(`${server.url}/detail/1`, forged);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`src="${server.url}/media/`);
    expect(page.body).not.toContain('evil.example');
  });

  it('refuses to start on a public address without PUBLIC_ORIGIN, or with one that is not an origin', async () => {
    await expect(startDistServer({ distDir, providerUrl: provider.url, host: '0.0.0.0' })).rejects.toThrow(/^PUBLIC_ORIGIN \(publicOrigin\) is required/);
    await expect(startDistServer({ distDir, providerUrl: provider.url, publicOrigin: 'https://academy.example/courses' })).rejects.toThrow(
      /^PUBLIC_ORIGIN \(publicOrigin\) must be an origin/,
    );
    await expect(startDistServer({ distDir, providerUrl: provider.url, publicOrigin: 'javascript:alert(1)' })).rejects.toThrow(/^PUBLIC_ORIGIN/);
  });

  // Before the spoofing test below, which uses up this address's failed logins.
  it("renders a student's first screen with their session only, for them only, and never keeps it (decision 0041)", async () => {
    const server = await serve();
    const student = new Client(server.url);
    const studentId = await student.loginStudent();
    const cookie = `student_session=${student.cookies.get('student_session')}`;
    for (let visit = 1; visit <= 2; visit += 1) {
      const page = await get(`${server.url}/student-dashboard`, { cookie: `XSRF-TOKEN=x; ${cookie}` });
      expect(page.status).toBe(200);
      expect(page.body).toContain('<h1>Welcome, Maria Silva</h1>');
      expect(page.body).toContain(`<div id="root" data-prerendered data-student="${studentId}" data-compact="0">`);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers.vary).toMatch(/cookie/i);
    }
    expect(server.renderStats()).toMatchObject({ rendered: 2, reused: 0 });

    // No session, a session that opens nothing, a teacher's: the shell, which holds no one's data.
    const teacher = new Client(server.url);
    await teacher.loginTeacher();
    for (const other of ['', 'student_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `teacher_session=${teacher.cookies.get('teacher_session')}`]) {
      const page = await get(`${server.url}/student-dashboard`, { cookie: other });
      expect(page.status).toBe(200);
      expect(page.body).toBe(fakeShell);
    }
  });

  it("tells the provider the peer's address: a spoofed X-Forwarded-For does not move its counter", async () => {
    const server = await serve();
    const client = new Client(server.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await client.post('/api/student-login', {
        multipart: { email: `spoof-${attempt}@example.org`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
      });
      statuses.push(answer.status);
    }
    // The provider trusts 127.0.0.1 (the render server) and allows three failures per address.
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it("sends a data page again without rendering it while the provider's answers are the same, and renders it anew once they change", async () => {
    const server = await serve();
    const first = await get(`${server.url}/detail/1`, {});
    const again = await get(`${server.url}/detail/1`, {});
    // The same answer: status, headers (but the clock's Date, which may turn a second between them) and page.
    const sent = ({ headers: { date: _date, ...headers }, ...answer }: typeof first) => ({ ...answer, headers });
    expect(sent(again)).toEqual(sent(first));
    expect(server.renderStats()).toMatchObject({ rendered: 1, reused: 1 });

    await inDatabase(provider, (queries) => queries.run(sql`UPDATE courses SET title = ${'Yoruba, renamed since'} WHERE id = 1`));
    const changed = await get(`${server.url}/detail/1`, {});
    expect(changed.body).toContain('<h1>Yoruba, renamed since</h1>');
    expect(server.renderStats()).toMatchObject({ rendered: 2, reused: 1 });
  });

  it('renders every data page when its cache is off (RENDER_CACHE_ENTRIES=0)', async () => {
    const server = await serve({ renderCacheEntries: 0 });
    await get(`${server.url}/detail/1`, {});
    await get(`${server.url}/detail/1`, {});
    expect(server.renderStats()).toMatchObject({ rendered: 2, reused: 0 });
  });
});

describe('the render server compresses a rendered page', () => {
  /** A list page's worth of markup (about 100 KB), as the catalogue renders it. */
  const listBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async () => {
  const languages = ['Spanish', 'French', 'Yoruba', 'German', 'Pidgin', 'English', 'Igbo', 'Hausa'];
  const rows = Array.from({ length: 240 }, (_, i) =>
    '<li class="css-' + (i * 7919).toString(36) + '"><article><h3>' + languages[i % 8] + ' for travellers, part ' + i +
    '</h3><p>' + (i % 5 + 1) + ' chapters, by teacher ' + (i * 31 % 97) + '. Price ' + (i * 13 % 50) + '.99</p></article></li>');
  return { html: '<main><h1>All courses</h1><ul>' + rows.join('') + '</ul></main>', title: 'All courses', styleTags: '', status: 200, apiState: {} };
};
`;

  it('with brotli tighter than the compression plugin sets by default (quality 4), so a list page fits fewer round trips', async () => {
    const distDir = makeFakeBuild({ prefix: 'serve-dist-br-', shell: fakeShell, renderBundle: listBundle, dataPages: ['/all-courses'] });
    const server = await startDistServer({ distDir, providerUrl: 'http://127.0.0.1:9', renderBundle: path.join(distDir, 'render.cjs'), renderWorkers: 1 });
    try {
      while ((server.renderStats()?.workersStarted ?? 0) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}/all-courses`, { headers: { 'accept-encoding': 'br' } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
      expect(raw.encoding).toBe('br');
      const page = brotliDecompressSync(raw.body);
      expect(page.toString()).toContain('Spanish for travellers, part 0');
      const atDefault = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect(raw.body.length).toBeLessThan(atDefault.length * 0.95);
    } finally {
      await server.close();
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('the render server passes WebSockets through', () => {
  it("relays a lesson room's handshake and messages to the provider, and a refused handshake's answer back", async () => {
    const provider = await startProvider({ listen: true });
    const distDir = makeFakeBuild({ prefix: 'serve-dist-ws-', shell: fakeShell, renderBundle, dataPages: [] });
    const server = await startDistServer({ distDir, providerUrl: provider.url, renderWorkers: 1 });
    try {
      const ids = await demoIds(provider);
      const [maria, amara] = [provider.client(), provider.client()];
      await maria.loginStudent();
      await amara.loginTeacher();
      const lessonId = await bookedLesson(provider, ids, 5 * minute);
      const student = await joinRoom(server, maria, lessonId);
      const teacher = await joinRoom(server, amara, lessonId);
      expect(await student.next('peer')).toEqual({ type: 'peer', present: false });
      expect(await student.next('peer')).toEqual({ type: 'peer', present: true });
      teacher.ws.send(JSON.stringify({ type: 'signal', data: { through: 'the render server' } }));
      expect(await student.next('signal')).toEqual({ type: 'signal', data: { through: 'the render server' } });
      expect(await roomRefusal(server, provider.client(), lessonId)).toEqual({ status: 401, msg: 'Please log in.' });
      student.ws.close();
      teacher.ws.close();
    } finally {
      await server.close();
      await provider.stop();
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe("what the render server reads of a student's request (decision 0041)", () => {
  it('takes only a student_session cookie that looks like a token, wherever it stands among the cookies', () => {
    const token = 'Zk3v_Q9-a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXy';
    expect(studentSessionOf(`student_session=${token}`)).toBe(token);
    expect(studentSessionOf(`XSRF-TOKEN=abc; student_session=${token}; academy_compact=1`)).toBe(token);
    expect(studentSessionOf(`teacher_session=${token}`)).toBeNull();
    expect(studentSessionOf(`not_student_session=${token}`)).toBeNull();
    expect(studentSessionOf('student_session=short')).toBeNull();
    expect(studentSessionOf(`student_session=${token}%0d%0aX-Injected: 1`)).toBeNull();
    expect(studentSessionOf(undefined)).toBeNull();
  });

  it("lays the page out as the app last said (its cookie), else as a phone's user agent suggests", () => {
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(compactLayoutOf('academy_compact=1', desktop)).toBe(true);
    expect(compactLayoutOf('student_session=x; academy_compact=0', phone)).toBe(false);
    expect(compactLayoutOf(undefined, phone)).toBe(true);
    expect(compactLayoutOf('academy_compact=yes', desktop)).toBe(false);
  });
});
