import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Chapter } from '@/api';
import { VideoPlayer } from '@/components/VideoPlayer';
import { messages } from './messages';
import type { CourseProgressState } from './useCourseProgress';
import { useChapterProgress } from './useChapterProgress';

function ChapterVideo({ chapter, video, progress, continueHere }: { chapter: Chapter; video: string; progress: CourseProgressState; continueHere: boolean }) {
  const { videoProps, watched } = useChapterProgress({ chapterId: chapter.id, progress, continueHere });
  return (
    <>
      {watched && (
        <Chip
          icon={<CheckCircleIcon aria-hidden="true" />}
          label={messages.chapterWatched}
          color="success"
          variant="outlined"
          size="small"
          sx={{ mb: 1.5 }}
        />
      )}
      <VideoPlayer src={video} captionsUrl={chapter.captions} label={chapter.title} videoProps={videoProps} />
    </>
  );
}

/** One chapter of 'In this course': its title, description and player, resuming where the student stopped. */
export function ChapterCard({
  chapter,
  lang,
  progress,
  continueHere,
}: {
  chapter: Chapter;
  /** The course's language (BCP 47) for the chapter's title and description; none when unknown. */
  lang?: string;
  progress: CourseProgressState;
  continueHere: boolean;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }} lang={lang}>
          {chapter.title}
        </Typography>
        {chapter.description && (
          <Typography sx={{ mb: 2 }} lang={lang}>
            {chapter.description}
          </Typography>
        )}
        {chapter.video === null ? (
          <Typography color="text.secondary">{messages.noVideo}</Typography>
        ) : (
          <ChapterVideo chapter={chapter} video={chapter.video} progress={progress} continueHere={continueHere} />
        )}
      </CardContent>
    </Card>
  );
}
