import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Chapter, type ChapterProgress, useGetCourseQuery, useListCourseChaptersQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { paths } from '@/config/paths';
import { visuallyHidden } from '@/components/visuallyHidden';
import { selectStudentId } from '@/features/session/sessionSlices';
import { useSavedChapters } from '@/offline/savedChapters';
import { chapterLength } from './chapterLength';
import { messages } from './messages';
import { SaveForOffline } from './SaveForOffline';
import { useCourseProgress } from './useCourseProgress';
import { useExerciseCounts } from './useExerciseCounts';
import { PreviewButton } from './PreviewButton';

/**
 * Where 'Continue' goes: the chapter saved last when it is not watched yet, else the first
 * unwatched chapter, else the one saved last; null (so 'Start learning', at the first chapter)
 * before anything is saved.
 */
function continueChapter(chapters: readonly Chapter[], saved: ReadonlyMap<number, ChapterProgress>): Chapter | null {
  const ofCourse = chapters.filter((chapter) => saved.has(chapter.id));
  if (ofCourse.length === 0) return null;
  const last = ofCourse.reduce((latest, chapter) => (saved.get(chapter.id)!.updated_at > saved.get(latest.id)!.updated_at ? chapter : latest));
  if (!saved.get(last.id)!.watched) return last;
  return chapters.find((chapter) => !saved.get(chapter.id)?.watched) ?? last;
}

function ChapterEntry({
  chapter,
  number,
  lang,
  to,
  watched,
  exercises = 0,
  practice,
  offline,
  preview,
}: {
  chapter: Chapter;
  number: number;
  lang?: string;
  to?: string;
  watched: boolean;
  /** How many exercises the chapter has (none shown when 0), and where to practise them (an enrolled student). */
  exercises?: number;
  practice?: string;
  /** 'Save for offline' and its states, for an enrolled student's chapter with a video. */
  offline?: ReactNode;
  /** 'Preview' for a free preview chapter (extension, issue 39), for those not enrolled. */
  preview?: ReactNode;
}) {
  const length = chapterLength(chapter.duration);
  const title = (
    <>
      <Box component="span" sx={{ display: 'inline-block', minWidth: '2ch', mr: 1, color: 'text.secondary' }}>
        {number}
      </Box>{' '}
      <span lang={lang}>{chapter.title}</span>
    </>
  );
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        {to === undefined ? (
          <Typography component="span">{title}</Typography>
        ) : (
          <Link component={RouterLink} to={to}>
            {title}
          </Link>
        )}
      </Box>
      {watched && (
        <Typography component="span" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main', fontWeight: 600 }}>
          <CheckCircleIcon fontSize="small" aria-hidden="true" />
          {messages.chapterWatched}
        </Typography>
      )}
      {length !== null && (
        <Typography component="span" variant="body2" color="text.secondary">
          {length}
        </Typography>
      )}
      {exercises > 0 &&
        (practice === undefined ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {messages.exerciseCount(exercises)}
          </Typography>
        ) : (
          <Link component={RouterLink} to={practice} variant="body2" aria-label={messages.practiseChapter(chapter.title, exercises)}>
            {messages.exerciseCount(exercises)}
          </Link>
        ))}
      {offline}
      {preview}
    </Box>
  );
}

function ChapterList({ children }: { children: ReactNode }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}>
      {children}
    </Box>
  );
}

/**
 * An enrolled student's curriculum: each chapter opens the player, with its watched mark and, when
 * it has a video, 'Save for offline' (SaveForOffline); and Start learning / Continue.
 */
function EnrolledChapters({ courseId, chapters, lang }: { courseId: number; chapters: readonly Chapter[]; lang?: string }) {
  // The chapter list depends on who asks (videos only for those enrolled), but its cache entry
  // does not: the list may be a visitor's (the server-rendered page's, or read before the login or
  // the enrolment). Read it again for the student, so the player opened from here has the videos.
  useListCourseChaptersQuery({ courseId }, { refetchOnMountOrArgChange: true });
  const { saved } = useCourseProgress(courseId);
  const resume = continueChapter(chapters, saved);
  const first = chapters[0]!;
  const studentId = useAppSelector(selectStudentId);
  const { data: course } = useGetCourseQuery({ courseId });
  const exercises = useExerciseCounts(courseId);
  const offlineCopies = useSavedChapters(studentId);
  const savedOffline = new Set(offlineCopies.chapters?.map((entry) => entry.chapterId));
  // One polite region for the list's saves (their start, every quarter, the end, Cancel, Remove).
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  return (
    <>
      <Button component={RouterLink} to={paths.learn(courseId, (resume ?? first).id)} variant="contained" size="large" sx={{ mb: 2 }}>
        {resume === null ? messages.startLearning : messages.continueLearning}
      </Button>
      <ChapterList>
        {chapters.map((chapter, index) => (
          <ChapterEntry
            key={chapter.id}
            chapter={chapter}
            number={index + 1}
            lang={lang}
            to={paths.learn(courseId, chapter.id)}
            watched={saved.get(chapter.id)?.watched === true}
            exercises={exercises.get(chapter.id)}
            practice={paths.practice(courseId, chapter.id)}
            offline={
              studentId !== null && chapter.video !== null && course !== undefined && offlineCopies.chapters !== undefined ? (
                <SaveForOffline
                  chapter={{
                    studentId,
                    chapterId: chapter.id,
                    chapterTitle: chapter.title,
                    courseId,
                    courseTitle: course.title,
                    lang,
                    videoUrl: chapter.video,
                    captionsUrl: chapter.captions,
                  }}
                  saved={savedOffline.has(chapter.id)}
                  onAnnounce={announce}
                />
              ) : null
            }
          />
        ))}
      </ChapterList>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}

/**
 * 'In this course': the course's chapters, numbered, with their lengths where the provider knows
 * them. For everyone (the chapter list is public, without videos for those not enrolled, a free
 * preview's 'Preview' playing it in a dialog: extension); for an
 * enrolled student each chapter opens the lesson player, with watched marks and Start learning /
 * Continue.
 */
export function CourseChapters({
  courseId,
  lang,
  enrolled,
}: {
  courseId: number;
  /** The course's language (BCP 47), for the chapters' own texts. */
  lang?: string;
  /** True for a logged-in student enrolled in the course. */
  enrolled: boolean;
}) {
  const { data: chapters, isError, refetch } = useListCourseChaptersQuery({ courseId });
  const headingId = useId();
  const exercises = useExerciseCounts(courseId);

  let content: ReactNode;
  if (chapters === undefined) {
    content = isError ? (
      <LoadError message={messages.chaptersFailed} onRetry={() => void refetch()} />
    ) : (
      <Skeleton variant="rounded" height={160} />
    );
  } else if (chapters.length === 0) {
    content = <Typography>{messages.noChapters}</Typography>;
  } else if (enrolled) {
    content = <EnrolledChapters courseId={courseId} chapters={chapters} lang={lang} />;
  } else {
    content = (
      <ChapterList>
        {chapters.map((chapter, index) => (
          <ChapterEntry
            key={chapter.id}
            chapter={chapter}
            number={index + 1}
            lang={lang}
            watched={false}
            exercises={exercises.get(chapter.id)}
            preview={chapter.is_preview === true && chapter.video !== null ? <PreviewButton chapter={{ ...chapter, video: chapter.video }} lang={lang} /> : null}
          />
        ))}
      </ChapterList>
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
