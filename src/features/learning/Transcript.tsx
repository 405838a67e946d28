import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { formatClock } from './clock';
import { learningMessages as messages } from './messages';
import type { Cue } from './webvtt';

interface TranscriptProps {
  id: string;
  language: { lang: string; label: string };
  cues: readonly Cue[];
  currentIndex: number;
  onSeek: (seconds: number) => void;
}

/**
 * The transcript of the chosen track: each cue a button that seeks to its start, the current one
 * marked (`aria-current`) and kept in view by scrolling the list itself (never the focus, never
 * the page), each line in its language (`lang`).
 */
export function Transcript({ id, language, cues, currentIndex, onSeek }: TranscriptProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const line = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !line || list.scrollHeight <= list.clientHeight) return;
    const top = line.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }, [currentIndex]);
  const headingId = `${id}-heading`;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.1rem', mb: 1 }}>
        {messages.transcriptOf(language.label)}
      </Typography>
      {cues.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{messages.transcriptEmpty}</Typography>
      ) : (
        <Box
          component="ol"
          ref={listRef}
          sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { xs: 240, md: 420 }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`}>
              <ButtonBase
                onClick={() => onSeek(cue.start)}
                aria-current={index === currentIndex ? 'true' : undefined}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  width: '100%',
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  px: 1.5,
                  py: 1,
                  minHeight: 44,
                  typography: 'body1',
                  '&[aria-current="true"]': { bgcolor: 'action.selected', fontWeight: 600 },
                  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', flex: '0 0 auto' }}>
                  {formatClock(cue.start)}
                </Box>
                <Box component="span" lang={language.lang} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {cue.text}
                </Box>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
