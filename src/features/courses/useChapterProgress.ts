import { type RefCallback, type RefObject, type SyntheticEvent, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isQueuedOffline, isUnsupported, useSaveChapterProgressMutation } from '@/api';
import { useSendOnLeave } from '@/hooks/useSendOnLeave';
import { usePendingChange } from '@/offline/pendingChanges';
import { type CourseProgressState } from './useCourseProgress';

/** While a chapter plays, where it stopped is saved at most this often. */
export const SAVE_INTERVAL_MS = 10_000;
/** A chapter counts as watched once this share of it has played. */
export const WATCHED_SHARE = 0.9;
/**
 * Playback between two `timeupdate`s (4 to 66 a second in browsers) moves a fraction of a second;
 * a longer step forward is a seek, and what it skips has not played.
 */
const MAX_PLAYED_STEP_S = 3;

type Range = readonly [start: number, end: number];

/** `ranges` (sorted, disjoint) with `[start, end]` added. */
function addRange(ranges: readonly Range[], start: number, end: number): Range[] {
  const merged: [number, number][] = [];
  for (const [from, to] of [...ranges, [start, end] as const].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

const playedSeconds = (ranges: readonly Range[]) => ranges.reduce((sum, [start, end]) => sum + end - start, 0);

/** What the hook knows about its player between events (kept out of React state: no re-render per frame). */
interface PlayerState {
  /** The student has played this chapter since the page opened: only then is anything saved. */
  started: boolean;
  playing: boolean;
  metadataLoaded: boolean;
  /** The saved position has been applied (or there was none to apply). */
  resumed: boolean;
  position: number;
  duration: number;
  /** The parts of the video that have played: this visit's, and before it up to the saved position. */
  played: readonly Range[];
  /** The position at the previous `timeupdate` while playing, or null after a pause. */
  lastTick: number | null;
  watched: boolean;
  /** When the current 10-second saving period began (Date.now()). */
  periodStart: number;
  /** What the provider last received (or was last sent), to skip saves that would change nothing. */
  lastSent: { position: number; watched: boolean } | null;
}

export interface ChapterVideoProps {
  ref: RefCallback<HTMLVideoElement>;
  onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onPlay: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onPause: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onEnded: (event: SyntheticEvent<HTMLVideoElement>) => void;
}

export interface ChapterProgressOptions {
  chapterId: number;
  /** The course's saved progress and who saves it (`useCourseProgress`). */
  progress: CourseProgressState;
  /**
   * Plays the chapter from where the student stopped as soon as it can (the lesson player's Play
   * now and countdown), when the browser allows playing without a click.
   */
  playWhenReady?: boolean;
  /**
   * Also given the `<video>` while it is on the page (the lesson player's keys reach it through
   * this); the hook's own reference is cleared as the chapter leaves, so its last save reads no
   * other chapter's video.
   */
  sharedVideoRef?: RefObject<HTMLVideoElement | null>;
}

/** Positions are saved to a tenth of a second. */
const roundPosition = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Resume and progress for one chapter's `<video>` (spread `videoProps` on it):
 * - once the video's metadata and the saved progress are both known, seeks to where this student
 *   stopped (on any device: the position lives on the provider), unless playback already began;
 * - counts the chapter as watched once 90% of it has played (`WATCHED_SHARE`): the parts played
 *   on this visit (a seek skips what lies between) plus, from earlier visits, everything up to
 *   the saved position;
 * - saves the position where playback starts (the provider times what plays from its saves: it,
 *   not this page, decides that a chapter is watched; the flag sent is a hint), then the position
 *   and the watched flag at most every 10 seconds while playing
 *   (`SAVE_INTERVAL_MS`), on pause and at the end, when the page is hidden (`visibilitychange`)
 *   or left (`pagehide`, and leaving the chapter inside the app), with a keepalive request; a save that
 *   would change nothing is skipped, and nothing is saved before the student has played it;
 * - after a 404 or 405 (a provider without the progress operations) stops saving on the page,
 *   silently: the players keep working;
 * - offline, a save is kept on the device (the outbox) and counts as saved here; `queued` says
 *   that one is waiting to be sent (for 'will be sent when you are back online').
 *
 * Returns the props for the `<video>`, whether the chapter counts as watched and whether a save of
 * it waits on the device.
 */
export function useChapterProgress({ chapterId, progress, playWhenReady = false, sharedVideoRef }: ChapterProgressOptions) {
  const { studentId, ready, saved: savedByChapter, onUnsupported, onSaved } = progress;
  const saved = savedByChapter.get(chapterId);
  const videoRef = useRef<HTMLVideoElement>(null);
  const player = useRef<PlayerState>({
    started: false,
    playing: false,
    metadataLoaded: false,
    resumed: false,
    position: 0,
    duration: Number.NaN,
    played: [],
    lastTick: null,
    watched: false,
    periodStart: 0,
    lastSent: null,
  });
  const [reachedWatched, setReachedWatched] = useState(false);
  const attachVideo = useCallback(
    (node: HTMLVideoElement | null) => {
      videoRef.current = node;
      if (sharedVideoRef === undefined) return;
      if (node !== null) sharedVideoRef.current = node;
      else if (sharedVideoRef.current !== null && !sharedVideoRef.current.isConnected) sharedVideoRef.current = null;
    },
    [sharedVideoRef],
  );
  const [saveChapterProgress] = useSaveChapterProgressMutation();
  const queued = usePendingChange<{ chapterId: number }>(studentId, 'saveChapterProgress', (arg) => arg.chapterId === chapterId);

  function readPlayer() {
    const video = videoRef.current;
    const state = player.current;
    if (video !== null) {
      state.position = video.currentTime;
      state.duration = video.duration;
    }
    return state;
  }

  function saveIfChanged() {
    const state = player.current;
    if (studentId === null || !state.started) return;
    const sent = { position: roundPosition(state.position), watched: state.watched || saved?.watched === true };
    if (state.lastSent !== null && state.lastSent.position === sent.position && state.lastSent.watched === sent.watched) return;
    state.lastSent = sent;
    saveChapterProgress({ studentId, chapterId, chapterProgressForm: sent })
      .unwrap()
      .then((answer) => onSaved({ ...answer, chapter: chapterId }))
      .catch((error: unknown) => {
        // Kept offline, to be sent when the connection is back: saved, as far as this page is concerned.
        if (isQueuedOffline(error)) onSaved({ chapter: chapterId, ...sent, updated_at: new Date().toISOString() });
        else if (isUnsupported(error)) onUnsupported();
        // Try again at the next occasion.
        else if (state.lastSent === sent) state.lastSent = null;
      });
  }

  /** Adds what played since the previous tick, and notes when 90% of the chapter has played. */
  function notePlayed(state: PlayerState) {
    if (!state.playing) return;
    const step = state.lastTick === null ? 0 : state.position - state.lastTick;
    if (state.lastTick !== null && step > 0 && step <= MAX_PLAYED_STEP_S) state.played = addRange(state.played, state.lastTick, state.position);
    state.lastTick = state.position;
    if (state.watched || !(state.duration > 0) || playedSeconds(state.played) < WATCHED_SHARE * state.duration) return;
    state.watched = true;
    setReachedWatched(true);
  }

  function resumeWhenReady() {
    const video = videoRef.current;
    const state = player.current;
    if (video === null || state.resumed || !ready || !(state.metadataLoaded || video.readyState >= HTMLMediaElement.HAVE_METADATA)) return;
    state.resumed = true;
    if (saved !== undefined) {
      state.lastSent = { position: roundPosition(saved.position), watched: saved.watched };
      const stoppedAt = Number.isFinite(video.duration) ? Math.min(saved.position, video.duration) : saved.position;
      if (stoppedAt > 0) {
        // Earlier visits played up to where the student stopped.
        state.played = addRange(state.played, 0, stoppedAt);
        if (!state.started) {
          video.currentTime = stoppedAt;
          state.position = stoppedAt;
        }
      }
    }
    if (playWhenReady && !state.started) {
      // Browsers may refuse to play without a click on the page: the player then waits there.
      void Promise.resolve(video.play()).catch(() => undefined);
    }
  }

  const resumeOnReady = useEffectEvent(resumeWhenReady);
  useEffect(() => {
    if (ready) resumeOnReady();
  }, [ready]);

  // Hiding or leaving the page, or leaving the chapter inside the app (the video is then already
  // detached: what was last read is saved).
  useSendOnLeave(() => {
    readPlayer();
    saveIfChanged();
  });

  const videoProps: ChapterVideoProps = {
    ref: attachVideo,
    onLoadedMetadata: () => {
      player.current.metadataLoaded = true;
      readPlayer();
      resumeWhenReady();
    },
    onPlay: () => {
      const state = readPlayer();
      state.started = true;
      state.playing = true;
      state.lastTick = state.position;
      state.periodStart = Date.now();
      // Where this run starts, with its time on the provider's clock (skipped when it already has it).
      saveIfChanged();
    },
    onTimeUpdate: () => {
      const state = readPlayer();
      notePlayed(state);
      if (state.playing && Date.now() - state.periodStart >= SAVE_INTERVAL_MS) {
        state.periodStart = Date.now();
        saveIfChanged();
      }
    },
    onPause: () => {
      const state = readPlayer();
      notePlayed(state);
      state.playing = false;
      state.lastTick = null;
      saveIfChanged();
    },
    onEnded: () => {
      const state = readPlayer();
      notePlayed(state);
      state.playing = false;
      state.lastTick = null;
      saveIfChanged();
    },
  };

  return { videoProps, watched: reachedWatched || saved?.watched === true, queued: queued !== undefined };
}
