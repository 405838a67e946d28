import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type FavoriteCourse, errorText, isQueuedOffline, providerMessage, useRemoveFavoriteCourseMutation } from '@/api';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { ServerMessage } from '@/components/ServerMessage';
import { courseLangProps } from '@/components/courseLanguage';
import { paths } from '@/config/paths';
import { useFavoriteCourses } from '../favorites/useFavoriteCourses';
import { studentAreaMessages as messages } from './messages';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { outboxMessages } from '@/offline/outboxMessages';
import { PendingChangeNote } from '@/offline/PendingChangeNote';
import { usePendingChanges } from '@/offline/pendingChanges';

interface RemoveProps {
  favorite: FavoriteCourse;
  removing: boolean;
  failure: string | undefined;
  onRemove: (favorite: FavoriteCourse) => void;
}

/** A row's Remove button, with why the last removal failed, if it did. */
function RemoveAction({ favorite, removing, failure, onRemove }: RemoveProps) {
  const failureId = useId();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="secondary"
        size="small"
        disabled={removing}
        aria-label={messages.removeFavoriteNamed(favorite.course.title)}
        aria-describedby={failure ? failureId : undefined}
        onClick={() => onRemove(favorite)}
      >
        {messages.removeFavorite}
      </Button>
      {failure ? (
        <Box id={failureId}>
          <ServerMessage tone="error">{failure}</ServerMessage>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * /favorite-courses: the student's favourite courses (title to the course page) with a Remove
 * button each; an empty state pointing to all courses. On a provider without the favourites
 * extension it says favourites are not available. A removal made offline takes the row away at
 * once, also after a reload, and a note says the changes will be sent when the student is back online.
 */
export function FavoriteCoursesPage() {
  const { studentId, data, error, isError, refetch, unsupported } = useFavoriteCourses();
  const [removeFavorite] = useRemoveFavoriteCourseMutation();
  /** Removed on this page: gone at once, before the list is read again. */
  const [removedIds, setRemovedIds] = useState<ReadonlySet<number>>(new Set());
  const [removingIds, setRemovingIds] = useState<ReadonlySet<number>>(new Set());
  const [failures, setFailures] = useState<Readonly<Record<number, string>>>({});
  const listRef = useRef<HTMLDivElement>(null);
  /** Counts removals, to move the focus to the list (or its empty state) once it has re-rendered. */
  const [removals, setRemovals] = useState(0);
  /** Favourite changes kept offline, newest last: the course of each and whether it was a removal. */
  const queued = usePendingChanges(studentId).flatMap((change) =>
    change.endpoint === 'removeFavoriteCourse'
      ? [{ course: (change.arg as { courseId: number }).courseId, removed: true }]
      : change.endpoint === 'addFavoriteCourse'
        ? [{ course: (change.arg as { favoriteCourseForm: { course: number } }).favoriteCourseForm.course, removed: false }]
        : [],
  );
  const removedOffline = (courseId: number) => queued.findLast((change) => change.course === courseId)?.removed === true;

  useEffect(() => {
    if (removals > 0) listRef.current?.focus();
  }, [removals]);

  async function remove({ course }: FavoriteCourse) {
    if (studentId === null) return;
    setRemovingIds((ids) => new Set(ids).add(course.id));
    setFailures(({ [course.id]: _cleared, ...rest }) => rest);
    try {
      const answer = await removeFavorite({ courseId: course.id, studentId })
        .unwrap()
        .catch((failure: unknown) => {
          // Kept offline: removed here at once, sent when the connection is back.
          if (isQueuedOffline(failure)) return { bool: true };
          throw failure;
        });
      if (answer.bool) {
        setRemovedIds((ids) => new Set(ids).add(course.id));
        // The row and its button are gone: keep the focus on the list.
        setRemovals((count) => count + 1);
      } else {
        setFailures((current) => ({ ...current, [course.id]: providerMessage(answer) ?? messages.favoriteChangeFailed }));
      }
    } catch (failure) {
      setFailures((current) => ({ ...current, [course.id]: errorText(failure, messages.favoriteChangeFailed) }));
    } finally {
      setRemovingIds((ids) => {
        const next = new Set(ids);
        next.delete(course.id);
        return next;
      });
    }
  }

  const shown = (data ?? []).filter((favorite) => !removedIds.has(favorite.course.id) && !removedOffline(favorite.course.id));
  let content;
  if (unsupported) content = <Typography>{messages.favoritesUnavailable}</Typography>;
  else if (data === undefined) {
    content = isError ? (
      <LoadError message={errorText(error, messages.favoritesFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingFavorites} rowHeight={48} />
    );
  } else if (shown.length === 0) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} ref={listRef} tabIndex={-1}>
        <Typography>{messages.noFavorites}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.allCourses}>
          {messages.browseAllCourses}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <ResponsiveRows
        rows={shown}
        rowKey={(favorite) => favorite.course.id}
        label={messages.favoritesTableLabel}
        containerRef={listRef}
        focusable
        columns={[
          {
            header: messages.courseColumn,
            role: 'title',
            cell: ({ course }) => (
              <Link component={RouterLink} to={paths.courseDetail(course.id)} {...courseLangProps(course.languages)}>
                {course.title}
              </Link>
            ),
          },
          {
            header: messages.teacherColumn,
            cell: ({ course: { teacher } }) =>
              teacher ? (
                <Link component={RouterLink} to={paths.teacherDetail(teacher.id)}>
                  {teacher.full_name || teacher.id}
                </Link>
              ) : null,
          },
          { header: messages.languagesColumn, cell: ({ course }) => course.languages },
          {
            header: messages.actionColumn,
            role: 'actions',
            cell: (favorite) => (
              <RemoveAction
                favorite={favorite}
                removing={removingIds.has(favorite.course.id)}
                failure={failures[favorite.course.id]}
                onRemove={(row) => void remove(row)}
              />
            ),
          },
        ]}
      />
    );
  }
  return (
    <PageHeading title={messages.favoriteCoursesTitle}>
      {queued.length > 0 && !unsupported ? (
        <Box sx={{ mb: 2 }}>
          <PendingChangeNote>{outboxMessages.favouritesQueuedNote}</PendingChangeNote>
        </Box>
      ) : null}
      {content}
    </PageHeading>
  );
}
