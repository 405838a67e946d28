import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { savedChaptersCache } from './cacheNames';

/**
 * Chapters a student saved for offline (issue 25, item 4). Everything lives in the student's own
 * saved-chapters cache (`savedChaptersCache(studentId)`): the videos and captions, each a whole
 * 200 answer under the exact absolute URL the lesson player's `<video>` and `<track>` use (the
 * service worker answers media from there first, ranges included), and the list of what is saved
 * as a JSON answer under a same-origin URL nobody fetches (`SAVED_INDEX_PATH`). So deleting the
 * cache (logout, a 401, another student logging in: src/offline/privacy.ts) removes the list with
 * the media, and nothing of it is in localStorage.
 *
 * This module is small (the list, Remove, and the hook the screens read); the download is
 * src/offline/savedChaptersDownload.ts, loaded when a student asks to save a chapter.
 */

/** A chapter saved for offline, as the list keeps it. */
export interface SavedChapter {
  chapterId: number;
  chapterTitle: string;
  courseId: number;
  courseTitle: string;
  /** The course's language (BCP 47), for the titles. */
  lang?: string;
  /** The absolute URLs stored, as the player asks for them. */
  videoUrl: string;
  captionsUrl: string | null;
  /** Bytes stored (video and captions). */
  bytes: number;
  /** ISO 8601. */
  savedAt: string;
}

interface SavedIndex {
  version: 1;
  chapters: SavedChapter[];
  /** Whether the app has asked the browser once to keep the site's data (`navigator.storage.persist()`). */
  persistAsked: boolean;
}

/** The list's address in the cache: same origin, never fetched (the worker leaves it alone). */
export const SAVED_INDEX_PATH = '/__offline/saved-chapters.json';

const indexUrl = () => new URL(SAVED_INDEX_PATH, window.location.origin).href;

const emptyIndex = (): SavedIndex => ({ version: 1, chapters: [], persistAsked: false });

/** Whether this browser can keep offline copies at all (Cache Storage: secure pages only, not every private mode). */
export function offlineSavingSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.caches !== 'undefined' && window.caches !== null;
}

function isSavedChapter(value: unknown): value is SavedChapter {
  const entry = value as Partial<SavedChapter> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.chapterId === 'number' &&
    typeof entry.courseId === 'number' &&
    typeof entry.chapterTitle === 'string' &&
    typeof entry.courseTitle === 'string' &&
    typeof entry.videoUrl === 'string' &&
    typeof entry.bytes === 'number'
  );
}

/** The list as stored; an empty one when there is none (no cache is created by reading). */
export async function readSavedIndex(studentId: number): Promise<SavedIndex> {
  if (!offlineSavingSupported()) return emptyIndex();
  const answer = await caches.match(indexUrl(), { cacheName: savedChaptersCache(studentId) });
  if (!answer) return emptyIndex();
  try {
    const stored = (await answer.json()) as Partial<SavedIndex>;
    return {
      version: 1,
      chapters: Array.isArray(stored.chapters) ? stored.chapters.filter(isSavedChapter) : [],
      persistAsked: stored.persistAsked === true,
    };
  } catch {
    return emptyIndex();
  }
}

async function writeSavedIndex(cache: Cache, index: SavedIndex): Promise<void> {
  const body = JSON.stringify(index);
  await cache.put(
    indexUrl(),
    new Response(body, { headers: { 'Content-Type': 'application/json', 'Content-Length': String(new TextEncoder().encode(body).byteLength) } }),
  );
}

// Changes of the list are made one at a time (two chapters saved at once in one page must not lose
// each other's entry).
let pending: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = pending.then(task, task);
  pending = run.catch(() => undefined);
  return run;
}

const listeners = new Set<() => void>();

/** Tells every screen reading the list (`useSavedChapters`) to read it again. */
export function savedChaptersChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * Changes the list inside the student's cache, one change at a time; `change` returns the new list
 * (or the same object to leave it). Returns what `change` returned.
 */
export function updateSavedIndex(studentId: number, change: (index: SavedIndex) => SavedIndex): Promise<SavedIndex> {
  return serially(async () => {
    const before = await readSavedIndex(studentId);
    const after = change(before);
    if (after !== before) {
      const cache = await caches.open(savedChaptersCache(studentId));
      await writeSavedIndex(cache, after);
    }
    return after;
  });
}

/** The chapters saved, newest first, each with its media still in the cache. */
export async function readSavedChapters(studentId: number): Promise<SavedChapter[]> {
  const index = await readSavedIndex(studentId);
  if (index.chapters.length === 0) return [];
  const cacheName = savedChaptersCache(studentId);
  const present = await Promise.all(index.chapters.map(async (chapter) => (await caches.match(chapter.videoUrl, { cacheName })) !== undefined));
  return index.chapters.filter((_chapter, at) => present[at]).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** Removes a saved chapter: its entry, then its video and captions. */
export async function removeSavedChapter(studentId: number, chapterId: number): Promise<void> {
  if (!offlineSavingSupported()) return;
  const cacheName = savedChaptersCache(studentId);
  if (!(await caches.has(cacheName))) return;
  let removed: SavedChapter | undefined;
  const { chapters } = await updateSavedIndex(studentId, (index) => {
    removed = index.chapters.find((chapter) => chapter.chapterId === chapterId);
    if (!removed) return index;
    return { ...index, chapters: index.chapters.filter((chapter) => chapter !== removed) };
  });
  if (removed) {
    // The media after the entry: the list never names media that are gone. Another saved chapter
    // with the same file keeps it.
    const stillUsed = new Set(chapters.flatMap((chapter) => [chapter.videoUrl, chapter.captionsUrl]));
    const cache = await caches.open(cacheName);
    await Promise.all(
      [removed.videoUrl, removed.captionsUrl].filter((url): url is string => url !== null && !stillUsed.has(url)).map((url) => cache.delete(url)),
    );
  }
  savedChaptersChanged();
}

/** Bytes stored by the saved chapters. */
export const totalBytes = (chapters: readonly SavedChapter[]) => chapters.reduce((total, chapter) => total + chapter.bytes, 0);

/** Whether the browser keeps offline copies does not change while the page is open. */
const neverChanges = () => () => undefined;

export interface SavedChaptersState {
  /** The chapters saved, newest first; undefined while the list is read. */
  chapters: SavedChapter[] | undefined;
  /** False when the browser keeps no offline copies. */
  supported: boolean;
  /** Reads the list again. */
  reload: () => void;
}

/**
 * The logged-in student's saved chapters, read from their cache only (so it works offline), and read
 * again whenever a screen saves or removes one. Nothing for `null` (nobody logged in).
 */
export function useSavedChapters(studentId: number | null): SavedChaptersState {
  // A server render cannot tell: it says what most browsers will (hydration then meets the same markup).
  const supported = useSyncExternalStore(neverChanges, offlineSavingSupported, () => true);
  const [state, setState] = useState<{ studentId: number | null; chapters: SavedChapter[] | undefined }>({ studentId, chapters: undefined });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    listeners.add(reload);
    return () => {
      listeners.delete(reload);
    };
  }, [reload]);

  useEffect(() => {
    if (studentId === null || !supported) return;
    let current = true;
    readSavedChapters(studentId).then(
      (chapters) => {
        if (current) setState({ studentId, chapters });
      },
      () => {
        if (current) setState({ studentId, chapters: [] });
      },
    );
    return () => {
      current = false;
    };
  }, [studentId, supported, version]);

  let chapters: SavedChapter[] | undefined;
  if (studentId === null || !supported) chapters = [];
  else chapters = state.studentId === studentId ? state.chapters : undefined;
  return { chapters, supported, reload };
}
