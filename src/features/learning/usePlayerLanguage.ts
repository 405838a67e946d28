import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CaptionTrack } from '@/api';
import { learningMessages as messages } from './messages';
import { type Cue, cueIndexAt, cueShownAt, parseWebVtt } from './webvtt';

/** The speeds offered, 0.5× to 1.5× in quarter steps. */
export const PLAYER_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5] as const;
/** How far 'Repeat sentence' goes back when the chapter has no caption cues. */
const REPEAT_WITHOUT_CUES_S = 5;

/** Off, one language, or two at once (the learning language above, the helper language below). */
export type CaptionChoice = { kind: 'off' } | { kind: 'one'; lang: string } | { kind: 'two'; upper: string; lower: string };

/** Where a student's speed is kept in this browser: localStorage, keyed by the student's id. */
export const speedKey = (studentId: number) => `playerSpeed:${studentId}`;

function storedSpeed(studentId: number): number {
  try {
    const value = Number(window.localStorage.getItem(speedKey(studentId)));
    return (PLAYER_SPEEDS as readonly number[]).includes(value) ? value : 1;
  } catch {
    return 1;
  }
}

/** Cues of each track file, fetched once per page (the files are small and do not change under a URL). */
const cueFiles = new Map<string, Promise<Cue[]>>();
function loadCues(url: string): Promise<Cue[]> {
  let cues = cueFiles.get(url);
  if (!cues) {
    cues = fetch(url, { credentials: 'include' })
      .then(async (answer) => (answer.ok ? parseWebVtt(await answer.text()) : []))
      .catch(() => []);
    cues.then((list) => list.length === 0 && cueFiles.delete(url)).catch(() => undefined);
    cueFiles.set(url, cues);
  }
  return cues;
}

/** The primary subtag: `pt-BR` → `pt`. */
const primary = (lang: string) => lang.split('-')[0]!.toLowerCase();

/** The track in the course's language, else the first not in English, else the first. */
function learningTrack(tracks: readonly CaptionTrack[], courseLang: string | undefined): CaptionTrack | undefined {
  return (
    tracks.find((track) => courseLang !== undefined && primary(track.lang) === primary(courseLang)) ??
    tracks.find((track) => primary(track.lang) !== 'en') ??
    tracks[0]
  );
}

export interface PlayerLanguageOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Changes when another chapter (another video element) is shown. */
  chapterId: number;
  tracks: readonly CaptionTrack[];
  /** The course's language (BCP 47), when known. */
  courseLang: string | undefined;
  studentId: number;
  announce: (text: string) => void;
}

/** Whether the player shows the same at both times: the same current cue and the same captions. */
function showsTheSame({ main, lower }: { main: readonly Cue[]; lower: readonly Cue[] }, one: number, other: number): boolean {
  return (
    cueIndexAt(main, one) === cueIndexAt(main, other) &&
    cueShownAt(main, one) === cueShownAt(main, other) &&
    cueShownAt(lower, one) === cueShownAt(lower, other)
  );
}

/**
 * The player's language tools: which captions show (off, one language, two at once), the cues of
 * the shown tracks (fetched and parsed here: `parseWebVtt`), the current cue, the transcript's
 * seeking, the speed (remembered per student in localStorage, `speedKey`), and 'Repeat sentence'
 * and 'Loop sentence' on the cue being heard (back 5 seconds without cues). Each change is announced.
 */
export function usePlayerLanguage({ videoRef, chapterId, tracks, courseLang, studentId, announce }: PlayerLanguageOptions) {
  const learning = learningTrack(tracks, courseLang);
  const [choice, setChoice] = useState<CaptionChoice>(() => (learning ? { kind: 'one', lang: learning.lang } : { kind: 'off' }));
  const [speed, setSpeedState] = useState(() => storedSpeed(studentId));
  const [cuesByUrl, setCuesByUrl] = useState<ReadonlyMap<string, Cue[]>>(new Map());
  const [time, setTime] = useState(0);
  const [looping, setLooping] = useState<Cue | null>(null);

  // A new chapter keeps the kind of choice, in its own tracks where it can.
  const shownChapter = useRef(chapterId);
  useEffect(() => {
    if (shownChapter.current === chapterId) return;
    shownChapter.current = chapterId;
    setLooping(null);
    setTime(0);
    setChoice((current) => {
      const has = (lang: string) => tracks.some((track) => track.lang === lang);
      if (current.kind === 'one' && !has(current.lang)) return learning ? { kind: 'one', lang: learning.lang } : { kind: 'off' };
      if (current.kind === 'two' && !(has(current.upper) && has(current.lower))) return learning ? { kind: 'one', lang: learning.lang } : { kind: 'off' };
      return current;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new chapter only; its tracks come with it
  }, [chapterId]);

  const trackOf = useCallback((lang: string) => tracks.find((track) => track.lang === lang), [tracks]);
  /** The track the transcript and the sentence tools use: the one shown (the upper of two), else the learning language's. */
  const mainTrack = choice.kind === 'one' ? trackOf(choice.lang) : choice.kind === 'two' ? trackOf(choice.upper) : learning;
  const lowerTrack = choice.kind === 'two' ? trackOf(choice.lower) : undefined;

  const remember = useCallback((url: string, cues: Cue[]) => {
    setCuesByUrl((known) => (known.get(url) === cues ? known : new Map(known).set(url, cues)));
    return cues;
  }, []);
  const cuesOf = async (track: CaptionTrack | undefined): Promise<Cue[]> => (track ? remember(track.url, await loadCues(track.url)) : []);

  // The cues of the tracks in use, as soon as they are.
  useEffect(() => {
    for (const track of [mainTrack, lowerTrack]) {
      if (track) void loadCues(track.url).then((cues) => remember(track.url, cues));
    }
  }, [remember, mainTrack, lowerTrack]);

  const mainCues = useMemo(() => (mainTrack ? (cuesByUrl.get(mainTrack.url) ?? []) : []), [cuesByUrl, mainTrack]);
  const lowerCues = useMemo(() => (lowerTrack ? (cuesByUrl.get(lowerTrack.url) ?? []) : []), [cuesByUrl, lowerTrack]);

  // The video's time as the player shows it: it changes when the current cue or the captions shown
  // change, not at every `timeupdate` (a render of the whole player 4 to 66 times a second).
  const shownCues = useRef({ main: mainCues, lower: lowerCues });
  useEffect(() => {
    shownCues.current = { main: mainCues, lower: lowerCues };
    const video = videoRef.current;
    if (video !== null) setTime(video.currentTime);
  }, [videoRef, mainCues, lowerCues]);

  // The speed on each new video, and the loop.
  const loopRef = useRef(looping);
  useEffect(() => {
    loopRef.current = looping;
  }, [looping]);
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return undefined;
    const rate = storedSpeed(studentId);
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    const onTime = () => {
      const loop = loopRef.current;
      if (loop !== null && (video.currentTime >= loop.end || video.currentTime < loop.start - 1)) video.currentTime = loop.start;
      const now = video.currentTime;
      setTime((shown) => (showsTheSame(shownCues.current, shown, now) ? shown : now));
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeked', onTime);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeked', onTime);
    };
  }, [videoRef, chapterId, studentId]);

  // Native tracks: the one language chosen shows in the browser's own captions (full screen too);
  // two languages are drawn by the player (CaptionOverlay), so the browser shows none.
  useEffect(() => {
    const list = videoRef.current?.textTracks;
    if (!list) return;
    for (const textTrack of Array.from(list)) {
      textTrack.mode = choice.kind === 'one' && textTrack.language === choice.lang ? 'showing' : 'disabled';
    }
  }, [videoRef, chapterId, choice]);

  const chooseCaptions = (next: CaptionChoice) => {
    setChoice(next);
    if (next.kind === 'off') announce(messages.captionsOff);
    else if (next.kind === 'one') announce(messages.captionsIn(trackOf(next.lang)?.label ?? next.lang));
    else announce(messages.captionsInTwo(trackOf(next.upper)?.label ?? next.upper, trackOf(next.lower)?.label ?? next.lower));
  };

  /** Two languages: the learning language above and the first other below (English when there is one). */
  const twoLanguages = (): CaptionChoice | null => {
    const upper = learning;
    const lower = tracks.find((track) => track !== upper && primary(track.lang) === 'en') ?? tracks.find((track) => track !== upper);
    return upper && lower ? { kind: 'two', upper: upper.lang, lower: lower.lang } : null;
  };

  const setSpeed = (value: number) => {
    setSpeedState(value);
    try {
      window.localStorage.setItem(speedKey(studentId), String(value));
    } catch {
      // Storage may be full or refused: the speed holds for this page.
    }
    const video = videoRef.current;
    if (video !== null) {
      video.defaultPlaybackRate = value;
      video.playbackRate = value;
    }
    announce(messages.speedIs(value));
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (video === null) return;
    video.currentTime = seconds;
    setTime(seconds);
  };

  const play = (video: HTMLVideoElement) => {
    if (video.paused) void Promise.resolve(video.play()).catch(() => undefined);
  };

  /** The cue being heard (or just heard), loading the cues first when needed. */
  const heardCue = async (): Promise<Cue | null> => {
    const video = videoRef.current;
    if (video === null) return null;
    const cues = await cuesOf(mainTrack);
    const index = cueIndexAt(cues, video.currentTime);
    return cues[index] ?? null;
  };

  const repeatSentence = async () => {
    const video = videoRef.current;
    if (video === null) return;
    const cue = await heardCue();
    if (cue === null) {
      seekTo(Math.max(0, video.currentTime - REPEAT_WITHOUT_CUES_S));
      announce(messages.back);
    } else {
      seekTo(cue.start);
      announce(messages.repeating);
    }
    play(video);
  };

  const toggleLoop = async () => {
    const video = videoRef.current;
    if (looping !== null || video === null) {
      setLooping(null);
      announce(messages.loopStopped);
      return;
    }
    const cue = await heardCue();
    if (cue === null) {
      announce(messages.noSentence);
      return;
    }
    setLooping(cue);
    seekTo(cue.start);
    announce(messages.looping);
    play(video);
  };

  return {
    tracks,
    choice,
    chooseCaptions,
    twoLanguages: twoLanguages(),
    mainTrack,
    lowerTrack,
    mainCues,
    /** The current cue of the transcript's track, -1 when none has begun. */
    currentIndex: cueIndexAt(mainCues, time),
    /** The two lines drawn over the video in two-language mode (null when off or one language). */
    overlay:
      choice.kind === 'two' && mainTrack && lowerTrack
        ? {
            upper: { lang: mainTrack.lang, text: mainCues[cueShownAt(mainCues, time)]?.text ?? '' },
            lower: { lang: lowerTrack.lang, text: lowerCues[cueShownAt(lowerCues, time)]?.text ?? '' },
          }
        : null,
    speed,
    setSpeed,
    seekTo,
    repeatSentence,
    looping: looping !== null,
    toggleLoop,
  };
}

export type PlayerLanguage = ReturnType<typeof usePlayerLanguage>;
