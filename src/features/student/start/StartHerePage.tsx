import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { type Course, courseLevelNames, errorText, type LearnerLevel, type LearningGoals, useFetchEnrolledCoursesQuery, useListCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { courseLangProps } from '@/components/courseLanguage';
import { formatPrice } from '@/components/formatPrice';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { useToasts } from '@/components/toasts/useToasts';
import { paths } from '@/config/paths';
import { PreviewButton } from '@/features/courses/PreviewButton';
import { selectStudentId } from '@/features/session/sessionSlices';
import { LearningGoalsForm } from './LearningGoalsForm';
import { firstPreview, startTopics, type StartTopic, suitedCourses } from './startHere';
import { learnerLevelName, startMessages as messages } from './startMessages';
import { type GoalsChoice, type LearningGoalsState, useLearningGoals } from './useLearningGoals';

/** How many courses each reason shows at most. */
const COURSES_PER_TOPIC = 4;



const mentions = (course: Course, topic: string) =>
  [course.languages, course.category?.title].some((text) => (text ?? '').toLowerCase().includes(topic.toLowerCase()));

/** One course: its title (to its page), level and price, and the first step one tap away. */
function StartCourse({ course, enrolled }: { course: Course; enrolled: boolean }) {
  const preview = firstPreview(course);
  const firstChapter = course.course_chapters[0];
  const { lang } = courseLangProps(course.languages);
  let action;
  if (enrolled && firstChapter) {
    action = (
      <Button component={RouterLink} to={paths.learn(course.id, firstChapter.id)} variant="contained" size="small">
        {messages.startFirstChapter}
      </Button>
    );
  } else if (preview) {
    action = <PreviewButton chapter={preview} lang={lang} label={messages.playPreview} />;
  } else {
    action = (
      <Button component={RouterLink} to={paths.courseDetail(course.id)} variant="outlined" size="small">
        {messages.openCourse}
      </Button>
    );
  }
  return (
    <Card component="li" variant="outlined">
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.125rem' }} gutterBottom>
          <Link component={RouterLink} to={paths.courseDetail(course.id)} lang={lang}>
            {course.title}
          </Link>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {course.level ? `${messages.forLevel(courseLevelNames[course.level])} · ` : ''}
          {formatPrice(course.price)}
        </Typography>
        {action}
      </CardContent>
    </Card>
  );
}

function CourseSection({ heading, query, level, enrolledIds, topic }: {
  heading: string;
  query: { data?: { items: Course[] }; isError: boolean; error?: unknown; refetch: () => unknown };
  level: LearnerLevel | null;
  enrolledIds: ReadonlySet<number>;
  topic?: string;
}) {
  const headingId = useId();
  const courses = useMemo(() => {
    const items = query.data?.items ?? [];
    // A provider without the `language` filter answers every course: kept here by the topic.
    return suitedCourses(topic === undefined ? items : items.filter((course) => mentions(course, topic)), level).slice(0, COURSES_PER_TOPIC);
  }, [query.data, level, topic]);
  let content;
  if (query.data === undefined) {
    content = query.isError ? (
      <LoadError message={errorText(query.error, messages.coursesFailed)} onRetry={() => void query.refetch()} />
    ) : (
      <Skeleton variant="rounded" height={120} />
    );
  } else if (courses.length === 0) {
    content = <Typography>{messages.noMatches}</Typography>;
  } else {
    content = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {courses.map((course) => (
          <StartCourse key={course.id} course={course} enrolled={enrolledIds.has(course.id)} />
        ))}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.375rem' }} gutterBottom>
        {heading}
      </Typography>
      {content}
    </Box>
  );
}

function TopicCourses({ topic, level, enrolledIds }: { topic: StartTopic; level: LearnerLevel | null; enrolledIds: ReadonlySet<number> }) {
  const query = useListCoursesQuery({ language: topic.topic, sort: 'rating', limit: 24 });
  const heading = topic.reason === 'language' ? messages.because(topic.topic) : messages.becauseInterest(topic.topic);
  return <CourseSection heading={heading} query={query} level={level} enrolledIds={enrolledIds} topic={topic.topic} />;
}

function PopularCourses({ level, enrolledIds }: { level: LearnerLevel | null; enrolledIds: ReadonlySet<number> }) {
  const query = useListCoursesQuery({ sort: 'popular', limit: 12 });
  return <CourseSection heading={messages.popularHeading} query={query} level={level} enrolledIds={enrolledIds} />;
}

function StartList({ goals }: { goals: LearningGoals }) {
  const studentId = useAppSelector(selectStudentId);
  const enrolled = useFetchEnrolledCoursesQuery(studentId === null ? skipToken : { studentId });
  const enrolledIds = useMemo(() => new Set((enrolled.data ?? []).flatMap((row) => (row.course ? [row.course.id] : []))), [enrolled.data]);
  const topics = startTopics(goals);
  const chosen = goals.learning_languages.length > 0 || goals.level !== null;
  return (
    <>
      <Typography>{messages.startIntro}</Typography>
      <Typography sx={{ mt: 1 }}>
        {chosen ? messages.yourGoals(goals.learning_languages.join(', ') || learnerLevelName(null), learnerLevelName(goals.level)) : messages.noGoals}{' '}
        <Link component={RouterLink} to={paths.studentGoals}>
          {messages.changeGoals}
        </Link>
      </Typography>
      {topics.length === 0 ? (
        <PopularCourses level={goals.level} enrolledIds={enrolledIds} />
      ) : (
        topics.map((topic) => <TopicCourses key={topic.topic} topic={topic} level={goals.level} enrolledIds={enrolledIds} />)
      )}
      <Box sx={{ mt: 4 }}>
        <Link component={RouterLink} to={paths.allCourses}>
          {messages.browseAll}
        </Link>
      </Box>
    </>
  );
}

/** 'What will you learn?': the step after the code (skippable), and where the choices are changed. */
function GoalsStep({ state, goals, onDone }: { state: LearningGoalsState; goals: LearningGoals; onDone: () => void }) {
  const { enqueueSnackbar } = useToasts();
  return (
    <PageHeading title={messages.goalsTitle}>
      <Typography sx={{ mb: 3 }}>{messages.goalsIntro}</Typography>
      <LearningGoalsForm
        initial={{ learning_languages: goals.learning_languages, level: goals.level }}
        saving={state.saving}
        submitLabel={messages.saveAndContinue}
        onSave={async (choice: GoalsChoice) => {
          await state.save(choice);
          enqueueSnackbar(state.keptInBrowser ? messages.goalsKeptHere : messages.goalsSaved, { variant: 'success' });
          onDone();
        }}
        secondary={
          <Button variant="text" onClick={onDone}>
            {messages.skip}
          </Button>
        }
      />
    </PageHeading>
  );
}

/**
 * /student-start (issue 39, item 4): with `?step=goals` (after the code, or 'Change your choices'),
 * 'What will you learn?' first: the languages and the level, saved (learning goals, an extension;
 * kept in this browser on a provider without it) or skipped. Then 'Start here': for each language
 * chosen, then each interest ticked at sign-up, the courses that suit the level ('Because you chose
 * Yoruba'), each with its first step one tap away: the first chapter of a course the student is
 * enrolled in, else its free preview, else the course page; the most popular without either.
 */
export function StartHerePage() {
  const [params, setParams] = useSearchParams();
  const state = useLearningGoals();
  const { goals } = state;
  if (goals === undefined) {
    return (
      <PageHeading title={messages.startTitle}>
        {state.error !== undefined ? (
          <LoadError message={errorText(state.error, messages.goalsFailed)} onRetry={state.retry} />
        ) : (
          <Stack spacing={2} role="status" aria-label={messages.loadingStart}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        )}
      </PageHeading>
    );
  }
  if (params.get('step') === 'goals') {
    return <GoalsStep state={state} goals={goals} onDone={() => setParams({}, { replace: true })} />;
  }
  return (
    <PageHeading title={messages.startTitle}>
      <StartList goals={goals} />
    </PageHeading>
  );
}
