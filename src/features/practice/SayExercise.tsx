import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { LanguageTag } from '@/components/courseLanguage';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { VoiceRecorder } from '@/components/recorder/VoiceRecorder';
import { ServerMessage } from '@/components/ServerMessage';
import { practiceMessages as messages } from './practiceMessages';

/** A 'say' recording is short: a minute and 2 MB at most. */
const SAY_MAX_SECONDS = 60;
const SAY_MAX_BYTES = 2 * 1024 * 1024;

interface SayExerciseProps {
  phrase: string;
  audio: string | null;
  language: LanguageTag | undefined;
  checked: boolean;
  /** 'right' when the student says they said it right; 'wrong' when they try again. */
  onVerdict: (verdict: 'right' | 'wrong') => void;
  /** Sends the recording to the course's teacher as a voice message (none offered without it). */
  onSend?: (recording: Blob) => Promise<void>;
}

/**
 * A 'say' exercise: the phrase (in the course language), the teacher's model clip, the assignments'
 * recorder for the student's own attempt, played beside the model; then 'I said it right' or
 * 'Try again' (which clears the recording for another attempt); and, where given `onSend`, the
 * recording may go to the teacher as a voice message.
 */
export function SayExercise({ phrase, audio, language, checked, onVerdict, onSend }: SayExerciseProps) {
  const [recording, setRecording] = useState<Blob | null>(null);
  const [sending, setSending] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  function send() {
    if (recording === null || onSend === undefined) return;
    setSending('sending');
    onSend(recording).then(
      () => setSending('sent'),
      () => setSending('failed'),
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
      <Typography>
        {messages.sayThis}:{' '}
        <Typography component="span" lang={language} sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {phrase}
        </Typography>
      </Typography>
      {audio ? <AudioPlayer src={audio} label={messages.modelClip} /> : null}
      <VoiceRecorder label={messages.yourRecording} value={recording} onChange={setRecording} maxSeconds={SAY_MAX_SECONDS} maxBytes={SAY_MAX_BYTES} disabled={checked} />
      {recording !== null && !checked ? (
        <>
          <Typography>{messages.compare}</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={() => onVerdict('right')}>
              {messages.saidItRight}
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setRecording(null);
                setSending('idle');
                onVerdict('wrong');
              }}
            >
              {messages.tryAgain}
            </Button>
          </Stack>
        </>
      ) : null}
      {recording !== null && onSend !== undefined ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button onClick={send} disabled={sending === 'sending' || sending === 'sent'}>
            {sending === 'sending' ? messages.sendingToTeacher : messages.sendToTeacher}
          </Button>
          {sending === 'sent' ? <ServerMessage tone="success">{messages.sentToTeacher}</ServerMessage> : null}
          {sending === 'failed' ? <ServerMessage tone="error">{messages.notSentToTeacher}</ServerMessage> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
