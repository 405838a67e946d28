import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { ServerMessage } from '@/components/ServerMessage';
import { useToasts } from '@/components/toasts/useToasts';
import { visuallyHidden } from '@/components/visuallyHidden';
import { type FormEvent, useId, useState } from 'react';
import { errorText, isQueuedOffline, maxLengths, useRateCourseMutation } from '@/api';
import { messages } from './messages';
import { RATING_TOAST_MS } from '@/components/toasts/toastDurations';

const MAX_RATING = 5;

/** Spec section 5: a rating is a whole number from 1 to 5. */
function isValidRating(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_RATING;
}

/** A star's name, as screen readers read the radio: '1 Star', '4 Stars'. */
const starLabel = (value: number) => `${value} Star${value === 1 ? '' : 's'}`;

/**
 * The five stars as five native radios (one group, arrow keys move between them) with no sixth
 * 'Empty' radio, which MUI's Rating adds and checks while nothing is chosen, so that it is the
 * first thing Tab reaches. With none checked, Tab reaches the first star.
 */
function StarRadios({ name, value, onChange }: { name: string; value: number | null; onChange: (value: number) => void }) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <Box sx={{ display: 'inline-flex', alignSelf: 'flex-start' }} onMouseLeave={() => setHover(null)}>
      {Array.from({ length: MAX_RATING }, (_, index) => index + 1).map((star) => (
        <Box
          component="label"
          key={star}
          onMouseEnter={() => setHover(star)}
          sx={{
            position: 'relative',
            display: 'flex',
            fontSize: '2.5rem',
            color: star <= shown ? 'secondary.main' : 'text.secondary',
          }}
        >
          <Box
            component="input"
            type="radio"
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            // The radio itself, unpainted, lies over its star: it takes the clicks and draws the theme's focus ring around it.
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, p: 0, border: 0, borderRadius: 1, appearance: 'none', background: 'transparent', cursor: 'pointer' }}
          />
          {star <= shown ? <StarIcon fontSize="inherit" /> : <StarBorderIcon fontSize="inherit" />}
          <Box component="span" sx={visuallyHidden}>
            {starLabel(star)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

interface RatingDialogProps {
  open: boolean;
  courseId: number;
  studentId: number;
  onClose: () => void;
  /** Called once the rating is saved (or kept offline, to be sent later), before the dialog closes. */
  onRated: () => void;
}

const reviewFields = ['reviews'] as const;

/** The rating form (1 to 5 stars, required, and a free review). Stays open, values kept, on failure. */
export function RatingDialog({ open, courseId, studentId, onClose, onRated }: RatingDialogProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState('');
  const [ratingMissing, setRatingMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [rateCourse, { isLoading }] = useRateCourseMutation();
  const { enqueueSnackbar } = useToasts();
  // The review is checked against its limit before sending, with a counter near it.
  const { formRef, show, clear, fieldProps } = useFieldErrors(reviewFields, { limits: maxLengths.RatingForm });
  const requiredHintId = useId();
  const legendId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === null) {
      setRatingMissing(true);
      // The first star takes the focus (none is checked), the group is marked invalid and the message read.
      const star = event.currentTarget.querySelector<HTMLInputElement>('input[name="rating"]');
      star?.focus();
      return;
    }
    if (!show({}, { reviews: review })) return;
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
      if (isQueuedOffline(error)) {
        // Kept on the device until the connection is back: shown as rated, with its note (RatingControl), and no toast.
        onRated();
        onClose();
        return;
      }
      setFailure(errorText(error, messages.ratingFailed));
    }
  }

  return (
    <Dialog open={open} onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{messages.ratingDialogTitle}</DialogTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={3}>
            <FormControl
              component="fieldset"
              role="radiogroup"
              aria-labelledby={legendId}
              aria-required="true"
              aria-invalid={ratingMissing ? 'true' : undefined}
              aria-describedby={ratingMissing ? requiredHintId : undefined}
              required
              error={ratingMissing}
            >
              <FormLabel component="legend" id={legendId}>
                {messages.ratingLabel}
              </FormLabel>
              <StarRadios
                name="rating"
                value={rating}
                onChange={(value) => {
                  if (!isValidRating(value)) return;
                  setRating(value);
                  setRatingMissing(false);
                }}
              />
              {ratingMissing && (
                <FormHelperText id={requiredHintId} role="alert">
                  {messages.ratingRequired}
                </FormHelperText>
              )}
            </FormControl>
            <TextField
              {...fieldProps('reviews', undefined, review)}
              label={messages.reviewLabel}
              multiline
              minRows={4}
              maxRows={12}
              fullWidth
              value={review}
              onChange={(event) => {
                setReview(event.target.value);
                clear('reviews');
              }}
            />
            {failure !== null && <ServerMessage tone="error">{failure}</ServerMessage>}
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
