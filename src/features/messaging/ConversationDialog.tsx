import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { errorText } from '@/api';
import { LoadError } from '@/components/LoadError';
import { MessageComposer } from './MessageComposer';
import { MessageHistory } from './MessageHistory';
import { messagingMessages as messages } from './messagingMessages';
import { type ConversationParties, useConversation } from './useConversation';

export interface ConversationDialogProps extends ConversationParties {
  open: boolean;
  /** The other person's name: the dialog's title and the sender of their messages. */
  otherName: string;
  onClose: () => void;
}

function ConversationBody({ teacherId, studentId, side, otherName }: ConversationParties & { otherName: string }) {
  const { data, error, isError, refetch, send } = useConversation({ teacherId, studentId, side });
  const retry = () => void refetch();

  let history;
  if (data === undefined) {
    history = isError ? (
      <LoadError message={errorText(error, messages.conversationFailed)} onRetry={retry} />
    ) : (
      <Skeleton variant="rounded" height={500} role="status" aria-label={messages.loadingConversation} />
    );
  } else {
    history = (
      <Stack spacing={1}>
        {isError ? (
          <Alert severity="warning">
            {messages.refreshFailed} {errorText(error, null)}
          </Alert>
        ) : null}
        <MessageHistory messages={data} side={side} otherName={otherName} />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Box sx={{ alignSelf: 'flex-end' }}>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={retry}>
          {messages.refreshButton}
        </Button>
      </Box>
      {history}
      <MessageComposer rows={5} submitLabel={messages.submitButton} onSend={send} languageKey={`${side}:${teacherId}-${studentId}`} />
    </Stack>
  );
}

/**
 * The conversation between a teacher and a student (spec sections 2.4 and 2.5), full screen and
 * titled 'Send Message to {name}': the history (500 px, scrollable, a Refresh button, read again
 * every 5 seconds while open) and a 5-row message box with Submit. The message box has the focus
 * when it opens; closing it gives the focus back to what opened it.
 */
export function ConversationDialog({ open, otherName, onClose, ...parties }: ConversationDialogProps) {
  const titleId = useId();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Typography id={titleId} component="h2" variant="h5" sx={{ flexGrow: 1, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {messages.conversationTitle(otherName)}
          </Typography>
          <IconButton onClick={onClose} aria-label={messages.closeButton} edge="end">
            <CloseIcon />
          </IconButton>
        </Container>
      </Box>
      <DialogContent>
        <Container maxWidth="md" disableGutters>
          {open ? <ConversationBody {...parties} otherName={otherName} /> : null}
        </Container>
      </DialogContent>
    </Dialog>
  );
}
