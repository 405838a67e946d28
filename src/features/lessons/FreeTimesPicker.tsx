import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { errorText, useGetTeacherFreeTimesQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { lessonMessages as messages } from './lessonMessages';
import { startsByDay, zoneFormats } from './lessonTime';

/** How far ahead the times are offered. */
export const DAYS_AHEAD = 14;

interface FreeTimesPickerProps {
  teacherId: number;
  minutes: 25 | 50;
  /** The viewer's zone, in which the days and times are shown. */
  timeZone: string;
  /** A time is chosen: an instant from the free times. */
  onChoose: (start: string) => void;
  /**
   * Where the choice stays in place (moving a lesson): the start chosen so far, marked pressed.
   * Left out where a time opens the booking's dialog.
   */
  chosen?: string | null;
}

/**
 * A teacher's free times for a lesson of `minutes` in the next 14 days (`getTeacherFreeTimes`), in
 * the viewer's zone: the days that have some as a strip (the first one open), the open day's times
 * as buttons, so a time is one tap away. Read again whenever a booking, cancel or move changes them.
 */
export function FreeTimesPicker({ teacherId, minutes, timeZone, onChoose, chosen }: FreeTimesPickerProps) {
  const { data: answer, error, refetch } = useGetTeacherFreeTimesQuery({ teacherId, minutes, days: DAYS_AHEAD });
  // The first days and times render in the background, in slices, the placeholder shown meanwhile;
  // later answers (another type, a booking made) at once.
  const data = useDeferredValue(answer) === undefined ? undefined : answer;
  const [openDay, setOpenDay] = useState<string | null>(null);

  if (data === undefined) {
    return error ? (
      <LoadError message={errorText(error, messages.freeTimesFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingFreeTimes} rowHeight={40} />
    );
  }
  const days = startsByDay(
    data.times.map((time) => time.start),
    timeZone,
  );
  // The day chosen while it still has times (they are read again after every booking), else the first.
  const shown = days.find(({ day }) => day === openDay) ?? days[0];
  if (shown === undefined) return <Typography>{messages.noFreeTimes}</Typography>;

  const format = zoneFormats(timeZone);
  const { day, starts } = shown;
  return (
    <Box>
      <Box
        role="group"
        aria-label={messages.daysLabel}
        sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 1.5, scrollbarWidth: 'thin' }}
      >
        {days.map((other) => (
          <Button
            key={other.day}
            size="small"
            variant={other.day === day ? 'contained' : 'outlined'}
            aria-pressed={other.day === day}
            onClick={() => setOpenDay(other.day)}
            sx={{ flex: '0 0 auto', minWidth: '5.5rem', whiteSpace: 'nowrap' }}
          >
            {other.shortDay}
          </Button>
        ))}
      </Box>
      <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {day}
      </Typography>
      <Box
        role="group"
        aria-label={messages.dayTimesLabel(day)}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))', gap: 1 }}
      >
        {starts.map((start) => (
          <Button
            key={start}
            variant={start === chosen ? 'contained' : 'outlined'}
            {...(chosen === undefined ? { 'aria-haspopup': 'dialog' as const } : { 'aria-pressed': start === chosen })}
            onClick={() => onChoose(start)}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {format.time(start)}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
