import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { type Course, isNotFound, useGetCourseQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { courseLangProps } from '@/components/courseLanguage';
import { PageHeading, useDocumentTitle } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { FavoriteToggle } from '@/features/student/favorites/FavoriteToggle';
import { parseIdParam } from '@/config/routeParams';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { CheckoutNotice } from './CheckoutNotice';
import { belowTheFold } from '@/components/belowTheFold';
import { CourseChapters } from './CourseChapters';
import { CourseFacts } from './CourseFacts';
import { CourseOutcomes } from './CourseOutcomes';
import { CourseReviews } from './CourseReviews';
import { EnrolmentPanel } from './EnrolmentPanel';
import { HydratedLater } from '@/components/HydratedLater';
import { LoadError } from '@/components/LoadError';
import { messages } from './messages';
import { TeacherBio } from './TeacherBio';
import { useCheckoutReturn } from './useCheckoutReturn';
import { useEnrolmentConfirmation } from './useEnrolmentConfirmation';
import { useEnrolmentStatus } from './useEnrolmentStatus';

/** Its teacher's own draft (extension): a notice with Publish, in a chunk of its own. */
const CourseDraftNotice = lazy(async () => ({
  default: (await import(/* webpackChunkName: "course-draft-notice" */ '@/features/teacher/courses/CourseDraftNotice')).CourseDraftNotice,
}));

function CourseNotFound() {
  return <NotFoundScreen title={messages.courseNotFound} text={messages.courseNotFoundText} actionLabel={messages.browseCourses} actionTo={paths.course} />;
}

function CourseSkeleton() {
  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={1.5}>
          <Skeleton variant="text" width="90%" />
          <Skeleton variant="text" width="75%" />
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="rounded" width={160} height={42} />
        </Stack>
      </Grid>
    </Grid>
  );
}

function CourseDetail({ course }: { course: Course }) {
  const { data: enrolment } = useEnrolmentStatus(course.id);
  const enrolled = enrolment?.bool === true;
  const checkout = useCheckoutReturn();
  const justPaid = checkout.outcome === 'success';
  // Back from a payment: the enrolment is read until the provider has recorded it.
  const confirmation = useEnrolmentConfirmation(justPaid ? course.id : null);
  const [searchParams] = useSearchParams();
  // An old address of a chapter on this page (/detail/{id}?chapter={cid}: bookmarks, mails) opens the player.
  const oldChapterLink = parseIdParam(searchParams.get('chapter'));
  useDocumentTitle(course.title);
  // The course's own texts are spoken in its language (WCAG 3.1.2); the page's frame stays English.
  const lang = courseLangProps(course.languages);
  const teacherId = useAppSelector(selectTeacherId);
  const ownDraft = course.status === 'draft' && teacherId !== null && course.teacher?.id === teacherId;
  if (enrolled && oldChapterLink !== null) return <Navigate to={paths.learn(course.id, oldChapterLink)} replace />;
  return (
    // PageHeading's frame, with the h1 in the course's language.
    <Container sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom tabIndex={-1} {...lang}>
        {course.title}
      </Typography>
      {/* After a payment the enrolment panel confirms it (one message); the notice only while the enrolment is not recorded. */}
      <CheckoutNotice outcome={checkout.outcome} confirmation={confirmation} onClose={checkout.dismiss} />
      {ownDraft ? (
        <Suspense fallback={null}>
          <CourseDraftNotice course={course} />
        </Suspense>
      ) : null}
      <Grid container spacing={4}>
        {course.featured_img !== null && (
          <Grid size={{ xs: 12, md: 5 }}>
            <Box
              component="img"
              src={course.featured_img}
              alt=""
              sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 2, display: 'block' }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: course.featured_img === null ? 12 : 7 }}>
          {course.description && (
            <Typography sx={{ whiteSpace: 'pre-line' }} {...lang}>
              {course.description}
            </Typography>
          )}
          <CourseFacts course={course} />
          <EnrolmentPanel courseId={course.id} free={course.price === null} justPaid={justPaid} confirming={justPaid && confirmation === 'waiting'} />
          <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
            <FavoriteToggle courseId={course.id} variant="button" />
          </Box>
        </Grid>
      </Grid>
      {/* Below the summary on a phone, hydrated in two more passes. */}
      <Box sx={belowTheFold(1180, 940)}>
        <HydratedLater>
          <CourseOutcomes outcomes={course.outcomes} lang={lang.lang} />
          <CourseChapters courseId={course.id} lang={lang.lang} enrolled={enrolled} />
          <HydratedLater>
            {course.teacher?.id ? <TeacherBio teacherId={course.teacher.id} name={course.teacher.full_name} /> : null}
            <CourseReviews courseId={course.id} />
          </HydratedLater>
        </HydratedLater>
      </Box>
    </Container>
  );
}

/**
 * /detail/:course_id — a course with its curriculum, teacher and reviews, and enrolment, the
 * chapters' player links and rating for the logged-in student.
 */
export function CourseDetailPage() {
  const { course_id: courseIdParam } = useParams();
  const courseId = parseIdParam(courseIdParam);
  const { data: course, error, isError, refetch } = useGetCourseQuery(courseId === null ? skipToken : { courseId });

  if (courseId === null || isNotFound(error)) return <CourseNotFound />;
  if (course !== undefined) return <CourseDetail course={course} />;
  return (
    <PageHeading title={messages.pageTitle}>
      {isError ? <LoadError message={messages.courseLoadFailed} onRetry={() => void refetch()} /> : <CourseSkeleton />}
    </PageHeading>
  );
}
