import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { errorText, lessonsApi, type LessonMessage } from '@/api';
import { roomMessages as messages } from './roomMessages';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The lesson's chat: the messages kept with the lesson, newest last, and a field to write one
 * while the room is open. A message that could not be sent stays in the field.
 */
export function RoomChat({
  lessonId,
  side,
  otherName,
  chat,
  open,
}: {
  lessonId: number;
  side: 'student' | 'teacher';
  otherName: string;
  chat: LessonMessage[];
  open: boolean;
}) {
  const [text, setText] = useState('');
  const [sendMessage, sending] = lessonsApi.useSendLessonMessageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [chat.length]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    setFailure(null);
    try {
      await sendMessage({ lessonId, lessonMessageForm: { text } }).unwrap();
      setText('');
    } catch (error) {
      setFailure(errorText(error, messages.messageNotSent));
    }
  };

  return (
    <Stack component="section" aria-labelledby="room-chat" spacing={1} sx={{ minHeight: 0 }}>
      <Typography id="room-chat" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {messages.chat}
      </Typography>
      {chat.length === 0 ? (
        <Typography color="text.secondary">{messages.chatEmpty}</Typography>
      ) : (
        <Box
          component="ol"
          ref={log}
          aria-label={messages.chatLog}
          aria-live="polite"
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: { xs: 200, md: 360 }, overflowY: 'auto' }}
        >
          {chat.map((message) => (
            <Box component="li" key={message.id} sx={{ py: 0.5 }}>
              <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
                {message.author === side ? messages.you : otherName} · {timeOf(message.sent_at)}
              </Typography>
              <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {open ? (
        <Stack component="form" direction="row" spacing={1} onSubmit={(event) => void submit(event)} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={messages.messageLabel}
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button type="submit" variant="contained" disabled={sending.isLoading}>
            {messages.send}
          </Button>
        </Stack>
      ) : (
        <Typography color="text.secondary">{messages.chatClosed}</Typography>
      )}
      {failure !== null && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}
