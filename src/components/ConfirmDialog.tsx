import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';

/** A confirmation the user types (a course's title before deleting it with its students' access). */
export interface TypedConfirmation {
  /** The field's label, e.g. 'Course title' (short: a label stays on one line). */
  label: string;
  /** What must be typed: compared with the typed text trimmed, case-sensitive. */
  expected: string;
  /** Under the field, e.g. what to type. */
  hint?: string;
}

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
  /** The confirm button stays disabled until this text is typed; the field takes the focus. */
  typedConfirmation?: TypedConfirmation;
}

/**
 * A confirmation before a destructive action, as a modal dialog: focus starts on the cancel
 * button (the safe choice), or on the field of a typed confirmation, stays inside while open,
 * and returns to the opener afterwards.
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
  typedConfirmation,
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
      {/* Its own component: a typed confirmation starts empty each time the dialog opens. */}
      <ConfirmDialogBody
        textId={textId}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        busy={busy}
        destructive={destructive}
        onConfirm={onConfirm}
        onCancel={onCancel}
        typedConfirmation={typedConfirmation}
      >
        {children}
      </ConfirmDialogBody>
    </Dialog>
  );
}

type BodyProps = Pick<ConfirmDialogProps, 'children' | 'confirmLabel' | 'cancelLabel' | 'onConfirm' | 'onCancel' | 'typedConfirmation'> & {
  textId: string;
  busy: boolean;
  destructive: boolean;
};

function ConfirmDialogBody({ textId, children, confirmLabel, cancelLabel, busy, destructive, onConfirm, onCancel, typedConfirmation }: BodyProps) {
  const [typed, setTyped] = useState('');
  const confirmed = typedConfirmation === undefined || typed.trim() === typedConfirmation.expected.trim();
  return (
    <>
      {children || typedConfirmation ? (
        <DialogContent>
          {children ? <DialogContentText id={textId}>{children}</DialogContentText> : null}
          {typedConfirmation ? (
            <TextField
              label={typedConfirmation.label}
              helperText={typedConfirmation.hint}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && confirmed && !busy) onConfirm();
              }}
              disabled={busy}
              fullWidth
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the one thing to do next is to type the title
              autoFocus
              autoComplete="off"
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice takes the focus when the dialog opens */}
        <Button onClick={onCancel} disabled={busy} autoFocus={typedConfirmation === undefined}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} disabled={busy || !confirmed}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}
