import type { WeeklyHoursRange } from '@/api';

/** The weekdays as the provider numbers them (ISO 8601: 1 = Monday … 7 = Sunday), with their names. */
export const weekdays = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 7, name: 'Sunday' },
] as const;

const pad = (value: number) => String(value).padStart(2, '0');
const quarterHours = Array.from({ length: 97 }, (_, index) => `${pad(Math.floor(index / 4))}:${pad((index % 4) * 15)}`);

/** The times a range may start at: every quarter hour of the day, '00:00' to '23:45'. */
export const startTimes = quarterHours.slice(0, -1);
/** The times a range may end at: '00:15' to '24:00' (midnight at the end of the day). */
export const endTimes = quarterHours.slice(1);

/** Minutes since midnight of an 'HH:MM' time ('24:00' is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A time some minutes after another, at most '24:00'. */
export function laterTime(time: string, minutes: number): string {
  const total = Math.min(minutesOf(time) + minutes, 24 * 60);
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** One range of the form: the hours of one weekday, with a key that stays while its times change. */
export interface HoursRow extends WeeklyHoursRange {
  key: number;
}

/** What is wrong with a range, by its key: an end not after its start, or hours overlapping an earlier range of the day. */
export function rangeProblems(rows: readonly HoursRow[]): Map<number, 'endNotAfterStart' | 'overlap'> {
  const problems = new Map<number, 'endNotAfterStart' | 'overlap'>();
  for (const [index, row] of rows.entries()) {
    if (minutesOf(row.end) <= minutesOf(row.start)) problems.set(row.key, 'endNotAfterStart');
    else if (
      rows.slice(0, index).some(
        (other) =>
          other.weekday === row.weekday &&
          minutesOf(other.end) > minutesOf(other.start) &&
          minutesOf(row.start) < minutesOf(other.end) &&
          minutesOf(other.start) < minutesOf(row.end),
      )
    )
      problems.set(row.key, 'overlap');
  }
  return problems;
}

/** The ranges as the provider keeps them: by weekday, then start. */
export const sortedRanges = (rows: readonly HoursRow[]): WeeklyHoursRange[] =>
  rows
    .map(({ weekday, start, end }) => ({ weekday, start, end }))
    .sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start));
