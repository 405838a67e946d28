import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorText, lessonsApi, type LessonType } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import type { FromState } from '@/features/session/guards';
import { selectStudentId } from '@/features/session/sessionSlices';
import { CheckoutError, goToLessonCheckout } from '../lessonCheckout';
import { lessonMessages as messages } from '../lessonMessages';
import { zoneFormats } from '../lessonTime';

interface BookLessonDialogProps {
  teacherId: number;
  lessonType: LessonType;
  /** The start chosen, an instant from the free times. */
  start: string;
  /** The teacher's cancellation window, in hours (`cancellation_hours`). */
  cancellationHours: number;
  timeZone: string;
  onClose: () => void;
}

/**
 * The booking's last tap: the time (in the viewer's zone, named), the length, the price and the
 * cancellation policy, then Book. A free trial is booked at once and the dialog says so, with a link
 * to My lessons; a paid lesson is held and the browser goes to its checkout. A refusal ('This time
 * is no longer free') stays in the dialog, and the times behind it are read again (the cache
 * policy). A visitor not logged in as a student is sent to log in, and comes back to this page.
 */
export function BookLessonDialog({ teacherId, lessonType, start, cancellationHours, timeZone, onClose }: BookLessonDialogProps) {
  const titleId = useId();
  const studentId = useAppSelector(selectStudentId);
  const navigate = useNavigate();
  const [bookLesson, { isLoading }] = lessonsApi.useBookLessonMutation();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState(false);
  const busy = isLoading || starting;
  const when = messages.lessonWhen(zoneFormats(timeZone).dayAndTime(start), timeZone);

  async function book() {
    if (studentId === null) {
      void navigate(paths.studentLogin, { state: { from: paths.teacherDetail(teacherId) } satisfies FromState });
      return;
    }
    setFailure(null);
    setStarting(true);
    try {
      const { checkout } = await bookLesson({
        lessonBookingForm: { student_id: String(studentId), lesson_type_id: String(lessonType.id), starts_at: start },
      }).unwrap();
      if (checkout === null) setBooked(true);
      else await goToLessonCheckout(checkout);
    } catch (error) {
      setFailure(error instanceof CheckoutError ? error.message : errorText(error, messages.bookFailed));
    }
    setStarting(false);
  }

  const close = () => {
    if (!busy) onClose();
  };
  const confirmLabel = studentId === null ? messages.logInToBook : lessonType.free_trial ? messages.bookFree : messages.payAndBook;

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{booked ? messages.bookedHeading : messages.bookHeading}</DialogTitle>
      <DialogContent>
        {booked ? (
          <Stack spacing={2}>
            <ServerMessage tone="success">{messages.bookedText(lessonType.title, when)}</ServerMessage>
            <Link component={RouterLink} to={paths.studentLessons}>
              {messages.goToMyLessons}
            </Link>
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            <Typography sx={{ fontWeight: 600 }}>{lessonType.title}</Typography>
            <Typography>{when}</Typography>
            <Typography>{messages.lessonLength(lessonType.minutes)}</Typography>
            <Typography>{lessonType.free_trial ? messages.lessonFree : messages.lessonPrice(lessonType.price)}</Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {lessonType.free_trial ? messages.trialPolicy(cancellationHours) : messages.policy(cancellationHours)}
            </Typography>
            {lessonType.free_trial || studentId === null ? null : <Typography sx={{ color: 'text.secondary' }}>{messages.holdNote}</Typography>}
            {studentId === null ? <Typography>{messages.logInFirst}</Typography> : null}
            {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {booked ? (
          <Button onClick={onClose}>{messages.close}</Button>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              {messages.cancel}
            </Button>
            <Button variant="contained" onClick={() => void book()} disabled={busy}>
              {busy ? messages.booking : confirmLabel}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
