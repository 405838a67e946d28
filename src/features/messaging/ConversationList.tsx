import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AreaLinkBadge } from '@/components/AreaLinkBadge';
import { PersonAvatar } from '@/components/PersonAvatar';
import { formatMessageTime } from './messageTime';
import { inboxMessages as messages } from './inboxMessages';
import type { InboxEntry } from './useInbox';
import { useNow } from '@/hooks/useNow';

/** The characters of the newest message the inbox shows. */
const PREVIEW_LENGTH = 60;

/** What the inbox shows of the newest message: its text (or 'Voice note'), 'You: ' before the reader's own. */
function previewOf(entry: InboxEntry, side: 'student' | 'teacher'): string | null {
  const last = entry.lastMessage;
  if (last === undefined) return null;
  if (last === null) return messages.noMessagesShort;
  const whole = last.msg_text.replace(/\s+/g, ' ').trim();
  // A preview, cut in the text rather than by the box, so that it wraps with larger text spacing (WCAG 1.4.12).
  const text = last.voice ? messages.voiceNote : whole.length > PREVIEW_LENGTH ? `${whole.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : whole;
  return last.msg_from === side ? messages.youWrote(text) : text;
}

interface ConversationListProps {
  entries: readonly InboxEntry[];
  side: 'student' | 'teacher';
  /** The other person of the open conversation, if any. */
  currentId: number | null;
  /** The address of the conversation with one person. */
  pathTo: (otherId: number) => string;
}

/**
 * The inbox: one link per conversation, with the other person's photo (or initials) and name,
 * the newest message and its time, and the unread messages (a badge, said in words).
 */
export function ConversationList({ entries, side, currentId, pathTo }: ConversationListProps) {
  const now = useNow();
  return (
    <Box component="nav" aria-label={messages.conversationsLabel}>
      <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        {entries.map((entry, index) => {
          const current = entry.otherId === currentId;
          const preview = previewOf(entry, side);
          const time = entry.lastMessage ? formatMessageTime(entry.lastMessage.msg_time, now) : null;
          return (
            <ListItem key={entry.otherId} disablePadding divider={index < entries.length - 1}>
              <ListItemButton
                component={RouterLink}
                to={pathTo(entry.otherId)}
                state={{ otherName: entry.otherName }}
                selected={current}
                aria-current={current ? 'page' : undefined}
                sx={{ alignItems: 'flex-start', gap: 0.5, py: 1.25 }}
              >
                <ListItemAvatar sx={{ mt: 0.5 }}>
                  <PersonAvatar name={entry.otherName} src={entry.photo} />
                </ListItemAvatar>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                    <Typography component="span" sx={{ fontWeight: entry.unread ? 700 : 500, flexGrow: 1, overflowWrap: 'anywhere' }}>
                      {entry.otherName}
                    </Typography>
                    {time ? (
                      <Typography component="time" variant="caption" dateTime={entry.lastMessage?.msg_time} title={time.full} sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                        {time.label}
                      </Typography>
                    ) : null}
                  </Box>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    {preview === null ? null : (
                      <Typography component="span" variant="body2" sx={{ color: 'text.secondary', flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {preview}
                      </Typography>
                    )}
                    {entry.unread ? ' ' : null}
                    {entry.unread ? <AreaLinkBadge count={entry.unread} label={messages.unreadCount(entry.unread)} /> : null}
                  </Box>
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
