import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useToasts } from '@/components/toasts/useToasts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { type Chapter, classifyError, errorMessages, useDeleteChapterMutation, useListCourseChaptersQuery, useListTeacherCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows, type RowColumn } from '@/components/ResponsiveRows';
import { ServerMessage } from '@/components/ServerMessage';
import { VideoPlayer } from '@/components/VideoPlayer';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { courseLangProps } from '@/components/courseLanguage';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { teacherChapterMessages as messages } from './chapterMessages';
import { teacherAreaMessages } from '../area/messages';
import { teacherCourseMessages } from '../courses/courseMessages';
import { CourseStatusChip, PublishCourseButton } from '../courses/PublishCourseButton';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { ORDER_CONTAINER, useChapterOrder } from './ChapterOrder';

/** The chapter list's failure texts (spec section 8; a network fault in the app's one wording). */
function loadFailure(error: unknown): string {
  switch (classifyError(error).kind) {
    case 'notFound':
      return messages.chaptersNotFound;
    case 'unauthorised':
      return messages.unauthorized;
    case 'network':
      return errorMessages.network;
    default:
      return messages.unexpectedError;
  }
}

function chapterColumns(lang: { lang?: string }, onDelete: (chapter: Chapter) => void): readonly RowColumn<Chapter>[] {
  return [
    { header: teacherAreaMessages.titleColumn, role: 'title', lang: () => lang.lang, cell: (chapter) => chapter.title ?? '' },
    {
      header: messages.videoColumn,
      fullWidth: true,
      sx: { width: { md: 320 } },
      cell: (chapter) =>
        chapter.video ? (
          <VideoPlayer src={chapter.video} captionsUrl={chapter.captions} label={messages.chapterVideoLabel(chapter.title ?? '')} sx={{ maxWidth: 320 }} />
        ) : (
          messages.noVideo
        ),
    },
    {
      header: messages.remarksColumn,
      fullWidth: true,
      sx: { whiteSpace: 'pre-line' },
      lang: (chapter) => (chapter.remarks ? lang.lang : undefined),
      cell: (chapter) => chapter.remarks || null,
    },
    {
      header: teacherAreaMessages.actionColumn,
      role: 'actions',
      cell: (chapter) => (
        <>
          <Tooltip title={messages.editChapterLabel(chapter.title ?? '')}>
            <IconButton component={RouterLink} to={paths.editChapter(chapter.id)} color="primary">
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={messages.deleteChapterLabel(chapter.title ?? '')}>
            <IconButton color="error" onClick={() => onDelete(chapter)}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];
}

/**
 * /course-chapters/{course_id} (spec sections 2.5 and 8): the course's chapters with their
 * videos, an Add Chapter button and, per chapter, edit and delete (after a confirmation). The
 * failure texts of section 8 name what went wrong; the list, My Courses and the dashboard
 * counts follow a deletion through the cache tags. On a provider with drafts (extension), the
 * course's Draft / Published chip and Publish / Unpublish sit beside Add Chapter. On a provider
 * that orders chapters (extension, issue 39), an 'Order' column moves them (ChapterOrder.tsx).
 */
export function CourseChaptersPage() {
  const courseId = parseIdParam(useParams().course_id);
  const { data, error, isError, refetch } = useListCourseChaptersQuery(courseId === null ? skipToken : { courseId });
  const teacherId = useAppSelector(selectTeacherId);
  // The course's language, for its chapters' titles and remarks, from the teacher's course list
  // (usually cached by My Courses, where the teacher came from).
  // It also says whether the course is a draft (extension), for its chip and Publish / Unpublish.
  const { course } = useListTeacherCoursesQuery(teacherId === null || courseId === null ? skipToken : { teacherId }, {
    selectFromResult: ({ data: courses }) => ({ course: courses?.find((item) => item.id === courseId) }),
  });
  const lang = courseLangProps(course?.languages);
  const [deleteChapter] = useDeleteChapterMutation();
  const order = useChapterOrder(courseId ?? 0, data);
  const { enqueueSnackbar } = useToasts();
  const [target, setTarget] = useState<Chapter | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [focusBack, setFocusBack] = useState(true);
  /** Bumped when a deletion succeeded: its row goes away, so the focus moves to the heading. */
  const [deletions, setDeletions] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (deletions > 0) headingRef.current?.focus();
  }, [deletions]);

  function askToDelete(chapter: Chapter) {
    setFocusBack(true);
    setTarget(chapter);
  }

  function keep() {
    setTarget(null);
    enqueueSnackbar(messages.chapterNotDeleted, { variant: 'info' });
  }

  async function confirmDelete() {
    if (!target) return;
    setDeleting(true);
    try {
      await deleteChapter({ id: target.id }).unwrap();
      setFocusBack(false);
      setDeletions((count) => count + 1);
      enqueueSnackbar(messages.chapterDeleted, { variant: 'success' });
    } catch {
      enqueueSnackbar(messages.chapterNotDeleted, { variant: 'error' });
    } finally {
      setDeleting(false);
      setTarget(null);
    }
  }

  let content;
  if (courseId === null) {
    content = <ServerMessage tone="error">{teacherAreaMessages.noCourseId}</ServerMessage>;
  } else if (data === undefined) {
    content = isError ? <LoadError message={loadFailure(error)} onRetry={() => void refetch()} /> : <RowsSkeleton label={messages.loadingChapters} rowHeight={96} />;
  } else {
    content = (
      <Stack spacing={2}>
        {isError ? <LoadError message={loadFailure(error)} onRetry={() => void refetch()} /> : null}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.addChapter(courseId)} variant="contained" startIcon={<AddIcon />}>
            {teacherCourseMessages.addChapterButton}
          </Button>
          {course?.status !== undefined ? (
            <>
              <CourseStatusChip course={course} />
              <PublishCourseButton course={course} chapterCount={data.length} />
            </>
          ) : null}
        </Stack>
        {data.length === 0 ? (
          <Typography>{messages.noChapters}</Typography>
        ) : (
          <>
            {order.status}
            <Box {...{ [ORDER_CONTAINER]: '' }}>
              <ResponsiveRows
                rows={order.rows}
                rowKey={(chapter) => chapter.id}
                label={messages.chaptersTableLabel}
                columns={[order.served && order.column, ...chapterColumns(lang, askToDelete)]}
              />
            </Box>
          </>
        )}
      </Stack>
    );
  }

  return (
    <PageHeading title={data === undefined ? messages.chaptersTitle : messages.chaptersTitleWithCount(data.length)} headingRef={headingRef}>
      {content}
      <ConfirmDialog
        open={target !== null}
        title={messages.deleteChapterQuestion}
        confirmLabel={teacherAreaMessages.deleteConfirm}
        cancelLabel={teacherAreaMessages.deleteCancel}
        busy={deleting}
        restoreFocus={focusBack}
        onConfirm={() => void confirmDelete()}
        onCancel={keep}
      >
        {target?.title}
      </ConfirmDialog>
    </PageHeading>
  );
}
