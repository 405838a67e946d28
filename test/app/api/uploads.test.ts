import { act, screen } from '@testing-library/react';
import { api, authoringApi, classifyError, isUploadCancelled, uploadRules, type UploadProgress } from '@/api';
import { makeStore } from '@/app/store';
import { useFakeUploads } from '@test/fakeUploads';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

const image = () => new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cover.svg', { type: 'image/svg+xml' });
const courseForm = () => ({ category: 3, teacher: 4, title: 'Akan', featured_img: image() });

describe('upload rules', () => {
  it('are derived from api-spec.yaml for every operation with a file field', () => {
    const images = { types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'], maxBytes: 5 * 1024 * 1024 };
    const videos = { types: ['video/webm', 'video/mp4', 'video/ogg'], maxBytes: 50 * 1024 * 1024 };
    const captions = { types: ['text/vtt'], maxBytes: 1024 * 1024 };
    const voice = { types: ['audio/webm', 'audio/ogg'], maxBytes: 10 * 1024 * 1024 };
    const answerFile = {
      types: [
        'application/pdf',
        'image/png',
        'image/jpeg',
        'image/webp',
        'text/plain',
        'audio/webm',
        'audio/ogg',
        'audio/mpeg',
        'audio/mp4',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      maxBytes: 20 * 1024 * 1024,
    };
    expect(uploadRules).toEqual({
      answerAssignment: { voice, file: answerFile },
      giveAssignmentFeedback: { voice },
      sendVoiceMessage: { voice },
      createCourse: { featured_img: images },
      updateCourse: { featured_img: images },
      updateTeacher: { profile_img: images, intro_video: videos },
      createChapter: { video: videos, captions },
      updateChapter: { video: videos, captions },
      putChapterCaptionTrack: { captions },
      createExercise: { audio: voice },
      updateExercise: { audio: voice },
    });
  });
});

describe('uploads through the base query, on the mocked provider', () => {
  it('sends the multipart body with the Accept and anti-forgery headers, and reports its progress', async () => {
    const sent: Request[] = [];
    mockEndpoint('createCourse', ({ request }) => {
      sent.push(request.clone());
      return { id: 9, title: 'Akan' };
    });
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    const progress: UploadProgress[] = [];
    const store = makeStore();

    const course = await store
      .dispatch(authoringApi.endpoints.createCourse.initiate({ courseCreateForm: courseForm(), onUploadProgress: (step: UploadProgress) => progress.push(step) } as never))
      .unwrap();

    expect(course).toEqual(expect.objectContaining({ id: 9, title: 'Akan' }));
    expect(sent[0]!.headers.get('accept')).toBe('application/json');
    expect(sent[0]!.headers.get('x-xsrf-token')).toBe('token-1');
    const form = await sent[0]!.formData();
    expect((form.get('featured_img') as File).name).toBe('cover.svg');
    expect(form.get('onUploadProgress')).toBeNull();
    expect(progress.at(-1)).toEqual({ loaded: expect.any(Number), total: progress.at(-1)!.loaded });
  });

  it.each([
    ['a refusal with the provider message', () => failEndpoint('createCourse', 400, { msg: 'The image is too large: the limit is 5 MB.' }), { kind: 'refused', status: 400, msg: 'The image is too large: the limit is 5 MB.', fields: {} }],
    ['a server error', () => failEndpoint('createCourse', 500), { kind: 'server' }],
    ['an HTML error page', () => mockEndpoint('createCourse', { status: 502, body: '<h1>Bad gateway</h1>' }), { kind: 'server' }],
    ['no answer', () => failEndpoint('createCourse', 'network'), { kind: 'network' }],
  ])('fails with the shape fetchBaseQuery gives: %s', async (_case, arrange, expected) => {
    arrange();
    const store = makeStore();
    const failure = await store.dispatch(authoringApi.endpoints.createCourse.initiate({ courseCreateForm: courseForm() })).unwrap().catch((error: unknown) => error);
    expect(classifyError(failure)).toEqual(expected);
  });

  it('ends the teacher session here when an upload is answered 401, and says so', async () => {
    failEndpoint('createCourse', 401);
    const { store } = renderApp({ route: '/about', preloadedState: loggedInAs({ teacher: 4 }) });
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await store.dispatch(authoringApi.endpoints.createCourse.initiate({ courseCreateForm: courseForm() }));
    });
    expect(store.getState().teacher).toEqual({ loggedIn: false, id: null });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('sends an upload once more when the provider refused a stale anti-forgery token and set a fresh one', async () => {
    const tokens: (string | null)[] = [];
    mockEndpoint('updateCourse', ({ request }) => {
      tokens.push(request.headers.get('x-xsrf-token'));
      if (tokens.length === 1) {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return new Response(JSON.stringify({ msg: 'Missing or invalid XSRF token.' }), { status: 403 });
      }
      return { id: 1, title: 'Akan' };
    });
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const store = makeStore();
    await store.dispatch(authoringApi.endpoints.updateCourse.initiate({ courseId: 1, courseUpdateForm: { category: 3, teacher: 4, title: 'Akan' } })).unwrap();
    expect(tokens).toEqual(['stale', 'fresh']);
  });
});

describe('uploads half-way (XMLHttpRequest stand-in)', () => {
  const uploads = useFakeUploads();

  it('reports each step of the progress and parses the answer', async () => {
    const progress: UploadProgress[] = [];
    const store = makeStore();
    const call = store.dispatch(
      authoringApi.endpoints.createChapter.initiate({
        chapterCreateForm: { course: 1, title: 'Numbers', video: new File(['webm'], 'n.webm', { type: 'video/webm' }) },
        onUploadProgress: (step: UploadProgress) => progress.push(step),
      } as never),
    );
    const upload = await uploads.next();
    expect([upload.method, upload.url]).toEqual(['POST', 'http://localhost/api/chapter/']);
    expect(upload.headers.accept).toBe('application/json');
    expect(upload.fields()).toEqual(expect.objectContaining({ course: '1', title: 'Numbers' }));
    upload.progress(25, 100);
    upload.progress(100, 100);
    upload.respond(201, { id: 12, course: 1, title: 'Numbers', video: '/media/chapter_videos/n.webm' });

    expect(await call.unwrap()).toEqual(expect.objectContaining({ id: 12, video: 'http://localhost/media/chapter_videos/n.webm' }));
    expect(progress).toEqual([
      { loaded: 25, total: 100 },
      { loaded: 100, total: 100 },
    ]);
  });

  it('aborts the request when the mutation is aborted, and says it was cancelled', async () => {
    const store = makeStore();
    const call = store.dispatch(authoringApi.endpoints.createCourse.initiate({ courseCreateForm: courseForm() }));
    const upload = await uploads.next();
    upload.progress(10, 100);
    call.abort();

    const failure = await call.unwrap().catch((error: unknown) => error);
    expect(upload.aborted).toBe(true);
    expect(isUploadCancelled(failure)).toBe(true);
  });

  it('keeps other multipart calls (no file field) on fetch', async () => {
    mockEndpoint('studentLogin', () => ({ bool: true, student_id: 7 }));
    const store = makeStore();
    await store.dispatch(api.endpoints.studentLogin.initiate({ loginForm: { email: 'a@b.test', password: 'secret' } })).unwrap();
    expect(uploads.sent).toEqual([]);
  });
});
