import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { VideoPlayer } from '@/components/VideoPlayer';
import { messages } from './messages';

/** A free preview chapter's video in a dialog (PreviewButton). */
export function PreviewDialog({
  open,
  onClose,
  chapter,
}: {
  open: boolean;
  onClose: () => void;
  chapter: { title?: string; video: string; captions?: string | null };
}) {
  const titleId = useId();
  const title = chapter.title ?? '';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{messages.previewTitle(title)}</DialogTitle>
      <DialogContent>
        <VideoPlayer src={chapter.video} captionsUrl={chapter.captions ?? null} label={title} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.closePreview}</Button>
      </DialogActions>
    </Dialog>
  );
}
