import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { type Chapter, useListCourseChaptersQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { messages } from './messages';

function ChapterCard({ chapter }: { chapter: Chapter }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {chapter.title}
        </Typography>
        {chapter.description && <Typography sx={{ mb: 2 }}>{chapter.description}</Typography>}
        {chapter.video === null ? (
          <Typography color="text.secondary">{messages.noVideo}</Typography>
        ) : (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- the provider stores no caption files for chapters
          <video controls preload="metadata" src={chapter.video} aria-label={chapter.title} style={{ width: '100%', display: 'block' }} />
        )}
      </CardContent>
    </Card>
  );
}

/** 'In this course': the chapters of a course the student is enrolled in, each playable here. */
export function CourseChapters({ courseId }: { courseId: number }) {
  const { data: chapters, isError, refetch } = useListCourseChaptersQuery({ courseId });
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
            <ChapterCard chapter={chapter} />
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
