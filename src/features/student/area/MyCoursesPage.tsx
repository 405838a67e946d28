import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type CourseProgress, type EnrolledCourse, errorText, useFetchEnrolledCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';
import { useCourseLang } from './useCourseLang';
import { type StudentProgress, useStudentProgress } from './useStudentProgress';
import { WatchedBar } from './WatchedBar';

/** A record with everything a row shows; anything less is 'Data is missing or incomplete'. */
interface CompleteRecord {
  id: number;
  course: { id: number; title: string; teacher: { id: number; full_name: string } };
}

function isComplete(record: EnrolledCourse): record is EnrolledCourse & CompleteRecord {
  const { course } = record;
  return Boolean(course?.title?.trim() && course.teacher && course.teacher.full_name.trim());
}

function ProgressCell({ title, courseId, progress }: { title: string; courseId: number; progress: CourseProgress | undefined }) {
  if (progress === undefined) return null;
  const { chapters_total: total, chapters_watched: watched, last_chapter: lastChapter } = progress;
  if (total === 0) return <Typography variant="body2">{messages.noChaptersYet}</Typography>;
  return (
    <Stack spacing={1} sx={{ minWidth: 160 }}>
      <WatchedBar watched={watched} total={total} label={messages.progressLabel(title)} />
      {lastChapter !== null && (
        <Link component={RouterLink} to={paths.courseChapter(courseId, lastChapter)} aria-label={messages.continueCourse(title)} sx={{ alignSelf: 'flex-start' }}>
          {messages.continueLink}
        </Link>
      )}
    </Stack>
  );
}

function CourseRow({ record, progress, showProgress }: { record: CompleteRecord; progress: StudentProgress; showProgress: boolean }) {
  const { course } = record;
  const lang = useCourseLang(course.id);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Link component={RouterLink} to={paths.courseDetail(course.id)} sx={{ fontWeight: 600 }} {...lang}>
          {course.title}
        </Link>
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={paths.teacherDetail(course.teacher.id)}>
          {course.teacher.full_name}
        </Link>
      </TableCell>
      {showProgress && (
        <TableCell>
          {progress.loading ? (
            <Skeleton variant="text" width={160} />
          ) : (
            <ProgressCell title={course.title} courseId={course.id} progress={progress.byCourse.get(course.id)} />
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

function CoursesTable({ children, showProgress, label }: { children: ReactNode; showProgress: boolean; label?: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{messages.courseColumn}</TableCell>
            <TableCell scope="col">{messages.teacherColumn}</TableCell>
            {showProgress && <TableCell scope="col">{messages.progressColumn}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

function CoursesSkeleton() {
  return (
    <Stack role="status" aria-label={messages.loadingCourses}>
      <CoursesTable showProgress>
        {[0, 1, 2].map((row) => (
          <TableRow key={row}>
            {[0, 1, 2].map((cell) => (
              <TableCell key={cell}>
                <Skeleton variant="text" />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </CoursesTable>
    </Stack>
  );
}

function NotEnrolled() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>{messages.notEnrolledYet}</Typography>
      <Link component={RouterLink} to={paths.allCourses}>
        {messages.browseAllCourses}
      </Link>
    </Stack>
  );
}

/**
 * /my-courses: the student's enrolled courses (spec section 2.4) with the teacher, and, where
 * the provider offers progress, 'n of m chapters watched' with a bar and a Continue link to the
 * chapter where the student stopped. A record without its course or teacher shows 'Data is
 * missing or incomplete'.
 */
export function MyCoursesPage() {
  const studentId = useAppSelector(selectStudentId);
  const { data: records, error, isError, refetch } = useFetchEnrolledCoursesQuery(studentId === null ? skipToken : { studentId });
  const progress = useStudentProgress();
  const showProgress = !progress.unavailable;

  let content;
  if (records === undefined) {
    content = isError ? <LoadError message={errorText(error, messages.coursesFailed)} onRetry={() => void refetch()} /> : <CoursesSkeleton />;
  } else if (records.length === 0) {
    content = <NotEnrolled />;
  } else {
    content = (
      <Stack spacing={2}>
        {isError && <LoadError message={errorText(error, messages.coursesFailed)} onRetry={() => void refetch()} />}
        {progress.failed && (
          <LoadError
            message={[messages.progressFailed, errorText(progress.error, null)].filter((line) => line !== null).join(' ')}
            onRetry={progress.refetch}
          />
        )}
        <CoursesTable showProgress={showProgress} label={messages.myCoursesTableLabel}>
          {records.map((record) =>
            isComplete(record) ? (
              <CourseRow key={record.id} record={record} progress={progress} showProgress={showProgress} />
            ) : (
              <TableRow key={record.id}>
                <TableCell colSpan={showProgress ? 3 : 2}>{messages.missingData}</TableCell>
              </TableRow>
            ),
          )}
        </CoursesTable>
      </Stack>
    );
  }

  return <PageHeading title={messages.myCoursesTitle}>{content}</PageHeading>;
}
