import { savedChaptersCache } from './cacheNames';
import { offlineSavingSupported, readSavedIndex, type SavedChapter, savedChaptersChanged, updateSavedIndex } from './savedChapters';

/**
 * Saving a chapter for offline: its size first (HEAD requests), the quota check, then the download
 * (the video streamed with progress and Cancel, the captions whole) into the student's
 * saved-chapters cache. Loaded only when a student asks to save a chapter (see savedChapters.ts
 * for the list and the rules of what is stored where).
 */

/** A chapter to save, as the course page knows it: what the list will keep but its size and date, and whose it is. */
export type ChapterToSave = Omit<SavedChapter, 'bytes' | 'savedAt'> & { studentId: number };

/** Why a save is refused. */
export type SaveRefusal =
  /** The browser keeps no offline copies (no Cache Storage: not a secure page, some private modes). */
  | { reason: 'unsupported' }
  /** Not enough room: `needed` bytes (the chapter and a margin; null when its size is unknown), `free` bytes left to the site. */
  | { reason: 'space'; needed: number | null; free: number }
  /** The size check or the download failed (no connection, the provider refused). */
  | { reason: 'failed' };

/** A refused save, thrown by `saveChapter` (a cancelled one throws the abort instead). */
export class SaveRefusedError extends Error {
  constructor(readonly refusal: SaveRefusal) {
    super(`Chapter not saved: ${refusal.reason}`);
    this.name = 'SaveRefusedError';
  }
}

/** What a save would take, before it starts. */
export interface SizeCheck {
  /** Bytes of the video and its captions; null when the provider does not say. */
  bytes: number | null;
  /** Bytes the browser still grants the site; null when it does not say. */
  free: number | null;
  /** Why the save cannot go ahead; null when it can. */
  refusal: SaveRefusal | null;
}

const MB = 1_000_000;

/**
 * Room kept free beyond the chapter: browsers count stored answers with some overhead, and the
 * site's other copies (pages, reads, queued changes) must still fit. 10 % of the chapter, at least 20 MB.
 */
export const spaceMargin = (bytes: number | null) => Math.max(20 * MB, Math.round((bytes ?? 0) * 0.1));

// The player's <video> and <track> (no crossorigin attribute) send the session's cookies: so do we.
const mediaRequest: RequestInit = { credentials: 'include' };

const lengthOf = (response: Response): number | null => {
  const encoding = response.headers.get('Content-Encoding');
  if (encoding !== null && encoding.toLowerCase() !== 'identity') return null;
  const length = response.headers.get('Content-Length');
  if (length === null || !/^\d+$/.test(length.trim())) return null;
  return Number(length);
};

async function freeSpace(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota === undefined) return null;
    return Math.max(0, estimate.quota - (estimate.usage ?? 0));
  } catch {
    return null;
  }
}

function spaceRefusal(bytes: number | null, free: number | null): SaveRefusal | null {
  if (free === null) return null;
  const needed = (bytes ?? 0) + spaceMargin(bytes);
  return free > needed ? null : { reason: 'space', needed: bytes === null ? null : needed, free };
}

/** The chapter's size (HEAD of the video and the captions) and whether the site has room for it. */
export async function checkChapterSize(chapter: ChapterToSave, signal?: AbortSignal): Promise<SizeCheck> {
  if (!offlineSavingSupported()) return { bytes: null, free: null, refusal: { reason: 'unsupported' } };
  let bytes: number | null;
  try {
    const urls = chapter.captionsUrl === null ? [chapter.videoUrl] : [chapter.videoUrl, chapter.captionsUrl];
    const answers = await Promise.all(urls.map((url) => fetch(url, { ...mediaRequest, method: 'HEAD', signal })));
    // A server that answers no HEAD (405, 501) only hides the size; a refusal (403, 404) ends here.
    const noHead = (answer: Response) => answer.status === 405 || answer.status === 501;
    if (answers.some((answer) => !answer.ok && !noHead(answer))) return { bytes: null, free: null, refusal: { reason: 'failed' } };
    const lengths = answers.map((answer) => (answer.ok ? lengthOf(answer) : null));
    bytes = lengths.every((length) => length !== null) ? lengths.reduce((total, length) => total + length, 0) : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return { bytes: null, free: null, refusal: { reason: 'failed' } };
  }
  const free = await freeSpace();
  return { bytes, free, refusal: spaceRefusal(bytes, free) };
}

export interface SaveOptions {
  signal: AbortSignal;
  /** Bytes of the video received so far, and its total when known; called at most once per percent (or per 256 KB). */
  onProgress: (received: number, total: number | null) => void;
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('The save was cancelled.', 'AbortError');

/** The body read chunk by chunk, counted, stopped at once by the signal (and never ending as if complete after it). */
function countedBody(body: ReadableStream<Uint8Array>, total: number | null, { signal, onProgress }: SaveOptions) {
  const reader = body.getReader();
  let received = 0;
  let told = -1;
  const stop = () => void reader.cancel(abortReason(signal)).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw abortReason(signal);
      if (done) {
        signal.removeEventListener('abort', stop);
        controller.close();
        return;
      }
      received += value.byteLength;
      const step = total !== null && total > 0 ? Math.floor((received / total) * 100) : Math.floor(received / 262_144);
      if (step !== told) {
        told = step;
        onProgress(received, total);
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      signal.removeEventListener('abort', stop);
      return reader.cancel(reason);
    },
  });
  return { stream, received: () => received };
}

/** The headers a stored media answer keeps: its type and exact length, and what revalidation needs. */
function storedHeaders(from: Response, length: number, fallbackType: string): Headers {
  const headers = new Headers({
    'Content-Type': from.headers.get('Content-Type') ?? fallbackType,
    'Content-Length': String(length),
  });
  for (const name of ['ETag', 'Last-Modified']) {
    const value = from.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

const isQuotaError = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

/**
 * Saves a chapter for offline: the captions (whole) and the video (streamed, with progress) into
 * the student's saved-chapters cache, then its entry in the list; asks the browser once to keep the
 * site's data. Throws `SaveRefusedError` (not enough space, no offline copies, a failed download)
 * or, when the signal aborts, the abort; either way nothing of the chapter stays stored.
 */
export async function saveChapter(chapter: ChapterToSave, options: SaveOptions): Promise<SavedChapter> {
  if (!offlineSavingSupported()) throw new SaveRefusedError({ reason: 'unsupported' });
  const { signal } = options;
  const cacheName = savedChaptersCache(chapter.studentId);
  const stored: string[] = [];
  try {
    let captionsBytes = 0;
    let captions: { body: Blob; headers: Headers } | null = null;
    if (chapter.captionsUrl !== null) {
      const answer = await fetch(chapter.captionsUrl, { ...mediaRequest, signal });
      if (answer.status !== 200) throw new SaveRefusedError({ reason: 'failed' });
      const body = await answer.blob();
      captionsBytes = body.size;
      captions = { body, headers: storedHeaders(answer, body.size, 'text/vtt') };
    }

    const video = await fetch(chapter.videoUrl, { ...mediaRequest, signal });
    // A whole answer only: the worker builds the ranges (206) from it.
    if (video.status !== 200 || video.body === null) throw new SaveRefusedError({ reason: 'failed' });
    const cache = await caches.open(cacheName);
    const total = lengthOf(video);
    const counted = countedBody(video.body, total, options);
    options.onProgress(0, total);
    let videoBytes: number;
    if (total !== null) {
      // Straight into the cache, never whole in memory (a phone's video may be hundreds of MB).
      stored.push(chapter.videoUrl);
      await cache.put(chapter.videoUrl, new Response(counted.stream, { status: 200, headers: storedHeaders(video, total, 'video/mp4') }));
      if (counted.received() !== total) throw new SaveRefusedError({ reason: 'failed' });
      videoBytes = total;
    } else {
      // No length to store with it: read it whole first, then store it with its exact length.
      const body = await new Response(counted.stream).blob();
      stored.push(chapter.videoUrl);
      await cache.put(chapter.videoUrl, new Response(body, { status: 200, headers: storedHeaders(video, body.size, 'video/mp4') }));
      videoBytes = body.size;
    }
    if (signal.aborted) throw abortReason(signal);

    if (captions !== null && chapter.captionsUrl !== null) {
      stored.push(chapter.captionsUrl);
      await cache.put(chapter.captionsUrl, new Response(captions.body, { status: 200, headers: captions.headers }));
    }

    // Cancelled (or the page left, as on logout) while the captions were stored: no entry.
    if (signal.aborted) throw abortReason(signal);
    const saved: SavedChapter = {
      chapterId: chapter.chapterId,
      chapterTitle: chapter.chapterTitle,
      courseId: chapter.courseId,
      courseTitle: chapter.courseTitle,
      ...(chapter.lang === undefined ? {} : { lang: chapter.lang }),
      videoUrl: chapter.videoUrl,
      captionsUrl: chapter.captionsUrl,
      bytes: videoBytes + captionsBytes,
      savedAt: new Date().toISOString(),
    };
    let askPersist = false;
    await updateSavedIndex(chapter.studentId, (index) => {
      askPersist = !index.persistAsked;
      return { ...index, persistAsked: true, chapters: [...index.chapters.filter((entry) => entry.chapterId !== chapter.chapterId), saved] };
    });
    if (askPersist) await askToKeep();
    savedChaptersChanged();
    return saved;
  } catch (error) {
    await forget(chapter, stored);
    if (signal.aborted) throw abortReason(signal);
    if (error instanceof SaveRefusedError) throw error;
    if (isQuotaError(error)) throw new SaveRefusedError({ reason: 'space', needed: null, free: (await freeSpace()) ?? 0 });
    throw new SaveRefusedError({ reason: 'failed' });
  }
}

/** Asks the browser once to keep the site's data under storage pressure (it may say no; saving goes on). */
async function askToKeep(): Promise<void> {
  try {
    if (await navigator.storage?.persisted?.()) return;
    await navigator.storage?.persist?.();
  } catch {
    // Only a wish: the chapter is saved either way.
  }
}

/** Deletes what a failed or cancelled save stored, unless another saved chapter uses the same file. */
async function forget(chapter: ChapterToSave, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  try {
    const cacheName = savedChaptersCache(chapter.studentId);
    // Gone already (a logout deletes it): nothing to forget, and no empty cache made again.
    if (!(await caches.has(cacheName))) return;
    const { chapters } = await readSavedIndex(chapter.studentId);
    const used = new Set(chapters.flatMap((entry) => [entry.videoUrl, entry.captionsUrl]));
    const cache = await caches.open(cacheName);
    await Promise.all(urls.filter((url) => !used.has(url)).map((url) => cache.delete(url)));
    // A first save that failed leaves no empty cache behind.
    if ((await cache.keys()).length === 0) await caches.delete(cacheName);
  } catch {
    // Nothing more to do: the list does not name it, so nothing offers it.
  }
}
