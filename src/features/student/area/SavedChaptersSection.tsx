import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '@/components/visuallyHidden';
import { paths } from '@/config/paths';
import { removeSavedChapter, type SavedChapter, totalBytes, useSavedChapters } from '@/offline/savedChapters';
import { formatDay } from '@/features/learning/courseFinish';
import { formatBytes, savedChaptersMessages as messages } from '@/offline/savedChaptersMessages';

function SavedEntry({ chapter, onRemove, busy }: { chapter: SavedChapter; onRemove: () => void; busy: boolean }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={paths.learn(chapter.courseId, chapter.chapterId)} lang={chapter.lang}>
          {chapter.chapterTitle}
        </Link>
        <Typography variant="body2" color="text.secondary">
          <span lang={chapter.lang}>{chapter.courseTitle}</span>
          {' · '}
          {formatBytes(chapter.bytes)}
          {' · '}
          {messages.savedOn(formatDay(chapter.savedAt))}
        </Typography>
      </Box>
      <Button size="small" onClick={onRemove} disabled={busy} aria-label={messages.removeNamed(chapter.chapterTitle)} data-chapter={chapter.chapterId}>
        {messages.remove}
      </Button>
    </Box>
  );
}

/**
 * The student area's 'Saved for offline': each chapter saved on this device with its course,
 * size, date and Remove, and the space they use; an empty state. Read from the student's
 * saved-chapters cache only, so it shows offline too. After a Remove the focus goes to the next
 * entry's Remove (or the previous one's, or the heading when none is left).
 */
export function SavedChaptersSection({ studentId }: { studentId: number | null }) {
  const { chapters, supported } = useSavedChapters(studentId);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<{ chapterId: number | null } | null>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null || chapters === undefined) return;
    focusAfter.current = null;
    const next = target.chapterId === null ? null : listRef.current?.querySelector<HTMLElement>(`[data-chapter="${target.chapterId}"]`);
    (next ?? headingRef.current)?.focus();
  }, [chapters]);

  const remove = async (chapter: SavedChapter) => {
    if (studentId === null || chapters === undefined) return;
    const at = chapters.indexOf(chapter);
    const neighbour = chapters[at + 1] ?? chapters[at - 1] ?? null;
    setProblem(null);
    setRemoving(chapter.chapterId);
    try {
      focusAfter.current = { chapterId: neighbour?.chapterId ?? null };
      await removeSavedChapter(studentId, chapter.chapterId);
      setAnnouncement(messages.announceRemoved(chapter.chapterTitle));
    } catch {
      focusAfter.current = null;
      setProblem(messages.removeFailed);
    } finally {
      setRemoving(null);
    }
  };

  let content;
  if (!supported) {
    content = <Typography>{messages.sectionUnsupported}</Typography>;
  } else if (chapters === undefined) {
    // The device's own cache answers in a moment: a quiet placeholder, nothing to announce.
    content = <Skeleton variant="rounded" height={64} />;
  } else if (chapters.length === 0) {
    content = <Typography>{messages.empty}</Typography>;
  } else {
    content = (
      <>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{messages.spaceUsed(totalBytes(chapters))}</Typography>
        <Box component="ul" ref={listRef} aria-label={messages.listLabel} sx={{ listStyle: 'none', p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}>
          {chapters.map((chapter) => (
            <SavedEntry key={chapter.chapterId} chapter={chapter} busy={removing === chapter.chapterId} onRemove={() => void remove(chapter)} />
          ))}
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} ref={headingRef} tabIndex={-1} gutterBottom>
        {messages.sectionTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {messages.sectionIntro}
      </Typography>
      {problem !== null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {content}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
