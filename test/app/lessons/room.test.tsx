import { act, screen, waitFor, within } from '@testing-library/react';
import { ws } from 'msw';
import type { LessonRoom } from '@/api';
import { patterns } from '@/config/paths';
import { LessonRoomPage } from '@/features/lessons/room/LessonRoomPage';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute } from '@test/render';
import { server } from '@test/server';

/**
 * A lesson's room (issue 40) through its route: when it opens and closes, joining, the other
 * person coming and going over the signalling socket (msw's WebSocket link), what happens without
 * a camera or microphone, the chat both ways, leaving, and a second window taking over. jsdom has
 * no WebRTC: the peer connection is a stand-in that records what the screen does with it (the
 * browser journey `lesson-room` makes a real call between two browsers).
 */
const minute = 60_000;
const LESSON = 12;

function roomAt(startsInMs: number, overrides: Partial<LessonRoom> = {}): LessonRoom {
  const startsAt = Date.now() + startsInMs;
  return {
    lesson_id: LESSON,
    title: 'Conversation practice',
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(startsAt + 25 * minute).toISOString(),
    opens_at: new Date(startsAt - 10 * minute).toISOString(),
    closes_at: new Date(startsAt + 35 * minute).toISOString(),
    role: 'student',
    other_name: 'Amara Okafor',
    ice_servers: [{ urls: ['stun:stun.academy.test:3478'] }],
    signal_path: `/api/lessons/${LESSON}/room/signal`,
    messages: [],
    ...overrides,
  };
}

/** What the screen did with its peer connections. */
const peers: StandInPeer[] = [];

class StandInPeer {
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: string; sdp: string; toJSON(): unknown } | null = null;
  onnegotiationneeded: (() => Promise<void>) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  ontrack: ((event: { track: unknown }) => void) | null = null;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  readonly remoteDescriptions: RTCSessionDescriptionInit[] = [];
  readonly transceivers: { kind: string; direction: string }[] = [];
  /** The kinds of the tracks added to answer an offer. */
  readonly addedTracks: string[] = [];
  closed = false;

  constructor(readonly configuration: RTCConfiguration) {
    peers.push(this);
  }

  addTransceiver(trackOrKind: string | { kind: string }, init: { direction: string }) {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    this.transceivers.push({ kind, direction: init.direction });
    return { direction: init.direction, sender: { replaceTrack: async () => undefined } };
  }

  addTrack(track: { kind: string }) {
    this.addedTracks.push(track.kind);
  }

  /** The tracks the screen put on a sender in place of another (sharing the screen). */
  readonly replacedTracks: unknown[] = [];

  /** After an offer: a transceiver for each of its kinds (audio, video). */
  getTransceivers() {
    return ['audio', 'video'].map((kind) => ({
      receiver: { track: { kind } },
      direction: 'sendrecv',
      sender: { replaceTrack: async (next: unknown) => void this.replacedTracks.push(next) },
    }));
  }

  async setLocalDescription() {
    const type = this.remoteDescriptions.at(-1)?.type === 'offer' ? 'answer' : 'offer';
    const description = { type, sdp: `stand-in ${type}` };
    this.localDescription = { ...description, toJSON: () => description };
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescriptions.push(description);
  }

  async addIceCandidate() {}

  restartIce() {}

  close() {
    this.closed = true;
  }

  /** The browser connecting the call. */
  connect() {
    this.connectionState = 'connected';
    this.onconnectionstatechange?.();
  }
}

class StandInStream {
  private readonly tracks: { kind: string; enabled: boolean; stop(): void }[];
  constructor(tracks: { kind: string; enabled: boolean; stop(): void }[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: { kind: string; enabled: boolean; stop(): void }) {
    this.tracks.push(track);
  }
}

const track = (kind: string) => ({ kind, enabled: true, stop: jest.fn() });

/** The signalling socket's provider side: what the screen sent, and a way to talk to it. */
function signallingProvider() {
  const link = ws.link(`ws://localhost/api/lessons/${LESSON}/room/signal`);
  const received: Record<string, unknown>[] = [];
  let client: { send(data: string): void; close(code?: number, reason?: string): void } | null = null;
  server.use(
    link.addEventListener('connection', ({ client: connected }) => {
      client = connected;
      connected.addEventListener('message', (event) => received.push(JSON.parse(String(event.data)) as Record<string, unknown>));
      connected.send(JSON.stringify({ type: 'peer', present: false }));
    }),
  );
  return {
    received,
    say: (message: unknown) => act(() => (client as NonNullable<typeof client>).send(JSON.stringify(message))),
    close: (code: number, reason: string) => act(() => (client as NonNullable<typeof client>).close(code, reason)),
  };
}

function openRoom(room: LessonRoom, session = loggedInAs({ student: 7 })) {
  mockEndpoint('getLessonRoom', () => room);
  return renderRoute(patterns.lessonRoom, <LessonRoomPage />, { route: `/lesson-room/${LESSON}`, preloadedState: session });
}

function withDevices(getUserMedia: jest.Mock) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

beforeEach(() => {
  peers.length = 0;
  Object.assign(globalThis, { RTCPeerConnection: StandInPeer, MediaStream: StandInStream });
  withDevices(jest.fn(async () => new StandInStream([track('audio'), track('video')])));
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('lesson room', () => {
  it('joins with camera and microphone, meets the other person, connects, and mutes and leaves', async () => {
    const provider = signallingProvider();
    const { user } = openRoom(roomAt(5 * minute));

    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation practice with Amara Okafor' })).toBeInTheDocument();
    expect(document.title).toBe('Conversation practice with Amara Okafor — Language Academy');
    expect(screen.getByText('Your browser will ask to use your camera and microphone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join' }));

    expect(await screen.findByText('Waiting for Amara Okafor to join…')).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(screen.getByRole('timer', { name: 'Time left in the lesson' })).toHaveTextContent(/^2\d:\d\d left$/);

    provider.say({ type: 'peer', present: true });
    expect(await screen.findByText('Connecting to Amara Okafor…')).toBeInTheDocument();
    // The teacher calls: the student's connection starts with the teacher's offer, answered through the socket.
    expect(peers).toHaveLength(0);
    provider.say({ type: 'signal', data: { description: { type: 'offer', sdp: 'their offer' } } });
    await waitFor(() => expect(provider.received).toContainEqual({ type: 'signal', data: { description: { type: 'answer', sdp: 'stand-in answer' } } }));
    const [peer] = peers as [StandInPeer];
    expect(peer.configuration.iceServers).toEqual([{ urls: ['stun:stun.academy.test:3478'] }]);
    expect(peer.remoteDescriptions).toEqual([{ type: 'offer', sdp: 'their offer' }]);
    expect(peer.addedTracks).toEqual(['audio', 'video']);
    act(() => peer.connect());
    expect(await screen.findByText('You are in the lesson with Amara Okafor.')).toBeInTheDocument();

    const controls = screen.getByRole('group', { name: 'Call controls' });
    await user.click(within(controls).getByRole('button', { name: 'Mute microphone' }));
    expect(within(controls).getByRole('button', { name: 'Unmute microphone' })).toBeInTheDocument();
    await user.click(within(controls).getByRole('button', { name: 'Turn camera off' }));
    expect(within(controls).getByRole('button', { name: 'Turn camera on' })).toBeInTheDocument();

    provider.say({ type: 'peer', present: false });
    expect(await screen.findByText('Waiting for Amara Okafor to join…')).toBeInTheDocument();
    expect(peer.closed).toBe(true);

    await user.click(within(controls).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the lesson.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join again' })).toBeInTheDocument();
  });

  it('calls from the teacher’s side: a transceiver for each kind, receiving what it cannot send, and the offer', async () => {
    const provider = signallingProvider();
    withDevices(
      jest.fn(async (constraints: MediaStreamConstraints) => {
        if (constraints.video) throw new DOMException('Requested device not found', 'NotFoundError');
        return new StandInStream([track('audio')]);
      }),
    );
    const { user } = openRoom(roomAt(0, { role: 'teacher', other_name: 'Ada Lovelace' }), loggedInAs({ teacher: 4 }));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    await screen.findByText('Waiting for Ada Lovelace to join…');
    provider.say({ type: 'peer', present: true });
    await screen.findByText('Connecting to Ada Lovelace…');
    const [peer] = peers as [StandInPeer];
    expect(peer.transceivers).toEqual([
      { kind: 'audio', direction: 'sendrecv' },
      { kind: 'video', direction: 'recvonly' },
    ]);
    await act(() => peer.onnegotiationneeded?.());
    expect(provider.received).toContainEqual({ type: 'signal', data: { description: { type: 'offer', sdp: 'stand-in offer' } } });
  });

  it('shares the screen in place of the camera, and goes back to the camera when sharing stops', async () => {
    const provider = signallingProvider();
    const screenTrack = Object.assign(new EventTarget(), { kind: 'video', enabled: true, stop: jest.fn() });
    const getDisplayMedia = jest.fn(async () => new StandInStream([screenTrack]));
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: jest.fn(async () => new StandInStream([track('audio'), track('video')])), getDisplayMedia },
    });
    const { user } = openRoom(roomAt(0));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    provider.say({ type: 'peer', present: true });
    provider.say({ type: 'signal', data: { description: { type: 'offer', sdp: 'their offer' } } });
    await waitFor(() => expect(peers).toHaveLength(1));
    const peer = peers[0] as StandInPeer;
    await waitFor(() => expect(provider.received).toContainEqual({ type: 'signal', data: { description: { type: 'answer', sdp: 'stand-in answer' } } }));

    const controls = screen.getByRole('group', { name: 'Call controls' });
    await user.click(within(controls).getByRole('button', { name: 'Share screen' }));
    const stop = await within(controls).findByRole('button', { name: 'Stop sharing' });
    expect(stop).toHaveAttribute('aria-pressed', 'true');
    expect(getDisplayMedia).toHaveBeenCalledWith({ video: true });
    // The screen goes out on the video sender, in the camera's place.
    expect(peer.replacedTracks).toEqual([screenTrack]);

    // The browser's own 'Stop sharing' ends the track: back to the camera.
    act(() => {
      screenTrack.dispatchEvent(new Event('ended'));
    });
    expect(await within(controls).findByRole('button', { name: 'Share screen' })).toHaveAttribute('aria-pressed', 'false');
    expect(screenTrack.stop).toHaveBeenCalled();
    await waitFor(() => expect(peer.replacedTracks).toHaveLength(2));
    expect((peer.replacedTracks[1] as { kind: string }).kind).toBe('video');
    expect(peer.replacedTracks[1]).not.toBe(screenTrack);
  });

  it('goes on without the camera and microphone the browser refuses, and says why and how to allow them', async () => {
    signallingProvider();
    withDevices(jest.fn(async () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))));
    const { user } = openRoom(roomAt(0));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(
      await screen.findByText(
        'Your browser does not allow this page to use your camera and microphone. You can still see and hear the other person and write in the chat; to be seen and heard, allow them in the site settings and join again.',
      ),
    ).toBeInTheDocument();
    // Asked once: a refusal is not asked again with less.
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('uses the microphone alone when there is no camera', async () => {
    const provider = signallingProvider();
    withDevices(
      jest.fn(async (constraints: MediaStreamConstraints) => {
        if (constraints.video) throw new DOMException('Requested device not found', 'NotFoundError');
        return new StandInStream([track('audio')]);
      }),
    );
    const { user } = openRoom(roomAt(0));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No camera was found: the lesson goes on with your microphone.')).toBeInTheDocument();
    provider.say({ type: 'peer', present: true });
    await screen.findByText('Connecting to Amara Okafor…');
    provider.say({ type: 'signal', data: { description: { type: 'offer', sdp: 'their offer' } } });
    // No camera: the microphone answers, and the offer's video is still received.
    await waitFor(() => expect((peers[0] as StandInPeer | undefined)?.addedTracks).toEqual(['audio']));
  });

  it('shows the chat kept with the lesson, sends a message and shows one arriving', async () => {
    const provider = signallingProvider();
    const first = { id: 1, lesson_id: LESSON, author: 'teacher' as const, text: 'Hello! Can you hear me?', sent_at: new Date().toISOString() };
    let sent: FormData | null = null;
    mockEndpoint('sendLessonMessage', async ({ request }) => {
      sent = await request.formData();
      return { id: 2, lesson_id: LESSON, author: 'student' as const, text: String(sent.get('text')), sent_at: new Date().toISOString() };
    });
    const { user } = openRoom(roomAt(0, { messages: [first] }));
    const chat = await screen.findByRole('list', { name: 'Messages of the lesson' });
    expect(within(chat).getByText('Hello! Can you hear me?')).toBeInTheDocument();
    expect(within(chat).getByText(/^Amara Okafor · /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Yes, very well');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((sent as FormData | null)?.get('text')).toBe('Yes, very well');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    // The provider sends each message to both sides: the own one comes back once, not twice.
    provider.say({ type: 'message', message: { id: 2, lesson_id: LESSON, author: 'student', text: 'Yes, very well', sent_at: new Date().toISOString() } });
    provider.say({ type: 'message', message: { id: 3, lesson_id: LESSON, author: 'teacher', text: 'Great, let us start.', sent_at: new Date().toISOString() } });
    expect(await within(chat).findByText('Great, let us start.')).toBeInTheDocument();
    expect(within(chat).getAllByText('Yes, very well')).toHaveLength(1);
  });

  it('keeps a message that could not be sent in its field, with the reason', async () => {
    mockEndpoint('sendLessonMessage', { status: 400, body: { msg: 'The lesson room is closed.' } });
    const { user } = openRoom(roomAt(0));
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The lesson room is closed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Are you there?');
  });

  it('says when the room opens, and that it has closed', async () => {
    const opensSoon = roomAt(40 * minute);
    const { unmount } = openRoom(opensSoon);
    const time = new Date(opensSoon.opens_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(await screen.findByText(`The room opens at ${time}, 10 minutes before the lesson.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(screen.getByText('The chat is open while the room is.')).toBeInTheDocument();
    unmount();

    openRoom(roomAt(-36 * minute));
    expect(await screen.findByText('This lesson’s room has closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('leaves in this window when the same person joins from another', async () => {
    const provider = signallingProvider();
    const { user } = openRoom(roomAt(0));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    await screen.findByText('Waiting for Amara Okafor to join…');
    provider.close(4001, 'You joined the lesson from another window.');
    expect(await screen.findByText('You joined this lesson from another window, so this one has left it.')).toBeInTheDocument();
  });

  it('is for the lesson’s two people: a visitor is asked to log in, another person is told, an unknown lesson is not found', async () => {
    const { unmount } = renderRoute(patterns.lessonRoom, <LessonRoomPage />, { route: `/lesson-room/${LESSON}` });
    expect(screen.getByText('Log in to join your lesson.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in as a student' })).toHaveAttribute('href', '/student-login');
    unmount();

    failEndpoint('getLessonRoom', 403);
    const { unmount: leaveOther } = renderRoute(patterns.lessonRoom, <LessonRoomPage />, { route: `/lesson-room/${LESSON}`, preloadedState: loggedInAs({ student: 8 }) });
    expect(await screen.findByText('This lesson room is for the lesson’s student and teacher only.')).toBeInTheDocument();
    leaveOther();

    failEndpoint('getLessonRoom', 404);
    renderRoute(patterns.lessonRoom, <LessonRoomPage />, { route: `/lesson-room/${LESSON}`, preloadedState: loggedInAs({ teacher: 4 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson not found' })).toBeInTheDocument();
  });
});
