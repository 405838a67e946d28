import ChatIcon from '@mui/icons-material/Chat';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { ConversationDialog } from './ConversationDialog';
import type { ConversationParties } from './useConversation';

export interface ConversationButtonProps extends ConversationParties {
  /** The other person's name (the dialog's title). */
  otherName: string;
  /** The button's text ('Chat', 'Message'). */
  label: string;
  /** The button's accessible name when the text alone is ambiguous (a table row): it must contain `label`. */
  accessibleName?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** A button that opens the conversation with one person; the focus comes back to it when it closes. */
export function ConversationButton({ otherName, label, accessibleName, variant = 'outlined', size = 'small', ...parties }: ConversationButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<ChatIcon />}
        aria-label={accessibleName}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {label}
      </Button>
      <ConversationDialog open={open} onClose={() => setOpen(false)} otherName={otherName} {...parties} />
    </>
  );
}
