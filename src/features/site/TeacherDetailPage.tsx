import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isNotFound, useGetTeacherQuery, type Course, type Teacher } from '@/api';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading, useDocumentTitle } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { LessonsOnTeacherPage } from '@/features/lessons/LessonsOnTeacherPage';
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
 * teacher arrives): the avatar beside the h1 and the facts, then the courses under their heading,
 * then the lessons to book (rendered in the browser only, LessonsOnTeacherPage).
 */
function TeacherProfileFrame({
  avatar,
  name,
  facts,
  intro,
  courses,
  lessons,
}: {
  avatar: ReactNode;
  name: string;
  facts: ReactNode;
  intro?: ReactNode;
  courses: ReactNode;
  lessons?: ReactNode;
}) {
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
      {intro}
      <Typography variant="h2" sx={{ mb: 3 }}>
        {messages.teacherCoursesHeading}
      </Typography>
      {courses}
      {lessons}
    </Container>
  );
}

/** Courses per page of the teacher's list ('Show more courses' adds the next). */
export const TEACHER_COURSES_PAGE = 12;

/** The read of one page of the teacher's courses (extension `courses_limit`, `courses_offset`). */
const coursesPage = (id: number, page: number) => ({ id, coursesLimit: TEACHER_COURSES_PAGE, coursesOffset: page * TEACHER_COURSES_PAGE });

/**
 * Whether the provider paged the courses (extension): it says the total and sent no more than a
 * page. A provider without the extension sends the whole list, which is then paged here.
 */
function isPaged(teacher: Teacher): teacher is Teacher & { teacher_courses_total: number } {
  return typeof teacher.teacher_courses_total === 'number' && teacher.teacher_courses.length <= TEACHER_COURSES_PAGE;
}

/** One page of course cards; a page added by 'Show more courses' takes the focus on its first card's title link. */
function CoursesBlock({ courses, takeFocus, showRatings }: { courses: Course[] | undefined; takeFocus: boolean; showRatings: boolean }) {
  const block = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  const arrived = courses !== undefined && courses.length > 0;
  useEffect(() => {
    if (!takeFocus || focused.current || !arrived) return;
    focused.current = true;
    block.current?.querySelector<HTMLElement>('h3 a[href]')?.focus();
  }, [takeFocus, arrived]);
  return (
    <Box ref={block} sx={{ mt: takeFocus ? 3 : 0 }}>
      <CourseList
        courses={courses}
        isError={false}
        onRetry={() => undefined}
        headingLevel="h3"
        emptyText={messages.teacherNoCourses}
        showRatings={showRatings}
        hydrateInSteps
      />
    </Box>
  );
}

/** A later page read from a provider that pages: its cards, or an error with Retry. */
function ProviderCoursesPage({ id, page }: { id: number; page: number }) {
  const { currentData, isError, refetch } = useGetTeacherQuery(coursesPage(id, page));
  if (isError && currentData === undefined) {
    return (
      <Box sx={{ mt: 3 }}>
        <LoadError message={messages.coursesLoadFailed} onRetry={() => void refetch()} />
      </Box>
    );
  }
  return <CoursesBlock courses={currentData?.teacher_courses} takeFocus showRatings={currentData?.course_ratings_known ?? false} />;
}

/** How many courses are shown of how many, and 'Show more courses' while some are left. */
function MoreCourses({ shown, total, busy, onMore }: { shown: number; total: number; busy: boolean; onMore: () => void }) {
  if (total <= TEACHER_COURSES_PAGE) return null;
  return (
    <Stack spacing={2} sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <Typography>{messages.teacherCoursesShown(shown, total)}</Typography>
      {shown < total ? (
        <Button variant="outlined" disabled={busy} onClick={onMore}>
          {busy ? messages.loadingMoreCourses : messages.showMoreCourses}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The courses of a provider that pages them: the first page came with the profile, the rest on demand. */
function ProviderPagedCourses({ teacher }: { teacher: Teacher & { teacher_courses_total: number } }) {
  const [pages, setPages] = useState(1);
  const last = useGetTeacherQuery(pages > 1 ? coursesPage(teacher.id, pages - 1) : skipToken);
  const total = teacher.teacher_courses_total;
  const lastLoaded = pages === 1 || last.currentData !== undefined;
  const shown = Math.min(total, (lastLoaded ? pages : pages - 1) * TEACHER_COURSES_PAGE);
  return (
    <>
      <CoursesBlock courses={teacher.teacher_courses} takeFocus={false} showRatings={teacher.course_ratings_known} />
      {Array.from({ length: pages - 1 }, (_, index) => (
        <ProviderCoursesPage key={index + 1} id={teacher.id} page={index + 1} />
      ))}
      {last.isError && !lastLoaded ? null : (
        <MoreCourses shown={shown} total={total} busy={!lastLoaded} onMore={() => setPages((count) => count + 1)} />
      )}
    </>
  );
}

/** The whole list, as a provider without the extension sends it: shown a page at a time, newest first. */
function LocallyPagedCourses({ courses, showRatings }: { courses: Course[]; showRatings: boolean }) {
  const [pages, setPages] = useState(1);
  const newestFirst = [...courses].sort((a, b) => b.id - a.id);
  const shown = Math.min(newestFirst.length, pages * TEACHER_COURSES_PAGE);
  return (
    <>
      {newestFirst.length === 0 ? (
        <CoursesBlock courses={[]} takeFocus={false} showRatings={showRatings} />
      ) : (
        Array.from({ length: pages }, (_, page) => (
          <CoursesBlock
            key={page}
            courses={newestFirst.slice(page * TEACHER_COURSES_PAGE, (page + 1) * TEACHER_COURSES_PAGE)}
            takeFocus={page > 0}
            showRatings={showRatings}
          />
        ))
      )}
      <MoreCourses shown={shown} total={newestFirst.length} busy={false} onMore={() => setPages((count) => count + 1)} />
    </>
  );
}

function TeacherProfile({ teacher }: { teacher: Teacher }) {
  useDocumentTitle(teacher.full_name);
  const paged = isPaged(teacher);
  const courses = teacher.teacher_courses;
  // A page comes newest first, so its newest course is the teacher's newest.
  const recent = mostRecent(courses);
  // One page's average is not the teacher's: a provider that pages says it (extension). From the whole
  // list only where the provider sent the ratings (the original backend leaves them out of teacher_courses).
  const rating = paged ? (teacher.teacher_courses_rating ?? null) : teacher.course_ratings_known ? averageRating(courses) : null;
  return (
    <TeacherProfileFrame
      avatar={<PersonAvatar name={teacher.full_name} src={teacher.profile_img} size={180} />}
      name={teacher.full_name}
      facts={
        <Stack spacing={1}>
          {/* The teacher's own plain text: its line breaks and paragraphs as they wrote them. */}
          {teacher.detail ? <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{teacher.detail}</Typography> : null}
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
      intro={
        teacher.intro_video ? (
          // Nothing of the video loads until the visitor plays it (preload none): the page's first load stays as it was.
          <Box
            component="video"
            src={teacher.intro_video}
            controls
            preload="none"
            aria-label={messages.teacherIntroVideo(teacher.full_name)}
            sx={{ display: 'block', width: '100%', maxWidth: 640, aspectRatio: '16 / 9', bgcolor: 'common.black', mb: 5 }}
          />
        ) : null
      }
      courses={
        paged ? (
          <ProviderPagedCourses teacher={teacher} />
        ) : (
          <LocallyPagedCourses courses={courses} showRatings={teacher.course_ratings_known} />
        )
      }
      lessons={<LessonsOnTeacherPage teacherId={teacher.id} />}
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

/** /teacher-detail/{teacher_id}: the teacher's profile, courses and lessons to book. */
export function TeacherDetailPage() {
  const id = parseIdParam(useParams().teacher_id);
  // Only the first page of the courses (the server render carries no more); the rest on 'Show more courses'.
  const { currentData, error, isError, refetch } = useGetTeacherQuery(id === null ? skipToken : coursesPage(id, 0));

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
  return <TeacherProfile key={currentData.id} teacher={currentData} />;
}
