import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorText, type FreeTimes, useGetTeacherFreeTimesQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { lessonsMessages as messages } from './lessonsMessages';

/** The days the preview shows, and the lesson it is for (a 25-minute one, every type's shortest). */
const PREVIEW_DAYS = 7;
const PREVIEW_MINUTES = 25;

/** The free times by day, as the teacher's zone reads them: 'Monday 7 December' → ['09:00', '09:30']. */
function timesByDay(times: FreeTimes['times'], timeZone: string): [string, string[]][] {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const days = new Map<string, string[]>();
  for (const { start } of times) {
    const instant = new Date(start);
    const name = day.format(instant);
    days.set(name, [...(days.get(name) ?? []), time.format(instant)]);
  }
  return [...days];
}

/**
 * 'What students will see': the next 7 days' free times for a 25-minute lesson
 * (`getTeacherFreeTimes`), grouped by day and shown as wall times of the teacher's zone, which it
 * names. It is read again whenever the hours or the types change (the teacher's Lessons tag).
 */
export function FreeTimesPreview({ teacherId }: { teacherId: number }) {
  const { data, error, refetch } = useGetTeacherFreeTimesQuery({ teacherId, days: PREVIEW_DAYS, minutes: PREVIEW_MINUTES });

  if (data === undefined) {
    return error ? (
      <LoadError message={errorText(error, messages.freeTimesFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingFreeTimes} rowHeight={32} />
    );
  }
  const timeZone = data.time_zone;
  if (timeZone === null || data.times.length === 0) return <Typography>{messages.noFreeTimes}</Typography>;

  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 600 }}>{messages.timesIn(timeZone)}</Typography>
      {timesByDay(data.times, timeZone).map(([day, times]) => (
        <Box key={day}>
          <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            {day}
          </Typography>
          <Box component="ul" aria-label={messages.dayTimesLabel(day)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
            {times.map((time) => (
              <Box component="li" key={time} sx={{ px: 1.5, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, fontVariantNumeric: 'tabular-nums' }}>
                {time}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
