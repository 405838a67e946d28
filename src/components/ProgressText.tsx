import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ProgressTextProps {
  /** How many are done ('3 of 8 chapters watched' counts 3). */
  done: number;
  total: number;
  /** The words shown above the bar, also the bar's value text. */
  text: string;
  /** The bar's name ('Progress of Ada Lovelace'). */
  label: string;
}

/**
 * A figure in words and its bar. The words are seen, not read: the bar's value text says the
 * same, read once with the bar's name. A total of 0 shows an empty bar.
 */
export function ProgressText({ done, total, text, label }: ProgressTextProps) {
  const value = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <Stack spacing={0.5} sx={{ width: '100%', maxWidth: 360 }}>
      <Typography variant="body2" aria-hidden="true">
        {text}
      </Typography>
      <LinearProgress variant="determinate" value={value} aria-label={label} aria-valuetext={text} sx={{ height: 8, borderRadius: 4 }} />
    </Stack>
  );
}
