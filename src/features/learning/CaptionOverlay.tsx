import Box from '@mui/material/Box';

interface CaptionLine {
  lang: string;
  text: string;
}

/**
 * Two languages' captions at once over the video, the learning language above and the helper
 * language below. Hidden from screen readers (the transcript carries the text) and from the
 * pointer (the video's own controls stay usable under it).
 */
export function CaptionOverlay({ upper, lower }: { upper: CaptionLine; lower: CaptionLine }) {
  if (!upper.text && !lower.text) return null;
  return (
    <Box
      aria-hidden
      data-testid="caption-overlay"
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: { xs: 44, sm: 56 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        pointerEvents: 'none',
        '& span': { bgcolor: 'rgba(0, 0, 0, 0.8)', color: '#fff', px: 1, borderRadius: 0.5, textAlign: 'center', whiteSpace: 'pre-line' },
      }}
    >
      {upper.text && (
        <Box component="span" lang={upper.lang} sx={{ fontSize: { xs: '1rem', sm: '1.25rem' } }}>
          {upper.text}
        </Box>
      )}
      {lower.text && (
        <Box component="span" lang={lower.lang} sx={{ fontSize: { xs: '0.875rem', sm: '1rem' }, opacity: 0.95 }}>
          {lower.text}
        </Box>
      )}
    </Box>
  );
}
