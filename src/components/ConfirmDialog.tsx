import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to delete this course?'. */
  title: string;
  /** What the action concerns (e.g. the course's title), under the question. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The action runs: the buttons are disabled and Escape does not close the dialog. */
  busy?: boolean;
  /** Colours the confirm button as destructive (default true). */
  destructive?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click beside the dialog. */
  onCancel: () => void;
  /**
   * Where the focus goes once the dialog closes: by default back to the element that opened
   * it; pass false when that element goes away (the deleted row) and move the focus yourself.
   */
  restoreFocus?: boolean;
}

/**
 * A confirmation before a destructive action, as a modal dialog: focus starts on the cancel
 * button (the safe choice), stays inside while open, and returns to the opener afterwards.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  destructive = true,
  onConfirm,
  onCancel,
  restoreFocus = true,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      disableRestoreFocus={!restoreFocus}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children ? (
        <DialogContent>
          <DialogContentText id={textId}>{children}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice takes the focus when the dialog opens */}
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
