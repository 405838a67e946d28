import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isNotFound, useFetchEnrollStatusQuery, useGetCourseQuery, useListCourseChaptersQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { courseLangProps } from '@/components/courseLanguage';
import { LoadError } from '@/components/LoadError';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { selectStudentId } from '@/features/session/sessionSlices';
import { LessonPlayer } from './LessonPlayer';
import { learningMessages as messages } from './messages';

function ChapterNotFound() {
  return <NotFoundScreen title={messages.notFoundTitle} text={messages.notFoundText} actionLabel={messages.browseCourses} actionTo={paths.allCourses} />;
}

function PlayerSkeleton() {
  return (
    <Container sx={{ py: { xs: 2, md: 4 } }} role="status" aria-label={messages.loadingPlayer}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} />
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Skeleton variant="rounded" height={240} />
        </Grid>
      </Grid>
    </Container>
  );
}

function NotEnrolled({ courseId }: { courseId: number }) {
  return (
    <PageHeading title={messages.notEnrolledTitle}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{messages.notEnrolledText}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.courseDetail(courseId)}>
          {messages.openCoursePage}
        </Button>
      </Stack>
    </PageHeading>
  );
}

function Lesson({ courseId, chapterId, studentId }: { courseId: number; chapterId: number; studentId: number }) {
  const course = useGetCourseQuery({ courseId });
  const enrolment = useFetchEnrollStatusQuery({ studentId, courseId });
  const enrolled = enrolment.data?.bool === true;
  const chapters = useListCourseChaptersQuery(enrolled ? { courseId } : skipToken);

  if (isNotFound(course.error) || isNotFound(chapters.error)) return <ChapterNotFound />;
  const failure = course.isError
    ? { message: messages.courseLoadFailed, retry: course.refetch }
    : enrolment.isError
      ? { message: messages.enrolStatusFailed, retry: enrolment.refetch }
      : chapters.isError
        ? { message: messages.chaptersFailed, retry: chapters.refetch }
        : null;
  if (failure !== null) {
    return (
      <PageHeading title={messages.playerTitle}>
        <LoadError message={failure.message} onRetry={() => void failure.retry()} />
      </PageHeading>
    );
  }
  if (enrolment.data !== undefined && !enrolled) return <NotEnrolled courseId={courseId} />;
  if (course.data === undefined || chapters.data === undefined) return <PlayerSkeleton />;

  const chapter = chapters.data.find((entry) => entry.id === chapterId);
  // An unknown chapter, or one of another course.
  if (chapter === undefined) return <ChapterNotFound />;
  return (
    <LessonPlayer
      course={course.data}
      chapters={chapters.data}
      chapter={chapter}
      lang={courseLangProps(course.data.languages).lang}
      studentId={studentId}
      rated={enrolment.data?.rated}
    />
  );
}

/**
 * /learn/:course_id/:chapter_id — the lesson player, for a logged-in student (the route's guard):
 * not found for an unknown course or chapter (or a chapter of another course), a way to the course
 * page for a student not enrolled in it, the player otherwise.
 */
export function LessonPlayerPage() {
  const params = useParams();
  const courseId = parseIdParam(params.course_id);
  const chapterId = parseIdParam(params.chapter_id);
  const studentId = useAppSelector(selectStudentId);
  if (courseId === null || chapterId === null) return <ChapterNotFound />;
  if (studentId === null) return null;
  return <Lesson courseId={courseId} chapterId={chapterId} studentId={studentId} />;
}
