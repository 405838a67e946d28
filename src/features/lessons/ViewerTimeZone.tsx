import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TimeZoneField } from '@/components/TimeZoneField';
import { lessonMessages as messages } from './lessonMessages';

/** The zone the times are shown in, named ('Times are in Europe/London'), and the select that changes it. */
export function ViewerTimeZone({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{messages.timesIn(zone)}</Typography>
      <TimeZoneField label={messages.timeZoneLabel} value={zone} onChange={onChange} size="small" />
    </Stack>
  );
}
