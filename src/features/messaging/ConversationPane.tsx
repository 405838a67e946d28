import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText } from '@/api';
import { LoadError } from '@/components/LoadError';
import { useDocumentTitle } from '@/components/PageHeading';
import { draftKey } from '@/components/forms/drafts';
import { useOnline } from '@/offline/useOnline';
import { MessageComposer } from './MessageComposer';
import { MessageHistory } from './MessageHistory';
import { inboxMessages as messages } from './inboxMessages';
import { type ConversationParties, useConversation } from './useConversation';

export interface ConversationPaneProps extends ConversationParties {
  /** Whether the provider takes voice notes (it has the inbox extension they come with). */
  voiceNotes: boolean;
  /** The other person's name: the heading, and the sender of their messages; undefined when the inbox could not say it. */
  otherName: string | undefined;
  /** The inbox's address, for the back link shown on phones. */
  inboxPath: string;
}

/**
 * One conversation (spec sections 2.4 and 2.5, on a page of its own): the other person's name as
 * the screen's h1 (which takes the focus on arrival, as every screen's does; 'Conversation' when
 * the inbox could not name them), the history (its
 * newest 50 messages, 'Load earlier messages' for more; what is new read every 5 seconds, no
 * Refresh button) and the message box with Send, which keeps what was
 * typed when a send fails, and 'Record a voice note' where the provider has the inbox extension. On a phone it is the whole page, with a link back to the inbox.
 * Offline, a conversation the device did not keep says so, once (the banner says the rest), and
 * is read again as the connection comes back.
 */
export function ConversationPane({ teacherId, studentId, side, otherName, inboxPath, voiceNotes }: ConversationPaneProps) {
  const { shown, earlier, error, isError, refetch, send, sendVoice, voiceUpload } = useConversation({ teacherId, studentId, side });
  const heading = otherName ?? messages.conversationHeading;
  const sender = otherName ?? messages.unknownPerson(side === 'student' ? teacherId : studentId);
  useDocumentTitle(messages.conversationDocumentTitle(heading));
  const retry = () => void refetch();
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void refetch();
    wasOnline.current = online;
  }, [online, refetch]);

  let history;
  if (shown === undefined && isError && !online) {
    history = <Typography>{messages.conversationNotSaved}</Typography>;
  } else if (shown === undefined) {
    history = isError ? (
      <LoadError message={errorText(error, messages.conversationFailed)} onRetry={retry} />
    ) : (
      <Skeleton variant="rounded" height={400} role="status" aria-label={messages.loadingConversation} />
    );
  } else {
    history = (
      <Stack spacing={1}>
        {isError ? (
          <Alert severity="warning">
            {messages.refreshFailed} {errorText(error, null)}
          </Alert>
        ) : null}
        <MessageHistory
          messages={shown}
          side={side}
          otherName={sender}
          earlier={{
            available: earlier.available,
            loading: earlier.loading,
            failure: earlier.error === undefined ? null : `${messages.earlierFailed} ${errorText(earlier.error, '')}`.trim(),
            onLoad: earlier.load,
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to={inboxPath} sx={{ display: { xs: 'inline-flex', md: 'none' }, alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {messages.backToInbox}
      </Link>
      <Typography variant="h1" tabIndex={-1} sx={{ fontSize: { xs: '1.75rem', md: '2rem' }, overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      {history}
      <MessageComposer
        rows={5}
        submitLabel={messages.sendButton}
        onSend={send}
        languageKey={`${side}:${teacherId}-${studentId}`}
        draftKey={draftKey({ side, id: side === 'teacher' ? teacherId : studentId }, `conversation:${teacherId}-${studentId}`)}
        voice={voiceNotes ? { onSend: sendVoice, uploading: voiceUpload.uploading, percent: voiceUpload.percent, onCancel: voiceUpload.cancel } : undefined}
      />
    </Stack>
  );
}
