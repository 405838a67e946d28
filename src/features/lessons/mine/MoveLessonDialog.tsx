import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorText, type Lesson, lessonsApi } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { FreeTimesPicker } from '../FreeTimesPicker';
import { lessonMessages as messages } from '../lessonMessages';
import { zoneFormats } from '../lessonTime';

/**
 * Moves a booked lesson (before `cancellable_until` only): the teacher's free times for the lesson's
 * length in the viewer's zone, one chosen, then 'Move to …'. A refusal stays in the dialog, and the
 * times are read again (the cache policy).
 */
export function MoveLessonDialog({ lesson, timeZone, onClose }: { lesson: Lesson; timeZone: string; onClose: () => void }) {
  const titleId = useId();
  const [moveLesson, { isLoading }] = lessonsApi.useMoveLessonMutation();
  const [start, setStart] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();
  const format = zoneFormats(timeZone);

  async function move() {
    if (start === null || isLoading) return;
    setFailure(null);
    try {
      await moveLesson({ lessonId: lesson.id, lessonMoveForm: { starts_at: start } }).unwrap();
      enqueueSnackbar(messages.moved(lesson.title), { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onClose();
    } catch (error) {
      setFailure(errorText(error, messages.moveFailed));
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
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{messages.moveHeading(lesson.title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{messages.moveIntro(format.dayAndTime(lesson.cancellable_until))}</Typography>
          <Typography sx={{ fontWeight: 600 }}>{messages.timesIn(timeZone)}</Typography>
          <FreeTimesPicker teacherId={lesson.teacher_id} minutes={lesson.minutes} timeZone={timeZone} chosen={start} onChoose={setStart} />
          {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {messages.keepLesson}
        </Button>
        <Button variant="contained" onClick={() => void move()} disabled={start === null || isLoading}>
          {isLoading ? messages.moving : start === null ? messages.chooseTime : messages.moveTo(format.dayAndTime(start))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
