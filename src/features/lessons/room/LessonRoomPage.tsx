import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import ScreenShareIcon from '@mui/icons-material/ScreenShare';
import StopScreenShareIcon from '@mui/icons-material/StopScreenShare';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { classifyError, lessonsApi, type LessonMessage, type LessonRoom } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading, useDocumentTitle } from '@/components/PageHeading';
import { visuallyHidden } from '@/components/visuallyHidden';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { useNow } from '@/hooks/useNow';
import { selectIsStudentLoggedIn, selectIsTeacherLoggedIn } from '@/features/session/sessionSlices';
import { RoomChat } from './RoomChat';
import { roomMessages as messages } from './roomMessages';
import { type CallState, useLessonCall } from './useLessonCall';

const zoneName = () => new Intl.DateTimeFormat([], { timeZoneName: 'long' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? '';
const dayOf = (iso: string) => new Date(iso).toLocaleDateString([], { weekday: 'long', day: 'numeric', month: 'long' });
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A stream in a video element; the own one muted (no echo), the other's with its sound. */
function StreamVideo({ stream, label, muted, small }: { stream: MediaStream | null; label: string; muted: boolean; small?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      component="video"
      ref={video}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      sx={{
        display: 'block',
        width: '100%',
        aspectRatio: small ? '4 / 3' : '16 / 9',
        objectFit: small ? 'cover' : 'contain',
        bgcolor: 'grey.900',
        borderRadius: 1,
        transform: small ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}

/** The clock of the lesson's time left, and a notice for screen readers at 5 minutes and 1. */
function TimeLeft({ endsAt, now }: { endsAt: string; now: number }) {
  const left = Math.max(0, Date.parse(endsAt) - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const clock = `${minutes}:${String(seconds).padStart(2, '0')}`;
  const notice = left === 0 ? messages.timeOver : minutes < 5 && minutes >= 4 ? messages.minutesLeftNotice(5) : minutes < 1 ? messages.minutesLeftNotice(1) : '';
  return (
    <>
      <Typography role="timer" aria-label={messages.timeLeftLabel} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {left === 0 ? messages.timeOver : messages.timeLeft(clock)}
      </Typography>
      <Box role="status" sx={visuallyHidden}>
        {notice}
      </Box>
    </>
  );
}

const callStatus = (state: CallState, name: string): string | null =>
  ({
    idle: null,
    starting: messages.starting,
    waiting: messages.waiting(name),
    connecting: messages.connecting(name),
    connected: messages.connected(name),
    left: messages.left,
    replaced: messages.replaced,
    closed: messages.closed,
    lost: messages.lost,
  })[state];

function ControlButton({ label, pressed, icon, onClick, danger }: { label: string; pressed?: boolean; icon: React.ReactNode; onClick: () => void; danger?: boolean }) {
  return (
    <Button
      variant={danger ? 'contained' : 'outlined'}
      color={danger ? 'error' : 'primary'}
      startIcon={icon}
      aria-pressed={pressed}
      onClick={onClick}
      sx={{ minHeight: 48 }}
    >
      {label}
    </Button>
  );
}

/** The call and the chat of an open room. */
function Room({ room, now }: { room: LessonRoom; now: number }) {
  const [chat, setChat] = useState<LessonMessage[]>(room.messages);
  const addMessage = useCallback((message: LessonMessage) => {
    setChat((current) => (current.some((known) => known.id === message.id) ? current : [...current, message]));
  }, []);
  const call = useLessonCall(room, addMessage);
  const open = now >= Date.parse(room.opens_at) && now < Date.parse(room.closes_at);
  const inCall = call.state === 'waiting' || call.state === 'connecting' || call.state === 'connected';
  const status = callStatus(call.state, room.other_name);
  const deviceNotice = inCall && call.devices !== null ? messages.devices[call.devices] : null;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          {status !== null && (
            <Typography role="status" aria-live="polite">
              {status}
            </Typography>
          )}
          {deviceNotice !== null && <Alert severity="warning">{deviceNotice}</Alert>}
          {inCall ? (
            <>
              <Box sx={{ position: 'relative' }}>
                <StreamVideo stream={call.remoteStream} label={messages.remoteVideo(room.other_name)} muted={false} />
                {call.localStream !== null && (
                  <Box sx={{ position: 'absolute', right: 8, bottom: 8, width: { xs: 96, sm: 160 } }}>
                    <StreamVideo stream={call.localStream} label={messages.ownVideo} muted small />
                  </Box>
                )}
              </Box>
              <TimeLeft endsAt={room.ends_at} now={now} />
              <Stack role="group" aria-label={messages.controls} direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
                <ControlButton
                  label={call.micOn ? messages.muteMicrophone : messages.unmuteMicrophone}
                  icon={call.micOn ? <MicIcon /> : <MicOffIcon />}
                  onClick={call.toggleMic}
                />
                <ControlButton
                  label={call.cameraOn ? messages.cameraOff : messages.cameraOn}
                  icon={call.cameraOn ? <VideocamIcon /> : <VideocamOffIcon />}
                  onClick={call.toggleCamera}
                />
                {call.canShareScreen && (
                  <ControlButton
                    label={call.sharing ? messages.stopSharing : messages.shareScreen}
                    pressed={call.sharing}
                    icon={call.sharing ? <StopScreenShareIcon /> : <ScreenShareIcon />}
                    onClick={() => void call.toggleScreen()}
                  />
                )}
                <ControlButton label={messages.leave} icon={<CallEndIcon />} onClick={call.leave} danger />
              </Stack>
            </>
          ) : open && call.state !== 'starting' ? (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button variant="contained" size="large" onClick={() => void call.join()}>
                {call.state === 'idle' ? messages.join : messages.joinAgain}
              </Button>
              <Typography color="text.secondary">{messages.joinHint}</Typography>
            </Stack>
          ) : !open && now < Date.parse(room.opens_at) ? (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography>{messages.opensAt(timeOf(room.opens_at))}</Typography>
              <Button variant="contained" size="large" disabled>
                {messages.join}
              </Button>
            </Stack>
          ) : !open ? (
            <Typography>{messages.closed}</Typography>
          ) : null}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <RoomChat lessonId={room.lesson_id} side={room.role} otherName={room.other_name} chat={chat} open={open} />
      </Grid>
    </Grid>
  );
}

function NotLoggedIn() {
  return (
    <PageHeading title={messages.title}>
      <Typography sx={{ mb: 2 }}>{messages.logInText}</Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={paths.studentLogin}>
          {messages.studentLogIn}
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.teacherLogin}>
          {messages.teacherLogIn}
        </Button>
      </Stack>
    </PageHeading>
  );
}

/**
 * A booked lesson's room (extension, issue 40), for its student and its teacher: from 10 minutes
 * before the lesson, 'Join' starts the camera and microphone and the call with the other person;
 * the clock counts the lesson's time down; the chat is kept with the lesson. Outside the room's
 * hours it says when it opens, or that it has closed.
 */
export function LessonRoomPage() {
  const lessonId = parseIdParam(useParams().lesson_id);
  const studentLoggedIn = useAppSelector(selectIsStudentLoggedIn);
  const teacherLoggedIn = useAppSelector(selectIsTeacherLoggedIn);
  const loggedIn = studentLoggedIn || teacherLoggedIn;
  const room = lessonsApi.useGetLessonRoomQuery(lessonId !== null && loggedIn ? { lessonId } : skipToken);
  // Every second: the room's clock, and its opening and closing.
  const now = useNow(1000).getTime();
  useDocumentTitle(room.data ? messages.heading(room.data.title, room.data.other_name) : messages.title);

  if (!loggedIn) return <NotLoggedIn />;
  const failure = room.error === undefined ? null : classifyError(room.error);
  if (lessonId === null || failure?.kind === 'notFound') {
    return (
      <NotFoundScreen
        title={messages.notFoundTitle}
        text={messages.notFoundText}
        actionLabel={messages.myLessons}
        actionTo={studentLoggedIn ? paths.studentLessons : paths.teacherMyLessons}
      />
    );
  }
  if (failure?.kind === 'unauthorised') return <NotLoggedIn />;
  if (failure?.kind === 'forbidden') {
    return (
      <PageHeading title={messages.title}>
        <Typography>{messages.notYoursText}</Typography>
      </PageHeading>
    );
  }
  if (failure !== null) {
    return (
      <PageHeading title={messages.title}>
        <LoadError message={messages.loadFailed} onRetry={() => void room.refetch()} />
      </PageHeading>
    );
  }
  if (room.data === undefined) {
    return (
      <Container sx={{ py: 4 }} role="status" aria-label={messages.loading}>
        <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} />
        <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      </Container>
    );
  }
  const { data } = room;
  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }} tabIndex={-1}>
        {messages.heading(data.title, data.other_name)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {messages.when(dayOf(data.starts_at), timeOf(data.starts_at), timeOf(data.ends_at), zoneName())}
      </Typography>
      <Room room={data} now={now} />
    </Container>
  );
}
