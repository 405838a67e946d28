import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * How long a success message's status region stays empty after it appears. Screen readers
 * announce a change inside a polite live region they already know; a status inserted with its
 * text at once is announced by some and missed by others (VoiceOver in particular), so the text
 * is revealed into the region a moment after the region itself. An alert needs no such delay:
 * inserting a role="alert" element is what makes screen readers announce it.
 */
export const REVEAL_DELAY_MS = 100;

/**
 * A result line under a form: green with a tick on success, red with a warning sign on failure
 * (the icon keeps the meaning from resting on colour alone). A live region: a status (polite)
 * on success, its text revealed once the region is in the page; an alert (assertive) on
 * failure. A later change of text is announced too. `id` lets a field refer to it
 * (aria-describedby).
 */
export function ServerMessage({ tone, children, id }: { tone: 'success' | 'error'; children: ReactNode; id?: string }) {
  const Icon = tone === 'success' ? CheckCircleOutlinedIcon : ErrorOutlinedIcon;
  const [revealed, setRevealed] = useState(tone === 'error');
  useEffect(() => {
    if (tone === 'error') return undefined;
    const timer = window.setTimeout(() => setRevealed(true), REVEAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [tone]);
  const shown = revealed || tone === 'error';
  return (
    <Typography
      id={id}
      role={tone === 'success' ? 'status' : 'alert'}
      aria-atomic="true"
      sx={{ color: `${tone}.main`, display: 'flex', alignItems: 'flex-start', gap: 1, fontWeight: 500 }}
    >
      <Icon fontSize="small" aria-hidden sx={{ mt: '0.15em', flexShrink: 0, visibility: shown ? undefined : 'hidden' }} />
      {/* Not rendered (nor read) until revealed; its text is in the page from the start. */}
      <span hidden={!shown}>{children}</span>
    </Typography>
  );
}
