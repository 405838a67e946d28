import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { mediaUrl, type Message } from '@/api';
import { isLanguageTag } from '@/components/courseLanguage';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { formatClock, formatMessageTime } from './messageTime';
import { inboxMessages as messages } from './inboxMessages';
import { useNow } from '@/hooks/useNow';

/** Spec section 9: the history box is 500 px high; on a phone, half the screen, so that the message box is on it too. */
const HISTORY_HEIGHT = { xs: 'max(280px, 50vh)', md: '500px' } as const;
/** How close to the end still counts as reading the newest message. */
const AT_BOTTOM_SLACK_PX = 40;

const keyOf = (message: Message, index: number) => (message.id === undefined ? `${index}-${message.msg_time}` : String(message.id));

interface MessageHistoryProps {
  messages: readonly Message[];
  /** The reader's side: their messages are signed 'You', the other's `otherName`. */
  side: 'student' | 'teacher';
  otherName: string;
  /** The messages before the first shown: whether there may be some, and how to show them. */
  earlier?: {
    available: boolean;
    loading: boolean;
    /** Why the last attempt failed, in words; null when it did not. */
    failure: string | null;
    onLoad: () => void;
  };
}

/** The first message shown, where it was and how tall the history was, after the last render. */
interface Anchor {
  key: string | null;
  element: HTMLElement | null;
  top: number;
  scrollHeight: number;
}

function isAtBottom(log: HTMLElement): boolean {
  return log.scrollHeight - log.scrollTop - log.clientHeight <= AT_BOTTOM_SLACK_PX;
}

/** A voice note (extension): its player, named with its length (the provider's measure, else the browser's). */
function VoiceNote({ src, seconds }: { src: string; seconds: number | null }) {
  const label = seconds === null ? messages.voiceNote : messages.voiceNoteOf(formatClock(Math.round(seconds)));
  return (
    <Box sx={{ mt: 0.5, minWidth: { xs: 220, sm: 280 } }}>
      <AudioPlayer src={src} label={label} seconds={seconds} />
    </Box>
  );
}

interface MessageItemProps {
  message: Message;
  own: boolean;
  otherName: string;
  now: Date;
  /** Whether its arrival is news to announce: not for earlier messages put in front of those shown. */
  news: boolean;
}

/** Memoised: a poll, a send or a scroll renders the history again, and a message whose props are the same need not be. */
const MessageItem = memo(function MessageItem({ message, own, otherName, now, news }: MessageItemProps) {
  const time = formatMessageTime(message.msg_time, now);
  const voice = mediaUrl(message.voice);
  return (
    <Box
      component="li"
      aria-live={news ? undefined : 'off'}
      sx={{
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        alignSelf: own ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '90%', sm: '75%' },
        px: 2,
        py: 1,
        borderRadius: 2,
        border: 1,
        borderColor: own ? 'primary.main' : 'divider',
        bgcolor: own ? '#e6f2ef' : 'background.paper',
      }}
    >
      <Typography component="p" variant="caption" sx={{ color: 'text.secondary', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {own ? messages.you : otherName}
        </Box>
        <time dateTime={message.msg_time} title={time.full}>
          {time.label}
        </time>
      </Typography>
      {/* Text, never HTML: React escapes it; line breaks kept, long words broken to fit. */}
      {/* In the language its sender gave it (an extension; none on other providers): spoken in that voice. */}
      {message.msg_text === '' ? null : (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lang={isLanguageTag(message.lang) ? message.lang : undefined}>
          {message.msg_text}
        </Typography>
      )}
      {voice === null ? null : <VoiceNote src={voice} seconds={message.voice_seconds ?? null} />}
    </Box>
  );
});

/**
 * A conversation's history, oldest first, each message signed with its sender's name ('You' for
 * the reader's own) and time, in a 500 px scrollable log (half the screen on a phone) that screen readers
 * announce politely as messages arrive. It follows the newest message while the reader is at
 * the end (and after their own message); a reader scrolled back keeps their place and gets a
 * 'New messages' button that takes them to the end. 'Load earlier messages', at the top while
 * there may be earlier ones, puts them above without moving what the reader sees and without
 * announcing them (`aria-live="off"` on each); the focus stays on the button, or goes to the
 * first message shown when the button goes.
 */
export function MessageHistory({ messages: history, side, otherName, earlier }: MessageHistoryProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const [atBottom, setAtBottom] = useState(true);
  const [hasNew, setHasNew] = useState(false);
  const last = history.at(-1);
  const lastKey = last === undefined ? null : keyOf(last, history.length - 1);
  const lastIsOwn = last?.msg_from === side;

  // A new newest message the reader, scrolled back, does not see yet (state from the previous render).
  const [seenKey, setSeenKey] = useState(lastKey);
  if (lastKey !== seenKey) {
    setSeenKey(lastKey);
    if (!atBottom && !lastIsOwn) setHasNew(true);
  }

  // Once per new newest message (not when the reader merely scrolls): follow it if they were at the end or wrote it.
  const followedKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || followedKey.current === lastKey) return;
    followedKey.current = lastKey;
    if (atBottom || lastIsOwn) log.scrollTop = log.scrollHeight;
  }, [lastKey, atBottom, lastIsOwn]);

  // Earlier messages put in front: the message that was first stays where the reader saw it
  // (the browser's own scroll anchoring is off, so that it is not moved twice).
  const firstKey = history.length === 0 ? null : keyOf(history[0] as Message, 0);
  // The log announces what is added to it; messages loaded above the first one shown are history, not news.
  const [newsFromKey, setNewsFromKey] = useState(firstKey);
  if (newsFromKey === null && firstKey !== null) setNewsFromKey(firstKey);
  const newsFrom = Math.max(0, history.findIndex((message, index) => keyOf(message, index) === newsFromKey));
  const anchor = useRef<Anchor>({ key: null, element: null, top: 0, scrollHeight: 0 });
  const focusFirstAfterLoad = useRef(false);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = anchor.current;
    const first = log.querySelector<HTMLElement>('ol > li');
    const moved = before.key !== null && before.key !== firstKey;
    if (moved) {
      log.scrollTop += before.element?.isConnected ? before.element.offsetTop - before.top : log.scrollHeight - before.scrollHeight;
    }
    // Once loaded: the focus stays on the button; when the button has gone, it goes to the first message.
    if (focusFirstAfterLoad.current && !earlier?.loading) {
      const button = log.querySelector('[data-load-earlier]');
      if (!button && first && !log.contains(document.activeElement)) {
        first.tabIndex = -1;
        first.focus({ preventScroll: true });
        focusFirstAfterLoad.current = false;
      } else if (moved || earlier?.failure) {
        focusFirstAfterLoad.current = false;
      }
    }
    anchor.current = { key: firstKey, element: first, top: first?.offsetTop ?? 0, scrollHeight: log.scrollHeight };
  });

  function loadEarlier() {
    if (!earlier || earlier.loading) return;
    focusFirstAfterLoad.current = true;
    earlier.onLoad();
  }

  function followScroll() {
    const log = logRef.current;
    if (!log) return;
    const bottom = isAtBottom(log);
    setAtBottom(bottom);
    if (bottom) setHasNew(false);
  }

  function showNewest() {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    setAtBottom(true);
    setHasNew(false);
    log.focus();
  }

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={messages.historyLabel(otherName)}
        tabIndex={0}
        onScroll={followScroll}
        sx={{
          height: HISTORY_HEIGHT,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
          p: 2,
          overflowAnchor: 'none',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {earlier?.available || earlier?.failure ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
            {earlier.available ? (
              <Button
                data-load-earlier
                size="small"
                startIcon={<ArrowUpwardIcon />}
                onClick={loadEarlier}
                aria-disabled={earlier.loading || undefined}
              >
                {earlier.loading ? messages.loadingEarlier : messages.loadEarlier}
              </Button>
            ) : null}
            {earlier.failure ? (
              <Typography role="alert" variant="body2" sx={{ color: 'error.main', textAlign: 'center' }}>
                {earlier.failure}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {history.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{messages.noMessagesYet}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {history.map((message, index) => (
              <MessageItem
                key={keyOf(message, index)}
                message={message}
                own={message.msg_from === side}
                otherName={otherName}
                now={now}
                news={index >= newsFrom}
              />
            ))}
          </Box>
        )}
      </Box>
      {hasNew ? (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowDownwardIcon />}
          onClick={showNewest}
          sx={{ position: 'absolute', bottom: 16, left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
        >
          {messages.newMessages}
        </Button>
      ) : null}
    </Box>
  );
}
