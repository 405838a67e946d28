import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isNotFound, useGetTeacherQuery, type Course, type Teacher } from '@/api';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading, useDocumentTitle } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { messages } from './messages';
import { CourseList, CourseListSkeleton } from './ui/CourseList';
import { LoadError } from '@/components/LoadError';
import { PersonAvatar } from '@/components/PersonAvatar';

/** The teacher's newest course: the one with the highest id. */
function mostRecent(courses: Course[]): Course | undefined {
  return courses.reduce<Course | undefined>((newest, course) => (newest && newest.id > course.id ? newest : course), undefined);
}

/** The average of the ratings the teacher's courses have, or null when none is rated. */
function averageRating(courses: Course[]): number | null {
  const ratings = courses.flatMap((course) => (course.course_rating === null ? [] : [course.course_rating]));
  if (ratings.length === 0) return null;
  return ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography>
      <strong>{label}:</strong> {children}
    </Typography>
  );
}

/**
 * The profile's layout, for the profile and its skeleton alike (so that nothing moves when the
 * teacher arrives): the avatar beside the h1 and the facts, then the courses under their heading.
 */
function TeacherProfileFrame({ avatar, name, facts, courses }: { avatar: ReactNode; name: string; facts: ReactNode; courses: ReactNode }) {
  const nameId = useId();
  return (
    <Container sx={{ py: 4 }}>
      <Grid container spacing={4} component="section" aria-labelledby={nameId} sx={{ alignItems: 'center', mb: 5 }}>
        <Grid size={{ xs: 12, sm: 'auto' }} sx={{ display: 'flex', justifyContent: 'center' }}>
          {avatar}
        </Grid>
        <Grid size={{ xs: 12, sm: 'grow' }}>
          <Typography variant="h1" id={nameId} gutterBottom>
            {name}
          </Typography>
          {facts}
        </Grid>
      </Grid>
      <Typography variant="h2" sx={{ mb: 3 }}>
        {messages.teacherCoursesHeading}
      </Typography>
      {courses}
    </Container>
  );
}

function TeacherProfile({ teacher }: { teacher: Teacher }) {
  useDocumentTitle(teacher.full_name);
  const courses = teacher.teacher_courses;
  const recent = mostRecent(courses);
  // Only where the provider sent the ratings (the original backend leaves them out of teacher_courses).
  const rating = teacher.course_ratings_known ? averageRating(courses) : null;
  return (
    <TeacherProfileFrame
      avatar={<PersonAvatar name={teacher.full_name} src={teacher.profile_img} size={180} />}
      name={teacher.full_name}
      facts={
        <Stack spacing={1}>
          {teacher.detail ? <Typography>{teacher.detail}</Typography> : null}
          {teacher.skills ? <Fact label={messages.teacherLanguages}>{teacher.skills}</Fact> : null}
          {recent ? (
            <Fact label={messages.recentCourse}>
              <Link component={RouterLink} to={paths.courseDetail(recent.id)}>
                {recent.title}
              </Link>
            </Fact>
          ) : null}
          {rating === null ? null : <Fact label={messages.teacherRating}>{`${rating.toFixed(1)}/5`}</Fact>}
        </Stack>
      }
      courses={
        <CourseList
          courses={courses}
          isError={false}
          onRetry={() => undefined}
          headingLevel="h3"
          emptyText={messages.teacherNoCourses}
          showRatings={teacher.course_ratings_known}
        />
      }
    />
  );
}

/** The profile while it loads: each part where and as large as it will be. */
function TeacherProfileSkeleton() {
  useDocumentTitle(messages.teacherTitle);
  return (
    <TeacherProfileFrame
      avatar={<Skeleton variant="circular" width={180} height={180} />}
      name={messages.teacherTitle}
      facts={
        <Stack spacing={1} role="status" aria-label={messages.loadingTeacher}>
          <Skeleton width="90%" />
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </Stack>
      }
      courses={<CourseListSkeleton count={3} />}
    />
  );
}

/** /teacher-detail/{teacher_id}: the teacher's profile and courses. */
export function TeacherDetailPage() {
  const id = parseIdParam(useParams().teacher_id);
  const { currentData, error, isError, refetch } = useGetTeacherQuery(id === null ? skipToken : { id });

  if (id === null || isNotFound(error)) {
    return (
      <NotFoundScreen
        title={messages.teacherNotFound}
        text={messages.teacherNotFoundText}
        actionLabel={messages.seeAllTeachers}
        actionTo={paths.allTeachers}
      />
    );
  }
  if (isError) {
    return (
      <PageHeading title={messages.teacherTitle}>
        <LoadError message={messages.teacherLoadFailed} onRetry={refetch} />
      </PageHeading>
    );
  }
  if (currentData === undefined) return <TeacherProfileSkeleton />;
  return <TeacherProfile teacher={currentData} />;
}
