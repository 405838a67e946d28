import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { Upload, type DetailedError } from 'tus-js-client';
import { type UploadOptions, xsrfCookie } from '@/api';
import { VideoPlayer } from '@/components/VideoPlayer';
import { visuallyHidden } from '@/components/visuallyHidden';
import { env } from '@/config/env';
import { teacherChapterMessages as messages } from './chapterMessages';

/** A video sent through the resumable endpoint: its id once finished (null while it is on its way), and the file's name. */
export interface VideoUploadValue {
  id: string | null;
  name: string;
}

export interface ResumableVideoFieldProps {
  label: string;
  /** The provider's limits (getUploadOptions). */
  options: UploadOptions;
  /** What the video is for: a new chapter's course, or the chapter whose video it replaces. */
  target: { course: number } | { chapter: number };
  value: VideoUploadValue | null;
  onChange: (value: VideoUploadValue | null) => void;
  required?: boolean;
  /** A message from the form ('Choose a video.'). */
  error?: string;
  /** While the form is being sent. */
  disabled?: boolean;
  inputRef?: (node: HTMLInputElement | null) => void;
  /** The chapter's current video and its captions (edit), played above the choice of a new one. */
  currentUrl?: string | null;
  currentCaptionsUrl?: string | null;
}

type Phase = 'idle' | 'uploading' | 'paused' | 'done';

/** The endpoint tus-js-client creates uploads at, absolute (the API base may be a path). */
const endpoint = () => new URL(`${env.apiBase.replace(/\/$/, '')}/uploads/`, window.location.origin).href;

/** The provider's `{msg}` in a tus answer, else our own words. */
function reasonOf(error: Error | DetailedError): string {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  try {
    const { msg } = JSON.parse(body ?? '') as { msg?: unknown };
    if (typeof msg === 'string' && msg) return msg;
  } catch {
    // Not JSON: no reason given.
  }
  return messages.videoUploadFailed;
}

/**
 * The chapter video sent as soon as it is chosen, resumably (tus, issue 39): a progress bar with
 * the percentage (announced every tenth), Pause and Resume, and, after a reload, the same file
 * chosen again resumes where it stopped ('Resuming your upload: 43 %'; tus-js-client keeps the
 * upload's URL in localStorage). While it runs, leaving the page asks first (`beforeunload`, and a
 * dialog for the app's own links).
 */
export function ResumableVideoField({
  label,
  options,
  target,
  value,
  onChange,
  required = false,
  error,
  disabled = false,
  inputRef,
  currentUrl = null,
  currentCaptionsUrl = null,
}: ResumableVideoFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [phase, setPhase] = useState<Phase>(value?.id ? 'done' : 'idle');
  const [percent, setPercent] = useState(0);
  const [resumed, setResumed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  const running = phase === 'uploading';

  // Leaving the page (reload, closing, another site) while the video is on its way asks first.
  useEffect(() => {
    if (!running) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);
  // …and so do the app's own links and Back.
  const blocker = useBlocker(running);
  // Leaving the screen stops sending; what arrived stays, to be resumed.
  useEffect(() => () => void upload.current?.abort(), []);

  async function start(file: File) {
    setProblem(null);
    if (!options.types.includes(file.type)) return refuse(messages.videoWrongType);
    if (file.size > options.max_bytes) return refuse(messages.videoTooLarge(options.max_bytes));
    if (file.size === 0) return refuse(messages.videoEmpty);
    void upload.current?.abort();
    const metadata = { ...('course' in target ? { course: String(target.course) } : { chapter: String(target.chapter) }), filetype: file.type, filename: file.name };
    const next = new Upload(file, {
      endpoint: endpoint(),
      metadata,
      // Several requests of at most 8 MB: each arrives well within the provider's request timeout.
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        const token = xsrfCookie();
        if (token) request.setHeader('X-XSRF-TOKEN', token);
        request.getUnderlyingObject().withCredentials = true;
      },
      // A refusal (4xx) is final; a network failure or the provider's 5xx is tried again.
      onShouldRetry: (failure) => {
        const status = failure.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => setPercent(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onChunkComplete: (_chunk, accepted, total) => setPercent(total > 0 ? Math.floor((accepted / total) * 100) : 0),
      // Resuming: where the provider says it stopped, before any new byte goes.
      onAfterResponse: (request, response) => {
        const offset = Number(response.getHeader('Upload-Offset'));
        if (request.getMethod() === 'HEAD' && Number.isFinite(offset) && file.size > 0) setPercent(Math.floor((offset / file.size) * 100));
      },
      onSuccess: () => {
        setPhase('done');
        setPercent(100);
        onChange({ id: next.url?.split('/').pop() ?? null, name: file.name });
      },
      onError: (failure) => {
        setPhase('idle');
        setProblem(reasonOf(failure));
        onChange(null);
      },
    });
    upload.current = next;
    const previous = await next.findPreviousUploads();
    const earlier = previous.find((stored) => stored.uploadUrl !== null);
    setResumed(earlier !== undefined);
    if (earlier) next.resumeFromPreviousUpload(earlier);
    setPercent(0);
    setPhase('uploading');
    onChange({ id: null, name: file.name });
    next.start();
  }

  function refuse(text: string) {
    setProblem(text);
    onChange(null);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
  }

  function pause() {
    void upload.current?.abort();
    setPhase('paused');
  }

  function resume() {
    setResumed(true);
    setPhase('uploading');
    upload.current?.start();
  }

  const progressText = resumed ? messages.resumingUpload(percent) : messages.uploadingVideo(percent);
  // Announced every tenth, not at every byte.
  const announced = running ? (resumed ? messages.resumingUpload : messages.uploadingVideo)(Math.floor(percent / 10) * 10) : '';
  const shownError = problem ?? error;
  const hint =
    phase === 'done' && value?.id
      ? messages.videoUploaded(value.name)
      : phase === 'idle' && value && value.id === null
        ? messages.chooseAgainToResume(value.name)
        : messages.resumableVideoHint(options.max_bytes);

  return (
    <Box>
      <FormLabel htmlFor={inputId} required={required} error={Boolean(shownError)}>
        {label}
      </FormLabel>
      {currentUrl ? (
        <Box sx={{ mt: 1, maxWidth: 360 }}>
          <VideoPlayer src={currentUrl} captionsUrl={currentCaptionsUrl} label={messages.currentVideo} />
          <Typography variant="body2">{messages.currentVideo}</Typography>
        </Box>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          name="video"
          accept={options.types.join(',')}
          onChange={choose}
          disabled={disabled || running}
          aria-describedby={hintId}
          aria-invalid={shownError ? true : undefined}
          // Within a 320 px window, as FileField's (WCAG 1.4.10).
          style={{ font: 'inherit', maxWidth: '100%' }}
        />
      </Box>
      {phase === 'uploading' || phase === 'paused' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 160 }}>
            <LinearProgress variant="determinate" value={percent} aria-label={messages.videoProgressLabel} aria-valuetext={`${percent}%`} sx={{ height: 8, borderRadius: 4 }} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {phase === 'paused' ? messages.uploadPaused(percent) : progressText}
            </Typography>
          </Box>
          {phase === 'uploading' ? (
            <Button variant="outlined" onClick={pause}>
              {messages.pauseUpload}
            </Button>
          ) : (
            <Button variant="outlined" onClick={resume}>
              {messages.resumeUpload}
            </Button>
          )}
        </Stack>
      ) : null}
      <Box role="status" sx={visuallyHidden}>
        {phase === 'paused' ? messages.uploadPaused(percent) : phase === 'done' && value?.id ? messages.videoUploaded(value.name) : announced}
      </Box>
      <FormHelperText id={hintId} error={Boolean(shownError)}>
        {shownError ?? hint}
      </FormHelperText>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby={`${hintId}-leave`}>
        <DialogTitle id={`${hintId}-leave`}>{messages.leaveUploadTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{messages.leaveUploadText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()}>
            {messages.stayOnPage}
          </Button>
          <Button onClick={() => blocker.proceed?.()}>{messages.leavePage}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

