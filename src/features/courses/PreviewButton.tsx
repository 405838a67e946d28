import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { VideoPlayer } from '@/components/VideoPlayer';
import { visuallyHidden } from '@/components/visuallyHidden';
import { messages } from './messages';

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
  const titleId = useId();
  const title = chapter.title ?? '';
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<PlayArrowIcon aria-hidden="true" />} onClick={() => setOpen(true)}>
        {label}
        <Box component="span" sx={visuallyHidden} lang={lang}>
          {' '}
          {title}
        </Box>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="md">
        <DialogTitle id={titleId}>{messages.previewTitle(title)}</DialogTitle>
        <DialogContent>
          <VideoPlayer src={chapter.video} captionsUrl={chapter.captions ?? null} label={title} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{messages.closePreview}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
