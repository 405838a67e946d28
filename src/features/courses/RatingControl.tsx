import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StarIcon from '@mui/icons-material/Star';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useState } from 'react';
import { type RatingForm, useFetchRatingStatusQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { PendingChangeNote } from '@/offline/PendingChangeNote';
import { usePendingChange } from '@/offline/pendingChanges';
import { messages } from './messages';

/** The dialog, with its form fields, loads when the student reaches for the button (most never do). */
const loadRatingDialog = () => import(/* webpackChunkName: "rating-dialog" */ './RatingDialog');
const RatingDialog = lazy(async () => ({ default: (await loadRatingDialog()).RatingDialog }));

interface RatingControlProps {
  courseId: number;
  studentId: number;
  /** Whether the enrol-status answer says the student rated; undefined when it does not tell. */
  rated: boolean | undefined;
}

/** Moves focus to the badge that replaced the 'Rating' button, so keyboard users are not left on the page body. */
function focusOnMount(node: HTMLElement | null) {
  node?.focus();
}

/** The 'Rating' button and its dialog, or the badge once the student has rated the course. */
export function RatingControl({ courseId, studentId, rated }: RatingControlProps) {
  const ratingStatus = useFetchRatingStatusQuery(rated === undefined ? { studentId, courseId } : skipToken);
  // A new key each time the dialog opens gives it fresh, empty fields.
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const [ratedHere, setRatedHere] = useState(false);
  // A rating made offline (on this page or before a reload) shows as given until it is sent.
  const queued = usePendingChange<{ courseId: number; ratingForm: RatingForm }>(studentId, 'rateCourse', (arg) => arg.courseId === courseId);
  const isRated = queued !== undefined || (rated ?? ratingStatus.data?.bool);

  if (isRated === undefined) {
    return ratingStatus.isError ? (
      <LoadError message={messages.ratingStatusFailed} onRetry={() => void ratingStatus.refetch()} />
    ) : (
      <Skeleton variant="rounded" width={120} height={36} />
    );
  }
  if (isRated) {
    const badge = (
      <Chip
        icon={<CheckCircleIcon />}
        label={messages.alreadyRated}
        color="success"
        variant="outlined"
        tabIndex={ratedHere ? -1 : undefined}
        ref={ratedHere ? focusOnMount : undefined}
      />
    );
    return queued ? (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        {badge}
        <PendingChangeNote />
      </Stack>
    ) : (
      badge
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<StarIcon />}
        onPointerEnter={() => void loadRatingDialog()}
        onFocus={() => void loadRatingDialog()}
        onClick={() => setDialog(({ key }) => ({ open: true, key: key + 1 }))}
      >
        {messages.rate}
      </Button>
      {dialog.key > 0 ? (
        <Suspense fallback={null}>
          <RatingDialog
            key={dialog.key}
            open={dialog.open}
            courseId={courseId}
            studentId={studentId}
            onClose={() => setDialog(({ key }) => ({ open: false, key }))}
            onRated={() => setRatedHere(true)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
