/**
 * The chapter video sent resumably (issue 39, item 6): tus-js-client (its browser build, over
 * XMLHttpRequest) talks to msw handlers standing for the provider's tus endpoint below, which
 * read each PATCH's bytes. The provider without the extension keeps the multipart field.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { patterns } from '@/config/paths';
import { AddChapterPage } from '@/features/teacher/chapters/AddChapterPage';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute } from '@test/render';
import { server } from '@test/server';

const teacher = loggedInAs({ teacher: 4 });
const video = () => new File([new Uint8Array(1000).fill(7)], 'numbers.webm', { type: 'video/webm', lastModified: 1 });

interface FakeUpload {
  length: number;
  offset: number;
}

/**
 * The tus endpoint: uploads by id, what each call carried, and `stopAt`: an offset where the next
 * PATCH is cut (it keeps the bytes before it and never answers, as a connection lost mid-way).
 */
function fakeTus() {
  const uploads = new Map<string, FakeUpload>();
  const calls: { method: string; offset: string | null; xsrf: string | null; metadata: string | null }[] = [];
  const tus = { 'Tus-Resumable': '1.0.0' };
  const state = { stopAt: null as number | null, hold: null as Promise<void> | null };
  server.use(
    http.post('http://localhost/api/uploads/', ({ request }) => {
      calls.push({ method: 'POST', offset: null, xsrf: request.headers.get('x-xsrf-token'), metadata: request.headers.get('upload-metadata') });
      const id = `u${uploads.size + 1}`;
      uploads.set(id, { length: Number(request.headers.get('upload-length')), offset: 0 });
      return new HttpResponse(null, { status: 201, headers: { ...tus, Location: `/api/uploads/${id}` } });
    }),
    http.head('http://localhost/api/uploads/:id', ({ params }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return new HttpResponse(null, { status: 404, headers: tus });
      return new HttpResponse(null, { headers: { ...tus, 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) } });
    }),
    http.patch('http://localhost/api/uploads/:id', async ({ request, params }) => {
      const upload = uploads.get(String(params.id)) as FakeUpload;
      calls.push({ method: 'PATCH', offset: request.headers.get('upload-offset'), xsrf: request.headers.get('x-xsrf-token'), metadata: null });
      const bytes = (await request.arrayBuffer()).byteLength;
      await state.hold;
      if (state.stopAt !== null && upload.offset + bytes > state.stopAt) {
        upload.offset = state.stopAt;
        state.stopAt = null;
        return new Promise<never>(() => undefined);
      }
      upload.offset += bytes;
      return new HttpResponse(null, { status: 204, headers: { ...tus, 'Upload-Offset': String(upload.offset) } });
    }),
  );
  return { uploads, calls, state };
}

const withUploads = () =>
  mockEndpoint('getUploadOptions', () => ({
    protocol: 'tus' as const,
    version: '1.0.0',
    max_bytes: 2 * 1024 ** 3,
    expires_after_seconds: 86400,
    types: ['video/webm', 'video/mp4', 'video/ogg'],
  }));

const renderForm = () => renderRoute(patterns.addChapter, <AddChapterPage />, { route: '/add-chapter/1', preloadedState: teacher });

/** The video field once the provider said it serves resumable uploads (until then the form's file field stands). */
async function resumableInput(description: string | RegExp = /It uploads as soon as you choose it/): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByLabelText(/^Video/)).toHaveAccessibleDescription(description));
  return screen.getByLabelText(/^Video/);
}

describe('Add Chapter with resumable uploads', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=token-1';
    localStorage.clear();
  });

  it('sends the video as soon as it is chosen, then the chapter with the upload’s id; refuses one over the limit before sending', async () => {
    withUploads();
    const tus = fakeTus();
    const created = recordSent('createChapter');
    const { user } = renderForm();
    const input = await resumableInput('WebM, MP4 or Ogg, up to 2 GB. It uploads as soon as you choose it, and resumes if interrupted.');

    const huge = video();
    Object.defineProperty(huge, 'size', { value: 2 * 1024 ** 3 + 1 });
    await user.upload(input, huge);
    expect(input).toHaveAccessibleDescription('The video is too large: the limit is 2 GB.');
    expect(tus.calls).toEqual([]);

    await enter(user, screen.getByRole('textbox', { name: 'Title' }), 'Numbers');
    await user.upload(input, video());
    await waitFor(() => expect(input).toHaveAccessibleDescription('Uploaded: numbers.webm'));
    expect(tus.calls.map(({ method, offset, xsrf }) => [method, offset, xsrf])).toEqual([
      ['POST', null, 'token-1'],
      ['PATCH', '0', 'token-1'],
    ]);
    expect(tus.calls[0]?.metadata).toContain(`course ${btoa('1')}`);

    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.fields).toMatchObject({ title: 'Numbers', video_upload: 'u1' });
    expect(created[0]?.fields.video).toBeUndefined();
  });

  it('keeps the form through a reload, resumes the same file where it stopped, and warns before leaving meanwhile', async () => {
    withUploads();
    const tus = fakeTus();
    tus.state.stopAt = 430;
    const view = renderForm();
    await enter(view.user, await screen.findByRole('textbox', { name: 'Title' }), 'Numbers');
    const file = video();
    await view.user.upload(await resumableInput(), file);
    await waitFor(() => expect(tus.uploads.get('u1')?.offset).toBe(430));

    // Running: a reload or another site asks first, and so do the app's own links.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    await act(() => view.router.navigate('/teacher-courses'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await view.user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(view.router.state.location.pathname).toBe('/add-chapter/1');

    // The reload: a new page, the title kept, the same file chosen again.
    view.unmount();
    const { user } = renderForm();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Numbers');
    const input = await resumableInput('Choose numbers.webm again to resume its upload.');
    let release = () => undefined as void;
    tus.state.hold = new Promise<void>((resolve) => (release = resolve));
    await user.upload(input, file);
    expect(await screen.findByText('Resuming your upload: 43 %')).toBeInTheDocument();
    release();
    await waitFor(() => expect(input).toHaveAccessibleDescription('Uploaded: numbers.webm'));
    expect(tus.calls.filter((call) => call.method === 'PATCH').map((call) => call.offset)).toEqual(['0', '430']);
    expect(tus.uploads.get('u1')?.offset).toBe(1000);
  });

  it('pauses and resumes', async () => {
    withUploads();
    const tus = fakeTus();
    tus.state.stopAt = 200;
    const { user } = renderForm();
    await user.upload(await resumableInput(), video());
    await waitFor(() => expect(tus.uploads.get('u1')?.offset).toBe(200));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText(/^Upload paused at \d+ %$/, { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByLabelText(/^Video/)).toHaveAccessibleDescription('Uploaded: numbers.webm'));
    expect(tus.calls.filter((call) => call.method === 'PATCH').map((call) => call.offset)).toEqual(['0', '200']);
  });

  it('sends the video with the form, up to 50 MB, to a provider without resumable uploads', async () => {
    const created = recordSent('createChapter');
    const { user } = renderForm();
    await enter(user, await screen.findByRole('textbox', { name: 'Title' }), 'Numbers');
    const input = screen.getByLabelText(/^Video/);
    expect(input).toHaveAccessibleDescription('WebM, MP4 or Ogg, up to 50 MB.');
    await user.upload(input, video());
    await user.click(screen.getByRole('button', { name: 'Upload Chapter' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.fields.video).toBeInstanceOf(File);
    expect(created[0]?.fields.video_upload).toBeUndefined();
  });
});
