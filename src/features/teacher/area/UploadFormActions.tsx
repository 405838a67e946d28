import Button from '@mui/material/Button';
import { useId } from 'react';
import { ServerMessage } from '@/components/ServerMessage';
import { UploadProgress } from '@/components/UploadProgress';
import { teacherAreaMessages as messages } from './messages';
import { UploadFailureNote } from './UploadFailureNote';

/** The upload under way: its progress and Cancel. */
export interface UploadState {
  uploading: boolean;
  percent: number | null;
  cancel: () => void;
}

/**
 * The end of an upload form (course, chapter): the progress bar and Cancel while uploading, the
 * submit button (`submitLabel` and 'Uploading...' meanwhile, or for an edit 'Update' and
 * 'Updating...'), and why the last submit failed: an alert when no toast said it, else a note
 * read with the button.
 */
export function UploadFormActions({
  upload,
  submitLabel,
  failure,
}: {
  upload: UploadState;
  /** The button of an add form; without it, the edit form's 'Update'. */
  submitLabel?: string;
  failure: { text: string; alert: boolean } | null;
}) {
  const failureId = useId();
  const [idle, busy] = submitLabel === undefined ? [messages.updateButton, messages.updatingButton] : [submitLabel, messages.uploadingButton];
  return (
    <>
      {upload.uploading ? (
        <UploadProgress percent={upload.percent} label={messages.uploadProgressLabel} onCancel={upload.cancel} cancelLabel={messages.cancelUpload} />
      ) : null}
      <Button
        type="submit"
        variant="contained"
        disabled={upload.uploading}
        aria-describedby={failure && !failure.alert ? failureId : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {upload.uploading ? busy : idle}
      </Button>
      {failure?.alert ? <ServerMessage tone="error">{failure.text}</ServerMessage> : null}
      {failure && !failure.alert ? <UploadFailureNote id={failureId}>{failure.text}</UploadFailureNote> : null}
    </>
  );
}
