import { formatBytes } from '../fileChecks';

/** m:ss, e.g. 41.5 -> '0:41', 300 -> '5:00'. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** '5 minutes', '90 seconds', '1 minute'. */
function describeSeconds(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} ${seconds === 60 ? 'minute' : 'minutes'}`;
  return `${seconds} seconds`;
}

/** The voice recorder's texts (shared by every screen that records). */
export const recorderMessages = {
  record: 'Record',
  stop: 'Stop',
  recordAgain: 'Record again',
  discard: 'Discard',
  /** The accessible name of the playback of the recording. */
  listenBack: (label: string) => `Listen back: ${label}`,
  /** The player of a recording (AudioPlayer): its buttons and seek bar, named after the recording. */
  play: (label: string) => `Play: ${label}`,
  pause: (label: string) => `Pause: ${label}`,
  seekLabel: (label: string) => `Position: ${label}`,
  /** The position (whole seconds gone) and the length (to the nearest second, as the screens name recordings). */
  positionOf: (at: number, length: number) => `${formatClock(at)} of ${formatClock(Math.round(length))}`,
  playerTime: (at: number, length: number | null) => (length === null ? formatClock(at) : `${formatClock(at)} / ${formatClock(Math.round(length))}`),
  elapsed: (seconds: number, maxSeconds: number) => `${formatClock(seconds)} / ${formatClock(maxSeconds)}`,
  recordingLength: (seconds: number) => `Length ${formatClock(seconds)}`,
  levelLabel: 'Microphone level',
  askingMicrophone: 'Asking for the microphone…',
  recordingStarted: 'Recording started',
  recordingStopped: (seconds: number) => `Recording stopped, ${formatClock(seconds)}`,
  stoppedAtTimeLimit: (maxSeconds: number) => `Recording stopped at the ${describeSeconds(maxSeconds)} limit`,
  stoppedAtSizeLimit: (maxBytes: number) => `Recording stopped at the ${formatBytes(maxBytes)} limit`,
  confirmAgainTitle: 'Discard this recording and record again?',
  confirmAgainText: 'The recording you made will be lost.',
  keepRecording: 'Keep it',
  unsupported: 'Your browser cannot record audio here. You can upload a recording instead.',
  refused: 'The microphone was not allowed. Allow it in your browser’s site settings and press Record again, or upload a recording instead.',
  noMicrophone: 'No microphone was found. Connect one and press Record again, or upload a recording instead.',
  failed: 'The microphone could not be started. Try again, or upload a recording instead.',
  uploadLabel: 'Upload a recording',
  uploadHint: (maxSeconds: number, maxBytes: number) => `WebM or Ogg audio, up to ${describeSeconds(maxSeconds)} and ${formatBytes(maxBytes)}.`,
  wrongType: 'Choose an audio file: WebM or Ogg.',
  emptyFile: 'The file is empty.',
  tooLarge: (maxBytes: number) => `The recording is too large: the limit is ${formatBytes(maxBytes)}.`,
  tooLong: (maxSeconds: number) => `The recording is too long: the limit is ${describeSeconds(maxSeconds)}.`,
} as const;
