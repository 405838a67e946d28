import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type FavoriteCourse, errorText, providerMessage, useRemoveFavoriteCourseMutation } from '@/api';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { courseLangProps } from '@/components/courseLanguage';
import { paths } from '@/config/paths';
import { useFavoriteCourses } from '../favorites/useFavoriteCourses';
import { studentAreaMessages as messages } from './messages';
import { RowsSkeleton } from '@/components/RowsSkeleton';

interface RowProps {
  favorite: FavoriteCourse;
  removing: boolean;
  failure: string | undefined;
  onRemove: (favorite: FavoriteCourse) => void;
}

function FavoriteRow({ favorite, removing, failure, onRemove }: RowProps) {
  const failureId = useId();
  const { course } = favorite;
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Link component={RouterLink} to={paths.courseDetail(course.id)} sx={{ fontWeight: 600 }} {...courseLangProps(course.languages)}>
          {course.title}
        </Link>
      </TableCell>
      <TableCell>
        {course.teacher ? (
          <Link component={RouterLink} to={paths.teacherDetail(course.teacher.id)}>
            {course.teacher.full_name || course.teacher.id}
          </Link>
        ) : null}
      </TableCell>
      <TableCell>{course.languages}</TableCell>
      <TableCell>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            color="secondary"
            size="small"
            disabled={removing}
            aria-label={messages.removeFavoriteNamed(course.title)}
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
      </TableCell>
    </TableRow>
  );
}

/**
 * /favorite-courses: the student's favourite courses (title to the course page) with a Remove
 * button each; an empty state pointing to all courses. On a provider without the favourites
 * extension it says favourites are not available.
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

  useEffect(() => {
    if (removals > 0) listRef.current?.focus();
  }, [removals]);

  async function remove({ course }: FavoriteCourse) {
    if (studentId === null) return;
    setRemovingIds((ids) => new Set(ids).add(course.id));
    setFailures(({ [course.id]: _cleared, ...rest }) => rest);
    try {
      const answer = await removeFavorite({ courseId: course.id, studentId }).unwrap();
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

  const shown = (data ?? []).filter((favorite) => !removedIds.has(favorite.course.id));
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
      <TableContainer component={Paper} variant="outlined" ref={listRef} tabIndex={-1}>
        <Table aria-label={messages.favoritesTableLabel}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{messages.courseColumn}</TableCell>
              <TableCell scope="col">{messages.teacherColumn}</TableCell>
              <TableCell scope="col">{messages.languagesColumn}</TableCell>
              <TableCell scope="col">{messages.actionColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((favorite) => (
              <FavoriteRow
                key={favorite.course.id}
                favorite={favorite}
                removing={removingIds.has(favorite.course.id)}
                failure={failures[favorite.course.id]}
                onRemove={(row) => void remove(row)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return <PageHeading title={messages.favoriteCoursesTitle}>{content}</PageHeading>;
}
