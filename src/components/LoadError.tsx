import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A failed read: what failed and a Retry button that refetches. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
