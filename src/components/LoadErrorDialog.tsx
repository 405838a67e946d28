import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { LoadError } from './LoadError';

/**
 * A failed read shown as a popup with its `title`, the `message`, Retry (calls `onRetry`) and
 * Close. Once closed, the message stays on the screen as an Alert with Retry. Render it while
 * the read has failed, keyed by the failed request (RTK Query's `requestId`), so that a new
 * failure after a retry opens the popup again.
 */
export function LoadErrorDialog({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const [open, setOpen] = useState(true);
  const messageId = useId();
  return (
    <>
      {open ? null : <LoadError message={message} onRetry={onRetry} />}
      <Dialog open={open} onClose={() => setOpen(false)} aria-describedby={messageId}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={messageId}>{message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
          <Button variant="contained" onClick={onRetry}>
            Retry
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
