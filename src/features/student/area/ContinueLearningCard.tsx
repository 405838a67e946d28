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
import { courseFinish } from '@/features/learning/courseFinish';
import { studentAreaMessages as messages } from './messages';
import { useStudentProgress } from './useStudentProgress';
import { WatchedBar } from './WatchedBar';

type Started = CourseProgress & { last_chapter: number };

/**
 * The course 'Continue learning' offers: the unfinished course watched most recently; else an
 * enrolled course not started yet (the one enrolled in last: the provider lists those in the order
 * of enrolment), when it has chapters. A finished course never.
 */
export function courseToContinue(courses: readonly CourseProgress[]): CourseProgress | undefined {
  const unfinished = courses.filter((entry) => courseFinish(entry) === null);
  const started = unfinished
    .filter((entry): entry is Started => entry.last_chapter !== null)
    .reduce<Started | undefined>((latest, entry) => (latest === undefined || (entry.updated_at ?? '') > (latest.updated_at ?? '') ? entry : latest), undefined);
  return started ?? unfinished.filter((entry) => entry.last_chapter === null && entry.chapters_total > 0).at(-1);
}

function ContinueCard({ progress }: { progress: CourseProgress }) {
  const headingId = useId();
  // The course page's read: the course's title and its chapters' titles (usually cached already).
  const { data: course } = useGetCourseQuery({ courseId: progress.course });
  const lang = courseLangProps(course?.languages);
  const started = progress.last_chapter !== null;
  // A course not started opens at its first chapter, which only the course's read tells.
  const chapter = started ? course?.course_chapters.find((entry) => entry.id === progress.last_chapter) : course?.course_chapters[0];
  const chapterId = started ? progress.last_chapter : chapter?.id;
  if (chapterId === undefined || chapterId === null) return null;
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
          {started && chapter?.title && (
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
            to={paths.learn(progress.course, chapterId)}
            startIcon={<PlayCircleIcon />}
            aria-label={course ? (started ? messages.continueCourse : messages.startCourse)(course.title) : undefined}
            sx={{ mt: 1 }}
          >
            {started ? messages.continueLink : messages.startLink}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * 'Continue learning' on the student dashboard: the unfinished course and chapter the student
 * watched last, with its progress and a Continue link that opens that chapter in the lesson player,
 * resumed where the student stopped; with none, an enrolled course not started, with Start at its
 * first chapter (see {@link courseToContinue}). Nothing is shown when every course is finished,
 * while it loads, or when the provider has no progress (or it cannot be read: the dashboard's own
 * figures stay the point of the page).
 */
export function ContinueLearningCard() {
  const { courses } = useStudentProgress();
  const next = courseToContinue(courses);
  return next === undefined ? null : <ContinueCard key={next.course} progress={next} />;
}
