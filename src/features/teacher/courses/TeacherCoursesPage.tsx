import AddIcon from '@mui/icons-material/Add';
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
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useToasts } from '@/components/toasts/useToasts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Course, errorText, useDeleteCourseMutation, useListTeacherCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { courseLangProps } from '@/components/courseLanguage';
import { teacherCourseMessages as messages } from './courseMessages';
import { teacherAreaMessages } from '../area/messages';
import { rowActionNames } from './rowActionNames';
import { RowsSkeleton } from '@/components/RowsSkeleton';

function CourseRow({ course, onDelete }: { course: Course; onDelete: (course: Course) => void }) {
  const enrolled = course.total_enrolled_students ?? 0;
  // A row without a title (the provider's data is incomplete) is still told apart by its id.
  const subject = course.title || `#${course.id}`;
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
        {course.title ? (
          <Link component={RouterLink} to={paths.courseChapters(course.id)} {...courseLangProps(course.languages)}>
            {course.title}
          </Link>
        ) : (
          <Typography component="span" sx={{ color: 'error.main' }}>
            {messages.dataMissing}
          </Typography>
        )}
      </TableCell>
      <TableCell>{course.course_rating === null ? messages.notRated : messages.rating(course.course_rating)}</TableCell>
      <TableCell>
        {course.featured_img ? (
          <Box component="img" src={course.featured_img} alt={rowActionNames.courseImage(subject)} sx={{ display: 'block', width: 96, height: 64, objectFit: 'cover', borderRadius: 1 }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {rowActionNames.noImage}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={paths.enrolledStudents(course.id)} aria-label={rowActionNames.enrolledIn(enrolled, subject)}>
          {enrolled}
        </Link>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.editCourse(course.id)} size="small" variant="outlined" aria-label={rowActionNames.editCourse(subject)}>
            {messages.editButton}
          </Button>
          <Button component={RouterLink} to={paths.addChapter(course.id)} size="small" variant="outlined" aria-label={rowActionNames.addChapterTo(subject)}>
            {messages.addChapterButton}
          </Button>
          <Button size="small" variant="outlined" color="error" aria-label={rowActionNames.deleteCourse(subject)} onClick={() => onDelete(course)}>
            {messages.deleteButton}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * /teacher-courses (spec section 2.5): the teacher's courses with their rating, image and number
 * of enrolled students, and Edit, Add Chapter and Delete (after a confirmation). The list, the
 * chapter lists and the dashboard counts follow a deletion through the cache tags.
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
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={messages.coursesTableLabel}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{teacherAreaMessages.titleColumn}</TableCell>
                <TableCell scope="col">{messages.ratingColumn}</TableCell>
                <TableCell scope="col">{messages.imageColumn}</TableCell>
                <TableCell scope="col">{messages.enrolledColumn}</TableCell>
                <TableCell scope="col">{teacherAreaMessages.actionColumn}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((course) => (
                <CourseRow key={course.id} course={course} onDelete={askToDelete} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
      >
        {target ? messages.deleteCourseDetail(target.title ?? '') : null}
      </ConfirmDialog>
    </PageHeading>
  );
}
