import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { visuallyHidden } from '@/components/visuallyHidden';
import { messages } from './messages';

/** The dialog (MUI's Modal and the video player) loads when someone reaches for a preview. */
const loadPreviewDialog = () => import(/* webpackChunkName: "preview-dialog" */ './PreviewDialog');
const PreviewDialog = lazy(async () => ({ default: (await loadPreviewDialog()).PreviewDialog }));

/**
 * 'Preview' on a free preview chapter (extension, issue 39): its video in a dialog, for anyone;
 * the provider sends the video of such a chapter to every caller.
 */
export function PreviewButton({
  chapter,
  lang,
  label = messages.preview,
}: {
  chapter: { title?: string; video: string; captions?: string | null };
  lang?: string;
  /** The button's text ('Preview'; Start here's 'Play the free preview'), the chapter's title after it for screen readers. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  /** Mounted from the first opening on, so that closing plays the dialog's exit. */
  const [wanted, setWanted] = useState(false);
  const title = chapter.title ?? '';
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<PlayArrowIcon aria-hidden="true" />}
        onPointerEnter={() => void loadPreviewDialog()}
        onFocus={() => void loadPreviewDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
        <Box component="span" sx={visuallyHidden} lang={lang}>
          {' '}
          {title}
        </Box>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <PreviewDialog open={open} onClose={() => setOpen(false)} chapter={chapter} />
        </Suspense>
      ) : null}
    </>
  );
}
