import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { visuallyHidden } from '../visuallyHidden';
import { AudioPlayer } from './AudioPlayer';
import { formatClock, recorderMessages as messages } from './recorderMessages';
import { baseMediaType, type Recording, useVoiceRecorder } from './useVoiceRecorder';

/** A voice recording's limits by default: api-spec.yaml's VoiceFile (5 minutes, 10 MB). */
export const VOICE_MAX_SECONDS = 300;
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;

const UPLOAD_TYPES = ['audio/webm', 'audio/ogg'];
const uploadTypesByExtension: Record<string, string> = { webm: 'audio/webm', weba: 'audio/webm', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg' };

export interface VoiceRecorderProps {
  /** Names the recorder (its group), e.g. 'Your answer'. */
  label: string;
  /** The recording (or uploaded audio file) to send, or null. */
  value: Blob | null;
  /** Called with a recording within the limits, or null when it was discarded or refused. */
  onChange: (value: Blob | null) => void;
  maxSeconds?: number;
  maxBytes?: number;
  disabled?: boolean;
  /** A message from the form (e.g. why sending failed), shown under the recorder. */
  error?: string;
}

function focusOnMount(node: HTMLElement | null) {
  node?.focus();
}

/** The live level as a bar; hidden from screen readers, which follow the elapsed time and the status instead. */
function LevelMeter({ level }: { level: number }) {
  return (
    <Box aria-hidden sx={{ width: 120, height: 10, borderRadius: 5, bgcolor: 'action.selected', overflow: 'hidden' }}>
      <Box
        data-testid="recorder-level"
        sx={{ height: '100%', width: `${Math.round(level * 100)}%`, bgcolor: 'success.main', transition: 'width 80ms linear' }}
      />
    </Box>
  );
}

function uploadTypeOf(file: File): string {
  const type = baseMediaType(file.type);
  if (UPLOAD_TYPES.includes(type)) return type;
  return uploadTypesByExtension[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? type;
}

/**
 * A voice recorder as a form field: Record (asks for the microphone), a live level, the elapsed
 * time against the limit, Stop (automatic at the time limit, or near the size limit), Listen back
 * and Record again (after a confirmation). Where the browser cannot record, or the microphone is
 * refused or missing, it says so and offers to upload a WebM or Ogg recording instead, checked
 * against the same limits. Changes are announced in a polite status.
 */
export function VoiceRecorder({
  label,
  value,
  onChange,
  maxSeconds = VOICE_MAX_SECONDS,
  maxBytes = VOICE_MAX_BYTES,
  disabled = false,
  error,
}: VoiceRecorderProps) {
  const legendId = useId();
  const uploadId = useId();
  const messageId = useId();
  const [announcement, setAnnouncement] = useState('');
  /** Why the last recording or upload was refused (a limit, a type). */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The length of the value, when known: the recording's, or the uploaded file's once read. */
  const [length, setLength] = useState<{ of: Blob; seconds: number } | null>(null);
  const seconds = length !== null && length.of === value ? length.seconds : null;
  const [confirmAgain, setConfirmAgain] = useState(false);
  /** Move the focus to Record again once a recording is shown (it replaced the Stop button). */
  const [focusAgain, setFocusAgain] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);

  function recorded({ blob, seconds: recordedSeconds, stoppedBy }: Recording) {
    const said = messages.recordingStopped(recordedSeconds);
    if (blob.size > maxBytes) {
      setRefusal(messages.tooLarge(maxBytes));
      setAnnouncement(said);
      onChange(null);
      return;
    }
    setRefusal(null);
    setLength({ of: blob, seconds: recordedSeconds });
    setFocusAgain(true);
    const limit = stoppedBy === 'time' ? messages.stoppedAtTimeLimit(maxSeconds) : stoppedBy === 'size' ? messages.stoppedAtSizeLimit(maxBytes) : null;
    setAnnouncement(limit ? `${limit}. ${said}` : said);
    onChange(blob);
  }

  const recorder = useVoiceRecorder({
    maxSeconds,
    maxBytes,
    onRecorded: recorded,
    onStarted: () => setAnnouncement(messages.recordingStarted),
  });
  const { phase, problem } = recorder;

  // The playback of the current value, freed when the value changes or the recorder goes.
  const url = useMemo(() => (value !== null && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  useEffect(() => {
    // The form cleared the value (e.g. after sending): clear the chosen file too.
    if (value === null && fileInput.current) fileInput.current.value = '';
  }, [value]);

  function startRecording() {
    setRefusal(null);
    setFocusAgain(false);
    void recorder.start();
  }

  function recordAgain() {
    if (!confirmAgain) return;
    setConfirmAgain(false);
    onChange(null);
    startRecording();
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file === null) return;
    let refused: string | null = null;
    const type = uploadTypeOf(file);
    if (!UPLOAD_TYPES.includes(type)) refused = messages.wrongType;
    else if (file.size === 0) refused = messages.emptyFile;
    else if (file.size > maxBytes) refused = messages.tooLarge(maxBytes);
    setRefusal(refused);
    if (refused) {
      event.target.value = '';
      onChange(null);
      return;
    }
    const typed = file.type === type ? file : new File([file], file.name, { type });
    onChange(typed);
    // The length is known once the browser has read the file's header: refuse one that is too long.
    if (typeof URL.createObjectURL !== 'function') return;
    const probeUrl = URL.createObjectURL(typed);
    const probe = new Audio();
    probe.preload = 'metadata';
    probe.addEventListener('loadedmetadata', () => {
      URL.revokeObjectURL(probeUrl);
      if (!Number.isFinite(probe.duration)) return;
      if (probe.duration > maxSeconds + 0.5) {
        setRefusal(messages.tooLong(maxSeconds));
        if (fileInput.current) fileInput.current.value = '';
        onChange(null);
      } else {
        setLength({ of: typed, seconds: probe.duration });
      }
    });
    probe.addEventListener('error', () => URL.revokeObjectURL(probeUrl));
    probe.src = probeUrl;
  }

  // A browser that cannot record says so at once: no Record button that could only fail.
  const shownProblem = recorder.supported ? problem : 'unsupported';
  const problemText = shownProblem ? messages[shownProblem] : null;
  const message = refusal ?? error;
  const offerUpload = shownProblem !== null;

  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={legendId} sx={{ fontWeight: 500, mb: 1, p: 0 }}>
        {label}
      </Typography>
      <Box role="status" aria-atomic="true" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {value === null && phase !== 'recording' && recorder.supported ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<FiberManualRecordIcon />}
              onClick={startRecording}
              disabled={disabled || phase === 'starting'}
              aria-describedby={message ? messageId : undefined}
            >
              {messages.record}
            </Button>
            {phase === 'starting' ? <Typography>{messages.askingMicrophone}</Typography> : null}
          </Stack>
        ) : null}

        {phase === 'recording' ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={recorder.stop} ref={focusOnMount}>
              {messages.stop}
            </Button>
            {recorder.level !== null ? <LevelMeter level={recorder.level} /> : null}
            <Typography role="timer" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {messages.elapsed(recorder.elapsed, maxSeconds)}
            </Typography>
          </Stack>
        ) : null}

        {value !== null && phase !== 'recording' ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start', width: '100%', maxWidth: 480 }}>
            {url ? <AudioPlayer src={url} label={messages.listenBack(label)} seconds={seconds} /> : null}
            {seconds !== null ? <Typography variant="body2">{messages.recordingLength(seconds)}</Typography> : null}
            {recorder.supported ? (
              <Button variant="outlined" onClick={() => setConfirmAgain(true)} disabled={disabled} ref={focusAgain ? focusOnMount : undefined}>
                {messages.recordAgain}
              </Button>
            ) : null}
          </Stack>
        ) : null}

        {problemText ? (
          // An alert after a failed Record; a plain note when the browser could never record.
          <Typography role={problem ? 'alert' : undefined} sx={{ color: 'error.main' }}>
            {problemText}
          </Typography>
        ) : null}

        {offerUpload ? (
          <Stack spacing={0.5}>
            <Typography component="label" htmlFor={uploadId}>
              {messages.uploadLabel}
            </Typography>
            <Box
              component="input"
              id={uploadId}
              type="file"
              accept={UPLOAD_TYPES.join(',')}
              disabled={disabled}
              onChange={upload}
              aria-describedby={`${uploadId}-hint`}
              ref={fileInput}
              sx={{ font: 'inherit', maxWidth: '100%' }}
            />
            <FormHelperText id={`${uploadId}-hint`} sx={{ mx: 0 }}>
              {messages.uploadHint(maxSeconds, maxBytes)}
            </FormHelperText>
          </Stack>
        ) : null}

        {message ? (
          <Typography id={messageId} role={refusal ? 'alert' : undefined} sx={{ color: 'error.main' }}>
            {message}
          </Typography>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirmAgain}
        title={messages.confirmAgainTitle}
        confirmLabel={messages.recordAgain}
        cancelLabel={messages.keepRecording}
        onConfirm={recordAgain}
        onCancel={() => setConfirmAgain(false)}
        restoreFocus={false}
      >
        {messages.confirmAgainText}
      </ConfirmDialog>
    </Box>
  );
}

export { formatClock };
