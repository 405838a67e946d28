import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { type CourseProgress, type EnrolledCourse, errorText, useFetchEnrolledCoursesQuery, useGetCourseQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows, type RowColumn } from '@/components/ResponsiveRows';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { paths } from '@/config/paths';
import { courseFinish, formatDay } from '@/features/learning/courseFinish';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';
import { SavedChaptersSection } from './SavedChaptersSection';
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

/** 'Start': the course's first chapter in the player (the course as the title cell reads it, usually cached). */
function StartLink({ title, courseId }: { title: string; courseId: number }) {
  const { data: course } = useGetCourseQuery({ courseId });
  const first = course?.course_chapters[0];
  if (first === undefined) return null;
  return (
    <Link component={RouterLink} to={paths.learn(courseId, first.id)} aria-label={messages.startCourse(title)} sx={{ alignSelf: 'flex-start' }}>
      {messages.startLink}
    </Link>
  );
}

function ProgressCell({ title, courseId, progress }: { title: string; courseId: number; progress: CourseProgress | undefined }) {
  if (progress === undefined) return null;
  const { chapters_total: total, chapters_watched: watched, last_chapter: lastChapter } = progress;
  const finish = courseFinish(progress);
  if (total === 0 && finish === null) return <Typography variant="body2">{messages.noChaptersYet}</Typography>;
  return (
    <Stack spacing={1} sx={{ minWidth: 160 }}>
      {total > 0 && <WatchedBar watched={watched} total={total} label={messages.progressLabel(title)} />}
      {finish !== null && (
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'success.dark' }}>
          {messages.finishedOn(formatDay(finish.finishedAt))}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {lastChapter !== null ? (
          <Link component={RouterLink} to={paths.learn(courseId, lastChapter)} aria-label={messages.continueCourse(title)}>
            {messages.continueLink}
          </Link>
        ) : (
          total > 0 && <StartLink title={title} courseId={courseId} />
        )}
        {finish?.certificate && (
          <Link component={RouterLink} to={paths.certificate(finish.certificate)} aria-label={messages.certificateFor(title)}>
            {messages.certificateLink}
          </Link>
        )}
      </Stack>
    </Stack>
  );
}

function ProgressFact({ course, progress }: { course: CompleteRecord['course']; progress: StudentProgress }) {
  if (progress.loading) return <Skeleton variant="text" width={160} />;
  return <ProgressCell title={course.title} courseId={course.id} progress={progress.byCourse.get(course.id)} />;
}

function CourseTitle({ course }: { course: CompleteRecord['course'] }) {
  const lang = useCourseLang(course.id);
  return (
    <Link component={RouterLink} to={paths.courseDetail(course.id)} {...lang}>
      {course.title}
    </Link>
  );
}

function courseColumns(progress: StudentProgress, showProgress: boolean): readonly (RowColumn<EnrolledCourse> | false)[] {
  // `whole` shows the incomplete records: the columns only see complete ones.
  const course = (record: EnrolledCourse) => (record as CompleteRecord).course;
  return [
    { header: messages.courseColumn, role: 'title', cell: (record) => <CourseTitle course={course(record)} /> },
    {
      header: messages.teacherColumn,
      cell: (record) => (
        <Link component={RouterLink} to={paths.teacherDetail(course(record).teacher.id)}>
          {course(record).teacher.full_name}
        </Link>
      ),
    },
    showProgress && {
      header: messages.progressColumn,
      fullWidth: true,
      cell: (record) =>
        progress.loading || progress.byCourse.get(course(record).id) !== undefined ? <ProgressFact course={course(record)} progress={progress} /> : null,
    },
  ];
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
 * the provider offers progress, 'n of m chapters watched' with a bar and a Continue link that opens
 * the lesson player at the chapter where the student stopped (Start, at the first chapter, before
 * any progress); a finished course says 'Finished on {date}' and links to its certificate. A record without its course or teacher shows 'Data is
 * missing or incomplete'. Below, the chapters saved for offline on this device (SavedChaptersSection).
 */
export function MyCoursesPage() {
  const studentId = useAppSelector(selectStudentId);
  const { data: records, error, isError, refetch } = useFetchEnrolledCoursesQuery(studentId === null ? skipToken : { studentId });
  const progress = useStudentProgress();
  const showProgress = !progress.unavailable;

  let content;
  if (records === undefined) {
    content = isError ? <LoadError message={errorText(error, messages.coursesFailed)} onRetry={() => void refetch()} /> : <RowsSkeleton label={messages.loadingCourses} rowHeight={48} />;
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
        <ResponsiveRows
          rows={records}
          rowKey={(record) => record.id}
          label={messages.myCoursesTableLabel}
          columns={courseColumns(progress, showProgress)}
          whole={(record) => (isComplete(record) ? null : messages.missingData)}
        />
      </Stack>
    );
  }

  return (
    <PageHeading title={messages.myCoursesTitle}>
      {content}
      {/* Read from this device only: shown offline too, whatever became of the list above. */}
      <SavedChaptersSection studentId={studentId} />
    </PageHeading>
  );
}
