import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { studentAreaMessages as messages } from './messages';

/**
 * '1 of 2 chapters watched' and its bar, named `label`. The words are seen, not read: the bar's
 * value text says the same, read once with the bar's name.
 */
export function WatchedBar({ watched, total, label }: { watched: number; total: number; label: string }) {
  const text = messages.chaptersWatched(watched, total);
  return (
    <>
      <Typography variant="body2" aria-hidden="true">
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.round((watched / total) * 100))}
        aria-label={label}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </>
  );
}
