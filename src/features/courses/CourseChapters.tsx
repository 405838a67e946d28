import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useListCourseChaptersQuery } from '@/api';
import { parseIdParam } from '@/config/routeParams';
import { LoadError } from '@/components/LoadError';
import { ChapterCard } from './ChapterCard';
import { messages } from './messages';
import { useCourseProgress } from './useCourseProgress';

/**
 * 'In this course': the chapters of a course the student is enrolled in, each playable here and
 * resuming where the student stopped. `?chapter={id}` (My Courses' and the dashboard's Continue)
 * brings that chapter's player into view and plays it on.
 */
export function CourseChapters({ courseId, lang }: { courseId: number; /** The course's language (BCP 47), for the chapters' own texts. */ lang?: string }) {
  const { data: chapters, isError, refetch } = useListCourseChaptersQuery({ courseId });
  const progress = useCourseProgress(courseId);
  const [searchParams] = useSearchParams();
  const continueChapter = parseIdParam(searchParams.get('chapter'));
  const headingId = useId();

  let content: ReactNode;
  if (chapters === undefined) {
    content = isError ? (
      <LoadError message={messages.chaptersFailed} onRetry={() => void refetch()} />
    ) : (
      <Skeleton variant="rounded" height={220} />
    );
  } else if (chapters.length === 0) {
    content = <Typography>{messages.noChapters}</Typography>;
  } else {
    content = (
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {chapters.map((chapter) => (
          <Grid key={chapter.id} size={{ xs: 12, md: 6 }} component="li">
            <ChapterCard chapter={chapter} lang={lang} progress={progress} continueHere={chapter.id === continueChapter} />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {messages.chaptersHeading}
      </Typography>
      {content}
    </Box>
  );
}
