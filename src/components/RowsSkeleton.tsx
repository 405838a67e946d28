import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Three placeholder rows of a list or table while it loads, read as a status named `label`. */
export function RowsSkeleton({ label, rowHeight }: { label: string; rowHeight: number }) {
  return (
    <Stack spacing={1} role="status" aria-label={label}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={rowHeight} />
      ))}
    </Stack>
  );
}
