import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Typography from '@mui/material/Typography';
import { outboxMessages } from './outboxMessages';

/**
 * The quiet caption beside a change made offline that the screen shows as done: 'Saved on this
 * device: will be sent when you are back online.' Plain text (no live region, no toast): it is
 * read with what it stands beside; `id` lets a control refer to it (aria-describedby).
 */
export function PendingChangeNote({ id, children = outboxMessages.queuedNote }: { id?: string; children?: string }) {
  return (
    <Typography id={id} variant="caption" component="p" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'flex-start', gap: 0.5, m: 0 }}>
      <CloudUploadOutlinedIcon aria-hidden sx={{ fontSize: '1.1em', mt: '0.1em', flexShrink: 0 }} />
      {children}
    </Typography>
  );
}
