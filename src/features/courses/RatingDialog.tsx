import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useToasts } from '@/components/toasts/useToasts';
import { type FormEvent, useId, useState } from 'react';
import { errorText, useRateCourseMutation } from '@/api';
import { messages } from './messages';
import { RATING_TOAST_MS } from '@/components/toasts/toastDurations';

const MAX_RATING = 5;

/** Spec section 5: a rating is a whole number from 1 to 5. */
function isValidRating(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_RATING;
}

interface RatingDialogProps {
  open: boolean;
  courseId: number;
  studentId: number;
  onClose: () => void;
  /** Called once the rating is saved, before the dialog closes. */
  onRated: () => void;
}

/** The rating form (1 to 5 stars, required, and a free review). Stays open, values kept, on failure. */
export function RatingDialog({ open, courseId, studentId, onClose, onRated }: RatingDialogProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState('');
  const [ratingMissing, setRatingMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [rateCourse, { isLoading }] = useRateCourseMutation();
  const { enqueueSnackbar } = useToasts();
  const requiredHintId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === null) {
      setRatingMissing(true);
      // The stars take the focus (the one radio of the group in the Tab order), the message is read.
      const star = event.currentTarget.querySelector<HTMLInputElement>('input[name="rating"]:checked, input[name="rating"]');
      star?.focus();
      return;
    }
    setFailure(null);
    try {
      await rateCourse({ courseId, ratingForm: { course: courseId, student: studentId, rating, reviews: review } }).unwrap();
      enqueueSnackbar(messages.ratingSaved, {
        variant: 'success',
        autoHideDuration: RATING_TOAST_MS,
        anchorOrigin: { vertical: 'top', horizontal: 'right' },
      });
      onRated();
      onClose();
    } catch (error) {
      setFailure(errorText(error, messages.ratingFailed));
    }
  }

  return (
    <Dialog open={open} onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{messages.ratingDialogTitle}</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={3}>
            <FormControl component="fieldset" required error={ratingMissing} aria-describedby={ratingMissing ? requiredHintId : undefined}>
              <FormLabel component="legend">{messages.ratingLabel}</FormLabel>
              <Rating
                name="rating"
                max={MAX_RATING}
                value={rating}
                onChange={(_event, value) => {
                  if (value !== null && !isValidRating(value)) return;
                  setRating(value);
                  if (value !== null) setRatingMissing(false);
                }}
                size="large"
              />
              {ratingMissing && (
                <FormHelperText id={requiredHintId} role="alert">
                  {messages.ratingRequired}
                </FormHelperText>
              )}
            </FormControl>
            <TextField
              label={messages.reviewLabel}
              name="reviews"
              multiline
              minRows={4}
              fullWidth
              value={review}
              onChange={(event) => setReview(event.target.value)}
            />
            {failure !== null && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            {messages.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? messages.savingRating : messages.submitRating}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
