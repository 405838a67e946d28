import { useCallback, useEffect, useRef, useState } from 'react';
import type { LessonMessage, LessonRoom } from '@/api';
import { apiBaseUrl } from '@/config/env';

/**
 * Where the call stands: not joined yet; asking for the camera and microphone; in the room alone;
 * with the other person, connecting or connected; and the ways it ends.
 */
export type CallState = 'idle' | 'starting' | 'waiting' | 'connecting' | 'connected' | 'left' | 'replaced' | 'closed' | 'lost';

/** What the camera and microphone gave: both, one, or none (and why), for the screen's notice. */
export type DeviceOutcome = 'both' | 'noCamera' | 'noMicrophone' | 'blocked' | 'missing';

export interface LessonCall {
  state: CallState;
  devices: DeviceOutcome | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  micOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
  canShareScreen: boolean;
  join(): Promise<void>;
  leave(): void;
  toggleMic(): void;
  toggleCamera(): void;
  toggleScreen(): Promise<void>;
}

/** The WebSocket address of the room's signalling path, on the provider's origin. */
export function signalUrl(signalPath: string): string {
  const url = new URL(signalPath, apiBaseUrl());
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The camera and microphone the browser gives, trying both, then each alone. */
async function localMedia(): Promise<{ stream: MediaStream | null; devices: DeviceOutcome }> {
  const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!mediaDevices?.getUserMedia) return { stream: null, devices: 'missing' };
  const attempts: [MediaStreamConstraints, DeviceOutcome][] = [
    [{ audio: true, video: true }, 'both'],
    [{ audio: true }, 'noCamera'],
    [{ video: true }, 'noMicrophone'],
  ];
  for (const [constraints, devices] of attempts) {
    try {
      return { stream: await mediaDevices.getUserMedia(constraints), devices };
    } catch (error) {
      // Refused: asking for less would be refused too.
      if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) return { stream: null, devices: 'blocked' };
    }
  }
  return { stream: null, devices: 'missing' };
}

type Signal = { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

/**
 * A one-to-one call in a lesson room: the camera and microphone (with what is there when one is
 * missing or refused), a WebRTC connection to the other person made and remade as they come and
 * go, signalled through the provider's WebSocket (the teacher calls, the student answers; later
 * changes follow the "perfect negotiation" pattern, the student the polite side), mute, camera and
 * screen sharing. The chat's messages arriving on the socket go to `onMessage` (keep it stable: the
 * socket holds the one given when joining).
 */
export function useLessonCall(room: LessonRoom, onMessage: (message: LessonMessage) => void): LessonCall {
  const [state, setState] = useState<CallState>('idle');
  const [devices, setDevices] = useState<DeviceOutcome | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [sharing, setSharing] = useState(false);

  const socket = useRef<WebSocket | null>(null);
  const peer = useRef<RTCPeerConnection | null>(null);
  const media = useRef<MediaStream | null>(null);
  const screen = useRef<MediaStreamTrack | null>(null);
  const videoTransceiver = useRef<RTCRtpTransceiver | null>(null);
  const makingOffer = useRef(false);
  const signals = useRef<Promise<void>>(Promise.resolve());
  const ignoreOffer = useRef(false);
  const polite = room.role === 'student';

  const send = (data: Signal) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify({ type: 'signal', data }));
  };

  const closePeer = useCallback(() => {
    peer.current?.close();
    peer.current = null;
    videoTransceiver.current = null;
    setRemoteStream(null);
  }, []);

  /**
   * The connection to the other person. The teacher's (the side that calls) carries a transceiver
   * for each kind at once, sending what this side has and receiving either way, and offers; the
   * student's starts empty and answers the teacher's offer with its tracks (`answerWithTracks`), so
   * the two never offer at once for the call's start. Later changes (a screen shared without a
   * camera) renegotiate from either side, the student giving way if both offer at once.
   */
  const openPeer = (): RTCPeerConnection => {
    if (peer.current) return peer.current;
    const connection = new RTCPeerConnection({ iceServers: room.ice_servers });
    peer.current = connection;
    // A new connection starts a new negotiation: nothing of the last one's is pending.
    makingOffer.current = false;
    ignoreOffer.current = false;
    if (!polite) {
      const stream = media.current;
      for (const kind of ['audio', 'video'] as const) {
        const track = kind === 'video' ? (screen.current ?? stream?.getVideoTracks()[0]) : stream?.getAudioTracks()[0];
        const transceiver = track
          ? connection.addTransceiver(track, { direction: 'sendrecv', streams: stream ? [stream] : [] })
          : connection.addTransceiver(kind, { direction: 'recvonly' });
        if (kind === 'video') videoTransceiver.current = transceiver;
      }
    }
    const remote = new MediaStream();
    connection.ontrack = ({ track }) => {
      remote.addTrack(track);
      setRemoteStream(new MediaStream(remote.getTracks()));
    };
    connection.onicecandidate = ({ candidate }) => {
      if (candidate) send({ candidate: candidate.toJSON() });
    };
    connection.onnegotiationneeded = async () => {
      try {
        makingOffer.current = true;
        await connection.setLocalDescription();
        if (connection.localDescription) send({ description: connection.localDescription.toJSON() });
      } finally {
        makingOffer.current = false;
      }
    };
    connection.onconnectionstatechange = () => {
      if (peer.current !== connection) return;
      if (connection.connectionState === 'connected') setState('connected');
      else if (connection.connectionState === 'failed') connection.restartIce();
    };
    return connection;
  };

  /** The answering side's tracks, on the transceivers the offer made (addTrack takes an unused one of its kind). */
  const answerWithTracks = (connection: RTCPeerConnection) => {
    const stream = media.current;
    const audio = stream?.getAudioTracks()[0];
    const video = screen.current ?? stream?.getVideoTracks()[0];
    for (const track of [audio, video]) if (track) connection.addTrack(track, ...(stream ? [stream] : []));
    videoTransceiver.current = connection.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === 'video') ?? null;
  };

  const handleSignal = async ({ description, candidate }: Signal) => {
    const connection = openPeer();
    if (description) {
      const collision = description.type === 'offer' && (makingOffer.current || connection.signalingState !== 'stable');
      ignoreOffer.current = !polite && collision;
      if (ignoreOffer.current) return;
      await connection.setRemoteDescription(description);
      if (description.type === 'offer') {
        if (videoTransceiver.current === null) answerWithTracks(connection);
        await connection.setLocalDescription();
        if (connection.localDescription) send({ description: connection.localDescription.toJSON() });
      }
    } else if (candidate) {
      try {
        await connection.addIceCandidate(candidate);
      } catch (error) {
        if (!ignoreOffer.current) throw error;
      }
    }
  };

  const stopMedia = () => {
    for (const track of media.current?.getTracks() ?? []) track.stop();
    screen.current?.stop();
    media.current = null;
    screen.current = null;
    setLocalStream(null);
    setSharing(false);
  };

  const end = useCallback(
    (next: CallState) => {
      const open = socket.current;
      socket.current = null;
      if (open && open.readyState <= WebSocket.OPEN) open.close(1000);
      closePeer();
      stopMedia();
      setState(next);
    },
    [closePeer],
  );

  const join = async () => {
    setState('starting');
    const { stream, devices: outcome } = await localMedia();
    media.current = stream;
    setLocalStream(stream);
    setDevices(outcome);
    setMicOn(Boolean(stream?.getAudioTracks().length));
    setCameraOn(Boolean(stream?.getVideoTracks().length));
    const ws = new WebSocket(signalUrl(room.signal_path));
    socket.current = ws;
    ws.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as { type: string; present?: boolean; data?: Signal; message?: LessonMessage };
      if (message.type === 'peer') {
        if (message.present) {
          // The teacher calls; the student's connection starts with the teacher's offer.
          if (!polite) openPeer();
          setState((current) => (current === 'connected' ? current : 'connecting'));
        } else {
          closePeer();
          setState('waiting');
        }
      } else if (message.type === 'signal' && message.data) {
        // One at a time, in the order sent: a candidate is added after the description before it.
        const data = message.data;
        signals.current = signals.current.then(() => handleSignal(data)).catch(() => undefined);
      } else if (message.type === 'message' && message.message) {
        onMessage(message.message);
      } else if (message.type === 'closed') {
        end('closed');
      }
    };
    ws.onclose = (event) => {
      if (socket.current !== ws) return;
      end(event.code === 4001 ? 'replaced' : 'lost');
    };
    setState('waiting');
  };

  const leave = () => end('left');

  const toggleMic = () => {
    const track = media.current?.getAudioTracks()[0];
    if (!track) return;
    track.enabled = !track.enabled;
    setMicOn(track.enabled);
  };

  const toggleCamera = () => {
    const track = media.current?.getVideoTracks()[0];
    if (!track) return;
    track.enabled = !track.enabled;
    setCameraOn(track.enabled);
  };

  /** The video that goes out: the screen while shared, else the camera (or nothing). */
  const sendVideo = async (track: MediaStreamTrack | null) => {
    const transceiver = videoTransceiver.current;
    if (!transceiver) return;
    await transceiver.sender.replaceTrack(track);
    // A side without a camera only received video: sending the screen needs the connection renegotiated (negotiationneeded).
    if (track && transceiver.direction === 'recvonly') transceiver.direction = 'sendrecv';
  };

  const stopSharing = async () => {
    screen.current?.stop();
    screen.current = null;
    setSharing(false);
    setLocalStream(media.current ? new MediaStream(media.current.getTracks()) : null);
    await sendVideo(media.current?.getVideoTracks()[0] ?? null);
  };

  const toggleScreen = async () => {
    if (screen.current) {
      await stopSharing();
      return;
    }
    let shared: MediaStream;
    try {
      shared = await navigator.mediaDevices.getDisplayMedia({ video: true });
    } catch {
      // The person chose not to share.
      return;
    }
    const [track] = shared.getVideoTracks();
    if (!track) return;
    screen.current = track;
    setSharing(true);
    setLocalStream(new MediaStream([track]));
    // The browser's own "Stop sharing" ends the track.
    track.addEventListener('ended', () => {
      if (screen.current === track) void stopSharing();
    });
    await sendVideo(track);
  };

  // Leaving the page leaves the call.
  useEffect(
    () => () => {
      const open = socket.current;
      socket.current = null;
      open?.close(1000);
      peer.current?.close();
      for (const track of media.current?.getTracks() ?? []) track.stop();
      screen.current?.stop();
    },
    [],
  );

  const canShareScreen = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  return { state, devices, localStream, remoteStream, micOn, cameraOn, sharing, canShareScreen, join, leave, toggleMic, toggleCamera, toggleScreen };
}
