import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/**
 * The unread messages of one conversation in a table cell (under an 'Unread messages' header):
 * a highlighted number when there are some, a muted 0 otherwise, nothing when unknown.
 */
export function UnreadCount({ count }: { count: number | null }) {
  if (count === null) return null;
  if (count === 0) return <Typography sx={{ color: 'text.secondary' }}>0</Typography>;
  return <Chip label={count} color="primary" size="small" sx={{ fontWeight: 700 }} />;
}
