import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { errorText, type Lesson, lessonsApi, maxLengths } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { lessonMessages as messages } from '../lessonMessages';
import { zoneFormats } from '../lessonTime';
import type { Side } from './LessonItem';

/** What cancelling this lesson now means for the student, as api-spec.yaml's policy (`cancelLesson`) decides it. */
function studentPolicy(lesson: Lesson, timeZone: string): string {
  if (lesson.status === 'awaiting_payment') return messages.cancelUnpaid;
  const until = zoneFormats(timeZone).dayAndTime(lesson.cancellable_until);
  const inTime = Date.now() < Date.parse(lesson.cancellable_until);
  if (lesson.free_trial) return inTime ? messages.cancelTrialAgain(until) : messages.cancelTrialTaken(until);
  return inTime ? messages.cancelRefund(until) : messages.cancelNoRefund(until);
}

/**
 * Cancels a lesson after saying what it means now: to the student, the refund (full before
 * `cancellable_until`, none after; a free trial whether it can be booked again; nothing paid for a
 * hold); the teacher writes the reason the student reads (required) and is told the student gets a
 * full refund. A refusal ('This lesson has already started') stays in the dialog.
 */
export function CancelLessonDialog({ lesson, side, timeZone, onClose }: { lesson: Lesson; side: Side; timeZone: string; onClose: () => void }) {
  const titleId = useId();
  const [cancelLesson, { isLoading }] = lessonsApi.useCancelLessonMutation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();
  // Said as of the opening: the policy does not change under the reader's eyes.
  const [policy] = useState(() => (side === 'student' ? studentPolicy(lesson, timeZone) : messages.cancelForStudent(lesson.student_name)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (side === 'teacher' && reason.trim() === '') {
      setReasonError(messages.reasonMissing);
      return;
    }
    setFailure(null);
    try {
      await cancelLesson({ lessonId: lesson.id, lessonCancelForm: side === 'teacher' ? { reason: reason.trim() } : {} }).unwrap();
      enqueueSnackbar(messages.cancelled(lesson.title), { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onClose();
    } catch (error) {
      setFailure(errorText(error, messages.cancelFailed));
    }
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!isLoading) onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{messages.cancelQuestion(lesson.title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>{policy}</Typography>
            {side === 'teacher' ? (
              <TextField
                name="reason"
                label={messages.reasonLabel}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(null);
                }}
                error={reasonError !== null}
                helperText={reasonError ?? messages.reasonHint}
                required
                multiline
                minRows={2}
                fullWidth
                disabled={isLoading}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the one thing to do next is to write the reason
                autoFocus
                slotProps={{ htmlInput: { maxLength: maxLengths.LessonCancelForm.reason } }}
              />
            ) : null}
            {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
          </Stack>
        </DialogContent>
        <DialogActions>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- keeping the lesson is the safe choice */}
          <Button onClick={onClose} disabled={isLoading} autoFocus={side === 'student'}>
            {messages.keepLesson}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? messages.cancelling : messages.confirmCancel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
