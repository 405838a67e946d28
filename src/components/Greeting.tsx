import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError } from './LoadError';

interface GreetingProps {
  /** The greeting, or null while the name is still loading. */
  text: string | null;
  loadingLabel: string;
  /** What failed, with a Retry, when the name could not be read. */
  failure?: { message: string; onRetry: () => void };
}

/** A dashboard's greeting line under its heading. */
export function Greeting({ text, loadingLabel, failure }: GreetingProps) {
  if (text === null) {
    return (
      <Typography variant="h5" component="p" role="status" aria-label={loadingLabel} sx={{ mb: 3 }}>
        <Skeleton width={240} />
      </Typography>
    );
  }
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="p" sx={{ mb: failure ? 2 : 0 }}>
        {text}
      </Typography>
      {failure ? <LoadError message={failure.message} onRetry={failure.onRetry} /> : null}
    </Box>
  );
}
