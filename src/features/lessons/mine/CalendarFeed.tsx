import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorText, type LessonCalendar } from '@/api';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadError } from '@/components/LoadError';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { lessonMessages as messages } from '../lessonMessages';

interface CalendarFeedProps {
  /** The address's read, once asked for (`getStudentLessonCalendar` or `getTeacherLessonCalendar`, lazily). */
  address: { data?: LessonCalendar; error?: unknown; isUninitialized: boolean };
  onShow: () => void;
  /** Renews the address (the read follows it); rejects on a failure. */
  onRenew: () => Promise<unknown>;
  renewing: boolean;
}

/**
 * 'Add to your calendar': the secret address of the person's lesson calendar, read on demand
 * ('Show the address': it is made on first asking), with Copy, and 'Renew address' after a
 * confirmation that says the old address stops working.
 */
export function CalendarFeed({ address, onShow, onRenew, renewing }: CalendarFeedProps) {
  const headingId = useId();
  const [askingRenewal, setAskingRenewal] = useState(false);
  const { enqueueSnackbar } = useToasts();
  const { data, error } = address;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(messages.copied, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch {
      enqueueSnackbar(messages.copyFailed, { variant: 'error' });
    }
  }

  async function renew() {
    try {
      await onRenew();
      enqueueSnackbar(messages.renewed, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch (failure) {
      enqueueSnackbar(errorText(failure, messages.renewFailed), { variant: 'error' });
    }
    setAskingRenewal(false);
  }

  let body;
  if (address.isUninitialized) {
    body = (
      <Button variant="outlined" onClick={onShow}>
        {messages.showCalendarAddress}
      </Button>
    );
  } else if (data === undefined) {
    body = error ? (
      <LoadError message={errorText(error, messages.calendarFailed)} onRetry={onShow} />
    ) : (
      <RowsSkeleton label={messages.loadingCalendar} rowHeight={40} />
    );
  } else {
    body = (
      <Stack spacing={1.5}>
        <TextField
          label={messages.calendarAddressLabel}
          value={data.url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, inputLabel: { shrink: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void copy(data.url)}>
            {messages.copy}
          </Button>
          <Button color="error" aria-haspopup="dialog" onClick={() => setAskingRenewal(true)}>
            {messages.renewAddress}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.5rem', mb: 1 }}>
        {messages.calendarHeading}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{messages.calendarIntro}</Typography>
      {body}
      <ConfirmDialog
        open={askingRenewal}
        title={messages.renewQuestion}
        confirmLabel={messages.renewAddress}
        cancelLabel={messages.keepAddress}
        busy={renewing}
        onConfirm={() => void renew()}
        onCancel={() => setAskingRenewal(false)}
      >
        {messages.renewText}
      </ConfirmDialog>
    </Box>
  );
}
