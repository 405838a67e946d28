import { http, HttpResponse } from 'msw';
import { api } from '@/api';
import { makeStore } from '@/app/store';
import { API } from '@test/handlers';
import { server } from '@test/server';

function captureRequest(method: 'get' | 'post' | 'put', path: string, answer: unknown = { bool: true, msg: 'ok' }) {
  const requests: Request[] = [];
  server.use(
    http[method](`${API}${path}`, ({ request }) => {
      requests.push(request.clone());
      return HttpResponse.json(answer as never);
    }),
  );
  return requests;
}

describe('base query', () => {
  it('sends a form-encoded body where the spec declares one', async () => {
    const requests = captureRequest('post', '/teacher-login', { bool: true, msg: 'ok', login_via_otp: false, teacher_id: 4 });
    const store = makeStore();
    await store.dispatch(api.endpoints.teacherLogin.initiate({ loginForm: { email: 'a@b.test', password: 'p w&=' } })).unwrap();

    const [request] = requests;
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(await request!.text()))).toEqual({ email: 'a@b.test', password: 'p w&=' });
  });

  it('sends a multipart body with a real file part where the spec declares one', async () => {
    const requests = captureRequest('post', '/course/', { id: 9, title: 'Akan' });
    const store = makeStore();
    const image = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cover.svg', { type: 'image/svg+xml' });
    await store
      .dispatch(
        api.endpoints.createCourse.initiate({
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
    const requests = captureRequest('post', '/student-login', { bool: true, student_id: 7 });
    const store = makeStore();
    await store.dispatch(api.endpoints.studentLogin.initiate({ loginForm: { email: 'a@b.test', password: 'secret' } })).unwrap();

    const form = await requests[0]!.formData();
    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(form.get('email')).toBe('a@b.test');
    expect(form.get('password')).toBe('secret');
  });

  it('sends JSON for an operation that declares no form encoding', async () => {
    const requests = captureRequest('post', '/json-echo/');
    const jsonApi = api.injectEndpoints({
      endpoints: (build) => ({ jsonEcho: build.mutation<unknown, { note: string }>({ query: (body) => ({ url: '/json-echo/', method: 'POST', body }) }) }),
    });
    const store = makeStore();
    await store.dispatch(jsonApi.endpoints.jsonEcho.initiate({ note: 'hi' })).unwrap();

    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]!.json()).toEqual({ note: 'hi' });
  });

  it('asks for JSON answers', async () => {
    const requests = captureRequest('get', '/category/', []);
    const store = makeStore();
    await store.dispatch(api.endpoints.listCategories.initiate()).unwrap();
    expect(requests[0]!.headers.get('accept')).toBe('application/json');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on same-origin calls', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const requests = captureRequest('post', '/student-forgot-password/');
    const store = makeStore();
    await store.dispatch(api.endpoints.studentForgotPassword.initiate({ emailForm: { email: 'a@b.test' } })).unwrap();
    expect(requests[0]!.headers.get('x-xsrf-token')).toBe('abc123');
  });

  it('sends a refused call once more when the answer set a fresh XSRF token', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.post(`${API}/student-forgot-password/`, ({ request }) => {
        tokens.push(request.headers.get('x-xsrf-token'));
        if (tokens.length === 1) {
          document.cookie = 'XSRF-TOKEN=fresh; path=/';
          return HttpResponse.json({ msg: 'Missing or invalid XSRF token.' }, { status: 403 });
        }
        return HttpResponse.json({ bool: true, msg: 'sent' });
      }),
    );
    const store = makeStore();
    const answer = await store.dispatch(api.endpoints.studentForgotPassword.initiate({ emailForm: { email: 'a@b.test' } })).unwrap();
    expect(tokens).toEqual([null, 'fresh']);
    expect(answer).toEqual({ bool: true, msg: 'sent' });
  });

  it('does not retry a 403 when the token did not change', async () => {
    document.cookie = 'XSRF-TOKEN=same; path=/';
    let calls = 0;
    server.use(
      http.post(`${API}/student-forgot-password/`, () => {
        calls += 1;
        return HttpResponse.json({ msg: 'Forbidden.' }, { status: 403 });
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
      http.post(`${otherApi}/student-forgot-password/`, ({ request }) => {
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
