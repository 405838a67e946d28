import { http, HttpResponse } from 'msw';
import { api, authoringApi } from '@/api';
import { makeStore } from '@/app/store';
import { API, endpointHandler, reply, type Answer, type EndpointName } from '@test/handlers/endpoint';
import { endpointRoutes } from '@test/handlers/endpointRoutes';
import { server } from '@test/server';

/** Answers one endpoint with `answer` and keeps a copy of each request, to look at it as sent. */
function captureRequest<Name extends EndpointName>(name: Name, answer: Answer<Name>) {
  const requests: Request[] = [];
  server.use(
    endpointHandler(name, ({ request }) => {
      requests.push(request.clone());
      return answer;
    }),
  );
  return requests;
}

describe('base query', () => {
  it('sends a form-encoded body where the spec declares one', async () => {
    const requests = captureRequest('teacherLogin', { bool: true, msg: 'ok', login_via_otp: false, teacher_id: 4 });
    const store = makeStore();
    await store.dispatch(api.endpoints.teacherLogin.initiate({ teacherLoginForm: { email: 'a@b.test', password: 'p w&=' } })).unwrap();

    const [request] = requests;
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(await request!.text()))).toEqual({ email: 'a@b.test', password: 'p w&=' });
  });

  it('sends a multipart body with a real file part where the spec declares one', async () => {
    const requests = captureRequest('createCourse', { id: 9, title: 'Akan' });
    const store = makeStore();
    const image = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cover.svg', { type: 'image/svg+xml' });
    await store
      .dispatch(
        authoringApi.endpoints.createCourse.initiate({
          courseCreateForm: { category: 3, teacher: 4, title: 'Akan', description: 'Twi', languages: 'Akan', price: 15, featured_img: image },
        }),
      )
      .unwrap();

    const [request] = requests;
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request!.formData();
    expect(form.get('title')).toBe('Akan');
    expect(form.get('category')).toBe('3');
    expect(form.get('price')).toBe('15');
    const file = form.get('featured_img') as File;
    expect(file.name).toBe('cover.svg');
    expect(file.type).toBe('image/svg+xml');
    expect(await file.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('sends the student login as multipart, as the spec declares', async () => {
    const requests = captureRequest('studentLogin', { bool: true, student_id: 7 });
    const store = makeStore();
    await store.dispatch(api.endpoints.studentLogin.initiate({ loginForm: { email: 'a@b.test', password: 'secret' } })).unwrap();

    const form = await requests[0]!.formData();
    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(form.get('email')).toBe('a@b.test');
    expect(form.get('password')).toBe('secret');
  });

  it('sends JSON for an operation that declares no form encoding', async () => {
    // No operation of api-spec.yaml takes JSON: a path of its own, answered by a plain handler.
    const requests: Request[] = [];
    server.use(
      http.post(`${API}/json-echo/`, ({ request }) => {
        requests.push(request.clone());
        return HttpResponse.json({ bool: true, msg: 'ok' });
      }),
    );
    const jsonApi = api.injectEndpoints({
      endpoints: (build) => ({ jsonEcho: build.mutation<unknown, { note: string }>({ query: (body) => ({ url: '/json-echo/', method: 'POST', body }) }) }),
    });
    const store = makeStore();
    await store.dispatch(jsonApi.endpoints.jsonEcho.initiate({ note: 'hi' })).unwrap();

    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]!.json()).toEqual({ note: 'hi' });
  });

  it('asks for JSON answers', async () => {
    const requests = captureRequest('listCategories', []);
    const store = makeStore();
    await store.dispatch(api.endpoints.listCategories.initiate()).unwrap();
    expect(requests[0]!.headers.get('accept')).toBe('application/json');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on same-origin calls', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const requests = captureRequest('studentForgotPassword', { bool: true, msg: 'ok' });
    const store = makeStore();
    await store.dispatch(api.endpoints.studentForgotPassword.initiate({ emailForm: { email: 'a@b.test' } })).unwrap();
    expect(requests[0]!.headers.get('x-xsrf-token')).toBe('abc123');
  });

  it('sends no XSRF header on a read: only state-changing calls carry the token', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const requests = captureRequest('listCategories', []);
    const store = makeStore();
    await store.dispatch(api.endpoints.listCategories.initiate()).unwrap();
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.headers.get('x-xsrf-token')).toBeNull();
  });

  it('sends a refused call once more when the answer set a fresh XSRF token', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      endpointHandler('studentForgotPassword', ({ request }) => {
        tokens.push(request.headers.get('x-xsrf-token'));
        if (tokens.length === 1) {
          document.cookie = 'XSRF-TOKEN=fresh; path=/';
          return reply({ status: 403, body: { msg: 'Missing or invalid XSRF token.' } });
        }
        return { bool: true, msg: 'sent' };
      }),
    );
    const store = makeStore();
    const answer = await store.dispatch(api.endpoints.studentForgotPassword.initiate({ emailForm: { email: 'a@b.test' } })).unwrap();
    expect(tokens).toEqual([null, 'fresh']);
    expect(answer).toEqual({ bool: true, msg: 'sent' });
  });

  it('gets the XSRF cookie before the first login of a fresh browser, so the login is not refused 403 first', async () => {
    const logins: (string | null)[] = [];
    server.use(
      // As the provider: any answer to a request without the cookie sets it.
      http.head(`${API}${endpointRoutes.listCategories.path}`, () => {
        document.cookie = 'XSRF-TOKEN=first; path=/';
        return new HttpResponse(null, { status: 200 });
      }),
      endpointHandler('studentLogin', ({ request }) => {
        const sent = request.headers.get('x-xsrf-token');
        logins.push(sent);
        if (sent === null || !document.cookie.includes(`XSRF-TOKEN=${sent}`)) {
          return reply({ status: 403, body: { msg: 'Missing or invalid XSRF token.' } });
        }
        return { bool: true, msg: 'Login successful.', student_id: 7 };
      }),
    );
    expect(document.cookie).not.toContain('XSRF-TOKEN');
    // A page just opened: no call has been made yet.
    let answer: unknown;
    await jest.isolateModulesAsync(async () => {
      const { api: freshApi } = await import('@/api');
      const { makeStore: freshStore } = await import('@/app/store');
      answer = await freshStore()
        .dispatch(freshApi.endpoints.studentLogin.initiate({ loginForm: { email: 'a@b.test', password: 'secret-1' } }))
        .unwrap();
    });
    expect(logins).toEqual(['first']);
    expect(answer).toEqual({ bool: true, msg: 'Login successful.', student_id: 7 });
  });

  it('does not retry a 403 when the token did not change', async () => {
    document.cookie = 'XSRF-TOKEN=same; path=/';
    let calls = 0;
    server.use(
      endpointHandler('studentForgotPassword', () => {
        calls += 1;
        return reply({ status: 403, body: { msg: 'Forbidden.' } });
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(api.endpoints.studentForgotPassword.initiate({ emailForm: { email: 'a@b.test' } }));
    expect(calls).toBe(1);
    expect(result.error).toMatchObject({ status: 403, data: { msg: 'Forbidden.' } });
  });
});

describe('base query toward another origin', () => {
  const otherApi = 'http://provider.other.test/api';

  it('sends no XSRF header and no credentials to an API on another origin', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const requests: Request[] = [];
    server.use(
      // Another origin than the mocked provider's: a plain handler at the operation's path there.
      http.post(`${otherApi}${endpointRoutes.studentForgotPassword.path}`, ({ request }) => {
        requests.push(request);
        return HttpResponse.json({ bool: true, msg: 'sent' });
      }),
    );
    process.env.API_BASE = otherApi;
    try {
      await jest.isolateModulesAsync(async () => {
        const { api: isolatedApi } = await import('@/api');
        const { makeStore: isolatedMakeStore } = await import('@/app/store');
        const store = isolatedMakeStore();
        await store.dispatch(isolatedApi.endpoints.studentForgotPassword.initiate({ emailForm: { email: 'a@b.test' } })).unwrap();
      });
    } finally {
      delete process.env.API_BASE;
    }
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('x-xsrf-token')).toBeNull();
    expect(requests[0]!.credentials).not.toBe('include');
  });
});
