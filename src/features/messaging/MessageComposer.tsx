import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VoiceRecorder } from '@/components/recorder/VoiceRecorder';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { academyLanguages, isLanguageTag, type LanguageTag } from '@/components/courseLanguage';
import { ServerMessage } from '@/components/ServerMessage';
import { useMessageLanguage } from './messageLanguage';
import { textLength } from '@/components/forms/textLength';
import { MESSAGE_MAX_LENGTH } from './messageText';
import { inboxMessages as messages } from './inboxMessages';
import { useDraft } from '@/components/forms/drafts';
import { outboxMessages } from '@/offline/outboxMessages';
import { useOnline } from '@/offline/useOnline';

/** What a send came to: the provider's `msg` (or our wording), green on success and red otherwise. */
export interface SendOutcome {
  tone: 'success' | 'error';
  text: string;
}

/** Voice notes (extension): how one is sent, and the upload under way. */
export interface VoiceNoteSending {
  /** Sends the recording with the text typed beside it ('' for none). */
  onSend: (voice: Blob, text: string) => Promise<SendOutcome>;
  uploading: boolean;
  /** 0 to 100, or null when the browser cannot tell. */
  percent: number | null;
  onCancel: () => void;
}

interface MessageComposerProps {
  /** Visible rows of the box (spec section 9: 5 for a conversation, 10 for a group message). */
  rows: number;
  submitLabel: string;
  /**
   * Sends the text, with the language chosen for it (a BCP 47 tag; undefined when none); the box
   * is cleared only when the outcome is a success.
   */
  onSend: (text: string, lang: LanguageTag | undefined) => Promise<SendOutcome>;
  /** Names the conversation under which the chosen language is remembered in this browser. */
  languageKey: string;
  /** Whether the box takes the focus when it appears (in a dialog, which gives it back to its opener). */
  focusOnOpen?: boolean;
  /** Offers 'Record a voice note' (where the provider takes voice notes). */
  voice?: VoiceNoteSending;
  /** Where what is typed is kept on the device until sent (`draftKey`); none kept without it. */
  draftKey?: string | null;
}

/** 'Language of the message': a native select (light, and the platform's own keyboard and reader support). */
function LanguageSelect({ value, onChange }: { value: LanguageTag | ''; onChange: (value: LanguageTag | '') => void }) {
  return (
    <TextField
      select
      label={messages.languageLabel}
      value={value}
      onChange={(event) => onChange(isLanguageTag(event.target.value) ? event.target.value : '')}
      size="small"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ alignSelf: 'flex-start', minWidth: 240 }}
    >
      <option value="">{messages.languageNone}</option>
      {academyLanguages.map(({ tag, name }) => (
        <option key={tag} value={tag}>
          {name}
        </option>
      ))}
    </TextField>
  );
}

/**
 * The message box of a conversation or a group message: Enter sends and Shift+Enter starts a
 * new line (said beside the box), the characters left are counted down to the provider's
 * limit, and the provider's message shows under it, green or red. A failed send keeps what
 * was typed; after a send the box has the focus. A dialog holding it focuses it on opening (`focusOnOpen`).
 * Offline, a note under the box (a status region, tied to the box and to Send) says a message
 * cannot be sent until the connection is back; Send does nothing but return to the box, and what
 * was typed stays. With `draftKey`, what is typed is kept on the device until it is sent.
 */
export function MessageComposer({ rows, submitLabel, onSend, languageKey, focusOnOpen = false, voice, draftKey = null }: MessageComposerProps) {
  const [draft, setDraft, forgetDraft] = useDraft(draftKey);
  const [voiceOn, setVoiceOn] = useState(false);
  const [recording, setRecording] = useState<Blob | null>(null);
  const withVoice = voice !== undefined && voiceOn;
  const [language, setLanguage] = useMessageLanguage(languageKey);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  /** Whether the outcome is the box's own check (empty, too long), which then names the box invalid. */
  const [refusedHere, setRefusedHere] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const boxId = useId();
  const outcomeId = useId();
  const offlineId = useId();
  const online = useOnline();
  const left = MESSAGE_MAX_LENGTH - textLength(draft);

  /** A message that cannot be sent: said under the box, tied to it, and the box has the focus. */
  function refuse(text: string) {
    setOutcome({ tone: 'error', text });
    setRefusedHere(true);
    box.current?.focus();
  }

  async function send() {
    if (sending) return;
    if (!online) {
      // The note under the box says why (read with the box, which takes the focus).
      box.current?.focus();
      return;
    }
    if (withVoice && recording === null) {
      refuse(messages.voiceRequired);
      return;
    }
    // With a voice note the text is optional.
    if (!withVoice && draft.trim() === '') {
      refuse(messages.messageRequired);
      return;
    }
    if (left < 0) {
      refuse(messages.messageTooLong(MESSAGE_MAX_LENGTH));
      return;
    }
    setSending(true);
    setOutcome(null);
    setRefusedHere(false);
    const result = withVoice && recording !== null ? await voice.onSend(recording, draft) : await onSend(draft, language === '' ? undefined : language);
    setSending(false);
    setOutcome(result);
    if (result.tone === 'success') {
      forgetDraft();
      setRecording(null);
      setVoiceOn(false);
      // Ready for the next message, whether it was sent with Enter or the button.
      box.current?.focus();
    }
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
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- only in a dialog, which gives the focus back to its opener */}
      <TextField autoFocus={focusOnOpen}
        id={boxId}
        label={messages.messageLabel}
        value={draft}
        inputRef={box}
        // What is typed is spoken, and spell-checked, in the message's language.
        slotProps={{
          htmlInput: {
            lang: language === '' ? undefined : language,
            'aria-describedby': `${boxId}-helper-text${refusedHere && outcome ? ` ${outcomeId}` : ''}${online ? '' : ` ${offlineId}`}`,
          },
        }}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={sendOnEnter}
        multiline
        rows={rows}
        fullWidth
        error={left < 0 || (refusedHere && outcome !== null)}
        // The hint and counter (MUI's helper text), and the reason a send was refused: aria-describedby above.
        helperText={
          <Stack component="span" direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
            <span>{messages.keyboardHint}</span>
            <span>{left >= 0 ? messages.charactersLeft(left) : messages.charactersOver(-left)}</span>
          </Stack>
        }
      />
      {/* Always in the page, so that going offline is announced. */}
      <Typography
        id={offlineId}
        role="status"
        variant="body2"
        sx={{ display: online ? 'none' : 'flex', alignItems: 'flex-start', gap: 1, color: 'text.secondary' }}
      >
        {online ? null : (
          <>
            <CloudOffOutlinedIcon fontSize="small" aria-hidden sx={{ mt: '0.1em', flexShrink: 0 }} />
            {outboxMessages.messageOffline}
          </>
        )}
      </Typography>
      <LanguageSelect value={language} onChange={setLanguage} />
      {voice ? (
        <FormControlLabel
          control={<Switch checked={voiceOn} onChange={(event) => setVoiceOn(event.target.checked)} disabled={sending} />}
          label={messages.recordVoiceNote}
          sx={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {withVoice ? <VoiceRecorder label={messages.voiceNoteLabel} value={recording} onChange={setRecording} disabled={sending} /> : null}
      {voice?.uploading ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant={voice.percent === null ? 'indeterminate' : 'determinate'}
            value={voice.percent ?? 0}
            aria-label={messages.voiceSending}
            sx={{ flexGrow: 1 }}
          />
          <Button variant="outlined" size="small" onClick={voice.onCancel}>
            {messages.cancelButton}
          </Button>
        </Stack>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button
          type="submit"
          variant="contained"
          aria-disabled={sending || !online || undefined}
          aria-describedby={online ? undefined : offlineId}
          sx={{ flexShrink: 0 }}
        >
          {submitLabel}
        </Button>
        {outcome ? (
          <ServerMessage tone={outcome.tone} id={outcomeId}>
            {outcome.text}
          </ServerMessage>
        ) : null}
      </Stack>
    </Stack>
  );
}
