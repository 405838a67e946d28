import { api } from '@/api';
import { keepaliveOperations } from '@/api/operations';
import { makeStore } from '@/app/store';
import { mockEndpoint } from '@test/mockEndpoint';

describe('base query: keepalive operations', () => {
  it('derives the keepalive operations from x-keepalive in api-spec.yaml', () => {
    expect(keepaliveOperations).toEqual(['saveChapterProgress']);
  });

  it('sends a progress save with keepalive and the anti-forgery header, so it outlives the page', async () => {
    const requests: Request[] = [];
    mockEndpoint('saveChapterProgress', ({ request }) => {
      requests.push(request);
      return { chapter: 11, position: 2.5, watched: false, updated_at: '2025-03-02T18:25:43.511Z' };
    });
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    const store = makeStore();

    await store
      .dispatch(api.endpoints.saveChapterProgress.initiate({ studentId: 7, chapterId: 11, chapterProgressForm: { position: 2.5, watched: false } }))
      .unwrap();

    expect(requests).toHaveLength(1);
    expect(requests[0]!.keepalive).toBe(true);
    expect(requests[0]!.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    expect(Object.fromEntries(new URLSearchParams(await requests[0]!.text()))).toEqual({ position: '2.5', watched: 'false' });
  });

  it('sends other calls without keepalive', async () => {
    const requests: Request[] = [];
    mockEndpoint('listCategories', ({ request }) => {
      requests.push(request);
      return [];
    });
    const store = makeStore();

    await store.dispatch(api.endpoints.listCategories.initiate()).unwrap();

    expect(requests[0]!.keepalive).toBe(false);
  });
});
