import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type CourseProgress, useGetCourseQuery } from '@/api';
import { courseLangProps } from '@/components/courseLanguage';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from './messages';
import { useStudentProgress } from './useStudentProgress';
import { WatchedBar } from './WatchedBar';

type Started = CourseProgress & { last_chapter: number };

/** The course progress saved most recently, among those with a chapter to continue. */
function lastWatched(courses: readonly CourseProgress[]): Started | undefined {
  return courses
    .filter((entry): entry is Started => entry.last_chapter !== null)
    .reduce<Started | undefined>((latest, entry) => (latest === undefined || (entry.updated_at ?? '') > (latest.updated_at ?? '') ? entry : latest), undefined);
}

function ContinueCard({ progress }: { progress: Started }) {
  const headingId = useId();
  // The course page's read: the course's title and its chapters' titles (usually cached already).
  const { data: course } = useGetCourseQuery({ courseId: progress.course });
  const lang = courseLangProps(course?.languages);
  const chapter = course?.course_chapters.find((entry) => entry.id === progress.last_chapter);
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <CardContent>
        <Typography variant="h2" id={headingId} sx={{ fontSize: '1.4rem', mb: 1.5 }}>
          {messages.continueLearningTitle}
        </Typography>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {course ? (
            <Typography sx={{ fontWeight: 600 }} {...lang}>
              {course.title}
            </Typography>
          ) : (
            <Typography>{messages.continueLearningFallback}</Typography>
          )}
          {chapter?.title && (
            <Typography color="text.secondary">
              {messages.continueLearningChapterPrefix} <span {...lang}>{chapter.title}</span>
            </Typography>
          )}
          {progress.chapters_total > 0 && (
            <Stack spacing={0.5} sx={{ width: '100%', maxWidth: 360 }}>
              <WatchedBar
                watched={progress.chapters_watched}
                total={progress.chapters_total}
                label={course ? messages.progressLabel(course.title) : messages.continueLearningTitle}
              />
            </Stack>
          )}
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.learn(progress.course, progress.last_chapter)}
            startIcon={<PlayCircleIcon />}
            aria-label={course ? messages.continueCourse(course.title) : undefined}
            sx={{ mt: 1 }}
          >
            {messages.continueLink}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * 'Continue learning' on the student dashboard: the course and chapter the student watched last,
 * with its progress and a Continue link that opens that chapter in the lesson player, resumed
 * where the student stopped. Nothing is shown before any
 * progress, while it loads, or when the provider has no progress (or it cannot be read: the
 * dashboard's own figures stay the point of the page).
 */
export function ContinueLearningCard() {
  const { courses } = useStudentProgress();
  const latest = lastWatched(courses);
  return latest === undefined ? null : <ContinueCard progress={latest} />;
}
