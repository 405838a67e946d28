import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useToasts } from '@/components/toasts/useToasts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Course, errorText, useDeleteCourseMutation, useListTeacherCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows, type RowColumn } from '@/components/ResponsiveRows';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { courseLangProps } from '@/components/courseLanguage';
import { teacherCourseMessages as messages } from './courseMessages';
import { teacherAreaMessages } from '../area/messages';
import { rowActionNames } from './rowActionNames';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { CourseStatusChip, PublishCourseButton } from './PublishCourseButton';

const enrolledIn = (course: Course) => course.total_enrolled_students ?? 0;

/** A row without a title (the provider's data is incomplete) is still told apart by its id. */
const subjectOf = (course: Course) => course.title || `#${course.id}`;

/** The chapters a course has, as its answer lists them (both lists are normalised to [] when absent). */
const chapterCountOf = (course: Course) => Math.max(course.course_chapters.length, course.related_videos.length);

/** The Status column (extension): only when the provider says whether a course is a draft. */
const statusColumn: RowColumn<Course> = { header: messages.statusColumn, cell: (course) => <CourseStatusChip course={course} /> };

function courseColumns(onDelete: (course: Course) => void, withStatus: boolean): readonly RowColumn<Course>[] {
  return [
    {
      header: teacherAreaMessages.titleColumn,
      role: 'title',
      cell: (course) =>
        course.title ? (
          <Link component={RouterLink} to={paths.courseChapters(course.id)} {...courseLangProps(course.languages)}>
            {course.title}
          </Link>
        ) : (
          <Typography component="span" sx={{ color: 'error.main', font: 'inherit' }}>
            {messages.dataMissing}
          </Typography>
        ),
    },
    ...(withStatus ? [statusColumn] : []),
    { header: messages.ratingColumn, cell: (course) => (course.course_rating === null ? messages.notRated : messages.rating(course.course_rating)) },
    {
      header: messages.imageColumn,
      cell: (course) =>
        course.featured_img ? (
          <Box component="img" src={course.featured_img} alt={rowActionNames.courseImage(subjectOf(course))} sx={{ display: 'block', width: 96, height: 64, objectFit: 'cover', borderRadius: 1 }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {rowActionNames.noImage}
          </Typography>
        ),
    },
    {
      header: messages.enrolledColumn,
      cell: (course) => {
        const enrolled = course.total_enrolled_students ?? 0;
        return (
          <Link component={RouterLink} to={paths.enrolledStudents(course.id)} aria-label={rowActionNames.enrolledIn(enrolled, subjectOf(course))}>
            {enrolled}
          </Link>
        );
      },
    },
    {
      header: teacherAreaMessages.actionColumn,
      role: 'actions',
      cell: (course) => (
        <>
          <Button component={RouterLink} to={paths.editCourse(course.id)} size="small" variant="outlined" aria-label={rowActionNames.editCourse(subjectOf(course))}>
            {messages.editButton}
          </Button>
          <Button component={RouterLink} to={paths.addChapter(course.id)} size="small" variant="outlined" aria-label={rowActionNames.addChapterTo(subjectOf(course))}>
            {messages.addChapterButton}
          </Button>
          <PublishCourseButton course={course} chapterCount={chapterCountOf(course)} />
          <Button size="small" variant="outlined" color="error" aria-label={rowActionNames.deleteCourse(subjectOf(course))} onClick={() => onDelete(course)}>
            {messages.deleteButton}
          </Button>
        </>
      ),
    },
  ];
}

/**
 * /teacher-courses (spec section 2.5): the teacher's courses with their rating, image and number
 * of enrolled students, and Edit, Add Chapter and Delete (after a confirmation). The list, the
 * chapter lists and the dashboard counts follow a deletion through the cache tags. Deleting a
 * course with students names how many lose access and asks for its title to be typed (issue 23).
 * On a provider with drafts (extension), each course shows Draft / Published and Publish /
 * Unpublish.
 */
export function TeacherCoursesPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const { data, error, isError, refetch } = useListTeacherCoursesQuery(teacherId === null ? skipToken : { teacherId });
  const [deleteCourse] = useDeleteCourseMutation();
  const { enqueueSnackbar } = useToasts();
  const [target, setTarget] = useState<Course | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** Bumped when a deletion succeeded: its row goes away, so the focus moves to the heading. */
  const [deletions, setDeletions] = useState(0);
  const [focusBack, setFocusBack] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (deletions > 0) headingRef.current?.focus();
  }, [deletions]);

  function askToDelete(course: Course) {
    setFocusBack(true);
    setTarget(course);
  }

  async function confirmDelete() {
    if (!target) return;
    setDeleting(true);
    try {
      await deleteCourse({ id: target.id }).unwrap();
      setFocusBack(false);
      setDeletions((count) => count + 1);
      enqueueSnackbar(messages.courseDeleted, { variant: 'success' });
    } catch {
      enqueueSnackbar(messages.courseNotDeleted, { variant: 'error' });
    } finally {
      setDeleting(false);
      setTarget(null);
    }
  }

  let content;
  if (data === undefined) {
    content = isError ? (
      <LoadError message={errorText(error, messages.coursesFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingCourses} rowHeight={72} />
    );
  } else if (data.length === 0) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{messages.noCourses}</Typography>
        <Button component={RouterLink} to={paths.addCourse} variant="contained" startIcon={<AddIcon />}>
          {messages.addCourseButton}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <>
        {isError ? <LoadError message={errorText(error, messages.coursesFailed)} onRetry={() => void refetch()} /> : null}
        <ResponsiveRows rows={data} rowKey={(course) => course.id} label={messages.coursesTableLabel} columns={courseColumns(askToDelete, data.some((course) => course.status !== undefined))} />
      </>
    );
  }

  return (
    <PageHeading title={messages.myCoursesTitle} headingRef={headingRef}>
      {content}
      <ConfirmDialog
        open={target !== null}
        title={messages.deleteCourseQuestion}
        confirmLabel={teacherAreaMessages.deleteConfirm}
        cancelLabel={teacherAreaMessages.deleteCancel}
        busy={deleting}
        restoreFocus={focusBack}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setTarget(null)}
        typedConfirmation={
          target && enrolledIn(target) > 0 && target.title
            ? { label: messages.typeTitleLabel, expected: target.title, hint: messages.typeTitleHint(target.title) }
            : undefined
        }
      >
        {target ? messages.deleteCourseDetail(target.title ?? '') : null}
        {target && enrolledIn(target) > 0 ? ` ${messages.deleteCourseEnrolled(enrolledIn(target))}` : null}
      </ConfirmDialog>
    </PageHeading>
  );
}
