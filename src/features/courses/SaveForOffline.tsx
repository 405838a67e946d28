import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/DownloadForOfflineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { removeSavedChapter } from '@/offline/savedChapters';
import type { ChapterToSave, SaveRefusal, SizeCheck } from '@/offline/savedChaptersDownload';
import { savedChaptersMessages as messages } from '@/offline/savedChaptersMessages';

/** The download's module, fetched when a student first asks to save a chapter. */
const loadDownload = () => import(/* webpackChunkName: "saved-chapters-download" */ '@/offline/savedChaptersDownload');

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'confirm'; check: SizeCheck }
  | { kind: 'refused'; refusal: SaveRefusal }
  | { kind: 'saving'; received: number; total: number | null }
  | { kind: 'removing' };

type FocusTarget = 'save' | 'download' | 'cancel' | 'remove';

function refusalText(refusal: SaveRefusal): string {
  switch (refusal.reason) {
    case 'space':
      return refusal.needed === null ? messages.noSpaceUnknownSize(refusal.free) : messages.noSpace(refusal.needed, refusal.free);
    case 'unsupported':
      return messages.unsupported;
    default:
      return messages.failed;
  }
}

const percentOf = (received: number, total: number) => Math.min(100, Math.floor((received / total) * 100));

export interface SaveForOfflineProps {
  chapter: ChapterToSave;
  /** Whether the saved list holds this chapter. */
  saved: boolean;
  /** Says a text in the page's polite live region. */
  onAnnounce: (text: string) => void;
}

/**
 * A chapter's 'Save for offline' on the course page of an enrolled student: first its size and
 * whether the device has room (Download or Not now), then the download with a labelled progress
 * bar and Cancel, then 'Saved for offline' with Remove. A refused save says why. The focus follows
 * the next action (Download, Cancel, Remove, Save) when it was on the control.
 */
export function SaveForOffline({ chapter, saved, onAnnounce }: SaveForOfflineProps) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  // What the student just did, until the saved list catches up.
  const [savedHere, setSavedHere] = useState<boolean | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const focusRef = useRef<FocusTarget | null>(null);
  const title = chapter.chapterTitle;
  // The list caught up (or changed elsewhere): it tells again.
  const [listSaved, setListSaved] = useState(saved);
  if (listSaved !== saved) {
    setListSaved(saved);
    setSavedHere(null);
  }
  const isSaved = savedHere ?? saved;

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    const target = focusRef.current;
    const box = boxRef.current;
    if (target === null || box === null) return;
    const element = box.querySelector<HTMLElement>(`[data-offline-focus="${target}"]`);
    if (element === null) return;
    focusRef.current = null;
    const active = document.activeElement;
    // Only when the focus was on this control (or fell to the page as a button went away).
    if (active === null || active === document.body || box.contains(active)) element.focus();
  });

  const go = (next: Step, focus: FocusTarget | null = null) => {
    focusRef.current = focus;
    setStep(next);
  };

  const check = async () => {
    setProblem(null);
    go({ kind: 'checking' });
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const { checkChapterSize } = await loadDownload();
      const result = await checkChapterSize(chapter, controller.signal);
      if (controller.signal.aborted) return;
      if (result.refusal !== null) {
        setProblem(refusalText(result.refusal));
        go({ kind: 'refused', refusal: result.refusal }, 'save');
      } else {
        go({ kind: 'confirm', check: result }, 'download');
      }
    } catch {
      if (controller.signal.aborted) return;
      setProblem(messages.failed);
      go({ kind: 'refused', refusal: { reason: 'failed' } }, 'save');
    }
  };

  const download = async () => {
    setProblem(null);
    const controller = new AbortController();
    abortRef.current = controller;
    go({ kind: 'saving', received: 0, total: null }, 'cancel');
    onAnnounce(messages.announceStart(title));
    let announced = 0;
    try {
      const { saveChapter } = await loadDownload();
      await saveChapter(chapter, {
        signal: controller.signal,
        onProgress: (received, total) => {
          setStep({ kind: 'saving', received, total });
          if (total !== null && total > 0) {
            // Every quarter, not every percent: enough to know it moves.
            const quarter = Math.floor(percentOf(received, total) / 25) * 25;
            if (quarter > announced && quarter < 100) {
              announced = quarter;
              onAnnounce(messages.announceProgress(title, quarter));
            }
          }
        },
      });
      setSavedHere(true);
      go({ kind: 'idle' }, 'remove');
      onAnnounce(messages.announceSaved(title));
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancel (the student's, or the page going away): nothing stored.
        return;
      }
      const refusal: SaveRefusal = (error as { refusal?: SaveRefusal }).refusal ?? { reason: 'failed' };
      setProblem(refusalText(refusal));
      go({ kind: 'refused', refusal }, 'save');
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const cancel = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    go({ kind: 'idle' }, 'save');
    onAnnounce(messages.announceCancelled(title));
  };

  const notNow = () => go({ kind: 'idle' }, 'save');

  const remove = async () => {
    setProblem(null);
    go({ kind: 'removing' });
    try {
      await removeSavedChapter(chapter.studentId, chapter.chapterId);
      setSavedHere(false);
      go({ kind: 'idle' }, 'save');
      onAnnounce(messages.announceRemoved(title));
    } catch {
      setProblem(messages.removeFailed);
      go({ kind: 'idle' }, 'remove');
    }
  };

  let content;
  if (step.kind === 'checking') {
    content = (
      <Typography variant="body2" color="text.secondary">
        {messages.checking}
      </Typography>
    );
  } else if (step.kind === 'confirm') {
    const { bytes, free } = step.check;
    content = (
      <>
        <Typography variant="body2" sx={{ flex: '1 1 14rem' }}>
          {bytes === null ? messages.sizeUnknown : messages.size(bytes, chapter.captionsUrl !== null)}
          {free === null ? null : ` ${messages.free(free)}`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" variant="contained" onClick={() => void download()} aria-label={messages.downloadNamed(title)} data-offline-focus="download">
            {messages.download}
          </Button>
          <Button size="small" onClick={notNow} aria-label={messages.notNowNamed(title)}>
            {messages.notNow}
          </Button>
        </Box>
      </>
    );
  } else if (step.kind === 'saving') {
    const { received, total } = step;
    const known = total !== null && total > 0;
    const percent = known ? percentOf(received, total) : null;
    const figure = known ? messages.progressOf(percent!, received, total) : messages.progressUnknown(received);
    content = (
      <>
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <LinearProgress
            variant={known ? 'determinate' : 'indeterminate'}
            value={percent ?? undefined}
            aria-label={messages.progressLabel(title)}
            aria-valuetext={figure}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" aria-hidden="true" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
            {figure}
          </Typography>
        </Box>
        <Button size="small" variant="outlined" onClick={cancel} aria-label={messages.cancelNamed(title)} data-offline-focus="cancel">
          {messages.cancel}
        </Button>
      </>
    );
  } else if (isSaved) {
    content = (
      <>
        <Typography component="span" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.dark', fontWeight: 600 }}>
          <CheckCircleIcon fontSize="small" aria-hidden="true" />
          {messages.saved}
        </Typography>
        <Button
          size="small"
          onClick={() => void remove()}
          disabled={step.kind === 'removing'}
          aria-label={messages.removeNamed(title)}
          data-offline-focus="remove"
        >
          {messages.remove}
        </Button>
      </>
    );
  } else {
    content = (
      <Button size="small" startIcon={<DownloadIcon aria-hidden="true" />} onClick={() => void check()} aria-label={messages.saveNamed(title)} data-offline-focus="save">
        {messages.save}
      </Button>
    );
  }

  const wide = step.kind === 'confirm' || step.kind === 'saving' || problem !== null;
  return (
    <Box ref={boxRef} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1, flexBasis: wide ? '100%' : 'auto' }}>
      {content}
      {problem !== null && (
        <Alert severity="warning" sx={{ flexBasis: '100%', py: 0 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
