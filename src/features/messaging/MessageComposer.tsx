import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { ServerMessage } from '@/components/ServerMessage';
import { MESSAGE_MAX_LENGTH, messageLength } from './messageText';
import { messagingMessages as messages } from './messagingMessages';

/** What a send came to: the provider's `msg` (or our wording), green on success and red otherwise. */
export interface SendOutcome {
  tone: 'success' | 'error';
  text: string;
}

interface MessageComposerProps {
  /** Visible rows of the box (spec section 9: 5 for a conversation, 10 for a group message). */
  rows: number;
  submitLabel: string;
  /** Sends the text; the box is cleared only when the outcome is a success. */
  onSend: (text: string) => Promise<SendOutcome>;
}

/**
 * The message box of a conversation or a group message: Enter sends and Shift+Enter starts a
 * new line (said beside the box), the characters left are counted down to the provider's
 * limit, and the provider's message shows under it, green or red. A failed send keeps what
 * was typed; the box keeps the focus throughout. The dialog holding it focuses it on opening.
 */
export function MessageComposer({ rows, submitLabel, onSend }: MessageComposerProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const boxId = useId();
  const left = MESSAGE_MAX_LENGTH - messageLength(draft);

  async function send() {
    if (sending) return;
    if (draft.trim() === '') {
      setOutcome({ tone: 'error', text: messages.messageRequired });
      return;
    }
    if (left < 0) {
      setOutcome({ tone: 'error', text: messages.messageTooLong(MESSAGE_MAX_LENGTH) });
      return;
    }
    setSending(true);
    setOutcome(null);
    const result = await onSend(draft);
    setSending(false);
    setOutcome(result);
    if (result.tone === 'success') setDraft('');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function sendOnEnter(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the box takes the focus when its dialog opens (the dialog gives it back to the opener) */}
      <TextField autoFocus
        id={boxId}
        label={messages.messageLabel}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={sendOnEnter}
        multiline
        rows={rows}
        fullWidth
        error={left < 0}
        helperText={
          <Stack component="span" direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
            <span>{messages.keyboardHint}</span>
            <span>{left >= 0 ? messages.charactersLeft(left) : messages.charactersOver(-left)}</span>
          </Stack>
        }
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained" aria-disabled={sending || undefined} sx={{ flexShrink: 0 }}>
          {submitLabel}
        </Button>
        {outcome ? <ServerMessage tone={outcome.tone}>{outcome.text}</ServerMessage> : null}
      </Stack>
    </Stack>
  );
}
