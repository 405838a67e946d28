import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useToasts } from '@/components/toasts/useToasts';
import { useId, useState } from 'react';
import { errorText, isQueuedOffline, providerMessage, useAddFavoriteCourseMutation, useRemoveFavoriteCourseMutation } from '@/api';
import { visuallyHidden } from '@/components/visuallyHidden';
import { outboxMessages } from '@/offline/outboxMessages';
import { PendingChangeNote } from '@/offline/PendingChangeNote';
import { type PendingChange, usePendingChanges } from '@/offline/pendingChanges';
import { studentAreaMessages as messages } from '../area/messages';
import { useFavoriteCourses } from './useFavoriteCourses';

export interface FavoriteToggleProps {
  courseId: number;
  /** `icon` for course cards, `button` (icon and words) for the course page. */
  variant?: 'icon' | 'button';
  /** The id of the element naming the course, read after the toggle's name ("Add to favourites, <title>"). */
  describedBy?: string;
}

/**
 * (Loaded through FavoriteToggle, for logged-in students only.)
 * Adds a course to the logged-in student's favourites or removes it: a button whose words say what
 * it does now, 'Add to favourites' or 'Remove from favourites'. One signal only: no `aria-pressed`
 * besides, which would read as 'Remove from favourites, pressed'. Shown to logged-in
 * students only, once their favourites are known; hidden on a provider without the favourites
 * extension. A failed change says why in a toast and leaves the toggle as it was. A change made
 * offline shows as made, with 'will be sent when you are back online' (under the button; in the
 * icon's tooltip and description on a card), until it is sent.
 */
export function FavoriteToggleButton({ courseId, variant = 'icon', describedBy }: FavoriteToggleProps) {
  const { studentId, data: favorites, unsupported } = useFavoriteCourses();
  const [addFavorite] = useAddFavoriteCourseMutation();
  const [removeFavorite] = useRemoveFavoriteCourseMutation();
  const { enqueueSnackbar } = useToasts();
  const [busy, setBusy] = useState(false);
  /** The state just chosen, shown until the list read after the change replaces `basis`. */
  const [chosen, setChosen] = useState<{ pressed: boolean; basis: typeof favorites } | null>(null);
  const queued = usePendingChanges(studentId).findLast((change) => favouriteCourseOf(change) === courseId);
  const noteId = useId();

  if (studentId === null || unsupported || favorites === undefined) return null;
  const stored = favorites.some((favorite) => favorite.course.id === courseId);
  const pressed = chosen !== null && chosen.basis === favorites ? chosen.pressed : queued ? queued.endpoint === 'addFavoriteCourse' : stored;

  async function toggle(student: number) {
    if (busy) return;
    const next = !pressed;
    setBusy(true);
    setChosen({ pressed: next, basis: favorites });
    try {
      if (next) {
        await addFavorite({ favoriteCourseForm: { course: courseId, student } }).unwrap();
      } else {
        const answer = await removeFavorite({ courseId, studentId: student }).unwrap();
        if (!answer.bool) throw new RefusedChange(providerMessage(answer));
      }
    } catch (error) {
      // Kept offline: it shows as made until it is sent.
      if (isQueuedOffline(error)) return;
      setChosen(null);
      const text = error instanceof RefusedChange ? (error.msg ?? messages.favoriteChangeFailed) : errorText(error, messages.favoriteChangeFailed);
      enqueueSnackbar(text, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const label = pressed ? messages.removeFromFavorites : messages.addToFavorites;
  const icon = pressed ? <FavoriteIcon /> : <FavoriteBorderIcon />;
  // Not disabled while a change is under way (that would drop the focus): a second click waits.
  const common = {
    'aria-describedby': [describedBy, queued ? noteId : undefined].filter(Boolean).join(' ') || undefined,
    onClick: () => void toggle(studentId),
  };

  if (variant === 'button') {
    const button = (
      <Button variant="outlined" color="secondary" startIcon={icon} {...common}>
        {label}
      </Button>
    );
    // The button keeps its place (and the focus) when the note comes.
    return (
      <>
        {button}
        {queued ? (
          <Box sx={{ mt: 0.5 }}>
            <PendingChangeNote id={noteId} />
          </Box>
        ) : null}
      </>
    );
  }
  return (
    <>
      <Tooltip title={queued ? `${label}. ${outboxMessages.queuedNote}` : label}>
        <IconButton color="secondary" aria-label={label} {...common}>
          {icon}
        </IconButton>
      </Tooltip>
      {queued ? (
        <Box component="span" id={noteId} sx={visuallyHidden}>
          {outboxMessages.queuedNote}
        </Box>
      ) : null}
    </>
  );
}

/** The course a favourite change kept offline is about, if it is one. */
function favouriteCourseOf(change: PendingChange): number | undefined {
  if (change.endpoint === 'addFavoriteCourse') return (change.arg as { favoriteCourseForm: { course: number } }).favoriteCourseForm.course;
  if (change.endpoint === 'removeFavoriteCourse') return (change.arg as { courseId: number }).courseId;
  return undefined;
}

/** A removal the provider answered with `bool: false`. */
class RefusedChange extends Error {
  constructor(readonly msg: string | null) {
    super(msg ?? 'The favourite was not removed.');
  }
}
