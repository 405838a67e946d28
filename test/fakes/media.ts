/**
 * A fake microphone for jsdom, which has neither MediaStream nor MediaRecorder:
 *
 *     const media = installFakeMedia();                      // microphone allowed
 *     const media = installFakeMedia({ microphone: 'refused' });
 *     …  // the screen presses Record
 *     media.recorder().emit(2048);                            // 2 KB recorded so far
 *     …  // Stop: the recorder hands over its last slice and stops
 *     expect(media.tracksStopped()).toBe(true);
 *     media.restore();                                        // in afterEach
 */

/** A microphone's answer to getUserMedia: allowed, refused by the person, or no device. */
export type FakeMicrophone = 'allowed' | 'refused' | 'missing';

export interface FakeTrack {
  kind: 'audio';
  readyState: 'live' | 'ended';
  stop(): void;
}

export class FakeMediaRecorder extends EventTarget {
  static supportedTypes: readonly string[] = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];
  static created: FakeMediaRecorder[] = [];
  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supportedTypes.includes(type);
  }

  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;

  constructor(
    readonly stream: { getTracks(): FakeTrack[] },
    options: { mimeType?: string } = {},
  ) {
    super();
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.created.push(this);
  }

  start(timeslice?: number): void {
    this.timeslice = timeslice;
    this.state = 'recording';
  }

  /** Hands over a slice of `bytes` bytes, as MediaRecorder does every `timeslice`. */
  emit(bytes: number): void {
    const event = new Event('dataavailable') as Event & { data: Blob };
    event.data = new Blob([new Uint8Array(bytes)], { type: this.mimeType });
    this.dispatchEvent(event);
  }

  /** Stops as MediaRecorder does: a last slice (of 512 bytes), then 'stop', after the caller returns. */
  stop(): void {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    queueMicrotask(() => {
      this.emit(512);
      this.dispatchEvent(new Event('stop'));
    });
  }
}

function namedError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

/** Installs navigator.mediaDevices.getUserMedia and MediaRecorder; `restore()` removes them. */
export function installFakeMedia({
  microphone = 'allowed',
  types = FakeMediaRecorder.supportedTypes,
}: { microphone?: FakeMicrophone; types?: readonly string[] } = {}) {
  const tracks: FakeTrack[] = [];
  const requests: MediaStreamConstraints[] = [];
  const original = FakeMediaRecorder.supportedTypes;
  FakeMediaRecorder.supportedTypes = types;
  FakeMediaRecorder.created = [];

  Object.defineProperty(window.navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async (constraints: MediaStreamConstraints) => {
        requests.push(constraints);
        if (microphone === 'refused') throw namedError('NotAllowedError');
        if (microphone === 'missing') throw namedError('NotFoundError');
        const track: FakeTrack = {
          kind: 'audio',
          readyState: 'live',
          stop() {
            this.readyState = 'ended';
          },
        };
        tracks.push(track);
        return { getTracks: () => [track], getAudioTracks: () => [track] };
      },
    },
  });
  Object.defineProperty(window, 'MediaRecorder', { configurable: true, writable: true, value: FakeMediaRecorder });

  return {
    /** What getUserMedia was asked for. */
    requests,
    /** The last MediaRecorder made. */
    recorder(): FakeMediaRecorder {
      const last = FakeMediaRecorder.created.at(-1);
      if (!last) throw new Error('No MediaRecorder was made');
      return last;
    },
    /** Whether every microphone track handed out has been stopped. */
    tracksStopped(): boolean {
      return tracks.length > 0 && tracks.every((track) => track.readyState === 'ended');
    },
    restore(): void {
      FakeMediaRecorder.supportedTypes = original;
      delete (window.navigator as { mediaDevices?: unknown }).mediaDevices;
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    },
  };
}
