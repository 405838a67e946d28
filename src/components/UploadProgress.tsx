import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface UploadProgressProps {
  /** How much has been sent, 0 to 100; null when the browser cannot tell (the bar then moves without a figure). */
  percent: number | null;
  /** Names the progress bar, e.g. 'Upload progress'. */
  label: string;
  onCancel: () => void;
  cancelLabel?: string;
  /**
   * Move the focus to Cancel when the bar appears (default true): the button that started the
   * upload is usually disabled meanwhile, and the focus must not fall back to the page.
   */
  focusCancel?: boolean;
}

function focusOnMount(node: HTMLButtonElement | null) {
  node?.focus();
}

/** A determinate progress bar with the percentage sent and a Cancel button, for an upload under way. */
export function UploadProgress({ percent, label, onCancel, cancelLabel = 'Cancel', focusCancel = true }: UploadProgressProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 560 }}>
      <Box sx={{ flexGrow: 1 }}>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-label={label}
          aria-valuetext={percent === null ? undefined : `${percent}%`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      {percent === null ? null : (
        <Typography component="span" aria-hidden sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {percent}%
        </Typography>
      )}
      <Button variant="outlined" onClick={onCancel} ref={focusCancel ? focusOnMount : undefined}>
        {cancelLabel}
      </Button>
    </Stack>
  );
}
