import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A result line under a form: green with a tick on success, red with a warning sign on failure
 * (the icon keeps the meaning from resting on colour alone). Announced to screen readers as a
 * status or an alert.
 */
export function ServerMessage({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const Icon = tone === 'success' ? CheckCircleOutlinedIcon : ErrorOutlinedIcon;
  return (
    <Typography
      role={tone === 'success' ? 'status' : 'alert'}
      sx={{ color: `${tone}.main`, display: 'flex', alignItems: 'flex-start', gap: 1, fontWeight: 500 }}
    >
      <Icon fontSize="small" aria-hidden sx={{ mt: '0.15em', flexShrink: 0 }} />
      <span>{children}</span>
    </Typography>
  );
}
