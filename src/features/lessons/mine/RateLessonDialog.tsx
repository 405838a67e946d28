import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { errorText, type Lesson, lessonsApi, maxLengths } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { lessonMessages as messages } from '../lessonMessages';

/** The student's rating of a lesson that has ended: 1 to 5 stars and a comment the teacher page shows with their first name. */
export function RateLessonDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const titleId = useId();
  const starsId = useId();
  const [rateLesson, { isLoading }] = lessonsApi.useRateLessonMutation();
  const [stars, setStars] = useState<number | null>(lesson.rating ?? null);
  const [comment, setComment] = useState(lesson.rating_comment ?? '');
  const [starsError, setStarsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (stars === null) {
      setStarsError(messages.starsMissing);
      return;
    }
    setFailure(null);
    try {
      await rateLesson({ lessonId: lesson.id, lessonRatingForm: { rating: String(stars) as '1', comment: comment.trim() } }).unwrap();
      enqueueSnackbar(messages.ratingSaved(lesson.title), { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onClose();
    } catch (error) {
      setFailure(errorText(error, messages.ratingFailed));
    }
  }

  return (
    <Dialog open onClose={() => !isLoading && onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{messages.rateHeading(lesson.title, lesson.teacher_name)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography id={starsId} component="span">
              {messages.starsLabel}
            </Typography>
            <Rating
              name="rating"
              value={stars}
              onChange={(_event, value) => {
                setStars(value);
                setStarsError(null);
              }}
              size="large"
              disabled={isLoading}
              aria-labelledby={starsId}
            />
            {starsError === null ? null : <ServerMessage tone="error">{starsError}</ServerMessage>}
            <TextField
              name="comment"
              label={messages.commentLabel}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              disabled={isLoading}
              slotProps={{ htmlInput: { maxLength: maxLengths.LessonRatingForm.comment } }}
            />
            {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            {messages.close}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? messages.saving : messages.saveRating}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
