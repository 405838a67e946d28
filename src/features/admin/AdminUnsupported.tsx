import Alert from '@mui/material/Alert';
import { adminMessages as m } from './adminMessages';

/** What /admin shows on a provider without the admin area (its operations answer 404). */
export function AdminUnsupported() {
  return (
    <Alert severity="info">
      {m.unsupported} {m.unsupportedHint}
    </Alert>
  );
}
