import SkipNextIcon from '@mui/icons-material/SkipNext';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useState } from 'react';
import { learningMessages as messages } from './messages';

/** The countdown before the next chapter opens by itself. */
export const COUNTDOWN_S = 5;

interface NextChapterOfferProps {
  title: string;
  /** The chapter's title's language (the course's), when known. */
  lang?: string;
  /** No countdown (prefers-reduced-motion): only the offer, which waits for Play now. */
  countdown: boolean;
  onPlayNow: () => void;
  onCancel: () => void;
}

/**
 * What follows the end of a chapter that has a next one: 'Next: {title} in 5…', counting down a
 * second at a time to opening it, with Cancel (stay) and Play now. Without the countdown, the
 * offer waits. The page announces the offer once; the changing number is not read out each second.
 */
export function NextChapterOffer({ title, lang, countdown, onPlayNow, onCancel }: NextChapterOfferProps) {
  const [left, setLeft] = useState(COUNTDOWN_S);
  const goOn = useEffectEvent(onPlayNow);

  useEffect(() => {
    if (!countdown) return undefined;
    const timer = window.setInterval(() => setLeft((seconds) => seconds - 1), 1000);
    return () => window.clearInterval(timer);
  }, [countdown]);

  useEffect(() => {
    if (countdown && left <= 0) goOn();
  }, [countdown, left]);

  const [prefix, suffix] = (countdown ? messages.nextCountdown(title, Math.max(left, 0)) : messages.nextOffer(title)).split(title);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {prefix}
          <span lang={lang}>{title}</span>
          {suffix}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button variant="contained" startIcon={<SkipNextIcon />} onClick={onPlayNow}>
            {messages.playNow}
          </Button>
          <Button variant="outlined" onClick={onCancel}>
            {messages.cancel}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
