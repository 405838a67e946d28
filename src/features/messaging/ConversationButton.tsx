import ChatIcon from '@mui/icons-material/Chat';
import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { ConversationParties } from './useConversation';

export interface ConversationButtonProps extends ConversationParties {
  /** The other person's name (shown by the conversation at once, before the inbox has loaded). */
  otherName: string;
  /** The button's text ('Chat', 'Message'). */
  label: string;
  /** The button's accessible name when the text alone is ambiguous (a table row): it must contain `label`. */
  accessibleName?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/**
 * A link, shaped as a button, to the conversation with one person on the inbox's page
 * (/messages/:teacher_id for a student, /teacher-messages/:student_id for a teacher): the one
 * place where conversations are read and written.
 */
export function ConversationButton({ otherName, label, accessibleName, variant = 'outlined', size = 'small', side, teacherId, studentId }: ConversationButtonProps) {
  return (
    <Button
      component={RouterLink}
      to={side === 'student' ? paths.studentConversation(teacherId) : paths.teacherConversation(studentId)}
      state={{ otherName }}
      variant={variant}
      size={size}
      startIcon={<ChatIcon />}
      aria-label={accessibleName}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
