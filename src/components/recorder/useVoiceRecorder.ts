import { useCallback, useEffect, useRef, useState } from 'react';

/** The recording formats, best first: Opus in WebM, then Opus in Ogg (api-spec.yaml's VoiceFile). */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'] as const;

/** Why recording cannot go on: the browser cannot record, the microphone was refused, there is none, or it failed. */
export type RecorderProblem = 'unsupported' | 'refused' | 'noMicrophone' | 'failed';

export type RecorderPhase = 'idle' | 'starting' | 'recording';

/** What ended a recording: the Stop button, the time limit or the size limit. */
export type StopReason = 'user' | 'time' | 'size';

export interface Recording {
  /** The audio, typed `audio/webm` or `audio/ogg` (without the codec). */
  blob: Blob;
  seconds: number;
  stoppedBy: StopReason;
}

/** The first of RECORDING_TYPES this browser's MediaRecorder supports, or null when it cannot record them. */
export function recordingMimeType(): string | null {
  if (typeof window === 'undefined' || typeof window.MediaRecorder === 'undefined') return null;
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return null;
  const isSupported = window.MediaRecorder.isTypeSupported?.bind(window.MediaRecorder);
  return RECORDING_TYPES.find((type) => isSupported?.(type) ?? false) ?? null;
}

/** 'audio/webm;codecs=opus' -> 'audio/webm'. */
export function baseMediaType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

/**
 * The recording as a named file for a multipart form ('answer.webm' / 'answer.ogg'): a bare Blob
 * would reach the provider named 'blob'.
 */
export function voiceFileOf(blob: Blob, baseName = 'voice'): File {
  if (blob instanceof File) return blob;
  const type = baseMediaType(blob.type);
  const extension = type === 'audio/ogg' ? 'ogg' : 'webm';
  return new File([blob], `${baseName}.${extension}`, { type: type || 'audio/webm' });
}

function problemOf(error: unknown): RecorderProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noMicrophone';
  return 'failed';
}

/** How often the elapsed time is read and the limits checked. */
const TICK_MS = 200;
/** MediaRecorder hands over what it recorded every second, so the size limit can be followed. */
const SLICE_MS = 1000;
/** The last slice comes after the size check: stop a little before the limit. */
const SIZE_MARGIN = 0.97;

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  bytes: number;
  startedAt: number;
  stoppedBy: StopReason;
  timer: number;
  frame: number;
  audio: AudioContext | null;
  /** The recording is thrown away when it stops (the page was left). */
  discard: boolean;
}

export interface VoiceRecorderOptions {
  maxSeconds: number;
  maxBytes: number;
  /** Called once a recording has stopped, with its audio. */
  onRecorded: (recording: Recording) => void;
  /** Called when the microphone is recording. */
  onStarted?: () => void;
}

export interface VoiceRecorderState {
  phase: RecorderPhase;
  /** Seconds recorded so far. */
  elapsed: number;
  /** The microphone's level now, 0 to 1; null when the browser cannot measure it. */
  level: number | null;
  problem: RecorderProblem | null;
  /** Whether this browser can record (MediaRecorder, a microphone API and Opus). */
  supported: boolean;
  start: () => Promise<void>;
  stop: () => void;
}

/**
 * Records the microphone with MediaRecorder (Opus in WebM, else Ogg), following the elapsed time,
 * the level (AudioContext AnalyserNode) and the limits: it stops by itself at `maxSeconds` or
 * near `maxBytes`. The microphone is released when a recording stops and when the component
 * unmounts.
 */
export function useVoiceRecorder({ maxSeconds, maxBytes, onRecorded, onStarted }: VoiceRecorderOptions): VoiceRecorderState {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState<number | null>(null);
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const session = useRef<Session | null>(null);
  const mounted = useRef(true);
  const limits = useRef({ maxSeconds, maxBytes, onRecorded, onStarted });
  useEffect(() => {
    limits.current = { maxSeconds, maxBytes, onRecorded, onStarted };
  });
  const supported = recordingMimeType() !== null;

  const release = useCallback((current: Session) => {
    window.clearInterval(current.timer);
    if (current.frame) cancelAnimationFrame(current.frame);
    current.stream.getTracks().forEach((track) => track.stop());
    void current.audio?.close().catch(() => undefined);
    if (session.current === current) session.current = null;
  }, []);

  const stopWith = useCallback((reason: StopReason) => {
    const current = session.current;
    if (!current || current.recorder.state === 'inactive') return;
    current.stoppedBy = reason;
    current.recorder.stop();
  }, []);

  const stop = useCallback(() => stopWith('user'), [stopWith]);

  const start = useCallback(async () => {
    const mimeType = recordingMimeType();
    if (mimeType === null) {
      setProblem('unsupported');
      return;
    }
    if (session.current) return;
    setProblem(null);
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (mounted.current) {
        setProblem(problemOf(error));
        setPhase('idle');
      }
      return;
    }
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType });
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setProblem('failed');
      setPhase('idle');
      return;
    }
    const current: Session = {
      stream,
      recorder,
      chunks: [],
      bytes: 0,
      startedAt: Date.now(),
      stoppedBy: 'user',
      timer: 0,
      frame: 0,
      audio: null,
      discard: false,
    };
    session.current = current;

    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size === 0) return;
      current.chunks.push(event.data);
      current.bytes += event.data.size;
      if (current.bytes >= limits.current.maxBytes * SIZE_MARGIN) stopWith('size');
    });
    recorder.addEventListener('stop', () => {
      const seconds = Math.min((Date.now() - current.startedAt) / 1000, limits.current.maxSeconds);
      release(current);
      if (current.discard || !mounted.current) return;
      setPhase('idle');
      setElapsed(seconds);
      setLevel(null);
      const type = baseMediaType(recorder.mimeType || mimeType);
      limits.current.onRecorded({ blob: new Blob(current.chunks, { type }), seconds, stoppedBy: current.stoppedBy });
    });
    recorder.addEventListener('error', () => {
      release(current);
      if (current.discard || !mounted.current) return;
      setProblem('failed');
      setPhase('idle');
    });

    current.timer = window.setInterval(() => {
      const seconds = (Date.now() - current.startedAt) / 1000;
      setElapsed(Math.min(seconds, limits.current.maxSeconds));
      if (seconds >= limits.current.maxSeconds) stopWith('time');
    }, TICK_MS);

    const AudioContextClass = typeof window.AudioContext === 'function' ? window.AudioContext : null;
    if (AudioContextClass && typeof requestAnimationFrame === 'function') {
      try {
        const audio = new AudioContextClass();
        // Made after an await, it may start suspended under the autoplay policy: the level would stay flat.
        if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
        const analyser = audio.createAnalyser();
        analyser.fftSize = 512;
        audio.createMediaStreamSource(stream).connect(analyser);
        current.audio = audio;
        const samples = new Uint8Array(analyser.fftSize);
        let shown = 0;
        const measure = () => {
          analyser.getByteTimeDomainData(samples);
          let sum = 0;
          for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
          // Speech sits far below full scale: stretch the RMS so a normal voice fills most of the bar.
          const now = Math.min(1, Math.sqrt(sum / samples.length) * 4);
          if (Math.abs(now - shown) > 0.02) {
            shown = now;
            setLevel(now);
          }
          current.frame = requestAnimationFrame(measure);
        };
        setLevel(0);
        current.frame = requestAnimationFrame(measure);
      } catch {
        setLevel(null);
      }
    }

    setElapsed(0);
    recorder.start(SLICE_MS);
    setPhase('recording');
    limits.current.onStarted?.();
  }, [release, stopWith]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = session.current;
      if (!current) return;
      current.discard = true;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    };
  }, [release]);

  return { phase, elapsed, level, problem, supported, start, stop };
}
