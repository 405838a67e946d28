import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { type Chapter, type Course, isUnsupported, useListStudentProgressQuery } from '@/api';
import { useDocumentTitle } from '@/components/PageHeading';
import { focusWithRingForKeys } from '@/components/pointerFocus';
import { VideoPlayer } from '@/components/VideoPlayer';
import { visuallyHidden } from '@/components/visuallyHidden';
import { paths } from '@/config/paths';
import { PendingChangeNote } from '@/offline/PendingChangeNote';
import { useChapterProgress } from '@/features/courses/useChapterProgress';
import { type CourseProgressState, useCourseProgress } from '@/features/courses/useCourseProgress';
import { useExerciseCounts } from '@/features/courses/useExerciseCounts';
import { CaptionOverlay } from './CaptionOverlay';
import { ChapterList } from './ChapterList';
import { type CourseFinish, courseFinish } from './courseFinish';
import { FinishLine } from './FinishLine';
import { learningMessages as messages } from './messages';
import { LanguageTools } from './LanguageTools';
import { NextChapterOffer } from './NextChapterOffer';
import { Transcript } from './Transcript';
import { usePlayerKeys } from './usePlayerKeys';
import { usePlayerLanguage } from './usePlayerLanguage';

/** What a move to another chapter carries in the history entry: play it at once (Play now, the countdown). */
interface LearnState {
  play?: boolean;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function ChapterVideo({
  chapter,
  video,
  progress,
  videoRef,
  play,
  onEnded,
  defaultLang,
  overlay,
}: {
  chapter: Chapter;
  video: string;
  progress: CourseProgressState;
  videoRef: RefObject<HTMLVideoElement | null>;
  play: boolean;
  onEnded: () => void;
  /** The caption track shown at first (the student's choice after that: usePlayerLanguage). */
  defaultLang: string | undefined;
  overlay: ReactNode;
}) {
  const { videoProps, queued } = useChapterProgress({ chapterId: chapter.id, progress, playWhenReady: play, sharedVideoRef: videoRef });
  return (
    <>
      <VideoPlayer
        src={video}
        captionsUrl={chapter.captions}
        tracks={chapter.caption_tracks}
        defaultLang={defaultLang}
        overlay={overlay}
        label={chapter.title}
        videoProps={{
          ...videoProps,
          onEnded: (event) => {
            videoProps.onEnded(event);
            onEnded();
          },
        }}
        // Edge to edge on a phone.
        sx={{ mx: { xs: -2, sm: 0 }, '& video': { bgcolor: 'common.black', aspectRatio: '16 / 9', borderRadius: { xs: 0, sm: 1 } } }}
      />
      {/* Where the student stopped, saved offline: sent when the connection is back. */}
      {queued ? (
        <Box sx={{ mt: 1 }}>
          <PendingChangeNote />
        </Box>
      ) : null}
    </>
  );
}

function NoVideo() {
  return (
    <Box
      sx={{
        mx: { xs: -2, sm: 0 },
        aspectRatio: '16 / 9',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        borderRadius: { xs: 0, sm: 1 },
      }}
    >
      <Typography sx={{ color: 'text.secondary' }}>{messages.noVideo}</Typography>
    </Box>
  );
}

function Shortcuts() {
  return (
    <Box component="details" sx={{ mt: 3, '& summary': { cursor: 'pointer', fontWeight: 600, py: 0.5, width: 'fit-content' } }}>
      <summary>{messages.shortcutsHeading}</summary>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 1, mb: 0, '& dd': { m: 0 } }}>
        {messages.shortcuts.map(([key, action]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <dt>
              <Box component="kbd" sx={{ fontFamily: 'monospace', border: 1, borderColor: 'divider', borderRadius: 0.5, px: 0.75 }}>
                {key}
              </Box>
            </dt>
            <dd>{action}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The finish line's data: what the provider says, or, on a provider that does not tell, every chapter watched on this page's count. */
function useFinish(course: Course, chapters: readonly Chapter[], progress: CourseProgressState): CourseFinish | null {
  const studentId = progress.studentId;
  const { data, error, isError } = useListStudentProgressQuery(studentId === null ? skipToken : { studentId });
  const entry = data?.find((row) => row.course === course.id);
  const told = courseFinish(entry);
  if (told !== null) return told;
  const providerTells = entry !== undefined && entry.completed_at !== undefined;
  if (providerTells || (data === undefined && !(isError && isUnsupported(error)) && studentId !== null)) return null;
  const saves = chapters.map((chapter) => progress.saved.get(chapter.id));
  if (chapters.length === 0 || !saves.every((saved) => saved?.watched === true)) return null;
  const last = saves.reduce((latest, saved) => ((saved?.updated_at ?? '') > latest ? (saved?.updated_at ?? '') : latest), '');
  return { finishedAt: last || new Date().toISOString(), certificate: null };
}

interface LessonPlayerProps {
  course: Course;
  chapters: readonly Chapter[];
  chapter: Chapter;
  lang?: string;
  studentId: number;
  rated: boolean | undefined;
}

/**
 * The lesson player (/learn/:course_id/:chapter_id): the chapter's video (resumed where the
 * student stopped, its progress saved), title, description and remarks; Previous and Next; the
 * course's chapters beside it from md up, below it on a phone; when a chapter ends, the next one
 * offered with a 5-second countdown (none with reduced motion); the finish line once every chapter
 * is watched; and the keys of `usePlayerKeys`, each announced in the page's polite live region.
 */
export function LessonPlayer({ course, chapters, chapter, lang, studentId, rated }: LessonPlayerProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const play = (location.state as LearnState | null)?.play === true;
  const progress = useCourseProgress(course.id);
  const videoRef = useRef<HTMLVideoElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reducedMotion = useMediaQuery(REDUCED_MOTION, { noSsr: true });
  const [announcement, setAnnouncement] = useState<{ id: number; text: string } | null>(null);
  const [endedChapter, setEndedChapter] = useState<number | null>(null);
  const finish = useFinish(course, chapters, progress);
  const exerciseCounts = useExerciseCounts(course.id);
  const exercises = exerciseCounts.get(chapter.id) ?? 0;

  const index = chapters.findIndex((entry) => entry.id === chapter.id);
  const previous = index > 0 ? chapters[index - 1] : undefined;
  const next = chapters[index + 1];
  useDocumentTitle(messages.documentTitle(chapter.title, course.title));

  const announce = (text: string) => setAnnouncement((last) => ({ id: (last?.id ?? 0) + 1, text }));
  const goTo = (target: Chapter, playIt = false) => void navigate(paths.learn(course.id, target.id), { state: playIt ? ({ play: true } satisfies LearnState) : null });

  const language = usePlayerLanguage({ videoRef, chapterId: chapter.id, tracks: chapter.caption_tracks, courseLang: lang, studentId, announce });
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const transcriptId = useId();
  // The transcript beside the video from md up (above the chapter list), under its tools on a phone.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const transcript =
    transcriptOpen && language.mainTrack && chapter.video !== null ? (
      <Transcript
        id={transcriptId}
        language={language.mainTrack}
        cues={language.mainCues}
        currentIndex={language.currentIndex}
        onSeek={language.seekTo}
      />
    ) : null;

  usePlayerKeys({
    videoRef,
    announce,
    onNext: next === undefined ? null : () => goTo(next),
    onPrevious: previous === undefined ? null : () => goTo(previous),
    onRepeat: () => void language.repeatSentence(),
    onLoop: () => void language.toggleLoop(),
  });

  // A new chapter: the focus goes to its heading, which says its title (the live region does not
  // repeat it: one message per move, as after any navigation). Its ring shows to keyboard users
  // only: after the countdown's automatic Next, or a tap, nobody asked to see it.
  const shownChapter = useRef(chapter.id);
  useLayoutEffect(() => {
    if (shownChapter.current === chapter.id) return;
    shownChapter.current = chapter.id;
    setEndedChapter(null);
    setAnnouncement(null);
    if (headingRef.current !== null) focusWithRingForKeys(headingRef.current);
  }, [chapter.id]);

  // Said once as the finish line appears on this visit (not when a finished course is opened).
  const wasFinished = useRef<boolean | null>(null);
  useEffect(() => {
    const finished = finish !== null;
    if (wasFinished.current === false && finished) announce(messages.finishedTitle(course.title));
    if (wasFinished.current === null || finished) wasFinished.current = finished;
  }, [finish, course.title]);

  const offerNext = endedChapter === chapter.id && next !== undefined;
  const onEnded = () => {
    setEndedChapter(chapter.id);
    if (next !== undefined) announce(messages.nextAnnouncement(next.title, reducedMotion ? null : 5));
  };

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <Link component={RouterLink} to={paths.courseDetail(course.id)} lang={lang} sx={{ display: 'inline-block', mb: 0.5 }}>
        {course.title}
      </Link>
      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Typography variant="h1" ref={headingRef} tabIndex={-1} lang={lang} sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, mb: 2, overflowWrap: 'anywhere' }}>
            {chapter.title}
          </Typography>
          {chapter.video === null ? (
            <NoVideo />
          ) : (
            <>
              <ChapterVideo
                key={chapter.id}
                chapter={chapter}
                video={chapter.video}
                progress={progress}
                videoRef={videoRef}
                play={play}
                onEnded={onEnded}
                defaultLang={language.choice.kind === 'one' ? language.choice.lang : undefined}
                overlay={language.overlay ? <CaptionOverlay upper={language.overlay.upper} lower={language.overlay.lower} /> : null}
              />
              <LanguageTools tools={language} transcriptOpen={transcriptOpen} transcriptId={transcriptId} onTranscript={() => setTranscriptOpen((open) => !open)} />
              {!wide && transcript}
            </>
          )}
          <Box component="nav" aria-label={messages.chapterNavLabel} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
            {previous ? (
              <Button component={RouterLink} to={paths.learn(course.id, previous.id)} startIcon={<NavigateBeforeIcon />} aria-label={messages.previousNamed(previous.title)}>
                {messages.previous}
              </Button>
            ) : (
              <span />
            )}
            {next && (
              <Button component={RouterLink} to={paths.learn(course.id, next.id)} endIcon={<NavigateNextIcon />} variant="outlined" aria-label={messages.nextNamed(next.title)}>
                {messages.next}
              </Button>
            )}
          </Box>
          {exercises > 0 && (
            <Button
              component={RouterLink}
              to={paths.practice(course.id, chapter.id)}
              variant="contained"
              aria-label={messages.practiceNamed(chapter.title, exercises)}
              sx={{ mt: 2 }}
            >
              {messages.practice}
            </Button>
          )}
          {offerNext && (
            <NextChapterOffer
              title={next.title}
              lang={lang}
              countdown={!reducedMotion}
              onPlayNow={() => goTo(next, true)}
              onCancel={() => {
                setEndedChapter(null);
                announce(messages.countdownCancelled);
              }}
            />
          )}
          {finish !== null && <FinishLine courseId={course.id} courseTitle={course.title} lang={lang} finish={finish} studentId={studentId} rated={rated} />}
          {chapter.description && (
            <Typography sx={{ mt: 3, whiteSpace: 'pre-line' }} lang={lang}>
              {chapter.description}
            </Typography>
          )}
          {chapter.remarks && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
                {messages.remarksHeading}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }} lang={lang}>
                {chapter.remarks}
              </Typography>
            </Box>
          )}
          <Shortcuts />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {wide && transcript}
          <ChapterList courseId={course.id} courseTitle={course.title} chapters={chapters} currentId={chapter.id} saved={progress.saved} exercises={exerciseCounts} lang={lang} />
        </Grid>
      </Grid>
      <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
      </Box>
    </Container>
  );
}
