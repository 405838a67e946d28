import { http, HttpResponse } from 'msw';
import { savedChaptersCache } from '@/offline/cacheNames';
import { SAVED_INDEX_PATH, type SavedChapter } from '@/offline/savedChapters';
import { type FakeCacheStorage, installFakeCacheStorage, type InstalledCacheStorage } from '@test/fakes/cacheStorage';
import { server } from '@test/server';

export const MB = 1_000_000;
export const STUDENT = 7;
export const CACHE = savedChaptersCache(STUDENT);
export const VIDEO = 'http://localhost/media/chapter_videos/greetings.webm';
export const CAPTIONS = 'http://localhost/media/chapter_captions/greetings.vtt';
export const CAPTIONS_TEXT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nẸ káàárọ̀\n';
export const CAPTIONS_BYTES = new TextEncoder().encode(CAPTIONS_TEXT).byteLength;

/** `navigator.storage` as a browser gives it, with `free` bytes left to the site; undone by `restore`. */
export function stubStorage({ quota = 2_000 * MB, usage = 0 }: { quota?: number; usage?: number } = {}) {
  const storage = {
    estimate: jest.fn(async () => ({ quota, usage })),
    persist: jest.fn(async () => true),
    persisted: jest.fn(async () => false),
  };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
  return { ...storage, restore: () => delete (navigator as { storage?: unknown }).storage };
}

export interface MediaControl {
  /** The bytes of each media GET and HEAD, in order ('GET http://…'). */
  requests: string[];
  /** The credentials mode of each GET. */
  credentials: RequestCredentials[];
  /** Lets the video's answer finish (it holds after its first third until then, when `hold` is set). */
  release: () => void;
}

/**
 * The provider's /media/ for the Greetings chapter: a video of `videoBytes`, its captions, HEAD for
 * both, with their Content-Length unless `lengths` is false. With `hold`, the video's body stops after its first third
 * until `release()`.
 */
export function serveMedia({ videoBytes = 3 * MB, hold = false, videoStatus = 200, lengths = true } = {}): MediaControl {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  if (!hold) release();
  const control: MediaControl = { requests: [], credentials: [], release: () => release() };
  const captions = new TextEncoder().encode(CAPTIONS_TEXT);
  const length = (bytes: number): Record<string, string> => (lengths ? { 'Content-Length': String(bytes) } : {});
  const videoHeaders = { 'Content-Type': 'video/webm', ...length(videoBytes), 'Accept-Ranges': 'bytes' };
  server.use(
    http.head(VIDEO, () => {
      control.requests.push(`HEAD ${VIDEO}`);
      return new HttpResponse(null, { status: 200, headers: videoHeaders });
    }),
    http.head(CAPTIONS, () => {
      control.requests.push(`HEAD ${CAPTIONS}`);
      return new HttpResponse(null, { headers: { 'Content-Type': 'text/vtt', ...length(captions.byteLength) } });
    }),
    http.get(CAPTIONS, ({ request }) => {
      control.requests.push(`GET ${CAPTIONS}`);
      control.credentials.push(request.credentials);
      return new HttpResponse(captions, { headers: { 'Content-Type': 'text/vtt', ...length(captions.byteLength) } });
    }),
    http.get(VIDEO, ({ request }) => {
      control.requests.push(`GET ${VIDEO}`);
      control.credentials.push(request.credentials);
      if (videoStatus !== 200) return HttpResponse.json({ msg: 'Only the enrolled students may watch its videos.' }, { status: videoStatus });
      const third = Math.floor(videoBytes / 3);
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(third));
          await gate;
          controller.enqueue(new Uint8Array(videoBytes - third));
          controller.close();
        },
      });
      return new HttpResponse(body, { status: 200, headers: videoHeaders });
    }),
  );
  return control;
}

/** A saved chapter as the list keeps it. */
export function savedEntry(entry: Partial<SavedChapter> & Pick<SavedChapter, 'chapterId' | 'chapterTitle' | 'courseId' | 'courseTitle' | 'bytes'>): SavedChapter {
  return {
    videoUrl: `http://localhost/media/chapter_videos/${entry.chapterId}.webm`,
    captionsUrl: null,
    savedAt: '2026-11-20T10:00:00.000Z',
    ...entry,
  };
}

/** Puts chapters in the student's cache as a save leaves them: the video (of `bytes`) and the list. */
export async function seedSaved(storage: FakeCacheStorage, chapters: SavedChapter[]): Promise<void> {
  const cache = await storage.open(CACHE);
  for (const chapter of chapters) {
    await cache.put(
      chapter.videoUrl,
      new Response(new Uint8Array(chapter.bytes), { headers: { 'Content-Type': 'video/webm', 'Content-Length': String(chapter.bytes) } }),
    );
  }
  await cache.put(SAVED_INDEX_PATH, Response.json({ version: 1, chapters, persistAsked: true }));
}

/** The list as stored in the cache. */
export async function storedList(storage: FakeCacheStorage): Promise<SavedChapter[]> {
  const answer = await storage.match(SAVED_INDEX_PATH, { cacheName: CACHE });
  return answer ? ((await answer.json()) as { chapters: SavedChapter[] }).chapters : [];
}

/**
 * A device for each test: the fake Cache Storage and the stubbed storage estimate, installed
 * before each test and taken away after it. Read them through the getters inside the tests;
 * `restubStorage` gives the running test another quota.
 */
export function setUpOfflineDevice() {
  let caches: InstalledCacheStorage;
  let storage: ReturnType<typeof stubStorage>;
  beforeEach(() => {
    caches = installFakeCacheStorage();
    storage = stubStorage();
  });
  afterEach(() => {
    caches.restore();
    storage.restore();
  });
  return {
    get caches() {
      return caches;
    },
    get storage() {
      return storage;
    },
    restubStorage(options: Parameters<typeof stubStorage>[0]) {
      storage.restore();
      storage = stubStorage(options);
    },
  };
}
